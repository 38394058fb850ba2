import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { HttpProblem } from '../../lib/problem.ts';
import type { Repositories } from '../../repositories.ts';

/** The Standard Webhooks headers a delivery is signed with. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Replicate's deliveries: verify the Standard Webhooks signature on the raw body (which also rejects
 * timestamps more than five minutes off), record the delivery id so a replay is a no-op, and enqueue
 * the `ingest_prediction` job in the same transaction. The work itself happens in that job.
 */
export function createWebhookService(deps: {
  repositories: Pick<Repositories, 'transaction'>;
  /** Replicate's signing secret (`whsec_…`). */
  secret: string;
  logger: { warn(details: object, message: string): void };
}) {
  const verifier = new Webhook(deps.secret);

  return {
    async acceptReplicate(
      raw: string,
      headers: WebhookHeaders,
      requestId: string | undefined,
    ): Promise<void> {
      let prediction: { id?: unknown };
      try {
        prediction = verifier.verify(raw, { ...headers }) as { id?: unknown };
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          deps.logger.warn({ reason: error.message }, 'rejected a webhook');
          throw new HttpProblem(401, 'Invalid webhook signature.');
        }
        throw new HttpProblem(400, 'Invalid webhook body.');
      }
      if (typeof prediction.id !== 'string')
        throw new HttpProblem(400, 'The webhook carries no prediction id.');
      const predictionId = prediction.id;

      await deps.repositories.transaction(async (tx) => {
        if (!(await tx.webhookEvents.record('replicate', headers['webhook-id']))) return;
        await tx.jobs.enqueue(
          'ingest_prediction',
          { requestId, predictionId },
          { jobKey: `ingest:${predictionId}` },
        );
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
