import { createStripeEmulator, type StripeEmulator } from '@kadr/emulators';
import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CheckoutRequest,
  type PaymentGateway,
  PaymentProviderError,
  type WebhookNotice,
  WebhookRejectedError,
} from './gateway.ts';
import { createStripeGateway, refundResultOf } from './stripe.gateway.ts';

const SECRET_KEY = 'sk_test_51KadrEmulatorKey';
const WEBHOOK_SECRET = 'whsec_kadr_stripe_test_secret';
const PREFIX = '/emulators/stripe';

let app: FastifyInstance;
let origin = '';
let emulator: StripeEmulator;
let gateway: PaymentGateway;
/** What Kadr's webhook endpoint made of each delivery. */
const notices: Array<WebhookNotice | Error> = [];

beforeAll(async () => {
  emulator = createStripeEmulator({
    publicBaseUrl: () => `${origin}${PREFIX}`,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: () => `${origin}/api/webhooks/stripe`,
    retryDelaysMs: [10],
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  await app.register(async (receiver) => {
    receiver.removeContentTypeParser('application/json');
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    receiver.post('/api/webhooks/stripe', async (request, reply) => {
      try {
        notices.push(
          await gateway.parseWebhook({
            rawBody: String(request.body),
            headers: request.headers,
            sourceIp: request.ip,
          }),
        );
        return reply.code(200).send();
      } catch (error) {
        notices.push(error as Error);
        return reply.code(error instanceof WebhookRejectedError ? 400 : 500).send();
      }
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  gateway = createStripeGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: `${origin}${PREFIX}/`,
  });
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  notices.length = 0;
  emulator.setDelivery({});
});

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const paymentId = crypto.randomUUID();
  return {
    paymentId,
    idempotencyKey: crypto.randomUUID(),
    amountMinor: 1299,
    currency: 'USD',
    tokens: 500,
    description: '500 Kadr tokens',
    locale: 'en',
    returnUrl: `https://kadr.test/profile?topUp=${paymentId}`,
    cancelUrl: `https://kadr.test/profile?topUp=${paymentId}&cancelled=1`,
    customerEmail: 'anna@example.com',
    ...overrides,
  };
}

function trustedOf(notice: WebhookNotice | Error | undefined) {
  if (!notice || notice instanceof Error) throw new Error(`not a notice: ${String(notice)}`);
  return notice.trusted;
}

describe('Stripe gateway against the emulator over HTTP (official SDK, prefixed base URL)', () => {
  it('create → page → Pay → a verified checkout.session.completed → getPayment succeeded', async () => {
    const request = checkout();
    const session = await gateway.createCheckout(request);
    expect(session.providerPaymentId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${origin}${PREFIX}/c/pay/${session.providerPaymentId}`);
    const stored = emulator.getSession(session.providerPaymentId);
    expect(stored).toMatchObject({
      mode: 'payment',
      amount_total: 1299,
      currency: 'usd',
      client_reference_id: request.paymentId,
      metadata: { paymentId: request.paymentId },
      customer_email: 'anna@example.com',
      locale: 'en',
      success_url: request.returnUrl,
      cancel_url: request.cancelUrl,
    });
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('$12.99');
    expect(page).toContain('>Pay<');
    expect(page).toContain('>Cancel<');
    expect(await gateway.getPayment(session.providerPaymentId)).toEqual({
      providerPaymentId: session.providerPaymentId,
      paymentId: request.paymentId,
      status: 'pending',
      amountMinor: 1299,
      currency: 'USD',
      reversedMinor: 0,
      cancelReason: undefined,
    });

    const response = await fetch(`${session.url}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(request.returnUrl);
    await emulator.settled();
    expect(notices).toEqual([
      {
        eventId: expect.stringMatching(/^evt_/),
        eventType: 'checkout.session.completed',
        providerPaymentId: session.providerPaymentId,
        // A session event says nothing of refunds or disputes: the reversal is left unknown.
        trusted: {
          providerPaymentId: session.providerPaymentId,
          paymentId: request.paymentId,
          status: 'succeeded',
          amountMinor: 1299,
          currency: 'USD',
          reversedMinor: undefined,
          cancelReason: undefined,
        },
      },
    ]);
    expect(await gateway.getPayment(session.providerPaymentId)).toMatchObject({
      status: 'succeeded',
      reversedMinor: 0,
    });
    // The payment intent carries our id too.
    const intentId = String(emulator.getSession(session.providerPaymentId)?.payment_intent);
    const intent = await fetch(`${origin}${PREFIX}/v1/payment_intents/${intentId}`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(await intent.json()).toMatchObject({ metadata: { paymentId: request.paymentId } });
  });

  it('the same idempotency key gives the same session; a changed request with it is refused', async () => {
    const request = checkout();
    const first = await gateway.createCheckout(request);
    expect(await gateway.createCheckout(request)).toEqual(first);
    await expect(gateway.createCheckout({ ...request, amountMinor: 999 })).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: false,
      status: 400,
    });
  });

  it('a delayed payment: completed is pending (not paid), async_payment_succeeded is succeeded', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId, { asyncPayment: 'pending' });
    expect(trustedOf(notices[0])?.status).toBe('pending');
    expect((await gateway.getPayment(session.providerPaymentId)).status).toBe('pending');
    await emulator.settleAsyncPayment(session.providerPaymentId, 'succeeded');
    expect(notices.map((notice) => (notice as WebhookNotice).eventType)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
    expect(trustedOf(notices[1])?.status).toBe('succeeded');
    expect((await gateway.getPayment(session.providerPaymentId)).status).toBe('succeeded');
  });

  it('a delayed payment that fails is canceled, by the event and by getPayment', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId, { asyncPayment: 'failed' });
    expect(trustedOf(notices[1])).toMatchObject({
      status: 'canceled',
      cancelReason: 'async_payment_failed',
    });
    expect(await gateway.getPayment(session.providerPaymentId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'async_payment_failed',
    });
  });

  it('Cancel sends nothing; expireCheckout expires the open session and says canceled', async () => {
    const request = checkout();
    const session = await gateway.createCheckout(request);
    const response = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.headers.get('location')).toBe(request.cancelUrl);
    expect((await gateway.getPayment(session.providerPaymentId)).status).toBe('pending');
    expect(await gateway.expireCheckout(session.providerPaymentId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired',
    });
    await emulator.settled();
    expect(notices).toEqual([
      expect.objectContaining({
        eventType: 'checkout.session.expired',
        providerPaymentId: session.providerPaymentId,
        trusted: expect.objectContaining({ status: 'canceled', cancelReason: 'expired' }),
      }),
    ]);
    // Already expired, or already paid: expireCheckout only reads.
    expect((await gateway.expireCheckout(session.providerPaymentId)).status).toBe('canceled');
    const paid = await gateway.createCheckout(checkout());
    await emulator.pay(paid.providerPaymentId);
    expect((await gateway.expireCheckout(paid.providerPaymentId)).status).toBe('succeeded');
  });

  it('refunds: charge.refunded names the session, untrusted; reversedMinor is cumulative', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    notices.length = 0;
    await emulator.refund(session.providerPaymentId, 500);
    expect(await gateway.getPayment(session.providerPaymentId)).toMatchObject({
      status: 'succeeded',
      reversedMinor: 500,
    });
    await emulator.refund(session.providerPaymentId);
    expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(1299);
    expect(notices).toEqual([
      {
        eventId: expect.stringMatching(/^evt_/),
        eventType: 'charge.refunded',
        providerPaymentId: session.providerPaymentId,
        trusted: undefined,
      },
      expect.objectContaining({ eventType: 'charge.refunded', trusted: undefined }),
    ]);
  });

  it('refund answers the refund Stripe recorded, once per idempotency key, without reading the payment', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    const request = {
      providerPaymentId: session.providerPaymentId,
      amountMinor: 1299,
      idempotencyKey: `refund-${session.providerPaymentId}`,
      description: '100 Kadr credits',
      customerEmail: 'a@example.com',
    };
    const first = await gateway.refund(request);
    expect(first).toEqual({
      refundId: expect.stringMatching(/^re_/),
      status: 'succeeded',
      amountMinor: 1299,
    });
    expect(await gateway.refund(request)).toEqual(first);
    expect(emulator.getRefund(first.refundId)?.amount).toBe(1299);
    expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(1299);
    await expect(
      gateway.refund({ ...request, idempotencyKey: 'another', amountMinor: 1 }),
    ).rejects.toMatchObject({ retryable: false });
  });

  it('maps Stripe refund statuses: requires_action is pending, canceled is failed', () => {
    const refund = (status: string | null) =>
      refundResultOf({ id: 're_1', amount: 100, status } as Stripe.Refund).status;
    expect(
      ['succeeded', 'pending', 'requires_action', 'failed', 'canceled', null].map(refund),
    ).toEqual(['succeeded', 'pending', 'pending', 'failed', 'failed', 'pending']);
  });

  it('duplicates keep one event id; a stale completed after a refund still names the session', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId, { duplicates: 2 });
    const ids = notices.map((notice) => (notice as WebhookNotice).eventId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    notices.length = 0;
    await emulator.refund(session.providerPaymentId, 100, { outOfOrder: true });
    expect(notices.map((notice) => (notice as WebhookNotice).eventType)).toEqual([
      'charge.refunded',
      'checkout.session.completed',
    ]);
  });

  it('events Kadr does not act on name no payment', async () => {
    const rawBody = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: WEBHOOK_SECRET,
    });
    await expect(
      gateway.parseWebhook({ rawBody, headers: { 'stripe-signature': header }, sourceIp: '::1' }),
    ).resolves.toEqual({
      eventId: 'evt_other',
      eventType: 'customer.created',
      providerPaymentId: undefined,
      trusted: undefined,
    });
  });
});

