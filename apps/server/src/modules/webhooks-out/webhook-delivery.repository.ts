import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { apiKeys, webhookDeliveries } from '../../db/schema.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A message to write (one per generation event and URL). */
export interface NewWebhookMessage {
  id: string;
  userId: string;
  apiKeyId: string | null;
  generationId: string;
  eventType: string;
  url: string;
  payload: unknown;
  nextAttemptAt: Date;
  expires: Date;
}

/** A pending message as the send job needs it: the row and its key's signing secret. */
export type MessageToSend = WebhookDeliveryRow & { secret: string | null };

/** What one attempt changed (the row's status and its last answer). */
export interface AttemptResult {
  status: 'pending' | 'delivered' | 'failed';
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** Where a page of the delivery log starts: after this row (its `created` as PostgreSQL's text). */
export interface DeliveryCursor {
  created: string;
  id: string;
}

/**
 * `webhook_deliveries` (issue #37), and the key's webhook URL and signing secret it reads beside it
 * (`api_keys`).
 */
export function createWebhookDeliveryRepository(db: Executor) {
  return {
    /** A key's own webhook URL and signing secret, and whether it was revoked. */
    async keyWebhook(
      keyId: string,
    ): Promise<{ url: string | null; secret: string; revoked: boolean } | undefined> {
      const [row] = await db
        .select({
          url: apiKeys.webhookUrl,
          secret: apiKeys.webhookSecret,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.id, keyId))
        .limit(1);
      return row
        ? { url: row.url, secret: row.secret, revoked: row.revokedAt !== null }
        : undefined;
    },

    /**
     * Writes the messages; one whose generation, event and URL have a message already is skipped
     * (the unique index), so a replayed settle writes nothing. Answers the ids written.
     */
    async insertMessages(messages: readonly NewWebhookMessage[]): Promise<string[]> {
      if (messages.length === 0) return [];
      const rows = await db
        .insert(webhookDeliveries)
        .values(
          messages.map((m) => ({
            id: m.id,
            userId: m.userId,
            apiKeyId: m.apiKeyId,
            generationId: m.generationId,
            eventType: m.eventType,
            url: m.url,
            payload: m.payload,
            nextAttemptAt: m.nextAttemptAt,
            expires: m.expires,
          })),
        )
        .onConflictDoNothing({
          target: [
            webhookDeliveries.generationId,
            webhookDeliveries.eventType,
            webhookDeliveries.url,
          ],
          where: sql`${webhookDeliveries.generationId} is not null`,
        })
        .returning({ id: webhookDeliveries.id });
      return rows.map((r) => r.id);
    },

    /** A message with its key's signing secret (null when the key is gone). */
    async findToSend(id: string): Promise<MessageToSend | undefined> {
      const [row] = await db
        .select({ message: webhookDeliveries, secret: apiKeys.webhookSecret })
        .from(webhookDeliveries)
        .leftJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId))
        .where(eq(webhookDeliveries.id, id))
        .limit(1);
      return row ? { ...row.message, secret: row.secret } : undefined;
    },

    /** Records one attempt of a pending message (a message no longer pending is left as it is). */
    async recordAttempt(
      id: string,
      result: AttemptResult,
    ): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          status: result.status,
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastStatus: result.lastStatus,
          lastError: result.lastError,
          nextAttemptAt: result.nextAttemptAt,
          deliveredAt: result.deliveredAt,
        })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
        .returning();
      return row;
    },

    /** One of the person's messages made pending again, to be sent at `at` (a replay). */
    async markForReplay(
      userId: string,
      id: string,
      at: Date,
    ): Promise<{ before: WebhookDeliveryRow['status']; row: WebhookDeliveryRow } | undefined> {
      const result = await db.execute<{ before: string; id: string }>(sql`
        with current as (
          select id, status from ${webhookDeliveries}
           where id = ${id} and user_id = ${userId}
           for update
        )
        update ${webhookDeliveries} d
           set status = 'pending', next_attempt_at = ${at.toISOString()}::timestamptz
          from current c
         where d.id = c.id
        returning c.status as before, d.id`);
      const changed = result.rows[0];
      if (!changed) return undefined;
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, changed.id))
        .limit(1);
      return row ? { before: changed.before as WebhookDeliveryRow['status'], row } : undefined;
    },

    /**
     * A page of the person's messages, newest first (the index's order), after `cursor`, only
     * `keyId`'s when given. Each row carries its `created` as PostgreSQL's text (`cursorCreated`),
     * which casts back exactly (microseconds and all) for the next page's cursor.
     */
    async page(
      userId: string,
      options: { limit: number; cursor?: DeliveryCursor | undefined; keyId?: string | undefined },
    ): Promise<(WebhookDeliveryRow & { cursorCreated: string })[]> {
      const d = webhookDeliveries;
      const conditions = [eq(d.userId, userId)];
      if (options.keyId) conditions.push(eq(d.apiKeyId, options.keyId));
      if (options.cursor) {
        conditions.push(
          sql`(${d.created}, ${d.id}) < (${options.cursor.created}::timestamptz, ${options.cursor.id})`,
        );
      }
      const rows = await db
        .select({ row: d, cursorCreated: sql<string>`${d.created}::text` })
        .from(d)
        .where(and(...conditions))
        .orderBy(sql`${d.created} desc, ${d.id} desc`)
        .limit(options.limit);
      return rows.map((r) => ({ ...r.row, cursorCreated: r.cursorCreated }));
    },
  };
}

export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>;
