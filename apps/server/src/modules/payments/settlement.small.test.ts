import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderPayment } from '../../providers/payments/gateway.ts';
import { itemName } from './payment.service.ts';
import {
  commissionFor,
  decideSettlement,
  mayStillBePaid,
  proportionalShare,
  reversalStep,
  type SettledState,
} from './settlement.ts';

const ours = (overrides: Partial<SettledState> = {}): SettledState => ({
  status: 'pending',
  amountMinor: 130_000,
  currency: 'RUB',
  reversedMinor: 0,
  ...overrides,
});

const theirs = (overrides: Partial<ProviderPayment> = {}): ProviderPayment => ({
  providerPaymentId: 'p-1',
  paymentId: undefined,
  status: 'pending',
  amountMinor: 130_000,
  currency: 'RUB',
  reversedMinor: 0,
  ...overrides,
});

describe('commissionFor', () => {
  it.each([
    [600, 300],
    [500, 250],
    [100, 50],
    [1, 0],
    [7, 3],
  ])('%i tokens earn the referrer %i', (tokens, commission) => {
    expect(commissionFor(tokens)).toBe(commission);
  });
});

describe('proportionalShare', () => {
  it.each([
    [600, 39_000, 130_000, 180],
    [600, 130_000, 130_000, 600],
    [500, 1, 1299, 0],
    [500, 650, 1299, 250],
    [100, 150, 299, 50],
    [300, 0, 130_000, 0],
    [600, 200_000, 130_000, 600],
  ])('%i × %i ÷ %i = %i (rounded, halves up, clamped)', (total, part, whole, share) => {
    expect(proportionalShare(total, part, whole)).toBe(share);
  });

  it('agrees with Math.round and never leaves 0…total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (total, whole, part) => {
          const share = proportionalShare(total, part, whole);
          const clamped = Math.min(part, whole);
          expect(share).toBe(Math.round((total * clamped) / whole));
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(total);
        },
      ),
    );
  });
});

describe('reversalStep', () => {
  const base = { credited: 600, amountMinor: 130_000 };

  it('takes the share not taken before, never more than the balance', () => {
    expect(
      reversalStep({ ...base, reversedMinor: 39_000, taken: 0, shortfall: 0, balance: 1000 }),
    ).toEqual({ take: 180, giveBack: 0, taken: 180, shortfall: 0 });
    expect(
      reversalStep({ ...base, reversedMinor: 130_000, taken: 180, shortfall: 0, balance: 1000 }),
    ).toEqual({ take: 420, giveBack: 0, taken: 600, shortfall: 0 });
    expect(
      reversalStep({ ...base, reversedMinor: 130_000, taken: 0, shortfall: 0, balance: 50 }),
    ).toEqual({ take: 50, giveBack: 0, taken: 50, shortfall: 550 });
    expect(
      reversalStep({ ...base, reversedMinor: 130_000, taken: 600, shortfall: 0, balance: 50 }),
    ).toEqual({ take: 0, giveBack: 0, taken: 600, shortfall: 0 });
  });

  it('when the reversal shrinks, forgives the shortfall first, then gives back what was taken', () => {
    // A dispute of the whole payment won: the 50 taken come back and the 550 owed are forgiven.
    expect(
      reversalStep({ ...base, reversedMinor: 0, taken: 50, shortfall: 550, balance: 0 }),
    ).toEqual({ take: 0, giveBack: 50, taken: 0, shortfall: 0 });
    // Half of it given back: 300 are still due, all of them owed, none returned.
    expect(
      reversalStep({ ...base, reversedMinor: 65_000, taken: 50, shortfall: 550, balance: 0 }),
    ).toEqual({ take: 0, giveBack: 0, taken: 50, shortfall: 250 });
    // A failed refund of a third, nothing owed: its 200 come back.
    expect(
      reversalStep({ ...base, reversedMinor: 0, taken: 200, shortfall: 0, balance: 10 }),
    ).toEqual({ take: 0, giveBack: 200, taken: 0, shortfall: 0 });
  });

  it('over any walk of the reversal up and down ends at exactly its share, never taking more than the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 5000 }))),
        (credited, amountMinor, steps) => {
          let taken = 0;
          let shortfall = 0;
          let reversed = 0;
          let net = 0;
          for (const [to, balance] of steps) {
            reversed = Math.min(amountMinor, to);
            const step = reversalStep({
              credited,
              reversedMinor: reversed,
              amountMinor,
              taken,
              shortfall,
              balance,
            });
            expect(step.take).toBeLessThanOrEqual(balance);
            expect(step.take === 0 || step.giveBack === 0).toBe(true);
            net += step.take - step.giveBack;
            ({ taken, shortfall } = step);
            expect(taken).toBeGreaterThanOrEqual(0);
            expect(shortfall).toBeGreaterThanOrEqual(0);
            expect(taken + shortfall).toBe(proportionalShare(credited, reversed, amountMinor));
            expect(net).toBe(taken);
          }
          expect(taken + shortfall).toBeLessThanOrEqual(credited);
        },
      ),
    );
  });
});

