import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authIdentities, users } from '../../db/schema.ts';
import { applyLedgerEntry } from '../ledger/ledger.service.ts';
import { createUserRepository, type Executor, type UserRow } from '../users/user.repository.ts';

/** What a sign-in provider tells us about a person. */
export interface ExternalProfile {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatar: string | null;
  locale?: string | null;
}

export interface SignInOutcome {
  user: UserRow;
  created: boolean;
}

/** Tokens a referrer earns once for each friend who signs up. */
export const REFERRAL_SIGNUP_BONUS = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAccountService(db: Database, options: { welcomeTokens: number }) {
  async function findByIdentity(tx: Executor, provider: string, subject: string) {
    const [row] = await tx
      .select({ user: users })
      .from(authIdentities)
      .innerJoin(users, eq(users.id, authIdentities.userId))
      .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)))
      .limit(1);
    return row?.user;
  }

  /**
   * Links by e-mail only when both sides vouch for it: the provider says the address is verified and
   * the existing account's address was verified by a provider too. Otherwise anyone could claim an
   * account by typing its address into a provider that does not check.
   */
  async function findByVerifiedEmail(tx: Executor, email: string) {
    const [row] = await tx
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
  }

  async function attempt(
    profile: ExternalProfile,
    referral: string | null,
  ): Promise<SignInOutcome> {
    return db.transaction(async (tx) => {
      const known = await findByIdentity(tx, profile.provider, profile.subject);
      if (known) return { user: known, created: false };

      const email = profile.email?.trim() || null;
      const linked =
        email && profile.emailVerified ? await findByVerifiedEmail(tx, email) : undefined;
      const repository = createUserRepository(tx);
      const referrer =
        !linked && referral && UUID.test(referral)
          ? await repository.findById(referral)
          : undefined;
      const user =
        linked ??
        (await repository.insert({
          name: profile.name?.trim().slice(0, 200) ?? '',
          email: email ?? '',
          avatar: profile.avatar,
          verified: profile.emailVerified,
          referredBy: referrer?.id ?? null,
          locale: profile.locale ?? null,
        }));
      await tx.insert(authIdentities).values({
        userId: user.id,
        provider: profile.provider,
        subject: profile.subject,
        email,
        emailVerified: profile.emailVerified,
      });
      if (linked) return { user: linked, created: false };

      if (options.welcomeTokens > 0) {
        await applyLedgerEntry(tx, {
          userId: user.id,
          delta: options.welcomeTokens,
          reason: 'welcome',
        });
      }
      if (referrer && referrer.id !== user.id) {
        await applyLedgerEntry(tx, {
          userId: referrer.id,
          delta: REFERRAL_SIGNUP_BONUS,
          reason: 'referral_bonus',
          referredUserId: user.id,
        });
      }
      const fresh = await repository.findById(user.id);
      return { user: fresh ?? user, created: true };
    });
  }

  return {
    /**
     * Finds the person behind a provider identity, links it to an account with the same verified
     * e-mail, or signs them up (welcome tokens, referral bonus), all in one transaction.
     */
    async signIn(profile: ExternalProfile, referral: string | null): Promise<SignInOutcome> {
      try {
        return await attempt(profile, referral);
      } catch (error) {
        // Two callbacks for the same new identity raced; the loser finds the winner's account.
        if (isUniqueViolation(error)) return attempt(profile, referral);
        throw error;
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return (
    typeof cause === 'object' && cause !== null && (cause as { code?: string }).code === '23505'
  );
}
