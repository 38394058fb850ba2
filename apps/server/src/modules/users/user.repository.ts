import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export function createUserRepository(db: Executor) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async insert(values: {
      name: string;
      email: string;
      avatar?: string | null;
      verified: boolean;
      referredBy?: string | null;
      locale?: string | null;
    }): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },
  };
}
