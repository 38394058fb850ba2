import type { ElementKind } from '@kadr/contract';
import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.ts';
import { elementPictures, elements, files } from '../../db/schema.ts';

export type ElementRow = typeof elements.$inferSelect;
export type ElementPictureRow = {
  elementId: string;
  fileId: string;
  storageKey: string;
  width: number | null;
  height: number | null;
};
export type ElementWithPictures = ElementRow & { pictures: ElementPictureRow[] };

/** What a rename, a new description, a cover or archiving changes. */
export type ElementPatch = {
  name?: string;
  description?: string;
  coverFileId?: string;
  archived?: boolean;
};

/**
 * Whether a write broke the unique name index (a person's element names, whatever their case);
 * drizzle wraps the driver's error in its own, so the chain of causes is read.
 */
function nameTaken(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; ) {
    const { constraint, cause: next } = cause as { constraint?: unknown; cause?: unknown };
    if (constraint === 'elements_user_name_uq') return true;
    cause = next;
  }
  return false;
}

/** A person's library elements and their pictures; every call is scoped to the owner. */
export function createElementRepository(db: Executor) {
  async function picturesOf(ids: string[]): Promise<ElementPictureRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        elementId: elementPictures.elementId,
        fileId: elementPictures.fileId,
        storageKey: files.storageKey,
        width: files.width,
        height: files.height,
      })
      .from(elementPictures)
      .innerJoin(files, eq(files.id, elementPictures.fileId))
      .where(inArray(elementPictures.elementId, ids))
      .orderBy(asc(elementPictures.position));
  }

  async function withPictures(rows: ElementRow[]): Promise<ElementWithPictures[]> {
    const pictures = await picturesOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      ...row,
      pictures: pictures.filter((picture) => picture.elementId === row.id),
    }));
  }

  return {
    /** The person's elements in use (or the archived ones), the latest changed first. */
    async list(userId: string, archived: boolean): Promise<ElementWithPictures[]> {
      const rows = await db
        .select()
        .from(elements)
        .where(
          and(
            eq(elements.userId, userId),
            archived ? isNotNull(elements.archivedAt) : isNull(elements.archivedAt),
          ),
        )
        .orderBy(sql`${elements.updated} desc`, asc(elements.id));
      return withPictures(rows);
    },

    /** One of the person's elements; undefined for anyone else's, or none. */
    async find(userId: string, id: string): Promise<ElementWithPictures | undefined> {
      const [row] = await db
        .select()
        .from(elements)
        .where(and(eq(elements.id, id), eq(elements.userId, userId)));
      return row ? (await withPictures([row]))[0] : undefined;
    },

    /**
     * The element row, locked until the transaction ends, so two changes of its pictures take
     * turns (the limit is counted under the lock).
     */
    async lock(userId: string, id: string): Promise<ElementRow | undefined> {
      const [row] = await db
        .select()
        .from(elements)
        .where(and(eq(elements.id, id), eq(elements.userId, userId)))
        .for('update');
      return row;
    },

    /** Whether the person has an element of this name (whatever its case). */
    async hasName(userId: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: elements.id })
        .from(elements)
        .where(and(eq(elements.userId, userId), sql`lower(${elements.name}) = lower(${name})`));
      return row !== undefined;
    },

    /** A new element; undefined when the person already has one of that name (any case). */
    async create(
      userId: string,
      values: { kind: ElementKind; name: string; description: string },
    ): Promise<ElementRow | undefined> {
      const [row] = await db
        .insert(elements)
        .values({ userId, ...values })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Appends pictures after the last one, in the order given (one already there is skipped). */
    async addPictures(elementId: string, fileIds: string[]): Promise<void> {
      if (fileIds.length === 0) return;
      const [last] = await db
        .select({ position: max(elementPictures.position) })
        .from(elementPictures)
        .where(eq(elementPictures.elementId, elementId));
      const start = (last?.position ?? -1) + 1;
      await db
        .insert(elementPictures)
        .values(fileIds.map((fileId, i) => ({ elementId, fileId, position: start + i })))
        .onConflictDoNothing();
    },

    /** How many pictures an element has. */
    async countPictures(elementId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(elementPictures)
        .where(eq(elementPictures.elementId, elementId));
      return row?.count ?? 0;
    },

    /** Takes a picture out; whether the element had it. */
    async removePicture(elementId: string, fileId: string): Promise<boolean> {
      const removed = await db
        .delete(elementPictures)
        .where(and(eq(elementPictures.elementId, elementId), eq(elementPictures.fileId, fileId)))
        .returning({ fileId: elementPictures.fileId });
      return removed.length > 0;
    },

    /** The first picture left, by position. */
    async firstPicture(elementId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ fileId: elementPictures.fileId })
        .from(elementPictures)
        .where(eq(elementPictures.elementId, elementId))
        .orderBy(asc(elementPictures.position))
        .limit(1);
      return row?.fileId;
    },

    /**
     * Changes one of the person's elements (and its `updated`): `changed`, `name_taken` when
     * another of theirs has the name, or `not_found`.
     */
    async update(
      userId: string,
      id: string,
      patch: ElementPatch,
    ): Promise<'changed' | 'name_taken' | 'not_found'> {
      const values: PgUpdateSetSource<typeof elements> = { updated: new Date() };
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.coverFileId !== undefined) values.coverFileId = patch.coverFileId;
      if (patch.archived !== undefined) {
        values.archivedAt = patch.archived ? sql`coalesce(${elements.archivedAt}, now())` : null;
      }
      try {
        const updated = await db
          .update(elements)
          .set(values)
          .where(and(eq(elements.id, id), eq(elements.userId, userId)))
          .returning({ id: elements.id });
        return updated.length > 0 ? 'changed' : 'not_found';
      } catch (error) {
        if (nameTaken(error)) return 'name_taken';
        throw error;
      }
    },

    /** Deletes an element and its list of pictures (the pictures' files stay); whether it was theirs. */
    async delete(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(elements)
        .where(and(eq(elements.id, id), eq(elements.userId, userId)))
        .returning({ id: elements.id });
      return removed.length > 0;
    },
  };
}

export type ElementRepository = ReturnType<typeof createElementRepository>;
