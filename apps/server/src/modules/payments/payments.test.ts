import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser, signInDemo, signUpVerified } from '../../../test/builders.ts';
import { type FakeProvider, fakeProvider } from '../../../test/fake-payments.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

let t: TestApp;
let rub: FakeProvider;
let usd: FakeProvider;
let drive: ReturnType<typeof paymentDriver>;
beforeAll(async () => {
  rub = fakeProvider({
    name: 'yookassa',
    currency: 'RUB',
    signed: false,
    allowedIp: '185.71.76.5',
  });
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
afterEach(async () => {
  rub.control.unreachable = false;
  usd.control.unreachable = false;
  rub.control.failCheckout = false;
  rub.control.failReads = false;
  usd.control.failReads = false;
  await expectMoneyInvariants(t.database.pool);
});

const ru = { 'accept-language': 'ru-RU,ru;q=0.9' };
const en = { 'accept-language': 'en-US,en;q=0.9' };

async function paymentCount(userId: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from payments where user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

describe('POST /api/create-payment', () => {
  it('records a pending payment before asking YooKassa, in roubles for a Russian reader', async () => {
    const { cookie, user } = await signInDemo(t.app, { email: 'anna@example.com' });
    const res = await drive.buy(cookie, { amount: '600', referral: null }, ru);
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^https:\/\/pay\.example\/yookassa\//);
    const providerId = url.split('/').pop() ?? '';
    const checkout = rub.payments.get(providerId)?.request;
    expect(checkout).toMatchObject({
      amountMinor: 130_000,
      currency: 'RUB',
      tokens: 600,
      description: '600 кредитов Kadr',
      locale: 'ru',
      customerEmail: 'anna@example.com',
      returnUrl: `${t.config.publicUrl}/profile?topUp=${checkout?.paymentId}`,
      cancelUrl: `${t.config.publicUrl}/profile?topUp=${checkout?.paymentId}&cancelled=1`,
    });
    const row = await drive.payment(checkout?.paymentId ?? '');
    expect(row).toMatchObject({
      userId: user.id,
      provider: 'yookassa',
      providerPaymentId: providerId,
      packageId: 'rub-600',
      amount: '1300.00',
      amountMinor: 130_000,
      currency: 'RUB',
      tokens: 600,
      status: 'pending',
      locale: 'ru',
    });
    expect(row.idempotencyKey).toBe(checkout?.idempotencyKey);
    expect(await drive.balance(user.id)).toBe(100);
  });

  it('sells dollars through Stripe to an English reader, or to anyone who asks for USD', async () => {
    const { cookie } = await signInDemo(t.app);
    const english = await drive.open(usd, cookie, { amount: '500', referral: null }, en);
    expect(usd.checkoutOf(english.id)).toMatchObject({
      amountMinor: 1299,
      currency: 'USD',
      description: '500 Kadr credits',
      locale: 'en',
    });
    const asked = await drive.open(usd, cookie, { amount: '1000', currency: 'USD' }, ru);
    expect(usd.checkoutOf(asked.id)).toMatchObject({ amountMinor: 1999, locale: 'ru' });
    // Each attempt has its own idempotency key.
    expect(usd.checkoutOf(asked.id).idempotencyKey).not.toBe(
      usd.checkoutOf(english.id).idempotencyKey,
    );
  });

  it.each([
    [{ amount: '500', referral: null }, ru, 'amount'],
    [{ amount: '600', referral: null }, en, 'amount'],
    [{ amount: '600', currency: 'USD' }, ru, 'amount'],
    [{ amount: 'lots', referral: null }, ru, 'amount'],
    [{ amount: '1300.00', referral: null }, ru, 'amount'],
    [{ amount: 600, referral: null }, ru, 'amount'],
    [{ amount: '600', currency: 'EUR' }, ru, 'currency'],
    [{ referral: null }, ru, 'amount'],
  ])('refuses %j with a 400 naming the field, recording nothing', async (body, headers, field) => {
    const { cookie, user } = await signInDemo(t.app);
    const res = await drive.buy(cookie, body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      field,
    );
    expect(await paymentCount(user.id)).toBe(0);
  });

  it('refuses anonymous visitors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment',
      payload: { amount: '600', referral: null },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 502 and closes the payment unpaid when the provider fails', async () => {
    const { cookie, user } = await signInDemo(t.app);
    rub.control.failCheckout = true;
    const res = await drive.buy(cookie, { amount: '100', referral: null }, ru);
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const { rows } = await t.database.pool.query(
      'select status, cancel_reason from payments where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ status: 'canceled', cancel_reason: 'provider_error' }]);
  });

  it('asks an account without an e-mail for one when receipts need it, then sends the receipt there', async () => {
    const person = await buildUser(t.container, { email: '' });
    const cookie = await buildSession(t.container, person);
    rub.control.receiptsNeedEmail = true;
    try {
      const before = await paymentCount(person.id);
      for (const [email, code] of [
        [undefined, 'email_required'],
        ['anna@', 'email_invalid'],
      ] as const) {
        const res = await drive.buy(cookie, { amount: '100', referral: null, email }, ru);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errors: [{ field: 'email', code }] });
      }
      expect(await paymentCount(person.id)).toBe(before);
      const { id } = await drive.open(
        rub,
        cookie,
        { amount: '100', referral: null, email: ' anna@example.com ' },
        ru,
      );
      expect(rub.checkoutOf(id).customerEmail).toBe('anna@example.com');
      expect((await drive.payment(id)).receiptEmail).toBe('anna@example.com');
    } finally {
      rub.control.receiptsNeedEmail = false;
    }
  });

  it('answers 503 for a currency no provider serves', async () => {
    const only = await buildTestApp({}, { paymentGateways: [rub.gateway] });
    try {
      const { cookie, user } = await signInDemo(only.app);
      const res = await paymentDriver(only).buy(cookie, { amount: '500', referral: null }, en);
      expect(res.statusCode).toBe(503);
      expect((res.json() as { detail: string }).detail).toBe(
        'Payments in USD are not available right now.',
      );
      const { rows } = await only.database.pool.query(
        'select count(*)::int as n from payments where user_id = $1',
        [user.id],
      );
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await only.close();
    }
  });
});

describe('the referral sent with a payment', () => {
  async function referrerOf(userId: string): Promise<string | null> {
    const { rows } = await t.database.pool.query<{ referred_by: string | null }>(
      'select referred_by from users where id = $1',
      [userId],
    );
    return rows[0]?.referred_by ?? null;
  }

  it('never makes anyone a referrer: one account buying with another’s id earns it nothing', async () => {
    // One person, two accounts: A buys naming B. Before, B became A's referrer and was paid half
    // of what A bought (1.5 × the tokens for the money), and the nightly job paid B the sign-up
    // bonus for A, an old account.
    const b = await signInDemo(t.app);
    const a = await signUpVerified(t);
    const { id, providerId } = await drive.open(
      rub,
      a.cookie,
      { amount: '100', referral: b.user.id.toUpperCase() },
      ru,
    );
    expect(await referrerOf(a.user.id)).toBeNull();
    rub.pay(providerId);
    await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    expect(await drive.balance(a.user.id)).toBe(200);
    expect(await drive.balance(b.user.id)).toBe(100);
    expect(await t.container.accounts.payDeferredReferrals()).toBe(0);
    expect(await drive.balance(b.user.id)).toBe(100);
    // Kept on the payment for the record, as received.
    expect((await drive.payment(id)).referral).toBe(b.user.id.toUpperCase());
    await expectMoneyInvariants(t.database.pool);
  });

  it('pays the commission to the referrer of the sign-up link, not to one a purchase names', async () => {
    const referrer = await signInDemo(t.app);
    const other = await signInDemo(t.app);
    const buyer = await signInDemo(t.app, { referral: referrer.user.id });
    const { providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: other.user.id },
      ru,
    );
    rub.pay(providerId);
    await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    expect(await referrerOf(buyer.user.id)).toBe(referrer.user.id);
    expect(await drive.balance(referrer.user.id)).toBe(100 + 50);
    expect(await drive.balance(other.user.id)).toBe(100);
  });

  it('pays no commission for a second account with the referrer’s own address', async () => {
    const email = `same-${randomUUID()}@example.com`;
    const referrer = await signInDemo(t.app, { email });
    const second = await signInDemo(t.app, {
      email: `x-${randomUUID()}@example.com`,
      referral: referrer.user.id,
    });
    // The second account's address becomes the referrer's own (as a sign-in could leave it).
    await t.database.pool.query('update users set email = $2 where id = $1', [
      second.user.id,
      email.toUpperCase(),
    ]);
    const { providerId } = await drive.open(
      rub,
      second.cookie,
      { amount: '100', referral: null },
      ru,
    );
    rub.pay(providerId);
    await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    expect(await drive.balance(second.user.id)).toBe(200);
    expect(await drive.balance(referrer.user.id)).toBe(100);
  });
});

