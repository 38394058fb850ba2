import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStripeForm } from './form.ts';
import {
  createStripeEmulator,
  type StripeEmulator,
  type StripeEvent,
  signatureHeader,
} from './stripe-emulator.ts';

const PREFIX = '/emulators/stripe';
const SECRET_KEY = 'sk_test_kadr_emulator_key';
const WEBHOOK_SECRET = 'whsec_test_kadr_emulator';

let app: FastifyInstance;
let origin = '';
let emulator: StripeEmulator;
let stripe: Stripe;
const received: Array<{ event: StripeEvent; signature: string; raw: string }> = [];
let failuresLeft = 0;

/** The official SDK, pointed at the emulator under its prefix through a fetch that adds it. */
function client(key = SECRET_KEY, maxNetworkRetries = 0): Stripe {
  const url = new URL(origin);
  return new Stripe(key, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries,
    httpClient: Stripe.createFetchHttpClient((input, init) => {
      const target = new URL(String(input));
      target.pathname = `${PREFIX}${target.pathname}`;
      return fetch(target, init);
    }),
  });
}

beforeAll(async () => {
  emulator = createStripeEmulator({
    publicBaseUrl: () => `${origin}${PREFIX}`,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: () => `${origin}/hooks/stripe`,
    retryDelaysMs: [20, 40],
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  await app.register(async (receiver) => {
    receiver.removeContentTypeParser('application/json');
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    receiver.post('/hooks/stripe', async (request, reply) => {
      if (failuresLeft > 0) {
        failuresLeft--;
        return reply.code(500).send();
      }
      const raw = String(request.body);
      const signature = String(request.headers['stripe-signature']);
      // Verified exactly as Kadr's endpoint does, by the official SDK.
      const event = Stripe.webhooks.constructEvent(raw, signature, WEBHOOK_SECRET);
      received.push({ event: event as unknown as StripeEvent, signature, raw });
      return reply.code(200).send({ received: true });
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stripe = client();
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  received.length = 0;
  failuresLeft = 0;
  emulator.setDelivery({});
});

function params(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 1299,
          product_data: { name: '500 Kadr tokens' },
        },
        quantity: 1,
      },
    ],
    success_url: 'https://kadr.test/profile?topUp=p1&session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://kadr.test/profile?topUp=p1&cancelled=1',
    client_reference_id: 'p1',
    metadata: { paymentId: 'p1' },
    payment_intent_data: { metadata: { paymentId: 'p1' } },
    customer_email: 'anna@example.com',
    locale: 'en',
    ...overrides,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

async function createSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create(params(overrides), {
    idempotencyKey: crypto.randomUUID(),
  });
}

function events(type?: string): StripeEvent[] {
  return received.map((item) => item.event).filter((event) => !type || event.type === type);
}

async function post(url: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

describe('parseStripeForm', () => {
  it('reads bracket nesting, indices and pushes as Stripe does', () => {
    expect(
      parseStripeForm(
        'mode=payment&line_items[0][price_data][unit_amount]=999&line_items[0][quantity]=1' +
          '&line_items[1][quantity]=2&metadata[paymentId]=p%201&expand[]=a&expand[]=b.c',
      ),
    ).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '999' }, quantity: '1' }, { quantity: '2' }],
      metadata: { paymentId: 'p 1' },
      expand: ['a', 'b.c'],
    });
  });
});

describe('signatureHeader', () => {
  it('signs exactly as Stripe does (the SDK’s test header and constructEvent agree)', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const timestamp = 1_700_000_000;
    expect(signatureHeader(payload, WEBHOOK_SECRET, timestamp)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
    );
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, WEBHOOK_SECRET, now);
    expect(Stripe.webhooks.constructEvent(payload, header, WEBHOOK_SECRET)).toEqual(
      JSON.parse(payload),
    );
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() =>
      Stripe.webhooks.constructEvent(
        payload,
        signatureHeader(payload, WEBHOOK_SECRET, now - 301),
        WEBHOOK_SECRET,
      ),
    ).toThrow(/tolerance/);
  });
});

