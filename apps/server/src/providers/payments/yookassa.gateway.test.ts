import { createYooKassaEmulator, type YooKassaEmulator } from '@kadr/emulators';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAddressMatcher, YOOKASSA_NOTIFICATION_SOURCES } from './address-ranges.ts';
import {
  type CheckoutRequest,
  type PaymentGateway,
  PaymentProviderError,
  type WebhookNotice,
  WebhookRejectedError,
} from './gateway.ts';
import { createYooKassaGateway, type YooKassaGatewayOptions } from './yookassa.gateway.ts';

const SHOP_ID = '506751';
const SECRET = 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0';

let app: FastifyInstance;
let origin = '';
let emulator: YooKassaEmulator;
let strict: YooKassaEmulator;
let gateway: PaymentGateway;
/** What Kadr's notification endpoint made of each delivery. */
const notices: Array<WebhookNotice | Error> = [];

function gatewayFor(overrides: Partial<YooKassaGatewayOptions> = {}): PaymentGateway {
  return createYooKassaGateway({
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiUrl: `${origin}/emulators/yookassa/v3`,
    receipt: undefined,
    allowedSources: ['127.0.0.1/32', '::1/128'],
    retryDelaysMs: [10, 20, 30],
    ...overrides,
  });
}

beforeAll(async () => {
  const options = {
    shopId: SHOP_ID,
    secretKey: SECRET,
    notificationUrl: () => `${origin}/api/webhooks/yookassa`,
    retryDelaysMs: [10],
  };
  emulator = createYooKassaEmulator({
    ...options,
    publicBaseUrl: () => `${origin}/emulators/yookassa`,
  });
  strict = createYooKassaEmulator({
    ...options,
    publicBaseUrl: () => `${origin}/strict`,
    receiptsRequired: true,
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: '/emulators/yookassa' });
  await app.register(strict.plugin, { prefix: '/strict' });
  await app.register(async (receiver) => {
    receiver.removeContentTypeParser('application/json');
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    receiver.post('/api/webhooks/yookassa', async (request, reply) => {
      try {
        const notice = await gateway.parseWebhook({
          rawBody: String(request.body),
          headers: request.headers,
          sourceIp: request.ip,
        });
        notices.push(notice);
        return reply.code(200).send();
      } catch (error) {
        notices.push(error as Error);
        return reply.code(error instanceof WebhookRejectedError ? 403 : 500).send();
      }
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  gateway = gatewayFor();
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
    amountMinor: 130_000,
    currency: 'RUB',
    tokens: 600,
    description: '600 кредитов Kadr',
    locale: 'ru',
    returnUrl: `https://kadr.test/profile?topUp=${paymentId}`,
    cancelUrl: `https://kadr.test/profile?topUp=${paymentId}`,
    customerEmail: 'anna@example.com',
    ...overrides,
  };
}

async function submit(pageUrl: string, button: 'Оплатить' | 'Отменить'): Promise<Response> {
  const html = await (await fetch(pageUrl)).text();
  const forms = [
    ...html.matchAll(/<form method="post" action="([^"]+)">\s*<button[^>]*>([^<]+)</g),
  ];
  const action = forms.find((form) => form[2]?.startsWith(button))?.[1];
  if (!action) throw new Error(`no ${button} button on ${pageUrl}`);
  return fetch(action.replaceAll('&amp;', '&'), { method: 'POST', redirect: 'manual' });
}

describe('YooKassa gateway against the emulator over HTTP', () => {
  it('create → page → Оплатить → a notification that parses → getPayment says succeeded', async () => {
    const request = checkout();
    const session = await gateway.createCheckout(request);
    expect(session.url).toBe(
      `${origin}/emulators/yookassa/checkout/payments/v2/contract?orderId=${session.providerPaymentId}`,
    );
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('1\u00a0300,00\u00a0₽');
    expect(page).toContain('600 кредитов Kadr');
    expect(await gateway.getPayment(session.providerPaymentId)).toEqual({
      providerPaymentId: session.providerPaymentId,
      paymentId: request.paymentId,
      status: 'pending',
      amountMinor: 130_000,
      currency: 'RUB',
      reversedMinor: 0,
      cancelReason: undefined,
    });

    const response = await submit(session.url, 'Оплатить');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(request.returnUrl);
    await emulator.settled();
    expect(notices).toEqual([
      {
        eventId: `payment.succeeded:${session.providerPaymentId}:succeeded`,
        eventType: 'payment.succeeded',
        providerPaymentId: session.providerPaymentId,
        trusted: undefined,
      },
    ]);
    expect(await gateway.getPayment(session.providerPaymentId)).toMatchObject({
      status: 'succeeded',
      paymentId: request.paymentId,
      amountMinor: 130_000,
      reversedMinor: 0,
    });
  });

  it('Отменить → payment.canceled → canceled with YooKassa’s reason', async () => {
    const session = await gateway.createCheckout(checkout());
    await submit(session.url, 'Отменить');
    await emulator.settled();
    expect(notices).toEqual([
      expect.objectContaining({
        eventType: 'payment.canceled',
        providerPaymentId: session.providerPaymentId,
        trusted: undefined,
      }),
    ]);
    expect(await gateway.getPayment(session.providerPaymentId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'general_decline',
    });
  });

  it('refunds partly then fully: refund.succeeded names the payment; reversedMinor is cumulative', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    notices.length = 0;
    const first = await emulator.refund(session.providerPaymentId, 30_000);
    expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(30_000);
    const rest = await emulator.refund(session.providerPaymentId);
    expect(await gateway.getPayment(session.providerPaymentId)).toMatchObject({
      status: 'succeeded',
      reversedMinor: 130_000,
    });
    expect(notices).toEqual([
      {
        eventId: `refund.succeeded:${first.id}`,
        eventType: 'refund.succeeded',
        providerPaymentId: session.providerPaymentId,
        trusted: undefined,
      },
      expect.objectContaining({
        eventId: `refund.succeeded:${rest.id}`,
        providerPaymentId: session.providerPaymentId,
      }),
    ]);
  });

  it('refund answers the refund YooKassa recorded, once per idempotency key, without reading the payment', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    const request = {
      providerPaymentId: session.providerPaymentId,
      amountMinor: 130_000,
      idempotencyKey: `refund-${session.providerPaymentId}`,
      description: '600 кредитов Kadr',
      customerEmail: 'a@example.com',
    };
    const first = await gateway.refund(request);
    expect(first).toEqual({
      refundId: expect.any(String),
      status: 'succeeded',
      amountMinor: 130_000,
    });
    expect(await gateway.refund(request)).toEqual(first);
    expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(130_000);
    await expect(
      gateway.refund({ ...request, idempotencyKey: 'another', amountMinor: 100 }),
    ).rejects.toMatchObject({ retryable: false });
  });

  it('a pending refund is reported pending and reverses nothing until it succeeds; a canceled one failed', async () => {
    const session = await gateway.createCheckout(checkout());
    await emulator.pay(session.providerPaymentId);
    emulator.setRefundStatus('pending');
    try {
      const refund = (amountMinor: number) =>
        gateway.refund({
          providerPaymentId: session.providerPaymentId,
          amountMinor,
          idempotencyKey: crypto.randomUUID(),
          description: '600 кредитов Kadr',
          customerEmail: undefined,
        });
      const pending = await refund(30_000);
      expect(pending).toMatchObject({ status: 'pending', amountMinor: 30_000 });
      expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(0);
      await emulator.settleRefund(pending.refundId, 'succeeded');
      expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(30_000);
      const declined = await refund(10_000);
      const canceled = await emulator.settleRefund(declined.refundId, 'canceled');
      expect(canceled.status).toBe('canceled');
      expect((await gateway.getPayment(session.providerPaymentId)).reversedMinor).toBe(30_000);
    } finally {
      emulator.setRefundStatus('succeeded');
    }
  });

  it('expireCheckout only reads: pending stays pending; an expired one is canceled', async () => {
    const session = await gateway.createCheckout(checkout());
    expect((await gateway.expireCheckout(session.providerPaymentId)).status).toBe('pending');
    await emulator.expire(session.providerPaymentId);
    expect(await gateway.expireCheckout(session.providerPaymentId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired_on_confirmation',
    });
  });

  it('the same idempotency key gives the same payment', async () => {
    const request = checkout();
    const first = await gateway.createCheckout(request);
    const second = await gateway.createCheckout(request);
    expect(second).toEqual(first);
    expect(
      emulator.listPayments().filter((p) => p.metadata.paymentId === request.paymentId),
    ).toHaveLength(1);
  });

  it('retries 202 and 5xx with the same key, creating one payment', async () => {
    const request = checkout();
    emulator.failNext(1, 202);
    emulator.failNext(1, 503);
    const session = await gateway.createCheckout(request);
    expect(emulator.getPayment(session.providerPaymentId)?.metadata.paymentId).toBe(
      request.paymentId,
    );
    expect(
      emulator.listPayments().filter((p) => p.metadata.paymentId === request.paymentId),
    ).toHaveLength(1);

    emulator.failNext(4, 500);
    const error = await gateway
      .getPayment(session.providerPaymentId)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ retryable: true, status: 500 });
  });

  it('bad credentials and unknown payments are final errors; an unreachable API is retryable', async () => {
    const wrong = gatewayFor({ secretKey: 'test_wrong' });
    await expect(wrong.createCheckout(checkout())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: false,
      status: 401,
      message: expect.stringContaining('invalid_credentials'),
    });
    await expect(gateway.getPayment('00000000-000f-5000-8000-000000000000')).rejects.toMatchObject({
      retryable: false,
      status: 404,
    });
    const unreachable = gatewayFor({ apiUrl: 'http://127.0.0.1:9/v3', retryDelaysMs: [1] });
    await expect(unreachable.getPayment('x')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: true,
      status: undefined,
    });
  });

  it('refuses amounts in other currencies before calling YooKassa', async () => {
    await expect(gateway.createCheckout(checkout({ currency: 'USD' }))).rejects.toMatchObject({
      retryable: false,
    });
  });
});