describe('mayStillBePaid', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  it.each([
    ['canceled', 'timeout', hoursAgo(2), true],
    ['canceled', 'abandoned', hoursAgo(23), true],
    ['canceled', 'not_found', hoursAgo(1), true],
    ['canceled', 'timeout', hoursAgo(25), false],
    ['canceled', 'expired_on_confirmation', hoursAgo(1), false],
    ['succeeded', null, hoursAgo(1), false],
    ['pending', null, null, false],
  ] as const)('%s (%s, closed %s) → %s', (status, cancelReason, closedAt, expected) => {
    expect(mayStillBePaid({ status, cancelReason, closedAt }, now)).toBe(expected);
  });
});

describe('decideSettlement', () => {
  it.each([
    ['pending', 'succeeded', { succeed: true, cancel: false }],
    ['canceled', 'succeeded', { succeed: true, cancel: false }],
    ['succeeded', 'succeeded', { succeed: false, cancel: false }],
    ['pending', 'canceled', { succeed: false, cancel: true }],
    ['canceled', 'canceled', { succeed: false, cancel: false }],
    ['succeeded', 'canceled', { succeed: false, cancel: false }],
    ['pending', 'pending', { succeed: false, cancel: false }],
    ['succeeded', 'pending', { succeed: false, cancel: false }],
  ] as const)('ours %s, the provider’s %s → %j', (mine, provider, expected) => {
    expect(decideSettlement(ours({ status: mine }), theirs({ status: provider }))).toEqual({
      kind: 'apply',
      reverseTo: undefined,
      ...expected,
    });
  });

  it('follows the provider’s reversal both ways on a paid payment, never past the amount', () => {
    expect(
      decideSettlement(
        ours({ status: 'succeeded', reversedMinor: 39_000 }),
        theirs({ status: 'succeeded', reversedMinor: 65_000 }),
      ),
    ).toMatchObject({ reverseTo: 65_000 });
    // A dispute won, a refund that failed: the reversal shrinks.
    expect(
      decideSettlement(
        ours({ status: 'succeeded', reversedMinor: 65_000 }),
        theirs({ status: 'succeeded', reversedMinor: 39_000 }),
      ),
    ).toMatchObject({ reverseTo: 39_000 });
    expect(
      decideSettlement(
        ours({ status: 'succeeded', reversedMinor: 65_000 }),
        theirs({ status: 'succeeded', reversedMinor: 65_000 }),
      ),
    ).toMatchObject({ reverseTo: undefined });
    // A signed event about the checkout alone does not tell: the reversal is left as it is.
    expect(
      decideSettlement(
        ours({ status: 'succeeded', reversedMinor: 65_000 }),
        theirs({ status: 'succeeded', reversedMinor: undefined }),
      ),
    ).toMatchObject({ reverseTo: undefined });
    expect(
      decideSettlement(ours(), theirs({ status: 'succeeded', reversedMinor: 500_000 })),
    ).toMatchObject({ succeed: true, reverseTo: 130_000 });
    expect(
      decideSettlement(ours(), theirs({ status: 'canceled', reversedMinor: 130_000 })),
    ).toMatchObject({ cancel: true, reverseTo: undefined });
    expect(
      decideSettlement(ours(), theirs({ status: 'pending', reversedMinor: 130_000 })),
    ).toMatchObject({ reverseTo: undefined });
  });

  it.each([[{ amountMinor: 129_999 }], [{ currency: 'USD' as const }]])(
    'credits nothing when the provider reports %j; a paid one goes under review',
    (change) => {
      expect(decideSettlement(ours(), theirs({ status: 'succeeded', ...change }))).toMatchObject({
        kind: 'mismatch',
        review: true,
      });
      expect(decideSettlement(ours(), theirs({ status: 'canceled', ...change }))).toMatchObject({
        kind: 'mismatch',
        review: false,
      });
    },
  );
});

describe('itemName', () => {
  it.each([
    [1, 'ru', '1 кредит Kadr'],
    [3, 'ru', '3 кредита Kadr'],
    [600, 'ru', '600 кредитов Kadr'],
    [1000, 'ru', '1000 кредитов Kadr'],
    [1, 'en', '1 Kadr credit'],
    [500, 'en', '500 Kadr credits'],
  ] as const)('%i in %s is “%s”', (tokens, locale, name) => {
    expect(itemName(tokens, locale)).toBe(name);
  });
});
