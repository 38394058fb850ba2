import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Database } from '../../db/client.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { HttpProblem } from '../../lib/problem.ts';

export interface WebhookRoutesOptions {
  db: Database;
  /** Replicate's signing secret (`whsec_…`). */
  secret: string;
}

/**
 * `POST /api/webhooks/replicate`: verify the Standard Webhooks signature on the raw body (which also
 * rejects timestamps more than five minutes off), record the delivery id so replays are no-ops,
 * enqueue ingestion, and answer at once. The work happens in the `ingest_prediction` job.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  const verifier = new Webhook(options.secret);
  // The signature covers the exact bytes: keep the body as text here (this plugin's scope only).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/webhooks/replicate',
    { schema: { tags: ['webhooks'], hide: true } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let prediction: { id?: unknown };
      try {
        prediction = verifier.verify(raw, headers) as { id?: unknown };
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          request.log.warn({ reason: error.message }, 'rejected a webhook');
          throw new HttpProblem(401, 'Invalid webhook signature.');
        }
        throw new HttpProblem(400, 'Invalid webhook body.');
      }
      if (typeof prediction.id !== 'string')
        throw new HttpProblem(400, 'The webhook carries no prediction id.');
      const requestId = (request.query as Record<string, unknown>).request;
      const predictionId = prediction.id;

      await options.db.transaction(async (tx) => {
        const recorded = await tx.execute(sql`
        insert into webhook_events (provider, event_id) values ('replicate', ${headers['webhook-id']})
        on conflict do nothing returning id`);
        if (recorded.rows.length === 0) return;
        await enqueue(
          tx,
          'ingest_prediction',
          { requestId: typeof requestId === 'string' ? requestId : undefined, predictionId },
          { jobKey: `ingest:${predictionId}` },
        );
      });
      return reply.code(204).send();
    },
  );
};
