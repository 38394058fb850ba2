import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { idempotencyKeys, promptImprovements } from '../../db/schema.ts';

export type PromptImprovementRow = typeof promptImprovements.$inferSelect;

/** Prompt improvements (ADR 050); a person's reads are scoped to them. */
export function createPromptImprovementRepository(db: Executor) {
  return {
    async create(row: {
      id: string;
      userId: string;
      model: string;
      style: string | null;
      prompt: string;
      cost: number;
    }): Promise<PromptImprovementRow> {
      const [created] = await db.insert(promptImprovements).values(row).returning();
      if (!created) throw new Error('the prompt improvement was not written');
      return created;
    },

    async findOwned(userId: string, id: string): Promise<PromptImprovementRow | undefined> {
      const [row] = await db
        .select()
        .from(promptImprovements)
        .where(and(eq(promptImprovements.id, id), eq(promptImprovements.userId, userId)));
      return row;
    },

    /** Records the rewrite of one still running; undefined when it had ended already. */
    async succeed(id: string, improved: string): Promise<PromptImprovementRow | undefined> {
      const [row] = await db
        .update(promptImprovements)
        .set({ status: 'succeeded', improved, finished: new Date() })
        .where(and(eq(promptImprovements.id, id), eq(promptImprovements.status, 'running')))
        .returning();
      return row;
    },

    /** Fails one still running; undefined when it had ended already (nothing to refund again). */
    async fail(id: string, error: string): Promise<PromptImprovementRow | undefined> {
      const [row] = await db
        .update(promptImprovements)
        .set({ status: 'failed', error, finished: new Date() })
        .where(and(eq(promptImprovements.id, id), eq(promptImprovements.status, 'running')))
        .returning();
      return row;
    },

    /**
     * Fails up to `limit` improvements still running that were asked before `before` (their node
     * died while it waited), skipping those another reconcile holds: the failed rows, to refund in
     * this same transaction.
     */
    async failStale(before: Date, error: string, limit: number): Promise<PromptImprovementRow[]> {
      const stale = db
        .select({ id: promptImprovements.id })
        .from(promptImprovements)
        .where(
          and(eq(promptImprovements.status, 'running'), lt(promptImprovements.created, before)),
        )
        .orderBy(promptImprovements.created)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(promptImprovements)
        .set({ status: 'failed', error, finished: new Date() })
        .where(and(inArray(promptImprovements.id, stale), eq(promptImprovements.status, 'running')))
        .returning();
    },

    /**
     * Gives back the person's Idempotency-Key while it still names this failed improvement, so
     * that the same request may be tried again (another request has not claimed it meanwhile:
     * then nothing is deleted). True when it was given back.
     */
    async releaseKeyOf(userId: string, key: string, improvementId: string): Promise<boolean> {
      const released = await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            sql`${idempotencyKeys.response}->>'id' = ${improvementId}`,
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return released.length > 0;
    },
  };
}

export type PromptImprovementRepository = ReturnType<typeof createPromptImprovementRepository>;