describe('YooKassa gateway and 54-FZ receipts', () => {
  const receipt = { vatCode: 1, taxSystemCode: 2 };

  it('sends a receipt the strict shop accepts (one service item by the piece, full payment)', async () => {
    const sent: unknown[] = [];
    const recording: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string') sent.push(JSON.parse(init.body));
      return fetch(input, init);
    };
    const withReceipts = gatewayFor({ apiUrl: `${origin}/strict/v3`, receipt, fetch: recording });
    const session = await withReceipts.createCheckout(checkout());
    const paid = await strict.pay(session.providerPaymentId);
    expect(paid.receipt_registration).toBe('succeeded');
    expect((await withReceipts.getPayment(session.providerPaymentId)).status).toBe('succeeded');
    // The refund's receipt too, for the refunded amount; the strict shop checks both.
    await expect(
      withReceipts.refund({
        providerPaymentId: session.providerPaymentId,
        amountMinor: 30_000,
        idempotencyKey: crypto.randomUUID(),
        description: '600 кредитов Kadr',
        customerEmail: 'anna@example.com',
      }),
    ).resolves.toMatchObject({ status: 'succeeded', amountMinor: 30_000 });
    const item = {
      description: '600 кредитов Kadr',
      quantity: '1.00',
      vat_code: 1,
      payment_mode: 'full_payment',
      payment_subject: 'service',
      measure: 'piece',
    };
    expect(sent).toEqual([
      expect.objectContaining({
        receipt: {
          customer: { email: 'anna@example.com' },
          items: [{ ...item, amount: { value: '1300.00', currency: 'RUB' } }],
          tax_system_code: 2,
        },
      }),
      expect.objectContaining({
        receipt: {
          customer: { email: 'anna@example.com' },
          items: [{ ...item, amount: { value: '300.00', currency: 'RUB' } }],
          tax_system_code: 2,
        },
      }),
    ]);
  });

  it('the strict shop refuses a receipt whose item has no measure, naming it', async () => {
    const response = await fetch(`${origin}/strict/v3/payments`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotence-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        amount: { value: '1300.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: 'https://kadr.test/profile' },
        receipt: {
          customer: { email: 'anna@example.com' },
          items: [
            {
              description: '600 кредитов Kadr',
              quantity: '1.00',
              amount: { value: '1300.00', currency: 'RUB' },
              vat_code: 1,
              payment_mode: 'full_payment',
              payment_subject: 'service',
            },
          ],
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'error',
      code: 'invalid_request',
      parameter: 'receipt.items[0].measure',
    });
  });

  it('a shop that needs receipts refuses a payment without one', async () => {
    const without = gatewayFor({ apiUrl: `${origin}/strict/v3` });
    await expect(without.createCheckout(checkout())).rejects.toMatchObject({
      retryable: false,
      status: 400,
      message: expect.stringContaining('(receipt)'),
    });
  });

  it('a receipt needs the customer e-mail', async () => {
    const withReceipts = gatewayFor({ apiUrl: `${origin}/strict/v3`, receipt });
    await expect(
      withReceipts.createCheckout(checkout({ customerEmail: undefined })),
    ).rejects.toMatchObject({ retryable: false });
  });
});