describe('Stripe gateway: disputes and refunds that move money back', () => {
  async function paid(amountMinor = 1299): Promise<string> {
    const session = await gateway.createCheckout(checkout({ amountMinor }));
    await emulator.pay(session.providerPaymentId);
    notices.length = 0;
    return session.providerPaymentId;
  }

  const reversed = async (sessionId: string) => (await gateway.getPayment(sessionId)).reversedMinor;

  function noticeTypes(): Array<[string, string | undefined, unknown]> {
    return notices.map((notice) =>
      notice instanceof Error
        ? ['error', notice.message, undefined]
        : [notice.eventType, notice.providerPaymentId, notice.trusted],
    );
  }

  afterEach(() => emulator.setRefundStatus('succeeded'));

  it('an inquiry moves no money: reversed stays 0 through its life', async () => {
    const sessionId = await paid();
    const disputeId = await emulator.dispute(sessionId, { inquiry: true });
    expect(await reversed(sessionId)).toBe(0);
    await emulator.respondToDispute(disputeId);
    expect(await reversed(sessionId)).toBe(0);
    await emulator.closeDispute(disputeId, 'won');
    expect(await reversed(sessionId)).toBe(0);
    expect(noticeTypes()).toEqual([
      ['charge.dispute.created', sessionId, undefined],
      ['charge.dispute.updated', sessionId, undefined],
      ['charge.dispute.closed', sessionId, undefined],
    ]);
  });

  it('a dispute holds its amount when opened and under review, and gives it back when won', async () => {
    const sessionId = await paid();
    const disputeId = await emulator.dispute(sessionId, { amountMinor: 1000 });
    expect(await reversed(sessionId)).toBe(1000);
    await emulator.respondToDispute(disputeId);
    expect(await reversed(sessionId)).toBe(1000);
    await emulator.closeDispute(disputeId, 'won');
    expect(await reversed(sessionId)).toBe(0);
    // Every dispute event names our session and asks for a fresh read.
    expect(noticeTypes()).toEqual([
      ['charge.dispute.created', sessionId, undefined],
      ['charge.dispute.funds_withdrawn', sessionId, undefined],
      ['charge.dispute.updated', sessionId, undefined],
      ['charge.dispute.closed', sessionId, undefined],
      ['charge.dispute.funds_reinstated', sessionId, undefined],
    ]);
  });

  it('a lost dispute keeps the money; an escalated inquiry starts holding it', async () => {
    const lost = await paid();
    const disputeId = await emulator.dispute(lost);
    await emulator.closeDispute(disputeId, 'lost');
    expect(await reversed(lost)).toBe(1299);

    const escalated = await paid();
    const inquiryId = await emulator.dispute(escalated, { inquiry: true, amountMinor: 700 });
    expect(await reversed(escalated)).toBe(0);
    await emulator.escalateInquiry(inquiryId);
    expect(await reversed(escalated)).toBe(700);
  });

  it('a partial refund and a dispute add up, at most the amount', async () => {
    const sessionId = await paid();
    await emulator.refund(sessionId, 200);
    expect(await reversed(sessionId)).toBe(200);
    await emulator.dispute(sessionId, { amountMinor: 1000 });
    expect(await reversed(sessionId)).toBe(1200);
    const capped = await paid();
    await emulator.refund(capped, 999);
    await emulator.dispute(capped);
    expect(await reversed(capped)).toBe(1299);
  });

  it('a pending refund counts; when it fails it is taken off again (charge.refund.updated)', async () => {
    const sessionId = await paid();
    emulator.setRefundStatus('pending');
    const result = await gateway.refund({
      providerPaymentId: sessionId,
      amountMinor: 500,
      idempotencyKey: `refund-${sessionId}`,
      description: '500 Kadr tokens',
      customerEmail: undefined,
    });
    expect(result).toEqual({
      refundId: expect.stringMatching(/^re_/),
      status: 'pending',
      amountMinor: 500,
    });
    expect(await reversed(sessionId)).toBe(500);
    await emulator.settleRefund(result.refundId, 'failed');
    expect(await reversed(sessionId)).toBe(0);
    const other = await emulator.refund(sessionId, 300);
    expect(other.status).toBe('pending');
    await emulator.settleRefund(other.id, 'succeeded');
    expect(await reversed(sessionId)).toBe(300);
    expect(noticeTypes()).toEqual([
      ['charge.refunded', sessionId, undefined],
      ['charge.refund.updated', sessionId, undefined],
      ['charge.refunded', sessionId, undefined],
      ['charge.refund.updated', sessionId, undefined],
    ]);
  });

  it('counts refunds past the first page of the list (more than 100)', async () => {
    const sessionId = await paid(20_000);
    const quiet = { deliver: false };
    for (let index = 0; index < 101; index++) await emulator.refund(sessionId, 1, quiet);
    await emulator.dispute(sessionId, { amountMinor: 1000 }, quiet);
    await emulator.dispute(sessionId, { inquiry: true, amountMinor: 5000 }, quiet);
    expect(await reversed(sessionId)).toBe(1101);
  });
});

