import { and, eq, isNull, ne, sql } from 'drizzle-orm';
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

    /**
     * Makes `referrerId` the person's referrer when they have none and it is another existing
     * person who was not referred by them (no two-person loop). True when it was set.
     */
    async setReferrerIfUnset(userId: string, referrerId: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ referredBy: referrerId, updated: sql`now()` })
        .where(
          and(
            eq(users.id, userId),
            isNull(users.referredBy),
            ne(users.id, referrerId),
            sql`exists (select 1 from users r where r.id = ${referrerId}
                         and r.referred_by is distinct from ${userId})`,
          ),
        )
        .returning({ id: users.id });
      return updated.length > 0;
    },
  };
}
