import { tokenPackages } from '@kadr/catalog';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import {
  type FakeNotification,
  type FakeProvider,
  fakeProvider,
} from '../../../test/fake-payments.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';
import type { ProviderPayment } from '../../providers/payments/gateway.ts';
import { InsufficientTokensError } from '../ledger/ledger.service.ts';
import { commissionFor, proportionalShare } from './settlement.ts';

// Property: whatever a provider sends — each notification lost, delivered once or several times,
// in any order, concurrently with the payer and the referrer spending — about payments paid,
// cancelled or abandoned, then refunded in part or whole, disputed (an inquiry, a dispute won or
// lost) or refunded by a refund that later failed, followed by one run of the reconciliation,
// every payment ends as the provider says: credited once, its commission paid once, and exactly
// the share of what is reversed at the end taken back (from the balance, or recorded as
// shortfall), however the reversal went up and down on the way.

let t: TestApp;
let rub: FakeProvider;
let usd: FakeProvider;
let drive: ReturnType<typeof paymentDriver>;
beforeAll(async () => {
  rub = fakeProvider({ name: 'yookassa', currency: 'RUB', signed: false });
  usd = fakeProvider({ name: 'stripe', currency: 'USD', signed: true });
  t = await buildTestApp(
    { WELCOME_TOKENS: '100', PAYMENT_PENDING_TIMEOUT_MINUTES: '30' },
    { paymentGateways: [rub.gateway, usd.gateway] },
  );
  drive = paymentDriver(t);
});
afterAll(async () => {
  await t.close();
});

/** What happens to a paid payment's money afterwards, each a fraction (percent) of the price. */
const afterArb = fc.record({
  kind: fc.constantFrom('refund', 'refund_failed', 'inquiry', 'dispute_won', 'dispute_lost'),
  percent: fc.integer({ min: 1, max: 100 }),
});

