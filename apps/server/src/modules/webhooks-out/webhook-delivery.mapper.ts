import type { WebhookDelivery, WebhookEventType } from '@kadr/contract';
import type { WebhookDeliveryRow } from './webhook-delivery.repository.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A `webhook_deliveries` row → the delivery log's record (the payload stays in the database). */
export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType as WebhookEventType,
    url: row.url,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created: row.created.toISOString(),
    delivered_at: iso(row.deliveredAt),
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    generation_id: row.generationId,
    key_id: row.apiKeyId,
  };
}
