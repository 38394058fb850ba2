import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * How long an Idempotency-Key answers for its request (issue #51): a day, as Stripe's do. After
 * that the key is free again; `prune` deletes what has expired. The create statement
 * (`kadr_create_generations`) takes over an expired claim the same way when it claims the key.
 */
const idempotencyKeyLifetimeHours = 24;
const expired = sql`now() - make_interval(hours => ${idempotencyKeyLifetimeHours})`;

/**
 * A person's Idempotency-Keys with the request each was first used for and the answer a repeat
 * replays. A create's keys are claimed inside the create statement (`kadr_create_generations`); a
 * batch's key is claimed here, in the transaction that records the batch.
 */
export function createIdempotencyKeyRepository(db: Executor) {
  return {
    async find(userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            gte(idempotencyKeys.created, expired),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Claims the key for this request and its answer; false when it was claimed before. Inside a
     * transaction a concurrent claim of the same key waits here until this one commits or rolls
     * back, so two racing requests never both pass.
     */
    async claim(
      userId: string,
      key: string,
      requestHash: string,
      response: Record<string, unknown>,
    ): Promise<boolean> {
      // An expired claim of the same key is taken over (the key answers for a day only); a live
      // one is left as it is, and nothing comes back.
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash, statusCode: 200, response })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { requestHash, statusCode: 200, response, created: sql`now()` },
          setWhere: lt(idempotencyKeys.created, expired),
        })
        .returning({ key: idempotencyKeys.key });
      return claimed.length > 0;
    },

    /** Deletes every expired key (job `prune_idempotency_keys`); how many went. */
    async prune(): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.created, expired))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },

    /** Gives a claimed key back (its request was refused and changed nothing), so it can be reused. */
    async release(userId: string, key: string): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },
  };
}

export type IdempotencyKeyRepository = ReturnType<typeof createIdempotencyKeyRepository>;