describe('Stripe emulator API through the official SDK', () => {
  it('refuses a wrong or missing key with 401', async () => {
    await expect(
      client('sk_test_wrong').checkout.sessions.retrieve('cs_test_x'),
    ).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const response = await fetch(`${origin}${PREFIX}/v1/checkout/sessions/cs_test_x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('API key') },
    });
  });

  it('creates an open Checkout Session for a one-off USD payment', async () => {
    const session = await createSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1299,
      amount_subtotal: 1299,
      currency: 'usd',
      client_reference_id: 'p1',
      metadata: { paymentId: 'p1' },
      customer_email: 'anna@example.com',
      payment_intent: null,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session.url).toBe(`${origin}${PREFIX}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 3600);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      id: session.id,
      status: 'open',
    });
  });

  it('replays the first answer for an Idempotency-Key and refuses it with other params', async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = await stripe.checkout.sessions.create(params(), { idempotencyKey });
    const again = await stripe.checkout.sessions.create(params(), { idempotencyKey });
    expect(again.id).toBe(first.id);
    const headers = again.lastResponse.headers as unknown as Headers;
    expect(headers.get('idempotent-replayed')).toBe('true');
    await expect(
      stripe.checkout.sessions.create(params({ client_reference_id: 'p2' }), { idempotencyKey }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it.each([
    [{ success_url: undefined }, 'parameter_missing', 'success_url'],
    [{ mode: undefined }, 'parameter_missing', 'mode'],
    [{ line_items: [] }, 'parameter_missing', 'line_items'],
    [
      {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 10, product_data: { name: 'x' } },
            quantity: 1,
          },
        ],
      },
      'amount_too_small',
      undefined,
    ],
    [
      {
        line_items: [{ price_data: { currency: 'usd', product_data: { name: 'x' } }, quantity: 1 }],
      },
      'parameter_missing',
      'line_items[0][price_data][unit_amount]',
    ],
    [{ customer_email: 'not-an-email' }, 'email_invalid', 'customer_email'],
    [{ success_url: 'nope' }, 'url_invalid', 'success_url'],
    [{ expires_at: Math.floor(Date.now() / 1000) + 60 }, 'parameter_invalid_integer', 'expires_at'],
    [{ surprise: 'x' } as never, 'parameter_unknown', 'surprise'],
  ])('refuses %j with %s', async (overrides, code, param) => {
    const before = emulator.listSessions().length;
    const error = await createSession(
      overrides as Partial<Stripe.Checkout.SessionCreateParams>,
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code });
    if (param) expect(error).toMatchObject({ param });
    expect(emulator.listSessions()).toHaveLength(before);
  });

  it('answers 404 resource_missing for an unknown session', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('answers a 500 api_error when told to; the SDK retries it with the same key', async () => {
    emulator.failNext(1, 500);
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
    });
    emulator.failNext(1, 503);
    const session = await client(SECRET_KEY, 2).checkout.sessions.create(params(), {
      idempotencyKey: crypto.randomUUID(),
    });
    expect(session.status).toBe('open');
  });
});