describe('crediting through notifications', () => {
  it('credits a YooKassa payment once, and the referrer 50 %, however often it is told', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    expect(await drive.balance(referrer.user.id)).toBe(125);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '600', referral: null },
      ru,
    );
    rub.pay(providerId);
    const notice = rub.notification(providerId, 'payment.succeeded');
    const answers = await Promise.all(Array.from({ length: 20 }, () => drive.deliver(rub, notice)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    // Other deliveries of other events about the same payment, concurrently too.
    const more = await Promise.all(
      Array.from({ length: 10 }, () =>
        drive.deliver(rub, rub.notification(providerId, 'payment.succeeded')),
      ),
    );
    expect(more.every((a) => a.statusCode === 200)).toBe(true);
    expect(await drive.balance(buyer.user.id)).toBe(700);
    expect(await drive.balance(referrer.user.id)).toBe(425);
    expect(await drive.entries(id)).toEqual([
      { reason: 'payment_credit', user_id: buyer.user.id, delta: 600, ref: '' },
      { reason: 'referral_commission', user_id: referrer.user.id, delta: 300, ref: '' },
    ]);
    expect(await drive.payment(id)).toMatchObject({
      status: 'succeeded',
      referrerId: referrer.user.id,
      commissionTokens: 300,
    });
  });

  it('credits a Stripe payment once from signed events, in any order', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await drive.open(
      usd,
      buyer.cookie,
      { amount: '500', referral: null },
      en,
    );
    const pendingCompleted = usd.notification(providerId, 'checkout.session.completed');
    usd.pay(providerId);
    const succeeded = usd.notification(providerId, 'checkout.session.async_payment_succeeded');
    // An expired session event sent before, delivered after: never takes a paid payment back.
    const expired = usd.notification(providerId, 'checkout.session.expired', {
      state: { ...usd.stateOf(providerId), status: 'canceled' },
    });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => drive.deliver(usd, succeeded)),
      drive.deliver(usd, pendingCompleted),
      drive.deliver(usd, expired),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await drive.balance(buyer.user.id)).toBe(600);
    expect(await drive.balance(referrer.user.id)).toBe(125 + 250);
    expect((await drive.payment(id)).status).toBe('succeeded');
    expect(usd.calls).not.toContain('getPayment');
  });

  it('closes a cancelled payment without credit, and still credits a late success once', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    rub.cancel(providerId, 'expired_on_confirmation');
    expect(
      (await drive.deliver(rub, rub.notification(providerId, 'payment.canceled'))).statusCode,
    ).toBe(200);
    expect(await drive.payment(id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired_on_confirmation',
    });
    expect(await drive.balance(buyer.user.id)).toBe(100);
    rub.tamper(providerId, { status: 'succeeded', cancelReason: undefined });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        drive.deliver(rub, rub.notification(providerId, 'payment.succeeded')),
      ),
    );
    expect(await drive.payment(id)).toMatchObject({ status: 'succeeded', cancelReason: null });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('credits and takes back in one go when a refund is heard of before the success', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '600', referral: null },
      ru,
    );
    rub.pay(providerId);
    const success = rub.notification(providerId, 'payment.succeeded');
    rub.refund(providerId, 130_000);
    expect(
      (await drive.deliver(rub, rub.notification(providerId, 'refund.succeeded'))).statusCode,
    ).toBe(200);
    expect((await drive.deliver(rub, success)).statusCode).toBe(200);
    expect(await drive.balance(buyer.user.id)).toBe(100);
    expect(await drive.balance(referrer.user.id)).toBe(125);
    expect(await drive.payment(id)).toMatchObject({
      status: 'succeeded',
      reversedMinor: 130_000,
      reversedTokens: 600,
      shortfallTokens: 0,
      commissionReversedTokens: 300,
    });
  });
});

