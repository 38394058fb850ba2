import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { webhookEvents } from '../../db/schema.ts';

/**
 * Deliveries received from providers, by their event id: a replayed delivery is recorded once.
 * One table serves both provider-webhook flows, each binding it as `webhookEvents`: Replicate's
 * deliveries (`generations/webhook.service.ts`: `record`, with the ingest job it enqueues) and the
 * payment gateways' notifications (`payments/payment.service.ts`: `isRecorded`, and
 * `recordProcessed` in the settling transaction).
 */
export function createWebhookEventRepository(db: Executor) {
  return {
    /** Records a delivery; false when this provider's event id was recorded before (a replay). */
    async record(provider: string, eventId: string): Promise<boolean> {
      const inserted = await db
        .insert(webhookEvents)
        .values({ provider, eventId })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return inserted.length > 0;
    },

    /** Whether this provider's event id was recorded (a delivery seen before). */
    async isRecorded(provider: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Records a delivery as processed, in the transaction that acts on it (a failure leaves nothing
     * recorded, for the provider's retry). False when it was recorded before: do nothing. A
     * concurrent delivery of the same event waits here until the first one's transaction ends.
     */
    async recordProcessed(provider: string, eventId: string): Promise<boolean> {
      const inserted = await db
        .insert(webhookEvents)
        .values({ provider, eventId, processedAt: sql`now()` })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return inserted.length > 0;
    },
  };
}

export type WebhookEventRepository = ReturnType<typeof createWebhookEventRepository>;
