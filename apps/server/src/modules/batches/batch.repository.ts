import type { ModelType } from '@kadr/catalog';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { batches, batchItems } from '../../db/schema.ts';

export type BatchRow = typeof batches.$inferSelect;
export type BatchItemRow = typeof batchItems.$inferSelect;

export function createBatchRepository(db: Executor) {
  return {
    async insert(
      userId: string,
      type: ModelType,
      quote: number,
      items: { model: string; body: Record<string, unknown>; cost: number }[],
      id?: string,
    ): Promise<BatchRow> {
      const [batch] = await db
        .insert(batches)
        .values({ ...(id === undefined ? {} : { id }), userId, type, quote })
        .returning();
      if (!batch) throw new Error('insert into batches returned nothing');
      await db
        .insert(batchItems)
        .values(items.map((item, position) => ({ batchId: batch.id, position, ...item })));
      return batch;
    },

    async findOwned(userId: string, id: string): Promise<BatchRow | undefined> {
      const [row] = await db
        .select()
        .from(batches)
        .where(and(eq(batches.id, id), eq(batches.userId, userId)));
      return row;
    },

    async items(batchId: string): Promise<BatchItemRow[]> {
      return db
        .select()
        .from(batchItems)
        .where(eq(batchItems.batchId, batchId))
        .orderBy(asc(batchItems.position));
    },

    /** Records how a waiting item ended up; false when it was no longer waiting. */
    async settle(
      batchId: string,
      position: number,
      change: {
        state: 'started' | 'not_started' | 'canceled';
        generationId?: string;
        problem?: string;
      },
    ): Promise<boolean> {
      const updated = await db
        .update(batchItems)
        .set({
          state: change.state,
          generationId: change.generationId ?? null,
          problem: change.problem ?? null,
        })
        .where(
          and(
            eq(batchItems.batchId, batchId),
            eq(batchItems.position, position),
            eq(batchItems.state, 'waiting'),
          ),
        )
        .returning({ position: batchItems.position });
      return updated.length > 0;
    },

    /** Every waiting item of a batch is cancelled; how many were. */
    async cancelWaiting(batchId: string): Promise<number> {
      const updated = await db
        .update(batchItems)
        .set({ state: 'canceled' })
        .where(and(eq(batchItems.batchId, batchId), eq(batchItems.state, 'waiting')))
        .returning({ position: batchItems.position });
      return updated.length;
    },

    /** Batches with items still waiting, oldest first, with their owners (for the release job). */
    async waiting(limit: number): Promise<{ id: string; userId: string }[]> {
      const rows = await db.execute<{ id: string; userId: string }>(sql`
        select b.id, b.user_id as "userId" from ${batches} b
        where exists (select 1 from ${batchItems} i where i.batch_id = b.id and i.state = 'waiting')
        order by b.created limit ${limit}`);
      return rows.rows;
    },
  };
}

export type BatchRepository = ReturnType<typeof createBatchRepository>;