describe('forged and unconfirmed notifications', () => {
  it('refuses a YooKassa notification from outside its addresses (403), recording nothing', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    rub.pay(providerId);
    const forged = rub.notification(providerId, 'payment.succeeded', { sourceIp: '203.0.113.9' });
    const res = await drive.deliver(rub, forged);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await drive.payment(id)).status).toBe('pending');
    expect(await drive.balance(buyer.user.id)).toBe(100);
    // The same event from the right address is not a replay: it is taken.
    const genuine = { ...forged, sourceIp: '185.71.76.5' };
    expect((await drive.deliver(rub, genuine)).statusCode).toBe(200);
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('honours the forwarded address only behind a trusted proxy', async () => {
    const buyer = await signInDemo(t.app);
    const { providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    rub.pay(providerId);
    const notice = rub.notification(providerId, 'payment.succeeded', { sourceIp: '10.0.0.2' });
    notice.headers['x-forwarded-for'] = '185.71.76.5';
    expect((await drive.deliver(rub, notice)).statusCode).toBe(403);
    expect(await drive.balance(buyer.user.id)).toBe(100);
  });

  it('takes the forwarded address behind TRUST_PROXY', async () => {
    const proxied = await buildTestApp(
      { TRUST_PROXY: 'true' },
      { paymentGateways: [rub.gateway, usd.gateway] },
    );
    try {
      const behind = paymentDriver(proxied);
      const buyer = await signInDemo(proxied.app);
      const { providerId } = await behind.open(
        rub,
        buyer.cookie,
        { amount: '100', referral: null },
        ru,
      );
      rub.pay(providerId);
      const notice = rub.notification(providerId, 'payment.succeeded', { sourceIp: '10.0.0.2' });
      notice.headers['x-forwarded-for'] = '203.0.113.9';
      expect((await behind.deliver(rub, notice)).statusCode).toBe(403);
      notice.headers['x-forwarded-for'] = '185.71.76.5';
      expect((await behind.deliver(rub, notice)).statusCode).toBe(200);
      expect(await behind.balance(buyer.user.id)).toBe(200);
      await expectMoneyInvariants(proxied.database.pool);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a Stripe event with a bad signature (400)', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      usd,
      buyer.cookie,
      { amount: '100', referral: null },
      en,
    );
    const forged = usd.notification(providerId, 'checkout.session.completed', {
      state: { ...usd.stateOf(providerId), status: 'succeeded' },
    });
    forged.headers['fake-signature'] = 'f'.repeat(64);
    const res = await drive.deliver(usd, forged);
    expect(res.statusCode).toBe(400);
    expect((await drive.payment(id)).status).toBe('pending');
    expect(await drive.balance(buyer.user.id)).toBe(100);
  });

  it('ignores a notification about a payment nobody knows (200), crediting nothing', async () => {
    const before = await t.database.pool.query('select count(*)::int as n from token_ledger');
    const unknownAtProvider = await drive.deliver(
      rub,
      rub.notification('yookassa-nope', 'payment.succeeded'),
    );
    expect(unknownAtProvider.statusCode).toBe(200);
    const signed = usd.notification('cs_unknown', 'checkout.session.completed', {
      state: {
        providerPaymentId: 'cs_unknown',
        paymentId: randomUUID(),
        status: 'succeeded',
        amountMinor: 1299,
        currency: 'USD',
        reversedMinor: 0,
      },
    });
    expect((await drive.deliver(usd, signed)).statusCode).toBe(200);
    const after = await t.database.pool.query('select count(*)::int as n from token_ledger');
    expect(after.rows).toEqual(before.rows);
  });

  it('does not credit an unpaid payment whose notification claims success; the provider retries', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    const notice = rub.notification(providerId, 'payment.succeeded');
    const res = await drive.deliver(rub, notice);
    expect(res.statusCode).toBe(503);
    expect((await drive.payment(id)).status).toBe('pending');
    // Once YooKassa's API says it is paid, the retried notification is taken.
    rub.pay(providerId);
    expect((await drive.deliver(rub, notice)).statusCode).toBe(200);
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('answers 503 while the provider cannot be reached, and takes the retry', async () => {
    const buyer = await signInDemo(t.app);
    const { providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    rub.pay(providerId);
    const notice = rub.notification(providerId, 'payment.succeeded');
    rub.control.unreachable = true;
    expect((await drive.deliver(rub, notice)).statusCode).toBe(503);
    rub.control.unreachable = false;
    expect((await drive.deliver(rub, notice)).statusCode).toBe(200);
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('credits nothing when the provider reports another amount or currency, and holds it for review', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '1000', referral: null },
      ru,
    );
    rub.pay(providerId);
    rub.tamper(providerId, { amountMinor: 100 });
    expect(
      (await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'))).statusCode,
    ).toBe(200);
    rub.tamper(providerId, { amountMinor: 200_000, currency: 'USD' });
    expect(
      (await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'))).statusCode,
    ).toBe(200);
    // The provider took money for it, but not as opened: under review, never "canceled".
    expect((await drive.payment(id)).status).toBe('review');
    expect(await drive.balance(buyer.user.id)).toBe(100);
    await t.database.pool.query(
      "update payments set created = now() - interval '2 hours' where id = $1",
      [id],
    );
    await t.container.payments.reconcile();
    expect((await drive.payment(id)).status).toBe('review');
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(record.json()).toMatchObject({ status: 'review', reversed_tokens: 0 });
    expect(await drive.balance(buyer.user.id)).toBe(100);
    await expectMoneyInvariants(t.database.pool);
  });

  it('credits nothing when a signed event names one of our payments with another provider id', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      usd,
      buyer.cookie,
      { amount: '100', referral: null },
      en,
    );
    const state = usd.stateOf(providerId);
    const notice = usd.notification('cs_other', 'checkout.session.completed', {
      state: { ...state, providerPaymentId: 'cs_other', status: 'succeeded' },
    });
    expect((await drive.deliver(usd, notice)).statusCode).toBe(200);
    // Stripe signed it: money was taken for a session naming our payment. An operator looks.
    expect((await drive.payment(id)).status).toBe('review');
    expect(await drive.balance(buyer.user.id)).toBe(100);
  });
});

describe('refunds and disputes', () => {
  it('takes back a proportional share on a partial refund, the rest on the next, once each', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '600', referral: null },
      ru,
    );
    rub.pay(providerId);
    await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    rub.refund(providerId, 39_000); // 30 % of 1300 ₽
    const partial = rub.notification(providerId, 'refund.succeeded');
    await Promise.all(Array.from({ length: 10 }, () => drive.deliver(rub, partial)));
    expect(await drive.balance(buyer.user.id)).toBe(700 - 180);
    expect(await drive.balance(referrer.user.id)).toBe(425 - 90);
    rub.refund(providerId, 91_000);
    await drive.deliver(rub, rub.notification(providerId, 'refund.succeeded'));
    await drive.deliver(rub, partial);
    expect(await drive.balance(buyer.user.id)).toBe(100);
    expect(await drive.balance(referrer.user.id)).toBe(125);
    expect(await drive.entries(id)).toEqual([
      { reason: 'payment_credit', user_id: buyer.user.id, delta: 600, ref: '' },
      { reason: 'referral_commission', user_id: referrer.user.id, delta: 300, ref: '' },
      { reason: 'payment_reversal', user_id: buyer.user.id, delta: -180, ref: 's1' },
      { reason: 'commission_reversal', user_id: referrer.user.id, delta: -90, ref: 's1' },
      { reason: 'payment_reversal', user_id: buyer.user.id, delta: -420, ref: 's2' },
      { reason: 'commission_reversal', user_id: referrer.user.id, delta: -210, ref: 's2' },
    ]);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(record.json()).toMatchObject({ status: 'succeeded', reversed_tokens: 600 });
  });

  it('takes back no more than is left, recording the shortfall for the payer and the referrer', async () => {
    const referrer = await signInDemo(t.app);
    const buyer = await signUpVerified(t, { referral: referrer.user.id });
    const { id, providerId } = await drive.open(
      usd,
      buyer.cookie,
      { amount: '1000', referral: null },
      en,
    );
    usd.pay(providerId);
    await drive.deliver(usd, usd.notification(providerId, 'checkout.session.completed'));
    expect(await drive.balance(buyer.user.id)).toBe(1100);
    // Both spend most of it.
    await applyLedgerEntry(t.database.db, {
      userId: buyer.user.id,
      delta: -1050,
      reason: 'adjustment',
    });
    await applyLedgerEntry(t.database.db, {
      userId: referrer.user.id,
      delta: -600,
      reason: 'adjustment',
    });
    usd.refund(providerId, 1999);
    const dispute = usd.notification(providerId, 'charge.dispute.created');
    await Promise.all(Array.from({ length: 5 }, () => drive.deliver(usd, dispute)));
    expect(await drive.balance(buyer.user.id)).toBe(0);
    expect(await drive.balance(referrer.user.id)).toBe(0);
    expect(await drive.payment(id)).toMatchObject({
      reversedMinor: 1999,
      reversedTokens: 50,
      shortfallTokens: 950,
      commissionReversedTokens: 25,
      commissionShortfallTokens: 475,
    });
  });
});

