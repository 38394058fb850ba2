import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  createNotifier,
  type Delivery,
  type DeliveryOptions,
  deliveryOptionsFromQuery,
  deliveryQuery,
} from '../payment-notifications/delivery.ts';
import { renderCheckoutPage, renderNotFoundPage } from './page.ts';
import { fromMinor, parseCreatePayment, parseCreateRefund } from './validation.ts';

type FetchLike = typeof globalThis.fetch;

export type YooKassaEmulatorOptions = {
  /**
   * Absolute URL where the plugin is mounted, e.g. `http://localhost:3000/emulators/yookassa`
   * (a function when it is known only once the server listens).
   */
  publicBaseUrl: string | (() => string);
  shopId: string;
  secretKey: string;
  /** The shop's HTTP-notification URL (set in YooKassa's dashboard for a real shop). */
  notificationUrl: string | (() => string);
  /** The shop sends 54-FZ receipts through YooKassa: every payment needs a valid `receipt`. */
  receiptsRequired?: boolean;
  /** The shop's name on the payment page. */
  shopName?: string;
  fetch?: FetchLike;
  /** Waits between retries of a notification the shop did not accept (2xx). */
  retryDelaysMs?: readonly number[];
  logger?: { warn(obj: object, msg?: string): void };
};

type Amount = { value: string; currency: 'RUB' };

export type YooKassaPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

/** A payment object as YooKassa answers it (the fields a shop commonly reads). */
export type YooKassaPayment = {
  id: string;
  status: YooKassaPaymentStatus;
  paid: boolean;
  amount: Amount;
  income_amount?: Amount;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  payment_method?: {
    type: 'bank_card';
    id: string;
    saved: boolean;
    title: string;
    card: {
      first6: string;
      last4: string;
      expiry_month: string;
      expiry_year: string;
      card_type: string;
      issuer_country: string;
    };
  };
  captured_at?: string;
  created_at: string;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url?: string };
  test: boolean;
  refunded_amount?: Amount;
  refundable: boolean;
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
  metadata: Record<string, string>;
  cancellation_details?: { party: CancellationParty; reason: string };
  authorization_details?: {
    rrn: string;
    auth_code: string;
    three_d_secure: { applied: boolean };
  };
};

/**
 * A refund's status: `pending` while it is processed, then `succeeded`, or `canceled` with
 * `cancellation_details` (https://yookassa.ru/developers/payment-acceptance/after-the-payment/refunds,
 * "declined refunds"). Most refunds answer `succeeded` at once.
 */
export type YooKassaRefundStatus = 'pending' | 'succeeded' | 'canceled';

export type YooKassaRefund = {
  id: string;
  payment_id: string;
  status: YooKassaRefundStatus;
  created_at: string;
  amount: Amount;
  description?: string;
  cancellation_details?: { party: 'yoo_money' | 'payment_network'; reason: string };
};

type CancellationParty = 'merchant' | 'yoo_kassa' | 'payment_network';

/** What a person cancelling on the page leaves: YooKassa has no "payer cancelled" reason. */
const PAGE_CANCELLATION = { party: 'yoo_kassa', reason: 'general_decline' } as const;