describe('YooKassa notifications: source addresses and shape', () => {
  const published = createYooKassaGateway({
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiUrl: 'http://127.0.0.1:9/v3',
    receipt: undefined,
    allowedSources: YOOKASSA_NOTIFICATION_SOURCES,
  });
  const body = JSON.stringify({
    type: 'notification',
    event: 'payment.succeeded',
    object: { id: '2e1a0c1d-000f-5000-8000-1b5b1c1f0c1a', status: 'succeeded', paid: true },
  });
  const parse = (sourceIp: string, rawBody = body) =>
    published.parseWebhook({ rawBody, headers: {}, sourceIp });

  it.each([
    '185.71.76.5',
    '77.75.153.127',
    '77.75.156.11',
    '::ffff:185.71.77.31',
    '2a02:5180:0:1509::17',
    '2a02:5180:0:2669:ffff::1',
  ])('accepts a notification from %s', async (sourceIp) => {
    await expect(parse(sourceIp)).resolves.toMatchObject({
      eventType: 'payment.succeeded',
      providerPaymentId: '2e1a0c1d-000f-5000-8000-1b5b1c1f0c1a',
      trusted: undefined,
    });
  });

  it.each([
    '185.71.76.32',
    '77.75.153.128',
    '77.75.156.12',
    '::ffff:10.0.0.1',
    '2a02:5181::1',
    // YooKassa's /32 outside its four published /64 networks.
    '2a02:5180:ffff::1',
    '2a02:5180:0:1510::1',
    '127.0.0.1',
    'not-an-ip',
  ])('refuses a notification from %s', async (sourceIp) => {
    await expect(parse(sourceIp)).rejects.toBeInstanceOf(WebhookRejectedError);
  });

  it('refuses bodies that are not notifications; ignores events Kadr does not act on', async () => {
    for (const rawBody of [
      '{',
      '{}',
      JSON.stringify({ type: 'notification', event: 'payment.succeeded' }),
    ]) {
      await expect(parse('185.71.76.1', rawBody)).rejects.toBeInstanceOf(WebhookRejectedError);
    }
    const refundWithoutPayment = JSON.stringify({
      type: 'notification',
      event: 'refund.succeeded',
      object: { id: 'r1', status: 'succeeded' },
    });
    await expect(parse('185.71.76.1', refundWithoutPayment)).rejects.toBeInstanceOf(
      WebhookRejectedError,
    );
    const payout = JSON.stringify({
      type: 'notification',
      event: 'payout.succeeded',
      object: { id: 'po-1', status: 'succeeded' },
    });
    await expect(parse('185.71.76.1', payout)).resolves.toEqual({
      eventId: 'payout.succeeded:po-1',
      eventType: 'payout.succeeded',
      providerPaymentId: undefined,
      trusted: undefined,
    });
  });

  it("'any' turns the address check off (demo mode)", async () => {
    const demo = gatewayFor({ allowedSources: 'any' });
    await expect(
      demo.parseWebhook({ rawBody: body, headers: {}, sourceIp: '203.0.113.9' }),
    ).resolves.toMatchObject({ eventType: 'payment.succeeded' });
  });

  it('a notification from outside the ranges is refused end to end, and YooKassa retries it', async () => {
    const session = await gateway.createCheckout(checkout());
    const previous = gateway;
    gateway = gatewayFor({ allowedSources: ['203.0.113.0/24'] });
    try {
      await emulator.pay(session.providerPaymentId);
    } finally {
      gateway = previous;
    }
    expect(notices.length).toBeGreaterThan(1);
    expect(notices.every((notice) => notice instanceof WebhookRejectedError)).toBe(true);
    const delivery = emulator
      .deliveries()
      .find((item) => item.subject === session.providerPaymentId);
    expect(delivery).toMatchObject({ delivered: false });
    expect(delivery?.attempts.every((attempt) => attempt.status === 403)).toBe(true);
  });
});

describe('createAddressMatcher', () => {
  it('matches IPv4 and IPv6 addresses and ranges, IPv4-mapped IPv6 included', () => {
    const matches = createAddressMatcher(['10.1.0.0/16', '192.0.2.7', '2001:db8:aa::/48', '::1']);
    expect(matches('10.1.255.255')).toBe(true);
    expect(matches('10.2.0.0')).toBe(false);
    expect(matches('192.0.2.7')).toBe(true);
    expect(matches('::ffff:192.0.2.7')).toBe(true);
    expect(matches('192.0.2.8')).toBe(false);
    expect(matches('2001:db8:aa:ffff::1')).toBe(true);
    expect(matches('2001:db8:ab::1')).toBe(false);
    expect(matches('::1')).toBe(true);
    expect(matches('')).toBe(false);
  });

  it.each(['10.0.0.0/33', '2001:db8::/129', 'example.com', '10.0.0.0/8/1', '10.0.0.0/x', ''])(
    'throws on %j',
    (entry) => {
      expect(() => createAddressMatcher([entry])).toThrow(/Not an IP address/);
    },
  );
});
