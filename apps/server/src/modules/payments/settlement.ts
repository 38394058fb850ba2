import type { PaymentStatus } from '@kadr/contract';
import type { ProviderPayment } from '../../providers/payments/gateway.ts';

/** The referrer's share of what a friend buys (spec §9), in percent, rounded down in tokens. */
const REFERRAL_COMMISSION_PERCENT = 50;

/**
 * Why we closed a payment ourselves (the person left, it timed out, the provider failed to open
 * it or forgot it): the provider may still take the money afterwards, and a late success credits.
 */
export const CLOSED_BY_US = ['timeout', 'abandoned', 'provider_error', 'not_found'] as const;

/** A payment we closed ourselves in the last day: still asked about as often as a pending one. */
export function mayStillBePaid(
  row: { status: PaymentStatus; cancelReason: string | null; closedAt: Date | null },
  now: Date,
): boolean {
  return (
    row.status === 'canceled' &&
    (CLOSED_BY_US as readonly (string | null)[]).includes(row.cancelReason) &&
    row.closedAt !== null &&
    row.closedAt.getTime() > now.getTime() - 86_400_000
  );
}

/** ⌊tokens × 50 %⌋: what the payer's referrer earns for one purchase. */
export function commissionFor(tokens: number): number {
  return Math.floor((tokens * REFERRAL_COMMISSION_PERCENT) / 100);
}

/** round(total × part ÷ whole), halves up, in integers (no floating-point drift). */
export function proportionalShare(total: number, part: number, whole: number): number {
  if (whole <= 0) throw new Error('whole must be positive');
  const clamped = Math.min(Math.max(part, 0), whole);
  return Math.floor((2 * total * clamped + whole) / (2 * whole));
}

/**
 * Where the tokens of one credit (the payer's, or the referrer's commission) stand after the money
 * taken back moved to `reversedMinor` of `amountMinor` — up (a refund, a dispute opened) or down (a
 * dispute won, a refund that failed). The target is the same share of `credited`; `taken` and
 * `shortfall` are what earlier steps took and could not take (already spent).
 * - Up: take what is due, never more than `balance`; the rest is shortfall.
 * - Down: forgive shortfall first (it was never taken), then give back what was taken.
 * Afterwards `taken + shortfall` equals the target, to the token.
 */
export function reversalStep(input: {
  credited: number;
  reversedMinor: number;
  amountMinor: number;
  taken: number;
  shortfall: number;
  balance: number;
}): { take: number; giveBack: number; taken: number; shortfall: number } {
  const target = proportionalShare(input.credited, input.reversedMinor, input.amountMinor);
  const settled = input.taken + input.shortfall;
  if (target >= settled) {
    const due = target - settled;
    const take = Math.min(Math.max(input.balance, 0), due);
    return {
      take,
      giveBack: 0,
      taken: input.taken + take,
      shortfall: input.shortfall + due - take,
    };
  }
  const excess = settled - target;
  const forgive = Math.min(input.shortfall, excess);
  const giveBack = excess - forgive;
  return {
    take: 0,
    giveBack,
    taken: input.taken - giveBack,
    shortfall: input.shortfall - forgive,
  };
}

/** What our record of a payment holds that a settlement compares with the provider's view. */
export interface SettledState {
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  reversedMinor: number;
}

/** What a provider's view of a payment means for our record of it. */
export type Settlement =
  | {
      kind: 'mismatch';
      reason: string;
      /** The provider says it was paid: the payment goes under review (never "canceled"). */
      review: boolean;
    }
  | {
      kind: 'apply';
      /** pending, canceled or under review → succeeded: mark it and credit (once). */
      succeed: boolean;
      /** pending → canceled: close it without credit. */
      cancel: boolean;
      /** The money taken back moved to this amount (minor units): take or give back tokens. */
      reverseTo: number | undefined;
    };

/**
 * The transition rules. Only the provider's confirmed view moves a payment: succeeded credits once
 * (also after we closed it: a late success), canceled closes only what is pending (a succeeded
 * payment never goes back), pending changes nothing. The reversal follows the provider's, both
 * ways, on a payment the provider took money for; a view that does not tell it (`undefined`)
 * leaves it. An amount or currency other than ours credits nothing: a paid one goes under review.
 */
export function decideSettlement(ours: SettledState, theirs: ProviderPayment): Settlement {
  if (theirs.amountMinor !== ours.amountMinor || theirs.currency !== ours.currency) {
    return {
      kind: 'mismatch',
      reason: `the provider reports ${theirs.amountMinor} ${theirs.currency}, we expect ${ours.amountMinor} ${ours.currency}`,
      review: theirs.status === 'succeeded' && ours.status !== 'succeeded',
    };
  }
  const succeed = theirs.status === 'succeeded' && ours.status !== 'succeeded';
  const cancel = theirs.status === 'canceled' && ours.status === 'pending';
  const paid = ours.status === 'succeeded' || succeed;
  const reversed =
    theirs.reversedMinor === undefined
      ? undefined
      : Math.min(theirs.reversedMinor, ours.amountMinor);
  const reverseTo =
    paid && reversed !== undefined && reversed !== ours.reversedMinor ? reversed : undefined;
  return { kind: 'apply', succeed, cancel, reverseTo };
}
