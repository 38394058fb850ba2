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
import { applyLedgerEntry, InsufficientTokensError } from '../ledger/ledger.repository.ts';
import { commissionFor, proportionalShare } from './settlement.ts';

// Property: whatever a provider sends — each notification lost, delivered once or several times,
// in any order, concurrently with the payer and the referrer spending — followed by a reconcile,
// every payment ends as the provider says, credited once, its commission paid once, and exactly
// the refunded share taken back (from the balance, or recorded as shortfall).

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

const scenarioArb = fc.record({
  signed: fc.boolean(),
  packageIndex: fc.integer({ min: 0, max: 2 }),
  referred: fc.boolean(),
  fate: fc.constantFrom('paid', 'paid', 'canceled', 'abandoned'),
  /** Refund steps, each a fraction (in percent) of the price, cumulative up to 100 %. */
  refunds: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 3 }),
  /** How often each notification is delivered (0 = lost), by position; reused cyclically. */
  deliveries: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
  payerSpends: fc.integer({ min: 0, max: 1200 }),
  referrerSpends: fc.integer({ min: 0, max: 700 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

async function spend(userId: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await t.database.db
    .transaction((tx) => applyLedgerEntry(tx, { userId, delta: -tokens, reason: 'adjustment' }))
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
    for (const percent of scenario.refunds) {
      provider.refund(providerId, Math.ceil((amount * percent) / 100));
      send(scenario.signed ? 'charge.refunded' : 'refund.succeeded');
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

          // Lost notifications: the reconcile job asks about whatever is still pending.
          await t.database.pool.query(
            "update payments set created = now() - interval '1 hour' where id = any($1)",
            [played.map((p) => p.id)],
          );
          await t.container.payments.reconcile();

          for (const p of played) {
            const row = await drive.payment(p.id);
            const entries = await drive.entries(p.id);
            const count = (reason: string) => entries.filter((e) => e.reason === reason);
            const paid = p.scenario.fate === 'paid';
            expect(row.status).toBe(paid ? 'succeeded' : 'canceled');
            expect(count('payment_credit').map((e) => e.delta)).toEqual(paid ? [p.pkg.tokens] : []);
            const commission = paid && p.referrer ? commissionFor(p.pkg.tokens) : 0;
            expect(count('referral_commission').map((e) => [e.user_id, e.delta])).toEqual(
              commission > 0 ? [[p.referrer?.user.id, commission]] : [],
            );
            // What was heard of the refunds: a signed provider's events carry the state of their
            // moment; an unsigned one's make us read the provider's state now (the final one), as
            // does the reconcile of a payment no success was heard for.
            const final = p.provider.stateOf(p.providerId).reversedMinor;
            const delivered = p.sent.filter((item) => p.deliveries.includes(item));
            const heardSuccess = delivered.filter((item) => item.state.status === 'succeeded');
            const reversedMinor = !paid
              ? 0
              : p.scenario.signed && heardSuccess.length > 0
                ? Math.max(...heardSuccess.map((item) => item.state.reversedMinor))
                : final;
            expect(row.reversedMinor).toBe(reversedMinor);
            expect(row.reversedTokens + row.shortfallTokens).toBe(
              proportionalShare(p.pkg.tokens, reversedMinor, row.amountMinor),
            );
            expect(row.commissionReversedTokens + row.commissionShortfallTokens).toBe(
              proportionalShare(commission, reversedMinor, row.amountMinor),
            );
            expect(count('payment_reversal').reduce((sum, e) => sum - e.delta, 0)).toBe(
              row.reversedTokens,
            );
          }
          await expectMoneyInvariants(t.database.pool);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
