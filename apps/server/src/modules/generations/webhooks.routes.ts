import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhookService } from './webhook.service.ts';

export interface WebhookRoutesOptions {
  webhooks: WebhookService;
}

const querySchema = z
  .object({ request: z.string().max(64).optional(), sig: z.string().max(128).optional() })
  .loose();

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
      await options.webhooks.acceptReplicate(
        typeof request.body === 'string' ? request.body : '',
        {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        },
        { request: request.query.request, sig: request.query.sig },
      );
      return reply.code(204).send(null);
    },
  );
};
