import type { Slide } from '@kadr/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { batchItems, cardSets } from '../../db/schema.ts';

/** What a card set holds, as the person edits it. */
export type CardSetValues = {
  name: string;
  preset: string;
  photo: string;
  cutoutGenerationId: string | null;
  sceneGenerationId: string | null;
  backdrop: string;
  slides: Slide[];
};

/**
 * A card set as read: a set from a CSV whose cut-out is not set yet shows its batch item's
 * generation once the item has started (the join below), so the set follows its batch with no
 * write when the batch releases.
 */
export type CardSetRow = CardSetValues & {
  id: string;
  userId: string;
  batchId: string | null;
  batchPosition: number | null;
  created: Date;
  updated: Date;
};

/** The most sets a list answers: a person's recent work, never an unbounded answer. */
const CARD_SET_LIST_LIMIT = 200;

const columns = {
  id: cardSets.id,
  userId: cardSets.userId,
  name: cardSets.name,
  preset: cardSets.preset,
  photo: cardSets.photo,
  cutoutGenerationId: sql<
    string | null
  >`coalesce(${cardSets.cutoutGenerationId}, ${batchItems.generationId})`,
  sceneGenerationId: cardSets.sceneGenerationId,
  backdrop: cardSets.backdrop,
  slides: cardSets.slides,
  batchId: cardSets.batchId,
  batchPosition: cardSets.batchPosition,
  created: cardSets.created,
  updated: cardSets.updated,
};

/** A person's card sets; every call is scoped to the owner. */
export function createCardSetRepository(db: Executor) {
  const select = () =>
    db
      .select(columns)
      .from(cardSets)
      .leftJoin(
        batchItems,
        and(
          eq(batchItems.batchId, cardSets.batchId),
          eq(batchItems.position, cardSets.batchPosition),
        ),
      );

  return {
    /** The person's sets, the most recently changed first (by `card_sets_user_updated_idx`). */
    async list(userId: string): Promise<CardSetRow[]> {
      return select()
        .where(eq(cardSets.userId, userId))
        .orderBy(desc(cardSets.updated), desc(cardSets.id))
        .limit(CARD_SET_LIST_LIMIT);
    },

    async findOwned(userId: string, id: string): Promise<CardSetRow | undefined> {
      const [row] = await select()
        .where(and(eq(cardSets.id, id), eq(cardSets.userId, userId)))
        .limit(1);
      return row;
    },

    /** The sets a CSV made for one of the person's batches, in the batch's order. */
    async listByBatch(userId: string, batchId: string): Promise<CardSetRow[]> {
      return select()
        .where(and(eq(cardSets.batchId, batchId), eq(cardSets.userId, userId)))
        .orderBy(asc(cardSets.batchPosition));
    },

    async insert(userId: string, values: CardSetValues): Promise<string> {
      const [row] = await db
        .insert(cardSets)
        .values({ userId, ...values })
        .returning({ id: cardSets.id });
      if (!row) throw new Error('insert into card_sets returned nothing');
      return row.id;
    },

    /**
     * One set per item of a batch; an item that has its set already keeps it (a replayed or
     * resumed submission makes no second set).
     */
    async insertForBatch(
      userId: string,
      batchId: string,
      sets: (CardSetValues & { position: number })[],
    ): Promise<void> {
      if (sets.length === 0) return;
      await db
        .insert(cardSets)
        .values(
          sets.map(({ position, ...values }) => ({
            userId,
            ...values,
            batchId,
            batchPosition: position,
          })),
        )
        .onConflictDoNothing();
    },

    /** Writes the set whole; false when it is not the person's. */
    async update(userId: string, id: string, values: CardSetValues): Promise<boolean> {
      const updated = await db
        .update(cardSets)
        .set({ ...values, updated: sql`now()` })
        .where(and(eq(cardSets.id, id), eq(cardSets.userId, userId)))
        .returning({ id: cardSets.id });
      return updated.length > 0;
    },

    /** Removes a set (the generations it shows stay); whether there was one of the person's. */
    async delete(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(cardSets)
        .where(and(eq(cardSets.id, id), eq(cardSets.userId, userId)))
        .returning({ id: cardSets.id });
      return removed.length > 0;
    },
  };
}

export type CardSetRepository = ReturnType<typeof createCardSetRepository>;