describe('reversals that shrink: a dispute won, a refund that failed', () => {
  async function paidWithReferrer(provider: FakeProvider, amount: string, headers = en) {
    const referrer = await signInDemo(t.app);
    const buyer = await signInDemo(t.app, { referral: referrer.user.id });
    const opened = await drive.open(provider, buyer.cookie, { amount, referral: null }, headers);
    provider.pay(opened.providerId);
    await drive.deliver(
      provider,
      provider.notification(
        opened.providerId,
        provider.gateway.name === 'stripe' ? 'checkout.session.completed' : 'payment.succeeded',
      ),
    );
    return { referrer, buyer, ...opened };
  }

  it('gives back the tokens and the commission a dispute took when the dispute is won', async () => {
    const { referrer, buyer, id, providerId } = await paidWithReferrer(usd, '100');
    expect(await drive.balance(buyer.user.id)).toBe(200);
    expect(await drive.balance(referrer.user.id)).toBe(150);
    const amount = usd.stateOf(providerId).amountMinor;
    usd.setReversed(providerId, amount);
    await drive.deliver(usd, usd.notification(providerId, 'charge.dispute.created'));
    expect(await drive.balance(buyer.user.id)).toBe(100);
    expect(await drive.balance(referrer.user.id)).toBe(100);
    usd.setReversed(providerId, 0);
    const won = usd.notification(providerId, 'charge.dispute.funds_reinstated');
    await Promise.all([drive.deliver(usd, won), drive.deliver(usd, won)]);
    await drive.deliver(usd, usd.notification(providerId, 'charge.dispute.closed'));
    expect(await drive.balance(buyer.user.id)).toBe(200);
    expect(await drive.balance(referrer.user.id)).toBe(150);
    expect(await drive.payment(id)).toMatchObject({
      reversedMinor: 0,
      reversedTokens: 0,
      shortfallTokens: 0,
      commissionReversedTokens: 0,
      reversalSteps: 2,
    });
    expect((await drive.entries(id)).map((e) => [e.reason, e.delta, e.ref])).toEqual([
      ['payment_credit', 100, ''],
      ['referral_commission', 50, ''],
      ['payment_reversal', -100, 's1'],
      ['commission_reversal', -50, 's1'],
      ['payment_reinstatement', 100, 's2'],
      ['commission_reinstatement', 50, 's2'],
    ]);
    // The operator can refund it again: there is money left on it.
    const again = await t.container.payments.refund(id, {
      idempotencyKey: randomUUID(),
      customerEmail: undefined,
    });
    expect(again).toMatchObject({ outcome: 'refunded', refund: { status: 'succeeded' } });
    expect(await drive.balance(buyer.user.id)).toBe(100);
  });

  it('forgives what could not be taken before giving anything back', async () => {
    const { buyer, id, providerId } = await paidWithReferrer(usd, '100');
    await applyLedgerEntry(t.database.db, {
      userId: buyer.user.id,
      delta: -170,
      reason: 'adjustment',
    });
    const amount = usd.stateOf(providerId).amountMinor;
    usd.setReversed(providerId, amount);
    await drive.deliver(usd, usd.notification(providerId, 'charge.dispute.created'));
    expect(await drive.payment(id)).toMatchObject({ reversedTokens: 30, shortfallTokens: 70 });
    expect(await drive.balance(buyer.user.id)).toBe(0);
    usd.setReversed(providerId, Math.round(amount / 2));
    await drive.deliver(usd, usd.notification(providerId, 'charge.dispute.updated'));
    // Half is due: 50 of the 70 owed are forgiven, nothing comes back yet.
    expect(await drive.payment(id)).toMatchObject({ reversedTokens: 30, shortfallTokens: 20 });
    expect(await drive.balance(buyer.user.id)).toBe(0);
    usd.setReversed(providerId, 0);
    await drive.deliver(usd, usd.notification(providerId, 'charge.dispute.funds_reinstated'));
    expect(await drive.payment(id)).toMatchObject({ reversedTokens: 0, shortfallTokens: 0 });
    expect(await drive.balance(buyer.user.id)).toBe(30);
  });

  it('gives back what a refund took when the refund fails', async () => {
    const { buyer, referrer, providerId } = await paidWithReferrer(rub, '600', ru);
    rub.refund(providerId, 39_000);
    await drive.deliver(rub, rub.notification(providerId, 'refund.succeeded'));
    expect(await drive.balance(buyer.user.id)).toBe(700 - 180);
    expect(await drive.balance(referrer.user.id)).toBe(400 - 90);
    rub.setReversed(providerId, 0);
    await drive.deliver(rub, rub.notification(providerId, 'refund.canceled'));
    expect(await drive.balance(buyer.user.id)).toBe(700);
    expect(await drive.balance(referrer.user.id)).toBe(400);
  });
});