export type YooKassaEmulator = {
  /** Register with `app.register(emulator.plugin, { prefix: '/emulators/yookassa' })`. */
  plugin: FastifyPluginAsync;
  getPayment(id: string): YooKassaPayment | undefined;
  listPayments(): YooKassaPayment[];
  /** The payer pays: `succeeded` (or `waiting_for_capture` when created with capture:false). */
  pay(id: string, delivery?: DeliveryOptions): Promise<YooKassaPayment>;
  /** The payer cancels on the page: `canceled` by yoo_kassa, general_decline. */
  cancel(
    id: string,
    details?: { party: CancellationParty; reason: string },
    delivery?: DeliveryOptions,
  ): Promise<YooKassaPayment>;
  /** A pending payment nobody confirmed in time: `canceled`, expired_on_confirmation. */
  expire(id: string, delivery?: DeliveryOptions): Promise<YooKassaPayment>;
  /**
   * Refunds `amountMinor` kopecks (everything left when omitted), as `POST /v3/refunds` does;
   * `refund.succeeded` unless it starts `pending` (`status`, or `setRefundStatus`).
   */
  refund(
    paymentId: string,
    amountMinor?: number,
    options?: DeliveryOptions & { status?: 'succeeded' | 'pending' },
  ): Promise<YooKassaRefund>;
  /** Refunds created from now on (API or control) answer `succeeded` (the default) or `pending`. */
  setRefundStatus(status: 'succeeded' | 'pending'): void;
  /**
   * A pending refund ends: `succeeded` (counted in the payment's `refunded_amount`,
   * `refund.succeeded` sent) or `canceled` (nothing refunded, no notification: YooKassa has none
   * for a canceled refund).
   */
  settleRefund(
    refundId: string,
    outcome: 'succeeded' | 'canceled',
    delivery?: DeliveryOptions,
  ): Promise<YooKassaRefund>;
  getRefund(refundId: string): YooKassaRefund | undefined;
  /** How notifications are delivered from now on (control methods may override per call). */
  setDelivery(options: DeliveryOptions): void;
  /** Every notification sent (or lost), oldest first. */
  deliveries(): Delivery[];
  /** Resolves when every notification delivery started so far is finished. */
  settled(): Promise<void>;
  /** The next `count` API calls answer `status` (202 "processing" or a 5xx) and do nothing. */
  failNext(count: number, status: 202 | 500 | 502 | 503): void;
  /** Forgets payments, refunds, idempotence keys and the delivery log. */
  clear(): void;
  close(): Promise<void>;
};

type Stored = {
  payment: YooKassaPayment;
  amountMinor: number;
  /** Succeeded refunds: the payment's `refunded_amount`. */
  refundedMinor: number;
  /** Pending refunds: not refunded yet, but no longer available to refund. */
  pendingRefundMinor: number;
  capture: boolean;
  returnUrl: string | undefined;
  hasReceipt: boolean;
};

type Saved = { fingerprint: string; status: number; body: unknown };

const CHECKOUT_PATH = '/checkout/payments/v2/contract';

/** `23d93cac-000f-5000-8000-126628f15141`: creation time in hex, then a fixed and a random part. */
function newId(kind: 'payment' | 'refund'): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const middle = kind === 'payment' ? '000f-5000-8000' : '0015-5000-9000';
  return `${time}-${middle}-${randomBytes(6).toString('hex')}`;
}

function now(): string {
  return new Date().toISOString().replace(/(\.\d{3})\d*Z$/, '$1Z');
}

function rub(minor: number): Amount {
  return { value: fromMinor(minor), currency: 'RUB' };
}