describe('Stripe gateway: another shop’s sessions on the same account', () => {
  /** The official SDK straight at the emulator, as another integration on the account would be. */
  function otherShop(): Stripe {
    const url = new URL(origin);
    return new Stripe(SECRET_KEY, {
      host: url.hostname,
      port: url.port,
      protocol: 'http',
      telemetry: false,
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient((input, init) => {
        const target = new URL(String(input));
        target.pathname = `${PREFIX}${target.pathname}`;
        return fetch(target, init);
      }),
    });
  }

  async function foreignSession(currency: string, withPaymentId: boolean): Promise<string> {
    const session = await otherShop().checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency, unit_amount: 2500, product_data: { name: 'Something else' } },
          quantity: 1,
        },
      ],
      success_url: 'https://other.test/done',
      ...(withPaymentId ? { metadata: { paymentId: crypto.randomUUID() } } : {}),
    });
    return session.id;
  }

  it('a session in another currency is acknowledged and ignored, its refunds and disputes too', async () => {
    const sessionId = await foreignSession('eur', true);
    await emulator.pay(sessionId);
    await emulator.refund(sessionId, 100);
    await emulator.dispute(sessionId, { amountMinor: 500 });
    await emulator.settled();
    const ignored = (eventType: string) =>
      expect.objectContaining({ eventType, providerPaymentId: undefined, trusted: undefined });
    expect(notices).toEqual([
      ignored('checkout.session.completed'),
      ignored('charge.refunded'),
      ignored('charge.dispute.created'),
      ignored('charge.dispute.funds_withdrawn'),
    ]);
    // Every delivery was accepted at once: nothing for Stripe to retry for days.
    const statuses = emulator
      .deliveries()
      .filter((delivery) => delivery.subject === sessionId)
      .flatMap((delivery) => delivery.attempts.map((attempt) => attempt.status));
    expect(statuses).toEqual([200, 200, 200, 200]);
    // Asked directly about it (it never is: it is not ours), the adapter still refuses.
    await expect(gateway.getPayment(sessionId)).rejects.toMatchObject({ retryable: false });
  });

  it('a dollar session without our payment id is ignored, and so are its refunds', async () => {
    const sessionId = await foreignSession('usd', false);
    await emulator.pay(sessionId);
    await emulator.refund(sessionId, 100);
    await emulator.settled();
    expect(notices).toEqual([
      expect.objectContaining({
        eventType: 'checkout.session.completed',
        providerPaymentId: undefined,
      }),
      expect.objectContaining({ eventType: 'charge.refunded', providerPaymentId: undefined }),
    ]);
  });
});

