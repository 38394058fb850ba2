import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { WebhookDelivery, WebhookService } from './webhook.service.ts';

export interface WebhookRoutesOptions {
  webhooks: WebhookService;
}

const querySchema = z
  .object({ request: z.string().max(64).optional(), sig: z.string().max(128).optional() })
  .loose();

/** The HTTP answer to each delivery the webhook service refuses. */
function deliveryProblem(
  refusal: Exclude<WebhookDelivery, { outcome: 'accepted' | 'replayed' }>,
): HttpProblem {
  switch (refusal.outcome) {
    case 'bad_signature':
      return new HttpProblem(401, 'Invalid webhook signature.');
    case 'unreadable':
      return new HttpProblem(400, 'Invalid webhook body.');
    case 'no_prediction_id':
      return new HttpProblem(400, 'The webhook carries no valid prediction id.');
    case 'unbound':
      return new HttpProblem(401, 'The webhook address does not match its request.');
    default:
      return unhandledOutcome(refusal);
  }
}

/**
 * `POST /api/webhooks/replicate`: hands the raw body and its signature headers to the webhook
 * service, and answers at once (204). Hidden from /api/docs: only the provider calls it.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, options) => {
  // The signature covers the exact bytes: keep the body as text here (this plugin's scope only).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/webhooks/replicate',
    {
      schema: {
        tags: ['webhooks'],
        hide: true,
        querystring: querySchema,
        response: { 204: z.null().describe('Accepted (or a replay, ignored).') },
      },
    },
    async (request, reply) => {
      const delivery = await options.webhooks.acceptReplicate(
        typeof request.body === 'string' ? request.body : '',
        {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        },
        { request: request.query.request, sig: request.query.sig },
      );
      if (delivery.outcome !== 'accepted' && delivery.outcome !== 'replayed') {
        throw deliveryProblem(delivery);
      }
      return reply.code(204).send(null);
    },
  );
};
