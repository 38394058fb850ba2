import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createYooKassaEmulator,
  type YooKassaEmulator,
  type YooKassaPayment,
} from './yookassa-emulator.ts';

type Notice = {
  type: string;
  event: string;
  object: { id: string; status: string } & Record<string, unknown>;
};

const SHOP_ID = '123456';
const SECRET = 'test_secret_key';
const PREFIX = '/emulators/yookassa';

let app: FastifyInstance;
let origin = '';
let emulator: YooKassaEmulator;
let strict: YooKassaEmulator;
const received: Notice[] = [];
let failuresLeft = 0;

const auth = `Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`;

beforeAll(async () => {
  emulator = createYooKassaEmulator({
    publicBaseUrl: () => `${origin}${PREFIX}`,
    shopId: SHOP_ID,
    secretKey: SECRET,
    notificationUrl: () => `${origin}/hooks/yookassa`,
    retryDelaysMs: [20, 40],
  });
  strict = createYooKassaEmulator({
    publicBaseUrl: () => `${origin}/strict`,
    shopId: SHOP_ID,
    secretKey: SECRET,
    notificationUrl: () => `${origin}/hooks/yookassa`,
    receiptsRequired: true,
    retryDelaysMs: [20],
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  await app.register(strict.plugin, { prefix: '/strict' });
  // The shop's side: records each notification; answers 500 while `failuresLeft` lasts.
  app.post('/hooks/yookassa', async (request, reply) => {
    if (failuresLeft > 0) {
      failuresLeft--;
      return reply.code(500).send();
    }
    received.push(request.body as Notice);
    return reply.code(200).send();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  received.length = 0;
  failuresLeft = 0;
  emulator.setDelivery({});
});

async function api(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    key?: string;
    authorization?: string;
    base?: string;
  } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { authorization: init.authorization ?? auth };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key) headers['idempotence-key'] = init.key;
  const response = await fetch(`${origin}${init.base ?? PREFIX}/v3${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: { value: '1300.00', currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: 'https://kadr.test/profile?topUp=p1' },
    description: '600 кредитов Kadr <b>',
    metadata: { paymentId: 'p1' },
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<YooKassaPayment> {
  const { status, body } = await api('/payments', {
    body: paymentBody(overrides),
    key: crypto.randomUUID(),
  });
  expect(status).toBe(200);
  return body as unknown as YooKassaPayment;
}

function confirmationUrl(payment: YooKassaPayment): string {
  const url = payment.confirmation?.confirmation_url;
  if (!url) throw new Error('no confirmation_url');
  return url;
}

describe('YooKassa emulator API', () => {
  it('refuses wrong credentials with YooKassa’s error body', async () => {
    const wrong = `Basic ${Buffer.from(`${SHOP_ID}:nope`).toString('base64')}`;
    for (const authorization of [wrong, 'Bearer x', '']) {
      const { status, body } = await api('/payments/x', { authorization });
      expect(status).toBe(401);
      expect(body).toMatchObject({ type: 'error', code: 'invalid_credentials' });
      expect(body.id).toEqual(expect.any(String));
    }
  });

  it('creates a pending payment with a redirect confirmation and reads it back', async () => {
    const payment = await create();
    expect(payment).toMatchObject({
      status: 'pending',
      paid: false,
      amount: { value: '1300.00', currency: 'RUB' },
      description: '600 кредитов Kadr <b>',
      metadata: { paymentId: 'p1' },
      recipient: { account_id: SHOP_ID },
      test: true,
      refundable: false,
      confirmation: { type: 'redirect', return_url: 'https://kadr.test/profile?topUp=p1' },
    });
    expect(payment.id).toMatch(/^[0-9a-f]{8}-000f-5000-8000-[0-9a-f]{12}$/);
    expect(payment.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(confirmationUrl(payment)).toBe(
      `${origin}${PREFIX}/checkout/payments/v2/contract?orderId=${payment.id}`,
    );
    const read = await api(`/payments/${payment.id}`);
    expect(read).toEqual({ status: 200, body: payment });
    const missing = await api('/payments/00000000-000f-5000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'error', code: 'not_found' });
  });

  it('needs an Idempotence-Key; the same key and body give the same payment, another body an error', async () => {
    const none = await api('/payments', { body: paymentBody() });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });

    const key = crypto.randomUUID();
    const first = await api('/payments', { body: paymentBody(), key });
    // Same request, keys in another order: still the same request.
    const { metadata, ...rest } = paymentBody();
    const second = await api('/payments', { body: { metadata, ...rest }, key });
    expect(second).toEqual(first);
    const other = await api('/payments', {
      body: paymentBody({ amount: { value: '999.00', currency: 'RUB' } }),
      key,
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });
    expect(emulator.listPayments().filter((p) => p.id === first.body.id)).toHaveLength(1);
  });

  it.each([
    [{ amount: { value: '0.00', currency: 'RUB' } }, 'amount.value'],
    [{ amount: { value: '10.005', currency: 'RUB' } }, 'amount.value'],
    [{ amount: { value: 1300, currency: 'RUB' } }, 'amount.value'],
    [{ amount: { value: '13.00', currency: 'USD' } }, 'amount.currency'],
    [{ amount: undefined }, 'amount'],
    [{ description: 'я'.repeat(129) }, 'description'],
    [{ confirmation: { type: 'redirect', return_url: 'not a url' } }, 'confirmation.return_url'],
    [{ confirmation: undefined }, 'confirmation'],
    [{ capture: 'yes' }, 'capture'],
  ])('refuses bad input %j naming %s, and creates nothing', async (overrides, parameter) => {
    const before = emulator.listPayments().length;
    const { status, body } = await api('/payments', {
      body: paymentBody(overrides),
      key: crypto.randomUUID(),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ type: 'error', code: 'invalid_request', parameter });
    expect(body.description).toEqual(expect.any(String));
    expect(emulator.listPayments()).toHaveLength(before);
  });

  it('answers 202 "processing" and 5xx when told to, without doing the request', async () => {
    emulator.failNext(1, 202);
    emulator.failNext(1, 503);
    const key = crypto.randomUUID();
    const before = emulator.listPayments().length;
    const accepted = await api('/payments', { body: paymentBody(), key });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ type: 'processing' });
    const unavailable = await api('/payments', { body: paymentBody(), key });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({ type: 'error', code: 'internal_server_error' });
    expect(emulator.listPayments()).toHaveLength(before);
    expect((await api('/payments', { body: paymentBody(), key })).status).toBe(200);
  });
});

describe('YooKassa emulator receipts (54-FZ)', () => {
  const receipt = {
    customer: { email: 'anna@example.com' },
    items: [
      {
        description: '600 кредитов Kadr',
        quantity: '1.00',
        amount: { value: '1300.00', currency: 'RUB' },
        vat_code: 1,
        payment_mode: 'full_payment',
        payment_subject: 'service',
        measure: 'piece',
      },
    ],
    tax_system_code: 2,
  };
  const item = receipt.items[0];

  it.each([
    [undefined, 'receipt'],
    [{ ...receipt, customer: {} }, 'receipt.customer'],
    [{ ...receipt, items: [] }, 'receipt.items'],
    [{ ...receipt, items: [{ ...item, vat_code: 13 }] }, 'receipt.items[0].vat_code'],
    [
      { ...receipt, items: [{ ...item, payment_subject: 'goods' }] },
      'receipt.items[0].payment_subject',
    ],
    [
      { ...receipt, items: [{ ...item, payment_mode: undefined }] },
      'receipt.items[0].payment_mode',
    ],
    [{ ...receipt, tax_system_code: 7 }, 'receipt.tax_system_code'],
    [
      { ...receipt, items: [{ ...item, amount: { value: '1000.00', currency: 'RUB' } }] },
      'receipt.items',
    ],
    // FFD 1.2: every item names its unit (tag 2108), from YooKassa's list.
    [{ ...receipt, items: [{ ...item, measure: undefined }] }, 'receipt.items[0].measure'],
    [{ ...receipt, items: [{ ...item, measure: 'pcs' }] }, 'receipt.items[0].measure'],
  ])('refuses %j (%s)', async (value, parameter) => {
    const { status, body } = await api('/payments', {
      base: '/strict',
      body: paymentBody({ receipt: value }),
      key: crypto.randomUUID(),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_request', parameter });
  });

  it('accepts a valid receipt, and items that add up in quantity × price', async () => {
    const ok = await api('/payments', {
      base: '/strict',
      body: paymentBody({ receipt }),
      key: crypto.randomUUID(),
    });
    expect(ok.status).toBe(200);
    const split = await api('/payments', {
      base: '/strict',
      body: paymentBody({
        receipt: {
          customer: { phone: '79001234567' },
          items: [{ ...item, quantity: 2, amount: { value: '650.00', currency: 'RUB' } }],
        },
      }),
      key: crypto.randomUUID(),
    });
    expect(split.status).toBe(200);
    const paid = await strict.pay(String(ok.body.id));
    expect(paid.receipt_registration).toBe('succeeded');
  });

  it('names the missing measure in YooKassa’s error shape', async () => {
    const { status, body } = await api('/payments', {
      base: '/strict',
      body: paymentBody({ receipt: { ...receipt, items: [{ ...item, measure: undefined }] } }),
      key: crypto.randomUUID(),
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'error',
      id: expect.any(String),
      code: 'invalid_request',
      description: expect.stringContaining('receipt.items[0].measure'),
      parameter: 'receipt.items[0].measure',
    });
  });

  it('checks a refund’s receipt too: its measure, and items adding up to the refund', async () => {
    const created = await api('/payments', {
      base: '/strict',
      body: paymentBody({ receipt }),
      key: crypto.randomUUID(),
    });
    await strict.pay(String(created.body.id));
    const refundReceipt = (value: string, measure?: string) => ({
      ...receipt,
      items: [{ ...item, amount: { value, currency: 'RUB' }, measure }],
    });
    const refund = (body: Record<string, unknown>) =>
      api('/refunds', {
        base: '/strict',
        body: {
          payment_id: created.body.id,
          amount: { value: '300.00', currency: 'RUB' },
          ...body,
        },
        key: crypto.randomUUID(),
      });
    expect((await refund({ receipt: refundReceipt('300.00') })).body).toMatchObject({
      parameter: 'receipt.items[0].measure',
    });
    expect((await refund({ receipt: refundReceipt('1300.00', 'piece') })).body).toMatchObject({
      parameter: 'receipt.items',
    });
    const ok = await refund({ receipt: refundReceipt('300.00', 'piece') });
    expect(ok).toMatchObject({ status: 200, body: { status: 'succeeded' } });
  });
});

describe('YooKassa emulator payment page', () => {
  it('shows the shop, description and amount in Russian with Оплатить and Отменить', async () => {
    const payment = await create();
    const response = await fetch(confirmationUrl(payment));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('1\u00a0300,00\u00a0₽');
    expect(html).toContain('Kadr');
    expect(html).toContain('600 кредитов Kadr &lt;b&gt;');
    expect(html).not.toContain('Kadr <b>');
    expect(html).toContain('<button type="submit" class="primary">Оплатить</button>');
    expect(html).toContain('<button type="submit" class="secondary">Отменить</button>');
    expect(html).not.toContain('<script');
  });

  it('Оплатить: succeeded, paid, captured, payment.succeeded sent, 303 to the return URL', async () => {
    const payment = await create();
    const html = await (await fetch(confirmationUrl(payment))).text();
    const action = /<form method="post" action="([^"]+\/pay[^"]*)"/.exec(html)?.[1];
    expect(action).toBeDefined();
    const response = await fetch(String(action).replaceAll('&amp;', '&'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://kadr.test/profile?topUp=p1');
    await emulator.settled();
    const read = await api(`/payments/${payment.id}`);
    expect(read.body).toMatchObject({ status: 'succeeded', paid: true, refundable: true });
    expect(read.body.captured_at).toEqual(expect.any(String));
    expect(read.body.confirmation).toBeUndefined();
    expect(received).toEqual([
      { type: 'notification', event: 'payment.succeeded', object: read.body },
    ]);
    // The page now says it is paid and offers no buttons; paying again changes nothing.
    const after = await (await fetch(confirmationUrl(payment))).text();
    expect(after).toContain('уже оплачен');
    expect(after).not.toContain('Оплатить');
  });

  it('Отменить: canceled with YooKassa’s cancellation details, payment.canceled, 303', async () => {
    const payment = await create();
    const response = await fetch(
      `${origin}${PREFIX}/checkout/payments/v2/contract/cancel?orderId=${payment.id}`,
      { method: 'POST', redirect: 'manual' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://kadr.test/profile?topUp=p1');
    await emulator.settled();
    const read = emulator.getPayment(payment.id);
    expect(read).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellation_details: { party: 'yoo_kassa', reason: 'general_decline' },
    });
    expect(received.map((notice) => [notice.event, notice.object.status])).toEqual([
      ['payment.canceled', 'canceled'],
    ]);
    // A cancelled payment cannot be paid any more.
    expect((await emulator.pay(payment.id)).status).toBe('canceled');
  });

  it('passes the page’s delivery options to its forms (duplicates, out of order, lost)', async () => {
    const payment = await create();
    const html = await (await fetch(`${confirmationUrl(payment)}&duplicates=2&deliver=0`)).text();
    expect(html).toContain(`/pay?orderId=${payment.id}&amp;duplicates=2&amp;deliver=0"`);
    await fetch(
      `${origin}${PREFIX}/checkout/payments/v2/contract/pay?orderId=${payment.id}&duplicates=2`,
      {
        method: 'POST',
        redirect: 'manual',
      },
    );
    await emulator.settled();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((notice) => notice.object.id))).toEqual(new Set([payment.id]));
  });

  it('answers 404 for an unknown order', async () => {
    const response = await fetch(`${origin}${PREFIX}/checkout/payments/v2/contract?orderId=nope`);
    expect(response.status).toBe(404);
  });
});

