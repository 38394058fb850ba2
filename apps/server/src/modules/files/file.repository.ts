import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

export function createFileRepository(db: Executor) {
  return {
    async findById(id: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row;
    },
    async findByIds(ids: string[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(files).where(inArray(files.id, ids));
    },
    async findByGenerations(ids: string[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(files)
        .where(inArray(files.generationId, ids))
        .orderBy(files.position);
    },
    async insert(values: NewFile): Promise<FileRow> {
      const [row] = await db.insert(files).values(values).returning();
      if (!row) throw new Error('insert into files returned nothing');
      return row;
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