/** JSON with sorted keys, so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function errorBody(code: string, description: string, parameter?: string) {
  return {
    type: 'error',
    id: randomUUID(),
    code,
    description,
    ...(parameter ? { parameter } : {}),
  };
}

function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  description: string,
  parameter?: string,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send(errorBody(code, description, parameter));
}

function credentialsMatch(header: string | undefined, shopId: string, secretKey: string): boolean {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return false;
  const given = createHash('sha256').update(Buffer.from(match[1], 'base64')).digest();
  const expected = createHash('sha256').update(`${shopId}:${secretKey}`).digest();
  return timingSafeEqual(given, expected);
}

export function createYooKassaEmulator(options: YooKassaEmulatorOptions): YooKassaEmulator {
  const baseUrl = () =>
    (typeof options.publicBaseUrl === 'function'
      ? options.publicBaseUrl()
      : options.publicBaseUrl
    ).replace(/\/+$/, '');
  const payments = new Map<string, Stored>();
  const refunds = new Map<string, YooKassaRefund>();
  const idempotence = new Map<string, Saved>();
  const failures: number[] = [];
  let defaults: DeliveryOptions = {};
  let newRefundStatus: 'succeeded' | 'pending' = 'succeeded';
  let logger = options.logger;
  const notifier = createNotifier({
    url: options.notificationUrl,
    fetch: options.fetch,
    retryDelaysMs: options.retryDelaysMs,
    headers: () => ({
      'content-type': 'application/json',
      'user-agent': 'YooKassa (kadr emulator)',
    }),
    logger: { warn: (obj, msg) => logger?.warn(obj, msg) },
  });

  function snapshot<T>(value: T): T {
    return structuredClone(value);
  }

  function notify(
    event: string,
    subject: string,
    object: unknown,
    delivery: DeliveryOptions | undefined,
  ): Promise<void> {
    const body = JSON.stringify({ type: 'notification', event, object });
    return notifier.notify([{ eventId: randomUUID(), event, subject, body }], {
      ...defaults,
      ...delivery,
    });
  }

  function find(id: string): Stored {
    const stored = payments.get(id);
    if (!stored) throw new Error(`YooKassa emulator: no payment ${id}`);
    return stored;
  }

  function checkoutUrl(id: string, delivery: DeliveryOptions = {}): string {
    const query = deliveryQuery(delivery).replace(/^\?/, '&');
    return `${baseUrl()}${CHECKOUT_PATH}?orderId=${id}${query}`;
  }

  function createPayment(body: unknown): { status: number; body: unknown } {
    const parsed = parseCreatePayment(body, options.receiptsRequired ?? false);
    if (!parsed.ok) {
      return {
        status: 400,
        body: errorBody('invalid_request', parsed.refusal.description, parsed.refusal.parameter),
      };
    }
    const request = parsed.request;
    const id = newId('payment');
    const payment: YooKassaPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: rub(request.amountMinor),
      ...(request.description !== undefined ? { description: request.description } : {}),
      recipient: { account_id: options.shopId, gateway_id: '1000001' },
      created_at: now(),
      confirmation: {
        type: 'redirect',
        confirmation_url: checkoutUrl(id),
        ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
      },
      test: true,
      refundable: false,
      metadata: request.metadata ?? {},
    };
    payments.set(id, {
      payment,
      amountMinor: request.amountMinor,
      refundedMinor: 0,
      pendingRefundMinor: 0,
      capture: request.capture,
      returnUrl: request.returnUrl,
      hasReceipt: request.receipt !== undefined,
    });
    return { status: 200, body: snapshot(payment) };
  }

  function settlePaid(stored: Stored): void {
    const payment = stored.payment;
    payment.paid = true;
    payment.status = stored.capture ? 'succeeded' : 'waiting_for_capture';
    delete payment.confirmation;
    payment.payment_method = {
      type: 'bank_card',
      id: payment.id,
      saved: false,
      title: 'Bank card *4444',
      card: {
        first6: '555555',
        last4: '4444',
        expiry_month: '12',
        expiry_year: String(new Date().getUTCFullYear() + 3),
        card_type: 'MasterCard',
        issuer_country: 'RU',
      },
    };
    payment.authorization_details = {
      rrn: String(Date.now()).slice(-12),
      auth_code: randomBytes(3).toString('hex').toUpperCase(),
      three_d_secure: { applied: false },
    };
    if (stored.capture) {
      payment.captured_at = now();
      payment.income_amount = rub(Math.round(stored.amountMinor * 0.965));
      payment.refundable = true;
      if (stored.hasReceipt) payment.receipt_registration = 'succeeded';
    }
  }

  function closeCanceled(stored: Stored, details: { party: CancellationParty; reason: string }) {
    const payment = stored.payment;
    payment.status = 'canceled';
    payment.paid = false;
    payment.refundable = false;
    delete payment.confirmation;
    payment.cancellation_details = { ...details };
    if (stored.hasReceipt) payment.receipt_registration = 'canceled';
  }

  async function pay(id: string, delivery?: DeliveryOptions): Promise<YooKassaPayment> {
    const stored = find(id);
    if (stored.payment.status !== 'pending') return snapshot(stored.payment);
    settlePaid(stored);
    const event = stored.capture ? 'payment.succeeded' : 'payment.waiting_for_capture';
    await notify(event, id, snapshot(stored.payment), delivery);
    return snapshot(stored.payment);
  }

  async function cancel(
    id: string,
    details: { party: CancellationParty; reason: string } = PAGE_CANCELLATION,
    delivery?: DeliveryOptions,
  ): Promise<YooKassaPayment> {
    const stored = find(id);
    if (stored.payment.status !== 'pending' && stored.payment.status !== 'waiting_for_capture') {
      return snapshot(stored.payment);
    }
    closeCanceled(stored, details);
    await notify('payment.canceled', id, snapshot(stored.payment), delivery);
    return snapshot(stored.payment);
  }

  function createRefund(
    body: unknown,
    status: 'succeeded' | 'pending' = newRefundStatus,
  ): { status: number; body: unknown } {
    const parsed = parseCreateRefund(body, options.receiptsRequired ?? false);
    if (!parsed.ok) {
      return {
        status: 400,
        body: errorBody('invalid_request', parsed.refusal.description, parsed.refusal.parameter),
      };
    }
    const request = parsed.request;
    const stored = payments.get(request.paymentId);
    if (!stored) {
      return {
        status: 400,
        body: errorBody(
          'invalid_request',
          `Payment ${request.paymentId} doesn't exist or isn't available to this shop`,
          'payment_id',
        ),
      };
    }
    if (stored.payment.status !== 'succeeded') {
      return {
        status: 400,
        body: errorBody(
          'invalid_request',
          `You can refund a payment only in the succeeded status; this one is ${stored.payment.status}`,
          'payment_id',
        ),
      };
    }
    const left = stored.amountMinor - stored.refundedMinor - stored.pendingRefundMinor;
    if (request.amountMinor > left) {
      return {
        status: 400,
        body: errorBody(
          'invalid_request',
          `The refund amount (${fromMinor(request.amountMinor)}) exceeds the amount available for refund (${fromMinor(left)})`,
          'amount.value',
        ),
      };
    }
    if (status === 'succeeded') stored.refundedMinor += request.amountMinor;
    else stored.pendingRefundMinor += request.amountMinor;
    showRefunded(stored);
    const refund: YooKassaRefund = {
      id: newId('refund'),
      payment_id: stored.payment.id,
      status,
      created_at: now(),
      amount: rub(request.amountMinor),
      ...(request.description !== undefined ? { description: request.description } : {}),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: snapshot(refund) };
  }

  /** The payment's refund fields: `refunded_amount` counts succeeded refunds only. */
  function showRefunded(stored: Stored): void {
    if (stored.refundedMinor > 0) stored.payment.refunded_amount = rub(stored.refundedMinor);
    else delete stored.payment.refunded_amount;
    stored.payment.refundable =
      stored.refundedMinor + stored.pendingRefundMinor < stored.amountMinor;
  }

  function settlePendingRefund(
    refundId: string,
    outcome: 'succeeded' | 'canceled',
  ): YooKassaRefund {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`YooKassa emulator: no refund ${refundId}`);
    if (refund.status !== 'pending') {
      throw new Error(`YooKassa emulator: refund ${refundId} is ${refund.status}, not pending`);
    }
    const stored = find(refund.payment_id);
    const amount = Math.round(Number(refund.amount.value) * 100);
    stored.pendingRefundMinor -= amount;
    if (outcome === 'succeeded') stored.refundedMinor += amount;
    // Reasons per YooKassa's SDKs: yoo_money_account_closed, insufficient_funds (the shop's
    // balance), general_decline, rejected_by_payee.
    else refund.cancellation_details = { party: 'yoo_money', reason: 'insufficient_funds' };
    refund.status = outcome;
    showRefunded(stored);
    return refund;
  }

  /** Runs `create` once per Idempotence-Key; the same key and body answers the saved result. */
  function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    create: (body: unknown) => { status: number; body: unknown },
    onCreated?: (body: unknown) => void,
  ): FastifyReply {
    const header = request.headers['idempotence-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) {
      return sendError(
        reply,
        400,
        'invalid_request',
        "Idempotence key isn't specified. Specify the Idempotence-Key header",
        'Idempotence-Key',
      );
    }
    if (key.length > 64) {
      return sendError(
        reply,
        400,
        'invalid_request',
        'Idempotence key is too long: at most 64 characters',
        'Idempotence-Key',
      );
    }
    const fingerprint = `${request.method} ${request.routeOptions.url} ${canonical(request.body)}`;
    const saved = idempotence.get(key);
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        return sendError(
          reply,
          400,
          'invalid_request',
          'Idempotence key duplicated: the same key was used with another request. Use a new key for a new request',
          'Idempotence-Key',
        );
      }
      return reply.code(saved.status).send(saved.body);
    }
    const result = create(request.body);
    idempotence.set(key, { fingerprint, ...result });
    if (result.status === 200) onCreated?.(result.body);
    return reply.code(result.status).send(result.body);
  }

  const plugin: FastifyPluginAsync = async (instance) => {
    logger ??= instance.log;
    instance.addHook('onClose', async () => notifier.close());
    // Its own parsers, whatever the host app registered: JSON for the API, forms for the page.
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      if (instance.hasContentTypeParser(type)) instance.removeContentTypeParser(type);
    }
    instance.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }));
        }
      },
    );
    instance.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    instance.setErrorHandler((error, request, reply) => {
      const status =
        typeof error === 'object' && error !== null && 'statusCode' in error
          ? Number(error.statusCode)
          : 500;
      if (status >= 500 || !(status >= 400)) {
        request.log.error({ err: error }, 'yookassa emulator error');
        return sendError(reply, 500, 'internal_server_error', 'Internal server error');
      }
      const message = error instanceof Error ? error.message : 'Bad request';
      return sendError(reply, status, 'invalid_request', message);
    });

    await instance.register(
      async (v3: FastifyInstance) => {
        v3.addHook('onRequest', async (request, reply) => {
          if (!credentialsMatch(request.headers.authorization, options.shopId, options.secretKey)) {
            return sendError(
              reply,
              401,
              'invalid_credentials',
              'Error in shopId or secret key. Check their validity. You can reissue the key in the Merchant Profile',
              'Authorization',
            );
          }
          const failure = failures.shift();
          if (failure === 202) {
            return reply
              .code(202)
              .send({ type: 'processing', description: 'Request accepted', retry_after: 1800 });
          }
          if (failure !== undefined) {
            return sendError(reply, failure, 'internal_server_error', 'Internal server error');
          }
        });

        v3.post('/payments', async (request, reply) => idempotent(request, reply, createPayment));

        v3.get<{ Params: { id: string } }>('/payments/:id', async (request, reply) => {
          const stored = payments.get(request.params.id);
          if (!stored) return sendError(reply, 404, 'not_found', 'Payment not found', 'payment_id');
          return snapshot(stored.payment);
        });

        v3.get('/payments', async () => ({
          type: 'list',
          items: [...payments.values()].reverse().map((stored) => snapshot(stored.payment)),
        }));

        v3.post('/refunds', async (request, reply) =>
          idempotent(
            request,
            reply,
            (body) => createRefund(body),
            (created) => {
              const refund = created as YooKassaRefund;
              if (refund.status === 'succeeded') {
                void notify('refund.succeeded', refund.payment_id, refund, undefined);
              }
            },
          ),
        );

        v3.get<{ Params: { id: string } }>('/refunds/:id', async (request, reply) => {
          const refund = refunds.get(request.params.id);
          if (!refund) return sendError(reply, 404, 'not_found', 'Refund not found', 'refund_id');
          return snapshot(refund);
        });
      },
      { prefix: '/v3' },
    );

    type PageRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;

    function pageTarget(request: PageRequest): Stored | undefined {
      const id = request.query.orderId;
      return id ? payments.get(id) : undefined;
    }

    instance.get(CHECKOUT_PATH, async (request: PageRequest, reply) => {
      const stored = pageTarget(request);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!stored) return reply.code(404).send(renderNotFoundPage());
      const delivery = deliveryOptionsFromQuery(request.query);
      const query = `?orderId=${encodeURIComponent(stored.payment.id)}${deliveryQuery(delivery).replace(/^\?/, '&')}`;
      return reply.send(
        renderCheckoutPage({
          shopName: options.shopName ?? 'Kadr',
          description: stored.payment.description,
          amountMinor: stored.amountMinor,
          paymentId: stored.payment.id,
          status: stored.payment.status,
          payAction: `${baseUrl()}${CHECKOUT_PATH}/pay${query}`,
          cancelAction: `${baseUrl()}${CHECKOUT_PATH}/cancel${query}`,
          returnUrl: stored.returnUrl,
        }),
      );
    });

    for (const action of ['pay', 'cancel'] as const) {
      instance.post(`${CHECKOUT_PATH}/${action}`, async (request: PageRequest, reply) => {
        const stored = pageTarget(request);
        if (!stored) {
          return reply.code(404).type('text/html; charset=utf-8').send(renderNotFoundPage());
        }
        const delivery = deliveryOptionsFromQuery(request.query);
        // The page does not wait for the shop to accept the notification: the person is
        // redirected at once, and the notification races the return, as with the real service.
        const done =
          action === 'pay'
            ? pay(stored.payment.id, delivery)
            : cancel(stored.payment.id, PAGE_CANCELLATION, delivery);
        done.catch((error: unknown) => request.log.error({ err: error }, 'yookassa emulator'));
        const target = stored.returnUrl ?? checkoutUrl(stored.payment.id);
        return reply.header('cache-control', 'no-store').redirect(target, 303);
      });
    }
  };

  return {
    plugin,
    getPayment: (id) => {
      const stored = payments.get(id);
      return stored ? snapshot(stored.payment) : undefined;
    },
    listPayments: () => [...payments.values()].map((stored) => snapshot(stored.payment)),
    pay,
    cancel,
    async expire(id, delivery) {
      const stored = find(id);
      if (stored.payment.status !== 'pending') return snapshot(stored.payment);
      return cancel(id, { party: 'yoo_kassa', reason: 'expired_on_confirmation' }, delivery);
    },
    async refund(paymentId, amountMinor, refundOptions = {}) {
      const { status, ...delivery } = refundOptions;
      const stored = find(paymentId);
      const amount =
        amountMinor ?? stored.amountMinor - stored.refundedMinor - stored.pendingRefundMinor;
      const result = createRefund(
        { payment_id: paymentId, amount: rub(amount) },
        status ?? newRefundStatus,
      );
      if (result.status !== 200) {
        const body = result.body as { description: string };
        throw new Error(`YooKassa emulator: refund refused: ${body.description}`);
      }
      const refund = result.body as YooKassaRefund;
      if (refund.status === 'succeeded') {
        await notify('refund.succeeded', paymentId, refund, delivery);
      }
      return refund;
    },
    setRefundStatus(status) {
      newRefundStatus = status;
    },
    async settleRefund(refundId, outcome, delivery) {
      const refund = settlePendingRefund(refundId, outcome);
      if (outcome === 'succeeded') {
        await notify('refund.succeeded', refund.payment_id, snapshot(refund), delivery);
      }
      return snapshot(refund);
    },
    getRefund(refundId) {
      const refund = refunds.get(refundId);
      return refund ? snapshot(refund) : undefined;
    },
    setDelivery(delivery) {
      defaults = { ...delivery };
    },
    deliveries: () => notifier.deliveries(),
    settled: () => notifier.settled(),
    failNext(count, status) {
      for (let index = 0; index < count; index++) failures.push(status);
    },
    clear() {
      payments.clear();
      refunds.clear();
      idempotence.clear();
      failures.length = 0;
      newRefundStatus = 'succeeded';
      notifier.clear();
    },
    async close() {
      notifier.close();
    },
  };
}