describe('YooKassa emulator refunds, expiry and deliveries', () => {
  it('refunds partly then fully over the API, each with refund.succeeded; never more than paid', async () => {
    const payment = await create();
    await emulator.pay(payment.id);
    received.length = 0;
    const early = await api('/refunds', {
      body: { payment_id: payment.id, amount: { value: '300.00', currency: 'RUB' } },
      key: crypto.randomUUID(),
    });
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: '300.00', currency: 'RUB' },
    });
    const tooMuch = await api('/refunds', {
      body: { payment_id: payment.id, amount: { value: '1000.01', currency: 'RUB' } },
      key: crypto.randomUUID(),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'invalid_request', parameter: 'amount.value' });
    const rest = await emulator.refund(payment.id);
    expect(rest.amount.value).toBe('1000.00');
    await emulator.settled();
    expect(emulator.getPayment(payment.id)).toMatchObject({
      status: 'succeeded',
      refunded_amount: { value: '1300.00', currency: 'RUB' },
      refundable: false,
    });
    expect(received.map((notice) => [notice.event, notice.object.id])).toEqual([
      ['refund.succeeded', early.body.id],
      ['refund.succeeded', rest.id],
    ]);
    expect(received[0]?.object.payment_id).toBe(payment.id);
    await expect(emulator.refund(payment.id, 1)).rejects.toThrow(/exceeds/);
  });

  it('a refund may be pending, then succeed (refund.succeeded) or be canceled (nothing refunded)', async () => {
    const payment = await create();
    await emulator.pay(payment.id);
    received.length = 0;
    emulator.setRefundStatus('pending');
    try {
      const pending = await api('/refunds', {
        body: { payment_id: payment.id, amount: { value: '1000.00', currency: 'RUB' } },
        key: crypto.randomUUID(),
      });
      expect(pending.body).toMatchObject({ status: 'pending' });
      await emulator.settled();
      expect(received).toEqual([]);
      expect(emulator.getPayment(payment.id)?.refunded_amount).toBeUndefined();
      // Pending money is no longer available to refund.
      await expect(emulator.refund(payment.id, 30_001)).rejects.toThrow(/exceeds/);
      const canceled = await emulator.settleRefund(String(pending.body.id), 'canceled');
      expect(canceled).toMatchObject({
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'insufficient_funds' },
      });
      expect(emulator.getPayment(payment.id)?.refunded_amount).toBeUndefined();
      const again = await emulator.refund(payment.id, 130_000);
      expect(again.status).toBe('pending');
      await emulator.settleRefund(again.id, 'succeeded');
      expect(emulator.getRefund(again.id)?.status).toBe('succeeded');
      expect(emulator.getPayment(payment.id)).toMatchObject({
        refunded_amount: { value: '1300.00', currency: 'RUB' },
        refundable: false,
      });
      expect(received.map((notice) => [notice.event, notice.object.id])).toEqual([
        ['refund.succeeded', again.id],
      ]);
      await expect(emulator.settleRefund(again.id, 'canceled')).rejects.toThrow(/not pending/);
    } finally {
      emulator.setRefundStatus('succeeded');
    }
  });

  it('refuses to refund a payment that is not succeeded', async () => {
    const payment = await create();
    const { status, body } = await api('/refunds', {
      body: { payment_id: payment.id, amount: { value: '1.00', currency: 'RUB' } },
      key: crypto.randomUUID(),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_request', parameter: 'payment_id' });
  });

  it('expires a pending payment as expired_on_confirmation', async () => {
    const payment = await create();
    const expired = await emulator.expire(payment.id);
    expect(expired).toMatchObject({
      status: 'canceled',
      cancellation_details: { party: 'yoo_kassa', reason: 'expired_on_confirmation' },
    });
    expect(received.map((notice) => notice.event)).toEqual(['payment.canceled']);
  });

  it('retries a notification the shop did not accept, with backoff', async () => {
    const payment = await create();
    failuresLeft = 2;
    await emulator.pay(payment.id);
    const delivery = emulator.deliveries().find((item) => item.subject === payment.id);
    expect(delivery?.delivered).toBe(true);
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(received).toHaveLength(1);
  });

  it('sends duplicates, a stale notification after a newer one, or nothing, when asked', async () => {
    const payment = await create();
    await emulator.pay(payment.id, { duplicates: 3 });
    expect(received.map((notice) => notice.event)).toEqual(Array(4).fill('payment.succeeded'));
    const copies = emulator.deliveries().filter((item) => item.subject === payment.id);
    expect(new Set(copies.map((item) => item.eventId)).size).toBe(1);

    received.length = 0;
    emulator.setDelivery({ outOfOrder: true });
    await emulator.refund(payment.id, 50_00);
    expect(received.map((notice) => notice.event)).toEqual([
      'refund.succeeded',
      'payment.succeeded',
    ]);
    // The stale copy still says what the payment looked like then: nothing refunded.
    expect(received[1]?.object.refunded_amount).toBeUndefined();

    received.length = 0;
    emulator.setDelivery({ deliver: false });
    await emulator.refund(payment.id, 50_00);
    expect(received).toEqual([]);
    expect(emulator.deliveries().at(-1)).toMatchObject({ event: 'refund.succeeded', lost: true });
  });
});

