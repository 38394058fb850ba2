import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { collectionItems, collections, generationRequests } from '../../db/schema.ts';

export type CollectionRow = { id: string; name: string; count: number; created: Date };

/** A person's collections and what they hold; every call is scoped to the owner. */
export function createCollectionRepository(db: Executor) {
  return {
    /** The person's collections by name, each with how many generations it holds. */
    async list(userId: string): Promise<CollectionRow[]> {
      return db
        .select({
          id: collections.id,
          name: collections.name,
          created: collections.created,
          count: sql<number>`(select count(*)::int from ${collectionItems} ci where ci.collection_id = ${collections.id})`,
        })
        .from(collections)
        .where(eq(collections.userId, userId))
        .orderBy(sql`lower(${collections.name})`);
    },

    /** A new collection; undefined when the person already has one of that name (any case). */
    async create(userId: string, name: string): Promise<CollectionRow | undefined> {
      const [row] = await db
        .insert(collections)
        .values({ userId, name })
        .onConflictDoNothing()
        .returning({ id: collections.id, name: collections.name, created: collections.created });
      return row ? { ...row, count: 0 } : undefined;
    },

    /** Removes a collection (its generations stay); whether there was one of this person's. */
    async delete(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(collections)
        .where(and(eq(collections.id, id), eq(collections.userId, userId)))
        .returning({ id: collections.id });
      return removed.length > 0;
    },

    /**
     * Puts one of the person's generations into one of their collections (again is a no-op);
     * false when either is not theirs.
     */
    async add(userId: string, collectionId: string, generationId: string): Promise<boolean> {
      const inserted = await db.execute(sql`
        insert into ${collectionItems} (collection_id, generation_id)
        select c.id, g.id from ${collections} c, ${generationRequests} g
        where c.id = ${collectionId} and c.user_id = ${userId}
          and g.id = ${generationId} and g.user_id = ${userId}
        on conflict do nothing
        returning collection_id`);
      if (inserted.rows.length > 0) return true;
      return this.owns(userId, collectionId, generationId);
    },

    /** Takes a generation out of a collection; false when either is not the person's. */
    async remove(userId: string, collectionId: string, generationId: string): Promise<boolean> {
      if (!(await this.owns(userId, collectionId, generationId))) return false;
      await db
        .delete(collectionItems)
        .where(
          and(
            eq(collectionItems.collectionId, collectionId),
            eq(collectionItems.generationId, generationId),
          ),
        );
      return true;
    },

    /** Whether both the collection and the generation are the person's. */
    async owns(userId: string, collectionId: string, generationId: string): Promise<boolean> {
      const result = await db.execute(sql`
        select 1 from ${collections} c, ${generationRequests} g
        where c.id = ${collectionId} and c.user_id = ${userId}
          and g.id = ${generationId} and g.user_id = ${userId}`);
      return result.rows.length > 0;
    },

    /** The ids of the person's collections that hold a generation. */
    async idsHolding(userId: string, generationId: string): Promise<string[]> {
      const rows = await db
        .select({ id: collections.id })
        .from(collectionItems)
        .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
        .where(and(eq(collectionItems.generationId, generationId), eq(collections.userId, userId)));
      return rows.map((row) => row.id);
    },
  };
}

export type CollectionRepository = ReturnType<typeof createCollectionRepository>;
