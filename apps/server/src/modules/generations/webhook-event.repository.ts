import type { Executor } from '../../db/executor.ts';
import { webhookEvents } from '../../db/schema.ts';

/** Deliveries received from providers, by their event id: a replayed delivery is recorded once. */
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
  };
}
