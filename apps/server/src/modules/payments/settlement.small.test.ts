import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderPayment } from '../../providers/payments/gateway.ts';
import { itemName } from './payment.service.ts';
import {
  commissionFor,
  decideSettlement,
  proportionalShare,
  type SettledState,
  takeBackStep,
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

describe('takeBackStep', () => {
  it('takes the share not taken before, never more than the balance', () => {
    const base = { credited: 600, amountMinor: 130_000 };
    expect(takeBackStep({ ...base, reversedMinor: 39_000, settled: 0, balance: 1000 })).toEqual({
      take: 180,
      shortfall: 0,
    });
    expect(takeBackStep({ ...base, reversedMinor: 130_000, settled: 180, balance: 1000 })).toEqual({
      take: 420,
      shortfall: 0,
    });
    expect(takeBackStep({ ...base, reversedMinor: 130_000, settled: 0, balance: 50 })).toEqual({
      take: 50,
      shortfall: 550,
    });
    expect(takeBackStep({ ...base, reversedMinor: 130_000, settled: 600, balance: 50 })).toEqual({
      take: 0,
      shortfall: 0,
    });
  });

  it('over any sequence of growing refunds takes back exactly the final share, in total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 5000 }))),
        (credited, amountMinor, steps) => {
          let reversed = 0;
          let taken = 0;
          let short = 0;
          for (const [grow, balance] of steps) {
            reversed = Math.min(amountMinor, reversed + grow);
            const step = takeBackStep({
              credited,
              reversedMinor: reversed,
              amountMinor,
              settled: taken + short,
              balance,
            });
            expect(step.take).toBeLessThanOrEqual(balance);
            taken += step.take;
            short += step.shortfall;
          }
          expect(taken + short).toBe(proportionalShare(credited, reversed, amountMinor));
          expect(taken + short).toBeLessThanOrEqual(credited);
        },
      ),
    );
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

  it('reverses only a paid payment, only forwards, never past the amount', () => {
    expect(
      decideSettlement(
        ours({ status: 'succeeded', reversedMinor: 39_000 }),
        theirs({ status: 'succeeded', reversedMinor: 65_000 }),
      ),
    ).toMatchObject({ reverseTo: 65_000 });
    expect(
      decideSettlement(
        ours({ status: 'succeeded', reversedMinor: 65_000 }),
        theirs({ status: 'succeeded', reversedMinor: 39_000 }),
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
    'credits nothing when the provider reports %j',
    (change) => {
      expect(decideSettlement(ours(), theirs({ status: 'succeeded', ...change }))).toMatchObject({
        kind: 'mismatch',
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
    [1, 'en', '1 Kadr token'],
    [500, 'en', '500 Kadr tokens'],
  ] as const)('%i in %s is “%s”', (tokens, locale, name) => {
    expect(itemName(tokens, locale)).toBe(name);
  });
});