describe('the reconciliation: what no notification brought', () => {
  const age = (id: string, interval: string, checked: string | null = null) =>
    t.database.pool.query(
      `update payments set created = now() - $2::interval,
              checked_at = case when $3::text is null then null else now() - $3::interval end
        where id = $1`,
      [id, interval, checked],
    );

  it('applies a lost refund within a day and a lost success within 15 minutes', async () => {
    const buyer = await signInDemo(t.app);
    const paid = await drive.open(rub, buyer.cookie, { amount: '600', referral: null }, ru);
    rub.pay(paid.providerId);
    await drive.deliver(rub, rub.notification(paid.providerId, 'payment.succeeded'));
    rub.refund(paid.providerId, 130_000); // Its notification is lost.
    const late = await drive.open(rub, buyer.cookie, { amount: '100', referral: null }, ru);
    rub.pay(late.providerId); // Its notification is lost too.
    await t.container.payments.reconcile();
    expect(await drive.balance(buyer.user.id)).toBe(700);
    expect((await drive.payment(late.id)).status).toBe('pending');
    // 16 minutes later the pending one is due; the paid one is not yet (asked a minute ago).
    await age(late.id, '16 minutes');
    await age(paid.id, '1 hour', '1 minute');
    await t.container.payments.reconcile();
    expect((await drive.payment(late.id)).status).toBe('succeeded');
    expect(await drive.balance(buyer.user.id)).toBe(800);
    // A day after it was last asked about, the refund is found and the tokens taken back.
    await age(paid.id, '2 days', '25 hours');
    await t.container.payments.reconcile();
    expect(await drive.payment(paid.id)).toMatchObject({
      reversedMinor: 130_000,
      reversedTokens: 600,
    });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('shows a payment we closed as paid when the person paid after all, on the return page', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    await age(id, '2 hours');
    await t.container.payments.reconcile();
    expect(await drive.payment(id)).toMatchObject({ status: 'canceled', cancelReason: 'timeout' });
    rub.pay(providerId); // No notification arrives.
    await age(id, '2 hours', '1 minute'); // The person comes back a minute later.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(page.json()).toMatchObject({ status: 'succeeded' });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('closes a payment the provider does not know instead of retrying it forever', async () => {
    const buyer = await signInDemo(t.app);
    const gone = await drive.open(rub, buyer.cookie, { amount: '100', referral: null }, ru);
    rub.forget(gone.providerId);
    await age(gone.id, '2 hours');
    await t.container.payments.reconcile();
    expect(await drive.payment(gone.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'not_found',
    });
  });

  it('acknowledges a notification about a payment that is not ours to read (200), not 503 for days', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    rub.pay(providerId);
    rub.control.foreignReads = true;
    const res = await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    rub.control.foreignReads = false;
    expect(res.statusCode).toBe(200);
    expect((await drive.payment(id)).status).toBe('pending');
  });
});

