import { randomBytes } from 'node:crypto';
import type { ApiGeneration, ApiWebhookMessage, WebhookEventType } from '@kadr/contract';
import type { JobRepository } from '../queue/index.ts';
import { MESSAGE_LIFETIME_MS } from './backoff.ts';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository.ts';

/** A message's id (`webhook-id`): `msg_` and 24 random base64url characters. */
function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** The send job of a message is keyed by this and its id: at most one waits per message. */
export const sendJobKey = (id: string) => `webhook:${id}`;

/** A generation's ending (or an operator's refund) to tell its key's receivers about. */
interface GenerationEvent {
  type: WebhookEventType;
  userId: string;
  /** The key it was made with: its secret signs every message; without one nothing is sent. */
  apiKeyId: string | null;
  /** The URL given with the request itself, if any. */
  requestUrl: string | null;
  generation: ApiGeneration;
  /** When it happened: the message's `timestamp`; its 24 hours of retries start here. */
  at: Date;
}

/**
 * Writes one message per receiver of a generation's event and enqueues its send job, in the
 * caller's transaction (the settle's, so the message exists exactly when the settle does). The
 * receivers: the key's own webhook URL and the URL given with the request (the same URL once).
 * Once the key is revoked, only the URL its owner set on the key is sent to, never one given with a
 * request. A message for the same generation, event and URL is never written twice (the unique
 * index), so a replayed settle sends nothing new. Answers the ids written.
 */
export async function recordGenerationEvent(
  tx: { webhookDeliveries: WebhookDeliveryRepository; jobs: JobRepository },
  event: GenerationEvent,
): Promise<string[]> {
  if (!event.apiKeyId) return [];
  const key = await tx.webhookDeliveries.keyWebhook(event.apiKeyId);
  if (!key) return [];
  const urls = new Set<string>();
  if (key.url) urls.add(key.url);
  if (event.requestUrl && !key.revoked) urls.add(event.requestUrl);
  if (urls.size === 0) return [];
  const payload: ApiWebhookMessage = {
    type: event.type,
    timestamp: event.at.toISOString(),
    data: event.generation,
  };
  const written = await tx.webhookDeliveries.insertMessages(
    [...urls].map((url) => ({
      id: newMessageId(),
      userId: event.userId,
      apiKeyId: event.apiKeyId,
      generationId: event.generation.id,
      eventType: event.type,
      url,
      payload,
      nextAttemptAt: event.at,
      expires: new Date(event.at.getTime() + MESSAGE_LIFETIME_MS),
    })),
  );
  for (const id of written) {
    await tx.jobs.enqueue('send_webhook', { id }, { jobKey: sendJobKey(id) });
  }
  return written;
}
