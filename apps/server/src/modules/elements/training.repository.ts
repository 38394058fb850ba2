import type { TrainingStatus } from '@kadr/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { tokenLedger, trainings } from '../../db/schema.ts';

export type TrainingRow = typeof trainings.$inferSelect;

/** Statuses of a training still under way (the active index: one per element). */
export const activeTrainingStatuses: readonly TrainingStatus[] = [
  'queued',
  'starting',
  'processing',
];

/** How a training ended, as the provider said it. */
export type TrainingEnd =
  | { status: 'succeeded'; version: string; weights: string | null }
  | { status: 'failed' | 'canceled'; error: string | null };

/**
 * Whether a write broke the index that keeps one training under way per element; drizzle wraps
 * the driver's error in its own, so the chain of causes is read.
 */
export function trainingUnderWay(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; ) {
    const { constraint, cause: next } = cause as { constraint?: unknown; cause?: unknown };
    if (constraint === 'trainings_active_uq') return true;
    cause = next;
  }
  return false;
}

/** The first row of each element, in the order given (newest first). */
function firstOfEach(rows: readonly TrainingRow[]): TrainingRow[] {
  const seen = new Set<string | null>();
  return rows.filter((row) => !seen.has(row.elementId) && seen.add(row.elementId));
}

/** Characters' trainings (ADR 045); a person's reads are scoped to them. */
export function createTrainingRepository(db: Executor) {
  return {
    async create(row: {
      id: string;
      userId: string;
      elementId: string;
      cost: number;
      pictures: number;
      triggerWord: string;
    }): Promise<TrainingRow> {
      const [created] = await db.insert(trainings).values(row).returning();
      if (!created) throw new Error('the training was not written');
      return created;
    },

    async find(id: string): Promise<TrainingRow | undefined> {
      const [row] = await db.select().from(trainings).where(eq(trainings.id, id));
      return row;
    },

    /** The latest training of each of these elements (of their owner's). */
    async latestOf(userId: string, elementIds: readonly string[]): Promise<TrainingRow[]> {
      if (elementIds.length === 0) return [];
      const rows = await db
        .select()
        .from(trainings)
        .where(and(eq(trainings.userId, userId), inArray(trainings.elementId, [...elementIds])))
        .orderBy(desc(trainings.created), desc(trainings.id));
      return firstOfEach(rows);
    },

    /** The latest succeeded training of each of these elements: what their character runs. */
    async trainedOf(userId: string, elementIds: readonly string[]): Promise<TrainingRow[]> {
      if (elementIds.length === 0) return [];
      const rows = await db
        .select()
        .from(trainings)
        .where(
          and(
            eq(trainings.userId, userId),
            inArray(trainings.elementId, [...elementIds]),
            eq(trainings.status, 'succeeded'),
          ),
        )
        .orderBy(desc(trainings.finished), desc(trainings.id));
      return firstOfEach(rows);
    },

    /** Whether the training's refund was written (its tokens came back). */
    async refunded(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: tokenLedger.trainingId })
        .from(tokenLedger)
        .where(
          and(inArray(tokenLedger.trainingId, [...ids]), eq(tokenLedger.reason, 'training_refund')),
        );
      return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
    },

    /** The training under way of one of the person's elements, locked for this transaction. */
    async lockActive(userId: string, elementId: string): Promise<TrainingRow | undefined> {
      const [row] = await db
        .select()
        .from(trainings)
        .where(
          and(
            eq(trainings.userId, userId),
            eq(trainings.elementId, elementId),
            inArray(trainings.status, [...activeTrainingStatuses]),
          ),
        )
        .for('update');
      return row;
    },

    /** The training, locked for this transaction (a poll and a cancel take turns). */
    async lock(id: string): Promise<TrainingRow | undefined> {
      const [row] = await db.select().from(trainings).where(eq(trainings.id, id)).for('update');
      return row;
    },

    /** The provider took it: its id, and where it is. Only a training still under way moves. */
    async markSubmitted(
      id: string,
      providerId: string,
      status: 'starting' | 'processing',
    ): Promise<TrainingRow | undefined> {
      const [row] = await db
        .update(trainings)
        .set({
          providerId,
          status,
          started: sql`coalesce(${trainings.started}, now())`,
          updated: new Date(),
        })
        .where(and(eq(trainings.id, id), inArray(trainings.status, [...activeTrainingStatuses])))
        .returning();
      return row;
    },

    async markProcessing(id: string): Promise<void> {
      await db
        .update(trainings)
        .set({ status: 'processing', updated: new Date() })
        .where(and(eq(trainings.id, id), inArray(trainings.status, ['queued', 'starting'])));
    },

    async requestCancel(id: string): Promise<void> {
      await db
        .update(trainings)
        .set({ cancelRequested: true, updated: new Date() })
        .where(eq(trainings.id, id));
    },

    /** Ends a training still under way; undefined when it had ended already (nothing to do). */
    async finish(id: string, end: TrainingEnd): Promise<TrainingRow | undefined> {
      const [row] = await db
        .update(trainings)
        .set({
          status: end.status,
          ...(end.status === 'succeeded'
            ? { version: end.version, weights: end.weights }
            : { error: end.error }),
          finished: new Date(),
          updated: new Date(),
        })
        .where(and(eq(trainings.id, id), inArray(trainings.status, [...activeTrainingStatuses])))
        .returning();
      return row;
    },
  };
}

export type TrainingRepository = ReturnType<typeof createTrainingRepository>;