describe('GET /api/payments/:id and POST /api/payments/:id/cancel', () => {
  it('shows the owner their payment and anyone else a 404', async () => {
    const buyer = await signInDemo(t.app);
    const stranger = await signInDemo(t.app);
    const { id } = await drive.open(rub, buyer.cookie, { amount: '100', referral: null }, ru);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      id,
      created: expect.any(String),
      updated: expect.any(String),
      provider: 'yookassa',
      status: 'pending',
      tokens: 100,
      amount: '300.00',
      currency: 'RUB',
      reversed_tokens: 0,
    });
    for (const url of [
      `/api/payments/${id}`,
      `/api/payments/${randomUUID()}`,
      '/api/payments/nope',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: stranger.cookie } });
      expect(res.statusCode).toBe(404);
    }
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${id}/cancel`,
      headers: { cookie: stranger.cookie, origin: 'http://localhost:3000' },
    });
    expect(cancel.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${id}` })).statusCode).toBe(
      401,
    );
  });

  it('asks the provider about a pending payment on read, at most once per few seconds', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/payments/${id}`,
        headers: { cookie: buyer.cookie },
      });
    const asked = () => rub.calls.filter((c) => c === 'getPayment').length;
    const before = asked();
    expect((await read()).json()).toMatchObject({ status: 'pending' });
    expect(asked()).toBe(before + 1);
    rub.pay(providerId);
    const reads = await Promise.all(Array.from({ length: 5 }, read));
    expect(reads.every((r) => (r.json() as { status: string }).status === 'pending')).toBe(true);
    expect(asked()).toBe(before + 1);
    await t.database.pool.query(
      "update payments set checked_at = now() - interval '1 minute' where id = $1",
      [id],
    );
    expect((await read()).json()).toMatchObject({ status: 'succeeded', tokens: 100 });
    expect(await drive.balance(buyer.user.id)).toBe(200);
    // The notification arriving afterwards changes nothing.
    await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('cancels a pending payment (Stripe expires the session), then refuses with 409', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      usd,
      buyer.cookie,
      { amount: '100', referral: null },
      en,
    );
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${id}/cancel`,
        headers: { cookie: buyer.cookie, origin: 'http://localhost:3000' },
      });
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled' });
    expect(usd.payments.get(providerId)?.state.status).toBe('canceled');
    expect((await drive.payment(id)).cancelReason).toBe('expired');
    expect((await cancel()).statusCode).toBe(409);
  });

  it('closes a YooKassa payment on our side when the person cancels; a later payment still credits', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      rub,
      buyer.cookie,
      { amount: '100', referral: null },
      ru,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${id}/cancel`,
      headers: { cookie: buyer.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.json()).toMatchObject({ status: 'canceled' });
    expect((await drive.payment(id)).cancelReason).toBe('abandoned');
    rub.pay(providerId);
    await drive.deliver(rub, rub.notification(providerId, 'payment.succeeded'));
    expect((await drive.payment(id)).status).toBe('succeeded');
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });

  it('answers succeeded when the person cancels a payment they did pay', async () => {
    const buyer = await signInDemo(t.app);
    const { id, providerId } = await drive.open(
      usd,
      buyer.cookie,
      { amount: '100', referral: null },
      en,
    );
    usd.pay(providerId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${id}/cancel`,
      headers: { cookie: buyer.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.json()).toMatchObject({ status: 'succeeded' });
    expect(await drive.balance(buyer.user.id)).toBe(200);
  });
});

