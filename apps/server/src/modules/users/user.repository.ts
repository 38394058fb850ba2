import { eq, sql } from 'drizzle-orm';
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
      // A referrer is only ever set here, at sign-up, from the link the person came with.
      const [row] = await db
        .insert(users)
        .values({ ...values, referredAtSignup: Boolean(values.referredBy) })
        .returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },

    /** Locks the person's row until the transaction ends (one referral payout at a time). */
    async lock(id: string): Promise<void> {
      await db.execute(sql`select 1 from users where id = ${id} for update`);
    },

    /**
     * Friends whose referral bonus is due and unpaid, oldest first: they signed up with the link,
     * their provider verified their e-mail, it is not their referrer's own address, and no bonus
     * was paid for them.
     */
    async unpaidReferrals(limit: number): Promise<{ referrerId: string; friendId: string }[]> {
      const result = await db.execute<{ referrer_id: string; friend_id: string }>(sql`
        select f.referred_by as referrer_id, f.id as friend_id
          from users f
          join users r on r.id = f.referred_by
         where f.verified
           and f.referred_at_signup
           and f.email <> ''
           and lower(f.email) <> lower(r.email)
           and not exists (select 1 from token_ledger l
                            where l.referred_user_id = f.id and l.reason = 'referral_bonus')
         order by f.created, f.id
         limit ${limit}`);
      return result.rows.map((row) => ({ referrerId: row.referrer_id, friendId: row.friend_id }));
    },

    /**
     * The person's referrer if a purchase of theirs earns one a commission: the referrer came with
     * the sign-up link, and the person's address is not the referrer's own (a second account of
     * the same person). Unlike the sign-up bonus, no verified e-mail is needed: a commission is
     * paid out of money the friend really paid (ADR 034).
     */
    async commissionReferrerOf(userId: string): Promise<string | undefined> {
      const result = await db.execute<{ referrer_id: string }>(sql`
        select r.id as referrer_id
          from users f
          join users r on r.id = f.referred_by
         where f.id = ${userId}
           and f.referred_at_signup
           and (trim(f.email) = '' or lower(trim(f.email)) <> lower(trim(r.email)))
           and r.id <> f.id`);
      return result.rows[0]?.referrer_id;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
