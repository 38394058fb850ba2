import { uuidPattern } from '@kadr/contract';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import type { Transaction } from '../../lib/transaction.ts';
import type { WebhookEventRepository } from '../deliveries/index.ts';
import type { JobRepository } from '../queue/index.ts';
import type { WebhookBinding } from './webhook-binding.ts';

/** What a delivery must be: a prediction with an id shaped as the provider's ids are. */
const deliverySchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** The Standard Webhooks headers a delivery is signed with. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** What became of a delivery: the route maps each outcome to its answer. */
export type WebhookDelivery =
  /** Recorded, and its `ingest_prediction` job enqueued. */
  | { outcome: 'accepted' }
  /** Its delivery id was recorded before: nothing more to do. */
  | { outcome: 'replayed' }
  /** The Standard Webhooks signature does not verify (or its timestamp is too far off). */
  | { outcome: 'bad_signature' }
  /** The signed body could not be read. */
  | { outcome: 'unreadable' }
  /** Signed, but not a prediction with an id shaped as the provider's are. */
  | { outcome: 'no_prediction_id' }
  /** The address names a request this server did not bind to its prediction. */
  | { outcome: 'unbound' };

/**
 * Replicate's deliveries: verify the Standard Webhooks signature on the raw body (which also rejects
 * timestamps more than five minutes off), record the delivery id so a replay is a no-op, and enqueue
 * the `ingest_prediction` job in the same transaction. The work itself happens in that job.
 */
export function createWebhookService(deps: {
  repositories: {
    transaction: Transaction<{ webhookEvents: WebhookEventRepository; jobs: JobRepository }>;
  };
  /** Replicate's signing secret (`whsec_…`). */
  secret: string;
  /** Checks the request a webhook address names (`?request=&sig=`). */
  binding: Pick<WebhookBinding, 'verify'>;
  logger: { warn(details: object, message: string): void };
}) {
  const verifier = new Webhook(deps.secret);

  return {
    async acceptReplicate(
      raw: string,
      headers: WebhookHeaders,
      bound: { request?: string | undefined; sig?: string | undefined },
    ): Promise<WebhookDelivery> {
      let body: unknown;
      try {
        body = verifier.verify(raw, { ...headers });
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          deps.logger.warn({ reason: error.message }, 'rejected a webhook');
          return { outcome: 'bad_signature' };
        }
        return { outcome: 'unreadable' };
      }
      // Signed is not well-formed: `null`, `[]` or an id no provider makes is refused, not a 500.
      const parsed = deliverySchema.safeParse(body);
      if (!parsed.success) return { outcome: 'no_prediction_id' };
      const predictionId = parsed.data.id;
      // The request named in the address must be one this server bound to its prediction.
      let requestId: string | undefined;
      if (bound.request !== undefined) {
        if (
          !uuidPattern.test(bound.request) ||
          !deps.binding.verify(bound.request, bound.sig ?? '')
        ) {
          deps.logger.warn(
            { predictionId },
            'rejected a webhook naming a request it is not bound to',
          );
          return { outcome: 'unbound' };
        }
        requestId = bound.request;
      }

      return deps.repositories.transaction(['webhookEvents', 'jobs'], async (tx) => {
        if (!(await tx.webhookEvents.record('replicate', headers['webhook-id']))) {
          return { outcome: 'replayed' };
        }
        await tx.jobs.enqueue(
          'ingest_prediction',
          { requestId, predictionId },
          { jobKey: `ingest:${predictionId}` },
        );
        return { outcome: 'accepted' };
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
