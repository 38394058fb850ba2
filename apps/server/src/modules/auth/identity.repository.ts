import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { authIdentities, users } from '../../db/schema.ts';
import type { UserRow } from '../users/index.ts';

/** Sign-in identities (provider + subject) and the accounts they lead to. */
export function createIdentityRepository(db: Executor) {
  return {
    /** The account a provider's identity signs in, if it is known. */
    async findUser(provider: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(authIdentities)
        .innerJoin(users, eq(users.id, authIdentities.userId))
        .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)))
        .limit(1);
      return row?.user;
    },

    /** An account with an identity whose provider verified this e-mail (case-insensitive). */
    async findUserByVerifiedEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(authIdentities)
        .innerJoin(users, eq(users.id, authIdentities.userId))
        .where(
          and(
            eq(authIdentities.emailVerified, true),
            sql`lower(${authIdentities.email}) = lower(${email})`,
          ),
        )
        .limit(1);
      return row?.user;
    },

    async insert(values: {
      userId: string;
      provider: string;
      subject: string;
      email: string | null;
      emailVerified: boolean;
    }): Promise<void> {
      await db.insert(authIdentities).values(values);
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