describe('Stripe emulator hosted page and events', () => {
  it('shows the product and amount in English with Pay and Cancel', async () => {
    const session = await createSession();
    const response = await fetch(String(session.url));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('500 Kadr tokens');
    expect(html).toContain('$12.99');
    expect(html).toContain('<button type="submit" class="pay">Pay</button>');
    expect(html).toContain('<button type="submit" class="cancel">Cancel</button>');
    expect(html).not.toContain('<script');
  });

  it('Pay: complete and paid, a signed checkout.session.completed, 303 to success_url', async () => {
    const session = await createSession();
    const response = await post(`${session.url}/confirm`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `https://kadr.test/profile?topUp=p1&session=${session.id}`,
    );
    await emulator.settled();
    expect(events().map((event) => event.type)).toEqual(['checkout.session.completed']);
    const event = events()[0];
    expect(event).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      livemode: false,
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid' } },
    });
    expect(event?.id).toMatch(/^evt_/);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.latest_charge'],
    });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 1299,
      metadata: { paymentId: 'p1' },
    });
    expect(intent.latest_charge).toMatchObject({ object: 'charge', amount: 1299, paid: true });
    const listed = await stripe.checkout.sessions.list({ payment_intent: intent.id });
    expect(listed.data.map((item) => item.id)).toEqual([session.id]);
    // Paying again changes nothing and sends nothing.
    await emulator.pay(session.id);
    expect(events()).toHaveLength(1);
  });

  it('Cancel: 303 to cancel_url, nothing sent, the session stays open', async () => {
    const session = await createSession();
    const response = await post(`${session.url}/cancel`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://kadr.test/profile?topUp=p1&cancelled=1');
    await emulator.settled();
    expect(received).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('expires an open session over the API (checkout.session.expired), and only once', async () => {
    const session = await createSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await emulator.settled();
    expect(events().map((event) => [event.type, (event.data.object as { id: string }).id])).toEqual(
      [['checkout.session.expired', session.id]],
    );
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('status of "expired"'),
    });
    const page = await (await fetch(`${origin}${PREFIX}/c/pay/${session.id}`)).text();
    expect(page).toContain('no longer active');
    expect(page).not.toContain('>Pay<');
  });

  it('a delayed payment method: completed unpaid, then async_payment_succeeded', async () => {
    const session = await createSession();
    await post(`${session.url}/confirm?async=succeeded`);
    await emulator.settled();
    expect(
      events().map((event) => [
        event.type,
        (event.data.object as Stripe.Checkout.Session).payment_status,
      ]),
    ).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
    ]);
  });

  it('a delayed payment method that fails: completed unpaid, then async_payment_failed', async () => {
    const session = await createSession();
    await emulator.pay(session.id, { asyncPayment: 'pending' });
    expect(events().map((event) => event.type)).toEqual(['checkout.session.completed']);
    await emulator.settleAsyncPayment(session.id, 'failed');
    expect(events().map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    const read = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(read.payment_status).toBe('unpaid');
    expect((read.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
  });

  it('refunds partly over the API and the rest on the emulator: charge.refunded, cumulative', async () => {
    const session = await createSession();
    const paid = await emulator.pay(session.id);
    const intentId = String(paid.payment_intent);
    received.length = 0;
    const refund = await stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    expect(refund).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded' });
    await emulator.settled();
    await emulator.refund(session.id);
    await expect(
      stripe.refunds.create({ payment_intent: intentId, amount: 1 }),
    ).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const refunded = events('charge.refunded').map((event) => event.data.object as Stripe.Charge);
    expect(
      refunded.map((charge) => [charge.amount, charge.amount_refunded, charge.refunded]),
    ).toEqual([
      [1299, 500, false],
      [1299, 1299, true],
    ]);
    expect(refunded[0]?.payment_intent).toBe(intentId);
    expect(events('charge.refunded')[0]?.data.previous_attributes).toEqual({
      amount_refunded: 0,
      refunded: false,
    });
  });

  it('refuses to refund more than is left', async () => {
    const session = await createSession();
    const paid = await emulator.pay(session.id);
    await expect(
      stripe.refunds.create({ payment_intent: String(paid.payment_intent), amount: 1300 }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large' });
  });

  it('a dispute sends charge.dispute.created and lists under the payment intent', async () => {
    const session = await createSession();
    const paid = await emulator.pay(session.id);
    received.length = 0;
    const disputeId = await emulator.dispute(session.id);
    const listed = await stripe.disputes.list({ payment_intent: String(paid.payment_intent) });
    expect(listed.data.map((item) => item.id)).toEqual([disputeId]);
    const dispute = await stripe.disputes.retrieve(disputeId);
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 1299,
      payment_intent: paid.payment_intent,
      status: 'needs_response',
    });
    expect((await stripe.charges.retrieve(dispute.charge as string)).disputed).toBe(true);
  });
});

describe('Stripe emulator disputes', () => {
  async function paidSession() {
    const session = await createSession();
    const paid = await emulator.pay(session.id);
    received.length = 0;
    return { sessionId: session.id, intentId: String(paid.payment_intent) };
  }

  function disputeEvents(): Array<[string, string]> {
    return events()
      .filter((event) => event.type.startsWith('charge.dispute.'))
      .map((event) => [event.type, (event.data.object as Stripe.Dispute).status]);
  }

  it('an inquiry moves no money: warning_needs_response → warning_under_review → warning_closed', async () => {
    const { sessionId } = await paidSession();
    const disputeId = await emulator.dispute(sessionId, { inquiry: true, amountMinor: 1000 });
    const opened = await stripe.disputes.retrieve(disputeId);
    expect(opened).toMatchObject({
      status: 'warning_needs_response',
      amount: 1000,
      is_charge_refundable: true,
      balance_transactions: [],
    });
    expect((await stripe.charges.retrieve(opened.charge as string)).disputed).toBe(true);
    await emulator.respondToDispute(disputeId);
    await emulator.closeDispute(disputeId, 'won');
    expect(disputeEvents()).toEqual([
      ['charge.dispute.created', 'warning_needs_response'],
      ['charge.dispute.updated', 'warning_under_review'],
      ['charge.dispute.closed', 'warning_closed'],
    ]);
    expect(events('charge.dispute.updated')[0]?.data.previous_attributes).toEqual({
      status: 'warning_needs_response',
    });
    expect((await stripe.disputes.retrieve(disputeId)).balance_transactions).toEqual([]);
  });

  it('a dispute withdraws the money when opened and reinstates it when won', async () => {
    const { sessionId } = await paidSession();
    const disputeId = await emulator.dispute(sessionId, { amountMinor: 1200 });
    expect((await stripe.disputes.retrieve(disputeId)).is_charge_refundable).toBe(false);
    await emulator.respondToDispute(disputeId);
    const won = await emulator.closeDispute(disputeId, 'won');
    expect(won.status).toBe('won');
    expect(disputeEvents()).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.updated', 'under_review'],
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won'],
    ]);
    const read = await stripe.disputes.retrieve(disputeId);
    expect(
      read.balance_transactions.map((transaction) => [
        transaction.amount,
        transaction.reporting_category,
      ]),
    ).toEqual([
      [-1200, 'dispute'],
      [1200, 'dispute_reversal'],
    ]);
    // Every event carries the dispute, signed and verified by the SDK like any other.
    expect(events('charge.dispute.funds_reinstated')[0]?.data.object).toMatchObject({
      id: disputeId,
      object: 'dispute',
    });
  });

  it('a lost dispute keeps the money withdrawn: closed, nothing reinstated', async () => {
    const { sessionId } = await paidSession();
    const disputeId = await emulator.dispute(sessionId);
    await emulator.closeDispute(disputeId, 'lost');
    expect(disputeEvents()).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.closed', 'lost'],
    ]);
    expect(
      (await stripe.disputes.retrieve(disputeId)).balance_transactions.map((t) => t.amount),
    ).toEqual([-1299]);
    await expect(emulator.closeDispute(disputeId, 'won')).rejects.toThrow(/already lost/);
  });

  it('an inquiry escalates to a dispute and then withdraws the money', async () => {
    const { sessionId } = await paidSession();
    const disputeId = await emulator.dispute(sessionId, { inquiry: true });
    await emulator.escalateInquiry(disputeId);
    expect(disputeEvents()).toEqual([
      ['charge.dispute.created', 'warning_needs_response'],
      ['charge.dispute.updated', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
    ]);
  });

  it('refuses to refund a charge under a formal dispute, not one under an inquiry', async () => {
    const inquired = await paidSession();
    await emulator.dispute(inquired.sessionId, { inquiry: true });
    await expect(
      stripe.refunds.create({ payment_intent: inquired.intentId, amount: 100 }),
    ).resolves.toMatchObject({ status: 'succeeded' });
    const disputed = await paidSession();
    await emulator.dispute(disputed.sessionId);
    await expect(
      stripe.refunds.create({ payment_intent: disputed.intentId, amount: 100 }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'charge_disputed' });
  });

  it('lists disputes page by page (starting_after), as the SDK auto-pages', async () => {
    const { sessionId, intentId } = await paidSession();
    const ids = [
      await emulator.dispute(sessionId, { inquiry: true, amountMinor: 100 }),
      await emulator.dispute(sessionId, { amountMinor: 200 }),
      await emulator.dispute(sessionId, { amountMinor: 300 }),
    ];
    const first = await stripe.disputes.list({ payment_intent: intentId, limit: 2 });
    expect(first.has_more).toBe(true);
    const seen: string[] = [];
    for await (const dispute of stripe.disputes.list({ payment_intent: intentId, limit: 1 })) {
      seen.push(dispute.id);
    }
    expect(seen).toEqual([...ids].reverse());
  });
});

