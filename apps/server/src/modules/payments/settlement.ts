import type { PaymentStatus } from '@kadr/contract';
import type { ProviderPayment } from '../../providers/payments/gateway.ts';

/** The referrer's share of what a friend buys (spec §9), in percent, rounded down in tokens. */
const REFERRAL_COMMISSION_PERCENT = 50;

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
 * One step of taking tokens back after a refund or dispute reached `reversedMinor` of `amountMinor`
 * (cumulative). The target is the same share of `credited`; what earlier steps took or recorded as
 * shortfall (`settled`) is not due again. Never takes more than `balance`: the rest is shortfall.
 */
export function takeBackStep(input: {
  credited: number;
  reversedMinor: number;
  amountMinor: number;
  settled: number;
  balance: number;
}): { take: number; shortfall: number } {
  const target = proportionalShare(input.credited, input.reversedMinor, input.amountMinor);
  const due = Math.max(0, target - input.settled);
  const take = Math.min(Math.max(input.balance, 0), due);
  return { take, shortfall: due - take };
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
  | { kind: 'mismatch'; reason: string }
  | {
      kind: 'apply';
      /** pending or canceled → succeeded: mark it and credit (once). */
      succeed: boolean;
      /** pending → canceled: close it without credit. */
      cancel: boolean;
      /** Take tokens back up to this cumulative reversed amount (minor units), when it grew. */
      reverseTo: number | undefined;
    };

/**
 * The transition rules. Only the provider's confirmed view moves a payment: succeeded credits once
 * (also after we closed it: a late success), canceled closes only what is pending (a succeeded
 * payment never goes back), pending changes nothing. A reversal only grows, only on a succeeded
 * payment. An amount or currency other than ours credits nothing.
 */
export function decideSettlement(ours: SettledState, theirs: ProviderPayment): Settlement {
  if (theirs.amountMinor !== ours.amountMinor || theirs.currency !== ours.currency) {
    return {
      kind: 'mismatch',
      reason: `the provider reports ${theirs.amountMinor} ${theirs.currency}, we expect ${ours.amountMinor} ${ours.currency}`,
    };
  }
  const succeed = theirs.status === 'succeeded' && ours.status !== 'succeeded';
  const cancel = theirs.status === 'canceled' && ours.status === 'pending';
  const paid = ours.status === 'succeeded' || succeed;
  const reversed = Math.min(theirs.reversedMinor, ours.amountMinor);
  const reverseTo = paid && reversed > ours.reversedMinor ? reversed : undefined;
  return { kind: 'apply', succeed, cancel, reverseTo };
}
