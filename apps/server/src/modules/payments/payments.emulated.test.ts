import type { StripeEmulator, YooKassaEmulator } from '@kadr/emulators';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, signUpVerified } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';
import { proportionalShare } from './settlement.ts';

// Large-ish: the real adapters (our YooKassa client, the official Stripe SDK) against the demo
// emulators over HTTP, the emulators' notifications and signed webhooks arriving at our webhook
// routes on a listening server, as in production.

let t: LiveApp;
let yookassa: YooKassaEmulator;
let stripe: StripeEmulator;
let drive: ReturnType<typeof paymentDriver>;
beforeAll(async () => {
  t = await buildLiveTestApp({ PAYMENT_PENDING_TIMEOUT_MINUTES: '30' });
  const demo = t.container.demo;
  if (!demo.yookassa || !demo.stripe) throw new Error('the payment emulators are not mounted');
  yookassa = demo.yookassa;
  stripe = demo.stripe;
  drive = paymentDriver(t);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await Promise.all([yookassa.settled(), stripe.settled()]);
  yookassa.setDelivery({});
  stripe.setDelivery({});
  await expectMoneyInvariants(t.database.pool);
});

const ru = { 'accept-language': 'ru' };
const en = { 'accept-language': 'en' };

/** Buys through the API as the person; answers our payment id and the provider's. */
async function buy(
  person: { cookie: string; user: { id: string } },
  amount: string,
  headers: Record<string, string>,
) {
  const res = await drive.buy(person.cookie, { amount, referral: null }, headers);
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  const { rows } = await t.database.pool.query<{ id: string; provider_payment_id: string }>(
    'select id, provider_payment_id from payments where user_id = $1 order by created desc limit 1',
    [person.user.id],
  );
  const row = rows[0];
  if (!row) throw new Error('no payment recorded');
  return { id: row.id, providerId: row.provider_payment_id, url };
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const statusOf = async (id: string) => (await drive.payment(id)).status;

describe('YooKassa through its emulator', () => {
  it('credits 600 credits and the referrer 300 once, whatever the emulator delivers', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId, url } = await buy(buyer, '600', ru);
    expect(url.startsWith(`${t.base}/emulators/yookassa/`)).toBe(true);
    const page = await fetch(url);
    expect(await page.text()).toContain('Оплатить');
    await yookassa.pay(providerId, { duplicates: 19, outOfOrder: true });
    await yookassa.settled();
    expect(await statusOf(id)).toBe('succeeded');
    expect(await drive.balance(buyer.user.id)).toBe(700);
    expect(await drive.balance(referrer.user.id)).toBe(100 + 25 + 300);
    const sent = yookassa.deliveries().filter((d) => d.subject === providerId);
    expect(sent.length).toBeGreaterThanOrEqual(20);
    expect(sent.every((d) => d.delivered)).toBe(true);
  });

  it('closes a payment cancelled on the page without credit', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await buy(buyer, '100', ru);
    await yookassa.cancel(providerId, undefined, { duplicates: 3 });
    await yookassa.settled();
    expect(await drive.payment(id)).toMatchObject({ status: 'canceled' });
    expect(await drive.balance(buyer.user.id)).toBe(100);
  });

  it('takes back a partial refund proportionally and the rest to zero, with the shortfall', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await buy(buyer, '600', ru);
    await yookassa.pay(providerId);
    await yookassa.settled();
    await yookassa.refund(providerId, 65_000, { duplicates: 5, outOfOrder: true });
    await yookassa.settled();
    expect(await drive.balance(buyer.user.id)).toBe(700 - 300);
    expect(await drive.balance(referrer.user.id)).toBe(425 - 150);
    await applyLedgerEntry(t.database.db, {
      userId: buyer.user.id,
      delta: -350,
      reason: 'adjustment',
    });
    await yookassa.refund(providerId, undefined, { duplicates: 2 });
    await yookassa.settled();
    expect(await drive.balance(buyer.user.id)).toBe(0);
    expect(await drive.balance(referrer.user.id)).toBe(125);
    expect(await drive.payment(id)).toMatchObject({
      reversedMinor: 130_000,
      reversedTokens: 350,
      shortfallTokens: 250,
      commissionReversedTokens: 300,
      commissionShortfallTokens: 0,
    });
  });

  it('refuses a notification the API does not confirm', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await buy(buyer, '1000', ru);
    const forged = await fetch(`${t.base}/api/webhooks/yookassa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: {
          id: providerId,
          status: 'succeeded',
          paid: true,
          amount: { value: '2000.00', currency: 'RUB' },
          metadata: { paymentId: id },
        },
      }),
    });
    expect(forged.status).toBe(503);
    expect(await statusOf(id)).toBe('pending');
    expect(await drive.balance(buyer.user.id)).toBe(100);
  });
});

describe('Stripe Checkout through its emulator', () => {
  it('credits 500 tokens and the referrer 250 once, whatever the emulator delivers', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId, url } = await buy(buyer, '500', en);
    expect(url.startsWith(`${t.base}/emulators/stripe/`)).toBe(true);
    await stripe.pay(providerId, { duplicates: 19, outOfOrder: true });
    await stripe.settled();
    expect(await statusOf(id)).toBe('succeeded');
    expect(await drive.balance(buyer.user.id)).toBe(600);
    expect(await drive.balance(referrer.user.id)).toBe(375);
    expect(
      stripe
        .deliveries()
        .filter((d) => d.subject === providerId)
        .every((d) => d.delivered),
    ).toBe(true);
  });

  it('credits a delayed payment only when it succeeds, and never a failed one', async () => {
    const buyer = await signInDemo(t.app);
    const later = await buy(buyer, '100', en);
    await stripe.pay(later.providerId, { asyncPayment: 'pending' });
    await stripe.settled();
    expect(await statusOf(later.id)).toBe('pending');
    await stripe.settleAsyncPayment(later.providerId, 'succeeded', { duplicates: 3 });
    await stripe.settled();
    expect(await statusOf(later.id)).toBe('succeeded');
    const failed = await buy(buyer, '100', en);
    await stripe.pay(failed.providerId, { asyncPayment: 'failed' });
    await stripe.settled();
    expect(await drive.payment(failed.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'async_payment_failed',
    });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('takes the tokens and the commission back on a dispute, once', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await buy(buyer, '1000', en);
    await stripe.pay(providerId);
    await stripe.settled();
    await stripe.refund(providerId, 999, { duplicates: 2 });
    await stripe.settled();
    // ⌊1000 × 999 ÷ 1999⌉ = 500 of the payer's, 250 of the referrer's 500.
    expect(await drive.balance(buyer.user.id)).toBe(1100 - 500);
    await stripe.dispute(providerId, undefined, { duplicates: 4, outOfOrder: true });
    await stripe.settled();
    expect(await drive.payment(id)).toMatchObject({
      reversedMinor: 1999,
      reversedTokens: 1000,
      commissionReversedTokens: 500,
    });
    expect(await drive.balance(buyer.user.id)).toBe(100);
    expect(await drive.balance(referrer.user.id)).toBe(125);
  });

  it('takes nothing for an inquiry, takes a dispute back, and gives it all back when it is won', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await buy(buyer, '500', en);
    await stripe.pay(providerId);
    await stripe.settled();
    expect(await drive.balance(buyer.user.id)).toBe(600);
    expect(await drive.balance(referrer.user.id)).toBe(125 + 250);
    // An inquiry moves no money: nothing is taken, however often it is told.
    const inquiry = await stripe.dispute(providerId, { inquiry: true }, { duplicates: 2 });
    await stripe.closeDispute(inquiry, 'won');
    await stripe.settled();
    expect(await drive.payment(id)).toMatchObject({ reversedMinor: 0, reversedTokens: 0 });
    // A chargeback takes it all back; winning it gives it all back, the commission too.
    const dispute = await stripe.dispute(providerId, {}, { duplicates: 2, outOfOrder: true });
    await stripe.settled();
    expect(await drive.balance(buyer.user.id)).toBe(100);
    expect(await drive.balance(referrer.user.id)).toBe(125);
    await stripe.respondToDispute(dispute);
    await stripe.closeDispute(dispute, 'won', { duplicates: 3, outOfOrder: true });
    await stripe.settled();
    expect(await drive.payment(id)).toMatchObject({
      status: 'succeeded',
      reversedMinor: 0,
      reversedTokens: 0,
      commissionReversedTokens: 0,
    });
    expect(await drive.balance(buyer.user.id)).toBe(600);
    expect(await drive.balance(referrer.user.id)).toBe(375);
  });

  it('keeps a lost dispute taken, and gives back what a refund took when the refund fails', async () => {
    const buyer = await signInDemo(t.app);
    const lost = await buy(buyer, '100', en);
    await stripe.pay(lost.providerId);
    await stripe.settled();
    const dispute = await stripe.dispute(lost.providerId);
    await stripe.closeDispute(dispute, 'lost');
    await stripe.settled();
    expect(await drive.payment(lost.id)).toMatchObject({ reversedTokens: 100 });
    expect(await drive.balance(buyer.user.id)).toBe(100);
    const failing = await buy(buyer, '100', en);
    await stripe.pay(failing.providerId);
    await stripe.settled();
    expect(await drive.balance(buyer.user.id)).toBe(200);
    const refund = await stripe.refund(failing.providerId, undefined, { status: 'pending' });
    await stripe.settled();
    // The money is on its way back: the tokens are taken now.
    expect(await drive.balance(buyer.user.id)).toBe(100);
    await stripe.settleRefund(refund.id, 'failed', { duplicates: 2 });
    await stripe.settled();
    expect(await drive.payment(failing.id)).toMatchObject({ reversedMinor: 0, reversedTokens: 0 });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('answers 400 to an event with a bad signature, crediting nothing', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await buy(buyer, '100', en);
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: providerId, object: 'checkout.session', payment_status: 'paid' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_wrong',
    });
    const res = await fetch(`${t.base}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body,
    });
    expect(res.status).toBe(400);
    expect(await statusOf(id)).toBe('pending');
  });

  it('cancels through POST /api/payments/:id/cancel by expiring the session', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await buy(buyer, '100', en);
    const res = await fetch(`${t.base}/api/payments/${id}/cancel`, {
      method: 'POST',
      headers: { cookie: buyer.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'canceled' });
    expect(stripe.getSession(providerId)?.status).toBe('expired');
    await stripe.settled();
    expect(await drive.payment(id)).toMatchObject({ status: 'canceled', cancelReason: 'expired' });
  });

  it('retries a refund event whose session could not be looked up (503), then takes it', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await buy(buyer, '100', en);
    await stripe.pay(providerId);
    await stripe.settled();
    stripe.failNext(3, 500);
    await stripe.refund(providerId).catch(() => undefined);
    await stripe.settled();
    await until(async () => (await drive.payment(id)).reversedTokens === 100, 30_000);
    await stripe.settled();
    expect(await drive.balance(buyer.user.id)).toBe(100);
    const refunded = stripe
      .deliveries()
      .filter((d) => d.subject === providerId && d.event === 'charge.refunded');
    expect(refunded.flatMap((d) => d.attempts.map((a) => a.status))).toEqual([503, 200]);
  }, 40_000);
});

