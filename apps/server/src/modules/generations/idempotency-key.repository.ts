import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * A person's Idempotency-Keys with the request each was first used for and the answer a repeat
 * replays. Keys are claimed inside the create statement (`kadr_create_generations`).
 */
export function createIdempotencyKeyRepository(db: Executor) {
  return {
    async find(userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .limit(1);
      return row;
    },
  };
}