describe('Stripe emulator refunds that are pending, then succeed or fail', () => {
  afterEach(() => emulator.setRefundStatus('succeeded'));

  it('a pending refund counts on the charge until it fails, then is taken off (charge.refund.updated)', async () => {
    const session = await createSession();
    const paid = await emulator.pay(session.id);
    const intentId = String(paid.payment_intent);
    received.length = 0;
    emulator.setRefundStatus('pending');
    const refund = await stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    expect(refund).toMatchObject({ status: 'pending', amount: 500, failure_reason: null });
    await emulator.settled();
    const charge = (await stripe.charges.retrieve(refund.charge as string)) as Stripe.Charge;
    expect([charge.amount_refunded, charge.refunded]).toEqual([500, false]);
    const failed = await emulator.settleRefund(refund.id, 'failed');
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect((await stripe.charges.retrieve(charge.id)).amount_refunded).toBe(0);
    expect(events().map((event) => event.type)).toEqual([
      'charge.refunded',
      'charge.refund.updated',
    ]);
    const updated = events('charge.refund.updated')[0];
    expect(updated?.data.object).toMatchObject({ id: refund.id, status: 'failed' });
    expect(updated?.data.previous_attributes).toEqual({ status: 'pending', failure_reason: null });
    // Once failed, the whole amount can be refunded again.
    await expect(
      stripe.refunds.create({ payment_intent: intentId, amount: 1299 }),
    ).resolves.toMatchObject({ status: 'pending' });
  });

  it('a pending refund that succeeds stays counted; refunds list under the payment intent', async () => {
    const session = await createSession();
    const paid = await emulator.pay(session.id);
    const intentId = String(paid.payment_intent);
    const pending = await emulator.refund(session.id, 300, { status: 'pending' });
    const done = await emulator.refund(session.id, 200);
    expect([pending.status, done.status]).toEqual(['pending', 'succeeded']);
    await emulator.settleRefund(pending.id, 'succeeded');
    await expect(emulator.settleRefund(pending.id, 'failed')).rejects.toThrow(/not pending/);
    const listed = await stripe.refunds.list({ payment_intent: intentId });
    expect(listed.data.map((item) => [item.id, item.status])).toEqual([
      [done.id, 'succeeded'],
      [pending.id, 'succeeded'],
    ]);
    expect((await stripe.charges.retrieve(String(pending.charge))).amount_refunded).toBe(500);
  });

  it('new dispute and refund events keep the delivery options (duplicates, out of order)', async () => {
    const session = await createSession();
    await emulator.pay(session.id);
    received.length = 0;
    const refund = await emulator.refund(session.id, 100, { status: 'pending' });
    await emulator.settleRefund(refund.id, 'failed', { duplicates: 1, outOfOrder: true });
    expect(events().map((event) => event.type)).toEqual([
      'charge.refunded',
      'charge.refund.updated',
      'charge.refund.updated',
      'checkout.session.completed',
      'checkout.session.completed',
      'charge.refunded',
      'charge.refunded',
    ]);
    received.length = 0;
    const disputeId = await emulator.dispute(session.id, {}, { deliver: false });
    expect(received).toEqual([]);
    expect(
      emulator
        .deliveries()
        .filter((delivery) => delivery.lost)
        .map((delivery) => delivery.event),
    ).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    expect(emulator.getDispute(disputeId)?.status).toBe('needs_response');
  });
});

