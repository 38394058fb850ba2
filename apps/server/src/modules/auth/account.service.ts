import { uuidPattern } from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import type { ExternalProfile } from '../../providers/oauth/types.ts';
import type { Ledger } from '../ledger/index.ts';
import type { UserRepository, UserRow } from '../users/index.ts';
import type { IdentityRepository } from './identity.repository.ts';

/** What an account's transactions bind. */
interface AccountParts {
  users: UserRepository;
  identities: IdentityRepository;
  ledger: Ledger;
}

export interface SignInOutcome {
  user: UserRow;
  created: boolean;
}

/** Tokens a referrer earns once for each friend who signs up. */
const REFERRAL_SIGNUP_BONUS = 25;

/**
 * Whether a friend's sign-up earns their referrer the bonus: the friend's provider verified their
 * e-mail (a throwaway address cannot mint bonuses), and it is not the referrer's own address (a
 * second account of the same person).
 */
function earnsReferralBonus(
  friend: { email: string | null; emailVerified: boolean },
  referrer: { email: string },
): boolean {
  return (
    friend.emailVerified &&
    friend.email !== null &&
    friend.email.toLowerCase() !== referrer.email.trim().toLowerCase()
  );
}

export function createAccountService(
  repositories: { users: UserRepository; transaction: Transaction<AccountParts> },
  options: {
    welcomeTokens: number;
    /** Referral bonuses one referrer is paid per UTC day; the rest wait for later days. */
    referralDailyCap: number;
  },
) {
  /**
   * Pays the referrer their bonus for this friend, unless today's are used up (then a later day's
   * run of `payDeferredReferrals` pays it). Once per friend, whatever runs it (the ledger's key).
   */
  async function payReferralIfRoom(
    tx: Pick<AccountParts, 'users' | 'ledger'>,
    referrerId: string,
    friendId: string,
  ): Promise<boolean> {
    await tx.users.lock(referrerId);
    if ((await tx.ledger.referralBonusesToday(referrerId)) >= options.referralDailyCap)
      return false;
    const result = await tx.ledger.grantReferralBonus({
      referrerId,
      friendId,
      tokens: REFERRAL_SIGNUP_BONUS,
    });
    return result.applied;
  }

  async function attempt(
    profile: ExternalProfile,
    referral: string | null,
  ): Promise<SignInOutcome> {
    return repositories.transaction(['identities', 'users', 'ledger'], async (tx) => {
      const known = await tx.identities.findUser(profile.provider, profile.subject);
      if (known) return { user: known, created: false };

      // Links by e-mail only when both sides vouch for it: the provider says the address is
      // verified and the existing account's address was verified by a provider too. Otherwise
      // anyone could claim an account by typing its address into a provider that does not check.
      const email = profile.email?.trim() || null;
      const linked =
        email && profile.emailVerified
          ? await tx.identities.findUserByVerifiedEmail(email)
          : undefined;
      const referrer =
        !linked && referral && uuidPattern.test(referral)
          ? await tx.users.findById(referral)
          : undefined;
      const user =
        linked ??
        (await tx.users.insert({
          name: profile.name?.trim().slice(0, 200) ?? '',
          email: email ?? '',
          avatar: profile.avatar,
          verified: profile.emailVerified,
          referredBy: referrer?.id ?? null,
          locale: profile.locale ?? null,
        }));
      await tx.identities.insert({
        userId: user.id,
        provider: profile.provider,
        subject: profile.subject,
        email,
        emailVerified: profile.emailVerified,
      });
      if (linked) return { user: linked, created: false };

      if (options.welcomeTokens > 0) {
        await tx.ledger.grantWelcome({ userId: user.id, tokens: options.welcomeTokens });
      }
      if (
        referrer &&
        referrer.id !== user.id &&
        earnsReferralBonus({ ...profile, email }, referrer)
      ) {
        await payReferralIfRoom(tx, referrer.id, user.id);
      }
      const fresh = await tx.users.findById(user.id);
      return { user: fresh ?? user, created: true };
    });
  }

  return {
    /**
     * Job `pay_deferred_referrals`: pays the bonuses that waited for a day with room, oldest
     * first, each referrer at most `referralDailyCap` a day. How many it paid.
     */
    async payDeferredReferrals(): Promise<number> {
      let paid = 0;
      for (const { referrerId, friendId } of await repositories.users.unpaidReferrals(1_000)) {
        const applied = await repositories.transaction(['users', 'ledger'], (tx) =>
          payReferralIfRoom(tx, referrerId, friendId),
        );
        if (applied) paid++;
      }
      return paid;
    },

    /** A person's account as it is now (the balance moves on every create and refund). */
    find: (id: string): Promise<UserRow | undefined> => repositories.users.findById(id),

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