describe('Stripe webhook verification', () => {
  async function completedEvent(): Promise<string> {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    const delivery = emulator
      .deliveries()
      .find((item) => item.subject === session.providerPaymentId);
    if (!delivery) throw new Error('no delivery');
    return delivery.body;
  }

  const verify = (rawBody: string, signature: string | undefined) =>
    gateway.parseWebhook({
      rawBody,
      headers: signature === undefined ? {} : { 'stripe-signature': signature },
      sourceIp: '203.0.113.1',
    });

  it('accepts the emulator’s signature and the SDK’s test header', async () => {
    const rawBody = await completedEvent();
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: WEBHOOK_SECRET,
    });
    await expect(verify(rawBody, header)).resolves.toMatchObject({
      eventType: 'checkout.session.completed',
    });
  });

  it('rejects a forged signature, a tampered body, a missing header and a stale timestamp', async () => {
    const rawBody = await completedEvent();
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: 'whsec_someone_else',
    });
    await expect(verify(rawBody, forged)).rejects.toBeInstanceOf(WebhookRejectedError);
    const good = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: WEBHOOK_SECRET,
    });
    await expect(verify(rawBody.replace('"paid"', '"unpaid"'), good)).rejects.toBeInstanceOf(
      WebhookRejectedError,
    );
    await expect(verify(rawBody, undefined)).rejects.toBeInstanceOf(WebhookRejectedError);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    await expect(verify(rawBody, stale)).rejects.toThrow(/tolerance/);
  });
});

describe('Stripe gateway errors', () => {
  it('a wrong key is a final error; 5xx are retried by the SDK; an unreachable API is retryable', async () => {
    const wrong = createStripeGateway({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: `${origin}${PREFIX}`,
    });
    await expect(wrong.createCheckout(checkout())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: false,
      status: 401,
    });
    await expect(gateway.getPayment('cs_test_missing')).rejects.toMatchObject({
      retryable: false,
      status: 404,
    });
    emulator.failNext(1, 503);
    const request = checkout();
    const session = await gateway.createCheckout(request);
    expect(
      emulator.listSessions().filter((item) => item.client_reference_id === request.paymentId),
    ).toHaveLength(1);
    expect(session.providerPaymentId).toMatch(/^cs_test_/);
    const unreachable = createStripeGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
    });
    const error = await unreachable.getPayment('cs_test_x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ retryable: true });
  });

  it('refuses other currencies before calling Stripe', async () => {
    await expect(gateway.createCheckout(checkout({ currency: 'RUB' }))).rejects.toMatchObject({
      retryable: false,
    });
  });
});