describe('Stripe emulator deliveries', () => {
  it('retries an event the endpoint did not accept, re-signing each attempt, same event id', async () => {
    const session = await createSession();
    failuresLeft = 2;
    await emulator.pay(session.id);
    const delivery = emulator.deliveries().find((item) => item.subject === session.id);
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(events().map((event) => event.id)).toEqual([delivery?.eventId]);
  });

  it('duplicates keep the event id; out of order sends the newest first, then stale ones', async () => {
    const session = await createSession();
    await emulator.pay(session.id, { asyncPayment: 'succeeded', duplicates: 1, outOfOrder: true });
    expect(events().map((event) => event.type)).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
      'checkout.session.completed',
    ]);
    expect(new Set(events().map((event) => event.id)).size).toBe(2);

    received.length = 0;
    emulator.setDelivery({ outOfOrder: true });
    await emulator.refund(session.id, 100);
    expect(events().map((event) => event.type)).toEqual([
      'charge.refunded',
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
  });

  it('loses events when delivery is off, and the page passes its options to its forms', async () => {
    const session = await createSession();
    const html = await (await fetch(`${session.url}?deliver=0&async=failed`)).text();
    expect(html).toContain(`/c/pay/${session.id}/confirm?deliver=0&amp;async=failed"`);
    await post(`${session.url}/confirm?deliver=0`);
    await emulator.settled();
    expect(received).toEqual([]);
    expect(emulator.deliveries().filter((item) => item.subject === session.id)).toEqual([
      expect.objectContaining({
        event: 'checkout.session.completed',
        lost: true,
        delivered: false,
      }),
    ]);
    expect(emulator.getSession(session.id)?.payment_status).toBe('paid');
  });
});
