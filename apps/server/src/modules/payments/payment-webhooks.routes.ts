import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentService } from './payment.service.ts';
import { paymentProblem } from './payments.problems.ts';

export interface PaymentWebhookRoutesOptions {
  payments: Pick<PaymentService, 'acceptWebhook'>;
}

const received = z.object({ received: z.literal(true) }).describe('Taken (or a repeat, ignored).');

/**
 * `POST /api/webhooks/yookassa` and `/api/webhooks/stripe`: the raw body, its headers and the
 * sender's address (the forwarded one behind TRUST_PROXY) go to the payment service. 200 when taken
 * or ignored; 4xx when refused; 5xx when it could not be processed, so the provider retries. Hidden
 * from /api/docs: only the providers call them.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<PaymentWebhookRoutesOptions> = async (
  app,
  options,
) => {
  // Signatures cover the exact bytes: keep the body as text here (this plugin's scope only).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  for (const provider of ['yookassa', 'stripe'] as const) {
    app.post(
      `/api/webhooks/${provider}`,
      {
        schema: { tags: ['webhooks'], hide: true, response: { 200: received } },
      },
      async (request) => {
        const accepted = await options.payments.acceptWebhook(provider, {
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
          sourceIp: request.ip,
        });
        if (accepted.outcome !== 'accepted') throw paymentProblem(accepted);
        return { received: true as const };
      },
    );
  }
};