describe('YooKassa emulator inside a host app with its own body parsers', () => {
  it('parses its own JSON and forms, and answers bad JSON with invalid_request', async () => {
    const host = Fastify();
    // A host that keeps raw bodies (as a webhook endpoint needs) for JSON and forms.
    host.removeContentTypeParser('application/json');
    host.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    host.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_r, body, done) => done(null, body),
    );
    const hosted = createYooKassaEmulator({
      publicBaseUrl: 'http://kadr.test/emulators/yookassa',
      shopId: SHOP_ID,
      secretKey: SECRET,
      notificationUrl: 'http://127.0.0.1:9/none',
      retryDelaysMs: [],
    });
    await host.register(hosted.plugin, { prefix: PREFIX });
    try {
      const headers = { authorization: auth, 'content-type': 'application/json' };
      const created = await host.inject({
        method: 'POST',
        url: `${PREFIX}/v3/payments`,
        headers: { ...headers, 'idempotence-key': 'k1' },
        payload: JSON.stringify(paymentBody()),
      });
      expect(created.statusCode).toBe(200);
      const bad = await host.inject({
        method: 'POST',
        url: `${PREFIX}/v3/payments`,
        headers: { ...headers, 'idempotence-key': 'k2' },
        payload: '{',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ type: 'error', code: 'invalid_request' });
      const id = created.json<{ id: string }>().id;
      const paid = await host.inject({
        method: 'POST',
        url: `${PREFIX}/checkout/payments/v2/contract/pay?orderId=${id}&deliver=0`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(paid.statusCode).toBe(303);
      await hosted.settled();
      expect(hosted.getPayment(id)?.status).toBe('succeeded');
    } finally {
      await host.close();
    }
  });
});
