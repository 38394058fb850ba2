import { createStripeEmulator, type StripeEmulator } from '@kadr/emulators';
import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CheckoutRequest,
  type PaymentGateway,
  PaymentProviderError,
  type WebhookNotice,
  WebhookRejectedError,
} from './gateway.ts';
import { createStripeGateway } from './stripe.gateway.ts';

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
        trusted: {
          providerPaymentId: session.providerPaymentId,
          paymentId: request.paymentId,
          status: 'succeeded',
          amountMinor: 1299,
          currency: 'USD',
          reversedMinor: 0,
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

  it('refund gives back the amount asked for, once per idempotency key, and answers the state', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    const request = {
      providerPaymentId: session.providerPaymentId,
      amountMinor: 1299,
      idempotencyKey: `refund-${session.providerPaymentId}`,
      description: '100 Kadr credits',
      customerEmail: 'a@example.com',
    };
    expect(await gateway.refund(request)).toMatchObject({
      status: 'succeeded',
      reversedMinor: 1299,
    });
    expect((await gateway.refund(request)).reversedMinor).toBe(1299);
    await expect(
      gateway.refund({ ...request, idempotencyKey: 'another', amountMinor: 1 }),
    ).rejects.toMatchObject({ retryable: false });
  });

  it('a dispute: charge.dispute.created names the session; reversedMinor counts the disputed amount', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    await emulator.refund(session.providerPaymentId, 200);
    notices.length = 0;
    await emulator.dispute(session.providerPaymentId, 1000);
    expect(notices).toEqual([
      expect.objectContaining({
        eventType: 'charge.dispute.created',
        providerPaymentId: session.providerPaymentId,
        trusted: undefined,
      }),
    ]);
    expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(1000);
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