const scenarioArb = fc.record({
  signed: fc.boolean(),
  packageIndex: fc.integer({ min: 0, max: 2 }),
  referred: fc.boolean(),
  fate: fc.constantFrom('paid', 'paid', 'canceled', 'abandoned'),
  after: fc.array(afterArb, { maxLength: 3 }),
  /** How often each notification is delivered (0 = lost), by position; reused cyclically. */
  deliveries: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
  payerSpends: fc.integer({ min: 0, max: 1200 }),
  referrerSpends: fc.integer({ min: 0, max: 700 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** The person spends (an adjustment through the ledger's service), if their balance covers it. */
async function spend(userId: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await t.container.repositories
    .transaction(['ledger'], (tx) =>
      tx.ledger.adjust({ userId, delta: -tokens, operatorId: userId, reason: 'spent' }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof InsufficientTokensError)) throw error;
    });
}

/** Opens the scenario's payment and plays the provider's side, collecting what it would send. */
async function play(scenario: Scenario) {
  const provider = scenario.signed ? usd : rub;
  const pkg = tokenPackages[provider.gateway.currency][scenario.packageIndex];
  if (!pkg) throw new Error('no package');
  const referrer = scenario.referred ? await signInDemo(t.app) : undefined;
  const buyer = await signInDemo(t.app, { referral: referrer?.user.id ?? null });
  const { id, providerId } = await drive.open(provider, buyer.cookie, {
    amount: String(pkg.tokens),
    currency: provider.gateway.currency,
    referral: null,
  });
  const sent: { notice: FakeNotification; state: ProviderPayment }[] = [];
  const send = (type: string) => {
    const state = provider.stateOf(providerId);
    sent.push({ notice: provider.notification(providerId, type), state });
  };
  // A signed provider also reports the unpaid session (checkout.session.completed, unpaid).
  if (scenario.signed) send('checkout.session.completed');
  if (scenario.fate === 'paid') {
    provider.pay(providerId);
    send(scenario.signed ? 'checkout.session.completed' : 'payment.succeeded');
    const amount = provider.stateOf(providerId).amountMinor;
    // The provider's books: money held by refunds and disputes; what it reports is their sum.
    let held = 0;
    const report = (type: string) => {
      provider.setReversed(providerId, held);
      send(type);
    };
    for (const { kind, percent } of scenario.after) {
      const share = Math.min(Math.ceil((amount * percent) / 100), amount - held);
      if (kind === 'inquiry') {
        report('charge.dispute.created'); // An inquiry holds no money.
        report('charge.dispute.closed');
        continue;
      }
      if (share <= 0) continue;
      held += share;
      if (kind === 'refund') {
        report(scenario.signed ? 'charge.refunded' : 'refund.succeeded');
      } else if (kind === 'refund_failed') {
        report(scenario.signed ? 'charge.refunded' : 'refund.succeeded');
        held -= share;
        report('charge.refund.updated');
      } else {
        report('charge.dispute.created');
        if (kind === 'dispute_won') {
          held -= share;
          report('charge.dispute.funds_reinstated');
        }
        report('charge.dispute.closed');
      }
    }
  } else if (scenario.fate === 'canceled') {
    provider.cancel(providerId);
    send(scenario.signed ? 'checkout.session.expired' : 'payment.canceled');
  }
  const deliveries = sent.flatMap((item, index) =>
    Array.from(
      { length: scenario.deliveries[index % scenario.deliveries.length] ?? 1 },
      () => item,
    ),
  );
  return { scenario, provider, pkg, id, providerId, buyer, referrer, sent, deliveries };
}

describe('settling under any schedule of notifications', () => {
  it('credits once, pays the commission once and takes back exactly the refunded share', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(scenarioArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer()),
        async (scenarios, order) => {
          const played = await Promise.all(scenarios.map(play));
          // Every delivery and every spending, shuffled by the generated keys, all at once.
          const work: (() => Promise<unknown>)[] = played.flatMap((p) => [
            ...p.deliveries.map(
              (item) => () =>
                drive.deliver(p.provider, item.notice).then((res) => {
                  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
                }),
            ),
            () => spend(p.buyer.user.id, p.scenario.payerSpends),
            ...(p.referrer
              ? [() => spend(p.referrer?.user.id ?? '', p.scenario.referrerSpends)]
              : []),
          ]);
          const keyed = work.map((run, index) => ({
            run,
            key: order[index % (order.length || 1)] ?? index,
            index,
          }));
          keyed.sort((a, b) => a.key - b.key || a.index - b.index);
          await Promise.all(keyed.map((item) => item.run()));

          // Lost notifications: a day later the reconciliation asks about every payment again
          // (pending past the timeout: closed as the provider says; the rest: read and settled).
          await t.database.pool.query(
            `update payments set created = now() - interval '2 days', checked_at = null
              where id = any($1)`,
            [played.map((p) => p.id)],
          );
          await t.container.payments.reconcile();

          for (const p of played) {
            const row = await drive.payment(p.id);
            const entries = await drive.entries(p.id);
            const count = (reason: string) => entries.filter((e) => e.reason === reason);
            const sum = (reasons: string[]) =>
              entries.filter((e) => reasons.includes(e.reason)).reduce((n, e) => n + e.delta, 0);
            const paid = p.scenario.fate === 'paid';
            expect(row.status).toBe(paid ? 'succeeded' : 'canceled');
            expect(count('payment_credit').map((e) => e.delta)).toEqual(paid ? [p.pkg.tokens] : []);
            const commission = paid && p.referrer ? commissionFor(p.pkg.tokens) : 0;
            expect(count('referral_commission').map((e) => [e.user_id, e.delta])).toEqual(
              commission > 0 ? [[p.referrer?.user.id, commission]] : [],
            );
            // The provider's final word, whatever was heard on the way.
            const reversedMinor = paid ? (p.provider.stateOf(p.providerId).reversedMinor ?? 0) : 0;
            expect(row.reversedMinor).toBe(reversedMinor);
            // credited − taken back = paid − reversed, to the token (taken back or owed).
            expect(row.reversedTokens + row.shortfallTokens).toBe(
              proportionalShare(p.pkg.tokens, reversedMinor, row.amountMinor),
            );
            expect(row.commissionReversedTokens + row.commissionShortfallTokens).toBe(
              proportionalShare(commission, reversedMinor, row.amountMinor),
            );
            expect(0 - sum(['payment_reversal', 'payment_reinstatement'])).toBe(row.reversedTokens);
            expect(0 - sum(['commission_reversal', 'commission_reinstatement'])).toBe(
              row.commissionReversedTokens,
            );
          }
          await expectMoneyInvariants(t.database.pool);
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