describe('lost notifications', () => {
  it('every notice lost: the reconciliation still ends with the right balances', async () => {
    yookassa.setDelivery({ deliver: false });
    stripe.setDelivery({ deliver: false });
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const rub = await buy(buyer, '600', ru);
    const usd = await buy(buyer, '500', en);
    await yookassa.pay(rub.providerId);
    await stripe.pay(usd.providerId);
    await yookassa.refund(rub.providerId, 39_000); // 30 % of 1300 ₽.
    const refund = await stripe.refund(usd.providerId, 499, { status: 'pending' });
    await stripe.settleRefund(refund.id, 'failed'); // A quarter, that failed.
    const second = await stripe.refund(usd.providerId, 999);
    const dispute = await stripe.dispute(usd.providerId, { amountMinor: 1000 });
    await stripe.closeDispute(dispute, 'won'); // The rest disputed, and won.
    await Promise.all([yookassa.settled(), stripe.settled()]);
    expect(await drive.balance(buyer.user.id)).toBe(100);
    // The next run a period later: pending ones after 15 minutes, as the worker's cron runs it.
    await t.database.pool.query(
      "update payments set created = now() - interval '16 minutes', checked_at = null where id = any($1)",
      [[rub.id, usd.id]],
    );
    await t.container.payments.reconcile();
    // 1300 ₽ − 30 %: 600 − 180 taken back; of $12.99, the $9.99 refunded: ⌊500 × 999 ÷ 1299⌉.
    expect(await drive.payment(rub.id)).toMatchObject({ status: 'succeeded', reversedTokens: 180 });
    const usdRow = await drive.payment(usd.id);
    const taken = proportionalShare(500, 999, usdRow.amountMinor);
    expect(usdRow).toMatchObject({
      status: 'succeeded',
      reversedMinor: 999,
      reversedTokens: taken,
    });
    expect(await drive.balance(buyer.user.id)).toBe(100 + 420 + 500 - taken);
    expect(await drive.balance(referrer.user.id)).toBe(
      100 + 25 + 210 + 250 - proportionalShare(250, 999, usdRow.amountMinor),
    );
    expect(second.id).not.toBe(refund.id);
  });

  it('the return page finds a payment whose notification was lost', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await buy(buyer, '100', ru);
    await yookassa.pay(providerId, { deliver: false });
    await yookassa.settled();
    expect(await statusOf(id)).toBe('pending');
    const res = await fetch(`${t.base}/api/payments/${id}`, { headers: { cookie: buyer.cookie } });
    expect(await res.json()).toMatchObject({ status: 'succeeded', tokens: 100 });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('the reconcile job closes payments left pending, as the providers say', async () => {
    const buyer = await signInDemo(t.app);
    const paid = await buy(buyer, '100', ru);
    const abandonedRub = await buy(buyer, '100', ru);
    const abandonedUsd = await buy(buyer, '100', en);
    await yookassa.pay(paid.providerId, { deliver: false });
    await t.database.pool.query(
      "update payments set created = now() - interval '31 minutes' where id = any($1)",
      [[paid.id, abandonedRub.id, abandonedUsd.id]],
    );
    await t.startWorker();
    try {
      await t.container.repositories.jobs.enqueue('reconcile_payments', {});
      await until(async () => (await statusOf(abandonedUsd.id)) !== 'pending');
      await until(async () => (await statusOf(abandonedRub.id)) !== 'pending');
    } finally {
      await t.stopWorker();
    }
    expect(await statusOf(paid.id)).toBe('succeeded');
    expect(await drive.payment(abandonedRub.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'timeout',
    });
    expect(await drive.payment(abandonedUsd.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired',
    });
    expect(stripe.getSession(abandonedUsd.providerId)?.status).toBe('expired');
    expect(await drive.balance(buyer.user.id)).toBe(200);
    // YooKassa still lets the person pay what we gave up on: that success credits, once.
    await yookassa.pay(abandonedRub.providerId, { duplicates: 2 });
    await yookassa.settled();
    expect(await statusOf(abandonedRub.id)).toBe('succeeded');
    expect(await drive.balance(buyer.user.id)).toBe(300);
  }, 30_000);
});