describe('reconcile_payments', () => {
  it('closes payments left pending past the timeout as the provider says', async () => {
    const buyer = await signInDemo(t.app);
    const stripeLost = await drive.open(usd, buyer.cookie, { amount: '100', referral: null }, en);
    const yooLost = await drive.open(rub, buyer.cookie, { amount: '100', referral: null }, ru);
    const paidLost = await drive.open(rub, buyer.cookie, { amount: '600', referral: null }, ru);
    const fresh = await drive.open(rub, buyer.cookie, { amount: '100', referral: null }, ru);
    rub.pay(paidLost.providerId);
    await t.database.pool.query(
      "update payments set created = now() - interval '31 minutes' where id = any($1)",
      [[stripeLost.id, yooLost.id, paidLost.id]],
    );
    expect(await t.container.payments.reconcile()).toBeGreaterThanOrEqual(3);
    expect(await drive.payment(stripeLost.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired',
    });
    expect(await drive.payment(yooLost.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'timeout',
    });
    expect((await drive.payment(paidLost.id)).status).toBe('succeeded');
    expect((await drive.payment(fresh.id)).status).toBe('pending');
    expect(await drive.balance(buyer.user.id)).toBe(700);
    // Paid after we gave up: the notification still credits, once.
    rub.pay(yooLost.providerId);
    await drive.deliver(rub, rub.notification(yooLost.providerId, 'payment.succeeded'));
    await t.container.payments.reconcile();
    expect(await drive.balance(buyer.user.id)).toBe(800);
  });

  it('leaves a payment for the next run while the provider cannot be reached', async () => {
    const buyer = await signInDemo(t.app);
    const { id } = await drive.open(usd, buyer.cookie, { amount: '100', referral: null }, en);
    await t.database.pool.query(
      "update payments set created = now() - interval '2 hours' where id = $1",
      [id],
    );
    usd.control.unreachable = true;
    await t.container.payments.reconcile();
    expect((await drive.payment(id)).status).toBe('pending');
    usd.control.unreachable = false;
    await t.container.payments.reconcile();
    expect((await drive.payment(id)).status).toBe('canceled');
  });
});
