import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  createNotifier,
  type Delivery,
  type DeliveryOptions,
  deliveryOptionsFromQuery,
  deliveryQuery,
} from '../payment-notifications/delivery.ts';
import { FormError, type FormValue, parseStripeForm } from './form.ts';
import { formatMoney, renderStripeCheckoutPage } from './page.ts';

type FetchLike = typeof globalThis.fetch;

export type StripeEmulatorOptions = {
  /** Absolute URL where the plugin is mounted, e.g. `http://localhost:3000/emulators/stripe`. */
  publicBaseUrl: string | (() => string);
  /** The key the API accepts (`Authorization: Bearer sk_test_…`). */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** The webhook endpoint's URL. */
  webhookUrl: string | (() => string);
  /** The business name on the page. */
  businessName?: string;
  fetch?: FetchLike;
  /** Waits between retries of an event the endpoint did not accept (2xx). */
  retryDelaysMs?: readonly number[];
  logger?: { warn(obj: object, msg?: string): void };
};

type Metadata = Record<string, string>;

export type StripeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | StripePaymentIntent | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
};

export type StripePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  created: number;
  latest_charge: string | StripeCharge | null;
  livemode: false;
  metadata: Metadata;
  payment_method_types: string[];
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  last_payment_error: { code: string; message: string; type: string } | null;
};

/**
 * A refund's status (API reference, Refund object): `pending` until the card network settles it,
 * then `succeeded`, or `failed` (the money comes back to the merchant's balance). `canceled` and
 * `requires_action` belong to refunds of other payment methods and are not produced here.
 */
export type StripeRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export type StripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  failure_reason: string | null;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: StripeRefundStatus;
};

export type StripeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  disputed: boolean;
  livemode: false;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string | StripePaymentIntent;
  refunded: boolean;
  refunds: {
    object: 'list';
    data: StripeRefund[];
    has_more: false;
    total_count: number;
    url: string;
  };
  status: 'succeeded';
};

/**
 * A dispute's status (API reference, Dispute object). An inquiry (`warning_*`) moves no money; a
 * formal dispute withdraws the amount when it opens (`needs_response`, `under_review`), gives it
 * back when `won` and keeps it when `lost`. Appeals and `prevented` are not produced here.
 */
export type StripeDisputeStatus =
  | 'warning_needs_response'
  | 'warning_under_review'
  | 'warning_closed'
  | 'needs_response'
  | 'under_review'
  | 'won'
  | 'lost';

/** The adjustment a dispute makes to the balance: the withdrawal, then the reinstatement if won. */
export type StripeBalanceTransaction = {
  id: string;
  object: 'balance_transaction';
  amount: number;
  created: number;
  currency: string;
  description: string;
  reporting_category: 'dispute' | 'dispute_reversal';
  type: 'adjustment';
};

export type StripeDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: StripeBalanceTransaction[];
  charge: string;
  created: number;
  currency: string;
  evidence_details: {
    due_by: number;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Metadata;
  payment_intent: string;
  reason: string;
  status: StripeDisputeStatus;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** The status a new refund starts in (`setRefundStatus`, `refund(…, {status})`). */
export type NewRefundStatus = 'succeeded' | 'pending';

/** What the payer does on the page with a delayed payment method. */
export type AsyncOutcome = 'succeeded' | 'failed' | 'pending';

export type StripeEmulator = {
  /** Register with `app.register(emulator.plugin, { prefix: '/emulators/stripe' })`. */
  plugin: FastifyPluginAsync;
  getSession(id: string): StripeCheckoutSession | undefined;
  listSessions(): StripeCheckoutSession[];
  /**
   * The payer pays. With `asyncPayment`, a delayed method: `checkout.session.completed` with
   * payment_status `unpaid`, then `…async_payment_succeeded` or `…_failed` (none for 'pending';
   * settle it later with `settleAsyncPayment`).
   */
  pay(
    sessionId: string,
    options?: DeliveryOptions & { asyncPayment?: AsyncOutcome },
  ): Promise<StripeCheckoutSession>;
  settleAsyncPayment(
    sessionId: string,
    outcome: 'succeeded' | 'failed',
    delivery?: DeliveryOptions,
  ): Promise<StripeCheckoutSession>;
  /** Expires an open session (`checkout.session.expired`), as `POST …/expire` does. */
  expire(sessionId: string, delivery?: DeliveryOptions): Promise<StripeCheckoutSession>;
  /**
   * Refunds `amountMinor` cents of the session's charge (what is left when omitted), as
   * `POST /v1/refunds` does: `charge.refunded`. The refund starts in the status set by
   * `setRefundStatus` unless `status` says otherwise.
   */
  refund(
    sessionId: string,
    amountMinor?: number,
    options?: DeliveryOptions & { status?: NewRefundStatus },
  ): Promise<StripeRefund>;
  /** Refunds created from now on (API or control) start `succeeded` (the default) or `pending`. */
  setRefundStatus(status: NewRefundStatus): void;
  /**
   * A pending refund settles: `succeeded`, or `failed` (the money comes back: the charge's
   * `amount_refunded` shrinks). Sends `charge.refund.updated` with the refund.
   */
  settleRefund(
    refundId: string,
    outcome: 'succeeded' | 'failed',
    delivery?: DeliveryOptions,
  ): Promise<StripeRefund>;
  /**
   * The cardholder's bank questions the charge (all of it unless `amountMinor`). An `inquiry`
   * (`warning_needs_response`) moves no money and sends `charge.dispute.created`; a formal dispute
   * (`needs_response`) withdraws the amount: `charge.dispute.created`, `charge.dispute.funds_withdrawn`.
   * Answers the dispute id.
   */
  dispute(
    sessionId: string,
    options?: { amountMinor?: number; inquiry?: boolean; reason?: string },
    delivery?: DeliveryOptions,
  ): Promise<string>;
  /** The merchant submits evidence: `…needs_response` → `…under_review`, `charge.dispute.updated`. */
  respondToDispute(disputeId: string, delivery?: DeliveryOptions): Promise<StripeDispute>;
  /** An inquiry becomes a formal dispute: `needs_response`, `charge.dispute.updated` and `…funds_withdrawn`. */
  escalateInquiry(disputeId: string, delivery?: DeliveryOptions): Promise<StripeDispute>;
  /**
   * The issuer decides. A formal dispute: `won` (`charge.dispute.closed`, then
   * `charge.dispute.funds_reinstated`) or `lost` (`charge.dispute.closed`; the money stays
   * withdrawn). An inquiry just closes, `warning_closed`, whatever the outcome: no money moved.
   */
  closeDispute(
    disputeId: string,
    outcome: 'won' | 'lost',
    delivery?: DeliveryOptions,
  ): Promise<StripeDispute>;
  getDispute(disputeId: string): StripeDispute | undefined;
  getRefund(refundId: string): StripeRefund | undefined;
  setDelivery(options: DeliveryOptions): void;
  deliveries(): Delivery[];
  settled(): Promise<void>;
  /** The next `count` API calls answer `status` with a Stripe api_error and do nothing. */
  failNext(count: number, status: 500 | 503): void;
  clear(): void;
  close(): Promise<void>;
};

/** The API version events are rendered in (the SDK's pinned version at stripe@23.1.0). */
const API_VERSION = '2026-10-28.endive';

const STRIPE_LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);

const CREATE_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'customer_email',
  'expires_at',
  'payment_intent_data',
  'locale',
  'expand',
  'payment_method_types',
  'submit_type',
  'billing_address_collection',
  'allow_promotion_codes',
]);

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const byte of bytes) out += ALNUM[byte % ALNUM.length];
  return out;
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** A Stripe API error: the status and the `error` object of the answer. */
class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(
    status: number,
    message: string,
    extra: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.type = extra.type ?? 'invalid_request_error';
    this.code = extra.code;
    this.param = extra.param;
  }

  body(): { error: Record<string, string> } {
    return {
      error: {
        ...(this.code
          ? {
              code: this.code,
              doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`,
            }
          : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        type: this.type,
      },
    };
  }
}

function missing(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });
}

function noSuch(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
}

function asString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new StripeApiError(400, `Invalid string: ${param} must be a string`, {
      code: 'parameter_invalid_string',
      param,
    });
  }
  return value;
}

function asInteger(value: FormValue | undefined, param: string): number | undefined {
  const text = asString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) {
    throw new StripeApiError(400, `Invalid integer: ${text}`, {
      code: 'parameter_invalid_integer',
      param,
    });
  }
  return Number(text);
}

function asObject(
  value: FormValue | undefined,
  param: string,
): Record<string, FormValue> | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid object`, { code: 'parameter_invalid_string', param });
  }
  return value;
}

function asArray(value: FormValue | undefined, param: string): FormValue[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid array`, { code: 'parameter_invalid_array', param });
  }
  return value;
}

function checkUrl(value: string, param: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {}
  throw new StripeApiError(400, 'Not a valid URL', { code: 'url_invalid', param });
}

function checkMetadata(value: FormValue | undefined, param: string): Metadata {
  const object = asObject(value, param) ?? {};
  const entries = Object.entries(object);
  if (entries.length > 50) {
    throw new StripeApiError(400, 'Metadata can have at most 50 keys.', { param });
  }
  const out: Metadata = {};
  for (const [key, item] of entries) {
    const text = asString(item, `${param}[${key}]`) ?? '';
    if (key.length > 40) {
      throw new StripeApiError(400, 'Metadata keys can have up to 40 characters.', {
        param: `${param}[${key}]`,
      });
    }
    if (text.length > 500) {
      throw new StripeApiError(400, 'Metadata values can have up to 500 characters.', {
        param: `${param}[${key}]`,
      });
    }
    out[key] = text;
  }
  return out;
}

function checkExpand(value: FormValue | undefined): string[] {
  return (asArray(value, 'expand') ?? []).map(
    (item, index) => asString(item, `expand[${index}]`) ?? '',
  );
}

type Stored = {
  session: StripeCheckoutSession;
  productName: string;
  paymentIntentMetadata: Metadata;
};

type Saved = { fingerprint: string; status: number; body: unknown };

export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  const baseUrl = () =>
    (typeof options.publicBaseUrl === 'function'
      ? options.publicBaseUrl()
      : options.publicBaseUrl
    ).replace(/\/+$/, '');
  const sessions = new Map<string, Stored>();
  const intents = new Map<string, StripePaymentIntent>();
  const charges = new Map<string, StripeCharge>();
  const refunds = new Map<string, StripeRefund>();
  const disputes = new Map<string, StripeDispute>();
  const idempotency = new Map<string, Saved>();
  const failures: number[] = [];
  let defaults: DeliveryOptions = {};
  let newRefundStatus: NewRefundStatus = 'succeeded';
  let logger = options.logger;
  const notifier = createNotifier({
    url: options.webhookUrl,
    fetch: options.fetch,
    retryDelaysMs: options.retryDelaysMs,
    headers: (body) => ({
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signatureHeader(body, options.webhookSecret, unixNow()),
    }),
    logger: { warn: (obj, msg) => logger?.warn(obj, msg) },
  });

  function clone<T>(value: T): T {
    return structuredClone(value);
  }

  function findSession(id: string): Stored {
    const stored = sessions.get(id);
    if (!stored) throw noSuch('checkout.session', id, 'session');
    expireIfDue(stored);
    return stored;
  }

  /** Sessions past `expires_at` expire as Stripe's would (the event goes out in the background). */
  function expireIfDue(stored: Stored): void {
    if (stored.session.status === 'open' && unixNow() >= stored.session.expires_at) {
      void expireStored(stored, undefined, null);
    }
  }

  type Emitted = {
    type: string;
    subject: string;
    object: unknown;
    previous?: Record<string, unknown>;
  };

  function emit(
    events: Emitted[],
    delivery: DeliveryOptions | undefined,
    request: { id: string; idempotencyKey: string | null } | null,
  ): Promise<void> {
    const notifications = events.map((emitted) => {
      const event: StripeEvent = {
        id: randomId('evt_', 24),
        object: 'event',
        api_version: API_VERSION,
        created: unixNow(),
        data: {
          object: clone(emitted.object),
          ...(emitted.previous ? { previous_attributes: emitted.previous } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
        type: emitted.type,
      };
      return {
        eventId: event.id,
        event: event.type,
        subject: emitted.subject,
        body: JSON.stringify(event, null, 2),
      };
    });
    return notifier.notify(notifications, { ...defaults, ...delivery });
  }

  function createSession(params: Record<string, FormValue>): StripeCheckoutSession {
    for (const key of Object.keys(params)) {
      if (!CREATE_PARAMS.has(key)) {
        throw new StripeApiError(400, `Received unknown parameter: ${key}`, {
          code: 'parameter_unknown',
          param: key,
        });
      }
    }
    const mode = asString(params.mode, 'mode');
    if (mode === undefined) throw missing('mode');
    if (mode !== 'payment') {
      throw new StripeApiError(
        400,
        mode === 'setup' || mode === 'subscription'
          ? `This emulator supports mode=payment only, not ${mode}.`
          : 'Invalid mode: must be one of payment, setup, or subscription',
        { code: 'parameter_invalid_string', param: 'mode' },
      );
    }
    const items = asArray(params.line_items, 'line_items');
    if (!items || items.length === 0) throw missing('line_items');
    let currency: string | undefined;
    let total = 0;
    let productName = '';
    items.forEach((raw, index) => {
      const at = `line_items[${index}]`;
      const item = asObject(raw, at) ?? {};
      if (item.price !== undefined) {
        const price = asString(item.price, `${at}[price]`) ?? '';
        throw noSuch('price', price, `${at}[price]`);
      }
      const priceData = asObject(item.price_data, `${at}[price_data]`);
      if (!priceData) throw missing(`${at}[price_data]`);
      const itemCurrency = asString(priceData.currency, `${at}[price_data][currency]`);
      if (!itemCurrency) throw missing(`${at}[price_data][currency]`);
      if (!/^[a-z]{3}$/.test(itemCurrency)) {
        throw new StripeApiError(400, `Invalid currency: ${itemCurrency}.`, {
          code: 'parameter_invalid_string',
          param: `${at}[price_data][currency]`,
        });
      }
      if (currency && currency !== itemCurrency) {
        throw new StripeApiError(400, 'All line items must use the same currency.', {
          param: 'line_items',
        });
      }
      currency = itemCurrency;
      const unitAmount = asInteger(priceData.unit_amount, `${at}[price_data][unit_amount]`);
      if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      if (unitAmount < 0) {
        throw new StripeApiError(400, 'This value must be greater than or equal to 0.', {
          code: 'parameter_invalid_integer',
          param: `${at}[price_data][unit_amount]`,
        });
      }
      const productData = asObject(priceData.product_data, `${at}[price_data][product_data]`);
      const name = asString(productData?.name, `${at}[price_data][product_data][name]`);
      if (!name) throw missing(`${at}[price_data][product_data][name]`);
      const quantity = asInteger(item.quantity, `${at}[quantity]`);
      if (quantity === undefined) throw missing(`${at}[quantity]`);
      if (quantity < 1) {
        throw new StripeApiError(400, 'This value must be greater than or equal to 1.', {
          code: 'parameter_invalid_integer',
          param: `${at}[quantity]`,
        });
      }
      total += unitAmount * quantity;
      productName ||= quantity > 1 ? `${name} × ${quantity}` : name;
    });
    if (currency === 'usd' && total < 50) {
      throw new StripeApiError(
        400,
        "The Checkout Session's total amount due must add up to at least $0.50 usd",
        { code: 'amount_too_small' },
      );
    }
    const successUrl = asString(params.success_url, 'success_url');
    if (!successUrl) throw missing('success_url');
    checkUrl(successUrl, 'success_url');
    const cancelUrl = asString(params.cancel_url, 'cancel_url');
    if (cancelUrl !== undefined) checkUrl(cancelUrl, 'cancel_url');
    const clientReferenceId = asString(params.client_reference_id, 'client_reference_id');
    if (clientReferenceId !== undefined && clientReferenceId.length > 200) {
      throw new StripeApiError(400, 'client_reference_id can have up to 200 characters.', {
        param: 'client_reference_id',
      });
    }
    const email = asString(params.customer_email, 'customer_email');
    if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new StripeApiError(400, `Invalid email address: ${email}`, {
        code: 'email_invalid',
        param: 'customer_email',
      });
    }
    const locale = asString(params.locale, 'locale');
    if (locale !== undefined && !STRIPE_LOCALES.has(locale)) {
      throw new StripeApiError(400, `Invalid locale: ${locale}`, {
        code: 'parameter_invalid_string',
        param: 'locale',
      });
    }
    const created = unixNow();
    const expiresAt = asInteger(params.expires_at, 'expires_at') ?? created + 24 * 3600;
    if (expiresAt > created + 24 * 3600) {
      throw new StripeApiError(
        400,
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        { code: 'parameter_invalid_integer', param: 'expires_at' },
      );
    }
    if (expiresAt < created + 30 * 60) {
      throw new StripeApiError(
        400,
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        { code: 'parameter_invalid_integer', param: 'expires_at' },
      );
    }
    const metadata = checkMetadata(params.metadata, 'metadata');
    const intentData = asObject(params.payment_intent_data, 'payment_intent_data') ?? {};
    const intentMetadata = checkMetadata(intentData.metadata, 'payment_intent_data[metadata]');
    const id = randomId('cs_test_', 58);
    const session: StripeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl ?? null,
      client_reference_id: clientReferenceId ?? null,
      created,
      currency: currency ?? 'usd',
      customer: null,
      customer_details: null,
      customer_email: email ?? null,
      expires_at: expiresAt,
      livemode: false,
      locale: locale ?? null,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${baseUrl()}/c/pay/${id}`,
    };
    sessions.set(id, { session, productName, paymentIntentMetadata: intentMetadata });
    return clone(session);
  }

  function chargeFor(intent: StripePaymentIntent): StripeCharge {
    const charge: StripeCharge = {
      id: randomId('ch_', 24),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      created: unixNow(),
      currency: intent.currency,
      disputed: false,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      status: 'succeeded',
    };
    charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.amount_received = intent.amount;
    intent.status = 'succeeded';
    return charge;
  }

  function intentOf(stored: Stored): StripePaymentIntent | undefined {
    const id = stored.session.payment_intent;
    return typeof id === 'string' ? intents.get(id) : undefined;
  }

  function chargeOf(stored: Stored): StripeCharge | undefined {
    const chargeId = intentOf(stored)?.latest_charge;
    return typeof chargeId === 'string' ? charges.get(chargeId) : undefined;
  }

  async function pay(
    sessionId: string,
    payOptions: DeliveryOptions & { asyncPayment?: AsyncOutcome } = {},
  ): Promise<StripeCheckoutSession> {
    const stored = findSession(sessionId);
    const session = stored.session;
    if (session.status !== 'open') return clone(session);
    const { asyncPayment, ...delivery } = payOptions;
    const intent: StripePaymentIntent = {
      id: randomId('pi_', 24),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      created: unixNow(),
      latest_charge: null,
      livemode: false,
      metadata: { ...stored.paymentIntentMetadata },
      payment_method_types: ['card'],
      status: 'processing',
      last_payment_error: null,
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.url = null;
    session.payment_intent = intent.id;
    session.customer_details = {
      email: session.customer_email ?? 'customer@example.com',
      name: null,
    };
    const events: Emitted[] = [];
    if (!asyncPayment) {
      chargeFor(intent);
      session.payment_status = 'paid';
      events.push({ type: 'checkout.session.completed', subject: session.id, object: session });
    } else {
      // Snapshot now: settling below changes the session the completed event carried.
      events.push({
        type: 'checkout.session.completed',
        subject: session.id,
        object: clone(session),
      });
      if (asyncPayment !== 'pending') events.push(settleAsync(stored, asyncPayment));
    }
    await emit(events, delivery, null);
    return clone(session);
  }

  function settleAsync(stored: Stored, outcome: 'succeeded' | 'failed'): Emitted {
    const intent = intentOf(stored);
    if (intent?.status !== 'processing') {
      throw new Error(`Stripe emulator: session ${stored.session.id} has no pending async payment`);
    }
    if (outcome === 'succeeded') {
      chargeFor(intent);
      stored.session.payment_status = 'paid';
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'payment_intent_payment_attempt_failed',
        message: 'The payment failed.',
        type: 'invalid_request_error',
      };
    }
    // The event's session is a snapshot taken now (emit clones it).
    return {
      type: `checkout.session.async_payment_${outcome}`,
      subject: stored.session.id,
      object: clone(stored.session),
    };
  }

  async function expireStored(
    stored: Stored,
    delivery: DeliveryOptions | undefined,
    request: { id: string; idempotencyKey: string | null } | null,
  ): Promise<void> {
    stored.session.status = 'expired';
    stored.session.url = null;
    await emit(
      [{ type: 'checkout.session.expired', subject: stored.session.id, object: stored.session }],
      delivery,
      request,
    );
  }

  function expireOpen(id: string): Stored {
    const stored = findSession(id);
    if (stored.session.status !== 'open') {
      throw new StripeApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${stored.session.status}".`,
      );
    }
    return stored;
  }

  function refundCharge(
    charge: StripeCharge,
    amount: number | undefined,
    reason: string | null,
    status: NewRefundStatus,
  ): { refund: StripeRefund; events: Emitted[] } {
    // A formal dispute took the money already; Stripe refuses to refund it a second time.
    const contested = [...disputes.values()].some(
      (dispute) => dispute.charge === charge.id && !dispute.is_charge_refundable,
    );
    if (contested) {
      throw new StripeApiError(
        400,
        `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        { code: 'charge_disputed' },
      );
    }
    // Pending refunds hold their amount as Stripe's do: what is left excludes them.
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const value = amount ?? left;
    if (value <= 0) {
      throw new StripeApiError(400, 'Amount must be at least 1 cent.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    }
    if (value > left) {
      throw new StripeApiError(
        400,
        `Refund amount (${formatMoney(value, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, charge.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund: StripeRefund = {
      id: randomId('re_', 24),
      object: 'refund',
      amount: value,
      charge: charge.id,
      created: unixNow(),
      currency: charge.currency,
      failure_reason: null,
      metadata: {},
      payment_intent: String(charge.payment_intent),
      reason,
      status,
    };
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    // The charge counts a pending refund at once (our reading of Stripe: `charge.refunded` is
    // sent when the refund is created); a refund that fails later is taken off again.
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    charge.refunds.total_count += 1;
    const subject = sessionIdOfIntent(String(charge.payment_intent)) ?? charge.id;
    return {
      refund: clone(refund),
      events: [{ type: 'charge.refunded', subject, object: clone(charge), previous }],
    };
  }

  function settlePendingRefund(
    refundId: string,
    outcome: 'succeeded' | 'failed',
  ): { refund: StripeRefund; event: Emitted } {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`Stripe emulator: no refund ${refundId}`);
    if (refund.status !== 'pending') {
      throw new Error(`Stripe emulator: refund ${refundId} is ${refund.status}, not pending`);
    }
    const charge = charges.get(refund.charge);
    if (!charge) throw new Error(`Stripe emulator: refund ${refundId} has no charge`);
    const previous = { status: refund.status, failure_reason: refund.failure_reason };
    refund.status = outcome;
    if (outcome === 'failed') {
      // The money comes back to the merchant; the charge no longer counts it as refunded.
      refund.failure_reason = 'expired_or_canceled_card';
      charge.amount_refunded -= refund.amount;
      charge.refunded = charge.amount_refunded === charge.amount;
    }
    const subject = sessionIdOfIntent(refund.payment_intent) ?? charge.id;
    return {
      refund,
      event: { type: 'charge.refund.updated', subject, object: clone(refund), previous },
    };
  }

  function findDispute(disputeId: string): StripeDispute {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`Stripe emulator: no dispute ${disputeId}`);
    return dispute;
  }

  function disputeEvent(
    type: string,
    dispute: StripeDispute,
    previous?: Record<string, unknown>,
  ): Emitted {
    const subject = sessionIdOfIntent(dispute.payment_intent) ?? dispute.charge;
    return { type, subject, object: clone(dispute), ...(previous ? { previous } : {}) };
  }

  /** The balance adjustment of a dispute: withdrawn when it opens, reinstated when it is won. */
  function adjustBalance(dispute: StripeDispute, direction: 'withdrawn' | 'reinstated'): void {
    const withdrawn = direction === 'withdrawn';
    dispute.balance_transactions.push({
      id: randomId('txn_', 24),
      object: 'balance_transaction',
      amount: withdrawn ? -dispute.amount : dispute.amount,
      created: unixNow(),
      currency: dispute.currency,
      description: `${withdrawn ? 'Chargeback withdrawal' : 'Chargeback reversal'} for ${dispute.charge}`,
      reporting_category: withdrawn ? 'dispute' : 'dispute_reversal',
      type: 'adjustment',
    });
  }

  function openDispute(
    sessionId: string,
    options: { amountMinor?: number; inquiry?: boolean; reason?: string },
  ): { dispute: StripeDispute; events: Emitted[] } {
    const charge = paidCharge(sessionId);
    const inquiry = options.inquiry ?? false;
    const amount = options.amountMinor ?? charge.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > charge.amount) {
      throw new Error(`Stripe emulator: a dispute of ${amount} on a charge of ${charge.amount}`);
    }
    const created = unixNow();
    const dispute: StripeDispute = {
      id: randomId('dp_', 24),
      object: 'dispute',
      amount,
      balance_transactions: [],
      charge: charge.id,
      created,
      currency: charge.currency,
      evidence_details: {
        due_by: created + 7 * 24 * 3600,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      // An inquiry can still be settled by refunding; a formal dispute has taken the money.
      is_charge_refundable: inquiry,
      livemode: false,
      metadata: {},
      payment_intent: String(charge.payment_intent),
      reason: options.reason ?? (inquiry ? 'unrecognized' : 'fraudulent'),
      status: inquiry ? 'warning_needs_response' : 'needs_response',
    };
    disputes.set(dispute.id, dispute);
    charge.disputed = true;
    const events = [disputeEvent('charge.dispute.created', dispute)];
    if (!inquiry) {
      adjustBalance(dispute, 'withdrawn');
      events.push(disputeEvent('charge.dispute.funds_withdrawn', dispute));
    }
    return { dispute, events };
  }

  function respond(dispute: StripeDispute): Emitted[] {
    const previous = { status: dispute.status };
    if (dispute.status === 'warning_needs_response') dispute.status = 'warning_under_review';
    else if (dispute.status === 'needs_response') dispute.status = 'under_review';
    else {
      throw new Error(
        `Stripe emulator: dispute ${dispute.id} is ${dispute.status}, not awaiting a response`,
      );
    }
    dispute.evidence_details.has_evidence = true;
    dispute.evidence_details.submission_count += 1;
    return [disputeEvent('charge.dispute.updated', dispute, previous)];
  }

  function escalate(dispute: StripeDispute): Emitted[] {
    if (dispute.status !== 'warning_needs_response' && dispute.status !== 'warning_under_review') {
      throw new Error(
        `Stripe emulator: dispute ${dispute.id} is ${dispute.status}, not an open inquiry`,
      );
    }
    const previous = { status: dispute.status, is_charge_refundable: true };
    dispute.status = 'needs_response';
    dispute.is_charge_refundable = false;
    dispute.evidence_details.has_evidence = false;
    adjustBalance(dispute, 'withdrawn');
    return [
      disputeEvent('charge.dispute.updated', dispute, previous),
      disputeEvent('charge.dispute.funds_withdrawn', dispute),
    ];
  }

  function close(dispute: StripeDispute, outcome: 'won' | 'lost'): Emitted[] {
    const previous = { status: dispute.status };
    switch (dispute.status) {
      case 'warning_needs_response':
      case 'warning_under_review':
        dispute.status = 'warning_closed';
        return [disputeEvent('charge.dispute.closed', dispute, previous)];
      case 'needs_response':
      case 'under_review': {
        dispute.status = outcome;
        const events = [disputeEvent('charge.dispute.closed', dispute, previous)];
        if (outcome === 'won') {
          adjustBalance(dispute, 'reinstated');
          events.push(disputeEvent('charge.dispute.funds_reinstated', dispute));
        }
        return events;
      }
      default:
        throw new Error(`Stripe emulator: dispute ${dispute.id} is already ${dispute.status}`);
    }
  }

  function sessionIdOfIntent(intentId: string): string | undefined {
    for (const stored of sessions.values()) {
      if (stored.session.payment_intent === intentId) return stored.session.id;
    }
    return undefined;
  }

  function paidCharge(sessionId: string): StripeCharge {
    const stored = findSession(sessionId);
    const charge = chargeOf(stored);
    if (!charge) throw new Error(`Stripe emulator: session ${sessionId} has no successful charge`);
    return charge;
  }

  /** Replaces ids with their objects along `expand` paths (`payment_intent.latest_charge`). */
  function expand<T>(object: T, paths: string[]): T {
    const out = clone(object) as Record<string, unknown>;
    for (const path of paths) {
      let targets: Record<string, unknown>[] = [out];
      const segments = path.split('.');
      for (const [index, segment] of segments.entries()) {
        const next: Record<string, unknown>[] = [];
        for (const target of targets) {
          if (segment === 'data' && Array.isArray(target.data) && index < segments.length - 1) {
            next.push(...(target.data as Record<string, unknown>[]));
            continue;
          }
          const value = target[segment];
          if (value === null) continue;
          if (typeof value === 'string') {
            const found = lookup(value);
            if (!found) throw cannotExpand(path);
            target[segment] = clone(found);
            next.push(target[segment] as Record<string, unknown>);
          } else if (typeof value === 'object' && value !== null && 'id' in value) {
            next.push(value as Record<string, unknown>);
          } else {
            throw cannotExpand(path);
          }
        }
        targets = next;
      }
    }
    return out as T;
  }

  function cannotExpand(path: string): StripeApiError {
    return new StripeApiError(400, `This property cannot be expanded (${path}).`, {
      param: 'expand',
    });
  }

  function lookup(id: string): object | undefined {
    if (id.startsWith('pi_')) return intents.get(id);
    if (id.startsWith('ch_')) return charges.get(id);
    if (id.startsWith('cs_')) return sessions.get(id)?.session;
    if (id.startsWith('re_')) return refunds.get(id);
    if (id.startsWith('dp_')) return disputes.get(id);
    return undefined;
  }

  /** A page of a list, newest first, as Stripe pages: `limit` and `starting_after` (an id). */
  function list<T extends { id: string }>(
    data: T[],
    url: string,
    params: Record<string, FormValue>,
  ) {
    const limit = asInteger(params.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) {
      throw new StripeApiError(400, 'This value must be between 1 and 100.', {
        code: 'parameter_invalid_integer',
        param: 'limit',
      });
    }
    const after = asString(params.starting_after, 'starting_after');
    let from = 0;
    if (after) {
      const index = data.findIndex((item) => item.id === after);
      if (index < 0) throw noSuch('object', after, 'starting_after');
      from = index + 1;
    }
    const rest = data.slice(from);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }

  function keyMatches(header: string | undefined): boolean {
    if (!header) return false;
    let key: string | undefined;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (bearer) key = bearer[1];
    const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (basic?.[1]) key = Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
    if (!key) return false;
    const given = Buffer.from(key);
    const expected = Buffer.from(options.secretKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function maskKey(header: string | undefined): string {
    const key = /^Bearer\s+(\S+)/i.exec(header ?? '')?.[1] ?? '';
    return key.length > 8
      ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : key;
  }

  const plugin: FastifyPluginAsync = async (instance) => {
    logger ??= instance.log;
    instance.addHook('onClose', async () => notifier.close());
    // Its own form parser (the raw text, parsed with bracket nesting), whatever the host app has.
    if (instance.hasContentTypeParser('application/x-www-form-urlencoded')) {
      instance.removeContentTypeParser('application/x-www-form-urlencoded');
    }
    instance.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, String(body)),
    );

    instance.setErrorHandler((error, request, reply) => {
      if (error instanceof StripeApiError) {
        return reply.code(error.status).send(error.body());
      }
      if (error instanceof FormError) {
        return reply.code(400).send(new StripeApiError(400, error.message).body());
      }
      const status =
        typeof error === 'object' && error !== null && 'statusCode' in error
          ? Number(error.statusCode)
          : 500;
      if (status >= 400 && status < 500) {
        const message = error instanceof Error ? error.message : 'Bad request';
        return reply.code(status).send(new StripeApiError(status, message).body());
      }
      request.log.error({ err: error }, 'stripe emulator error');
      return reply
        .code(500)
        .send(new StripeApiError(500, 'An unknown error occurred', { type: 'api_error' }).body());
    });

    await instance.register(
      async (v1: FastifyInstance) => {
        v1.addHook('onRequest', async (request, reply) => {
          reply.header('request-id', randomId('req_', 14));
          const header = request.headers.authorization;
          if (!keyMatches(header)) {
            const message = header
              ? `Invalid API Key provided: ${maskKey(header)}`
              : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
            return reply.code(401).send(new StripeApiError(401, message).body());
          }
          const failure = failures.shift();
          if (failure !== undefined) {
            return reply.code(failure).send(
              new StripeApiError(failure, 'An unknown error occurred', {
                type: 'api_error',
              }).body(),
            );
          }
        });

        /** Parameters of the request: the form body for POST, the query string for GET. */
        function paramsOf(request: FastifyRequest): Record<string, FormValue> {
          if (request.method === 'GET') {
            const query = request.raw.url?.split('?')[1] ?? '';
            return parseStripeForm(query);
          }
          return parseStripeForm(typeof request.body === 'string' ? request.body : '');
        }

        /** Stripe's idempotency: the first answer for a key is replayed; other params are refused. */
        function idempotent(
          request: FastifyRequest,
          reply: FastifyReply,
          run: (requestInfo: { id: string; idempotencyKey: string | null }) => unknown,
        ): unknown {
          const header = request.headers['idempotency-key'];
          const key = Array.isArray(header) ? header[0] : header;
          const requestInfo = {
            id: String(reply.getHeader('request-id')),
            idempotencyKey: key ?? null,
          };
          if (!key) return run(requestInfo);
          if (key.length > 255) {
            throw new StripeApiError(400, 'Idempotency keys can be at most 255 characters long.', {
              type: 'idempotency_error',
            });
          }
          const body = typeof request.body === 'string' ? request.body : '';
          const canonicalBody = [...new URLSearchParams(body)]
            .map(([name, value]) => `${name}=${value}`)
            .sort()
            .join('&');
          const fingerprint = `${request.method} ${request.url.split('?')[0]} ${canonicalBody}`;
          const saved = idempotency.get(key);
          if (saved) {
            if (saved.fingerprint !== fingerprint) {
              throw new StripeApiError(
                400,
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                { type: 'idempotency_error' },
              );
            }
            reply.header('idempotent-replayed', 'true');
            return reply.code(saved.status).send(saved.body);
          }
          const result = run(requestInfo);
          idempotency.set(key, { fingerprint, status: 200, body: result });
          return result;
        }

        v1.post('/checkout/sessions', async (request, reply) =>
          idempotent(request, reply, () => {
            const params = paramsOf(request);
            const created = createSession(params);
            return expand(created, checkExpand(params.expand));
          }),
        );

        v1.get('/checkout/sessions', async (request) => {
          const params = paramsOf(request);
          const intentId = asString(params.payment_intent, 'payment_intent');
          const all = [...sessions.values()]
            .filter((stored) => !intentId || stored.session.payment_intent === intentId)
            .reverse();
          for (const stored of all) expireIfDue(stored);
          const page = list(
            all.map((stored) => stored.session),
            '/v1/checkout/sessions',
            params,
          );
          return expand(page, checkExpand(params.expand));
        });

        v1.get<{ Params: { id: string } }>('/checkout/sessions/:id', async (request) => {
          const stored = findSession(request.params.id);
          return expand(stored.session, checkExpand(paramsOf(request).expand));
        });

        v1.post<{ Params: { id: string } }>(
          '/checkout/sessions/:id/expire',
          async (request, reply) =>
            idempotent(request, reply, (requestInfo) => {
              const stored = expireOpen(request.params.id);
              void expireStored(stored, undefined, requestInfo);
              return expand(stored.session, checkExpand(paramsOf(request).expand));
            }),
        );

        v1.get<{ Params: { id: string } }>('/payment_intents/:id', async (request) => {
          const intent = intents.get(request.params.id);
          if (!intent) throw noSuch('payment_intent', request.params.id, 'intent');
          return expand(intent, checkExpand(paramsOf(request).expand));
        });

        v1.get<{ Params: { id: string } }>('/charges/:id', async (request) => {
          const charge = charges.get(request.params.id);
          if (!charge) throw noSuch('charge', request.params.id, 'id');
          return expand(charge, checkExpand(paramsOf(request).expand));
        });

        v1.post('/refunds', async (request, reply) =>
          idempotent(request, reply, (requestInfo) => {
            const params = paramsOf(request);
            const intentId = asString(params.payment_intent, 'payment_intent');
            const chargeId = asString(params.charge, 'charge');
            let charge: StripeCharge | undefined;
            if (chargeId) {
              charge = charges.get(chargeId);
              if (!charge) throw noSuch('charge', chargeId, 'charge');
            } else if (intentId) {
              const intent = intents.get(intentId);
              if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
              const latest = intent.latest_charge;
              charge = typeof latest === 'string' ? charges.get(latest) : undefined;
              if (!charge) {
                throw new StripeApiError(
                  400,
                  'This PaymentIntent does not have a successful charge to refund.',
                  { code: 'charge_not_refundable', param: 'payment_intent' },
                );
              }
            } else {
              throw new StripeApiError(
                400,
                'One of the following params should be provided for this request: payment_intent or charge.',
                { code: 'parameter_missing' },
              );
            }
            const reason = asString(params.reason, 'reason') ?? null;
            const { refund, events } = refundCharge(
              charge,
              asInteger(params.amount, 'amount'),
              reason,
              newRefundStatus,
            );
            void emit(events, undefined, requestInfo);
            return refund;
          }),
        );

        v1.get('/refunds', async (request) => {
          const params = paramsOf(request);
          const intentId = asString(params.payment_intent, 'payment_intent');
          const chargeId = asString(params.charge, 'charge');
          const matching = [...refunds.values()]
            .filter(
              (refund) =>
                (!intentId || refund.payment_intent === intentId) &&
                (!chargeId || refund.charge === chargeId),
            )
            .reverse();
          return expand(list(matching, '/v1/refunds', params), checkExpand(params.expand));
        });

        v1.get<{ Params: { id: string } }>('/refunds/:id', async (request) => {
          const refund = refunds.get(request.params.id);
          if (!refund) throw noSuch('refund', request.params.id, 'id');
          return refund;
        });

        v1.get('/disputes', async (request) => {
          const params = paramsOf(request);
          const intentId = asString(params.payment_intent, 'payment_intent');
          const chargeId = asString(params.charge, 'charge');
          const matching = [...disputes.values()]
            .filter(
              (dispute) =>
                (!intentId || dispute.payment_intent === intentId) &&
                (!chargeId || dispute.charge === chargeId),
            )
            .reverse();
          return expand(list(matching, '/v1/disputes', params), checkExpand(params.expand));
        });

        v1.get<{ Params: { id: string } }>('/disputes/:id', async (request) => {
          const dispute = disputes.get(request.params.id);
          if (!dispute) throw noSuch('dispute', request.params.id, 'dispute');
          return dispute;
        });
      },
      { prefix: '/v1' },
    );

    type PageRequest = FastifyRequest<{
      Params: { id: string };
      Querystring: Record<string, string | undefined>;
    }>;

    function pageOptions(query: Record<string, string | undefined>) {
      const delivery = deliveryOptionsFromQuery(query);
      const requested = query.async;
      const asyncPayment: AsyncOutcome | undefined =
        requested === 'succeeded' || requested === 'failed' || requested === 'pending'
          ? requested
          : undefined;
      const params = new URLSearchParams(deliveryQuery(delivery));
      if (asyncPayment) params.set('async', asyncPayment);
      const text = params.toString();
      return { delivery, asyncPayment, query: text ? `?${text}` : '' };
    }

    function successUrl(session: StripeCheckoutSession): string {
      return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    }

    instance.get('/c/pay/:id', async (request: PageRequest, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const stored = sessions.get(request.params.id);
      if (!stored) {
        return reply
          .code(404)
          .send(
            '<!doctype html><html lang="en"><title>Not found</title><h1>Something went wrong</h1><p>The page you were looking for could not be found.</p></html>',
          );
      }
      expireIfDue(stored);
      const session = stored.session;
      const { query } = pageOptions(request.query);
      const base = `${baseUrl()}/c/pay/${session.id}`;
      return reply.send(
        renderStripeCheckoutPage({
          businessName: options.businessName ?? 'Kadr',
          productName: stored.productName,
          amountMinor: session.amount_total,
          currency: session.currency,
          email: session.customer_email,
          status: session.status,
          payAction: `${base}/confirm${query}`,
          cancelAction: `${base}/cancel${query}`,
          successUrl: session.status === 'complete' ? successUrl(session) : null,
        }),
      );
    });

    instance.post('/c/pay/:id/confirm', async (request: PageRequest, reply) => {
      const stored = sessions.get(request.params.id);
      if (!stored) return reply.code(404).type('text/html; charset=utf-8').send('Not found');
      expireIfDue(stored);
      if (stored.session.status === 'expired') {
        return reply.redirect(`${baseUrl()}/c/pay/${stored.session.id}`, 303);
      }
      const { delivery, asyncPayment } = pageOptions(request.query);
      // The redirect does not wait for the webhook: they race, as with Stripe.
      pay(stored.session.id, { ...delivery, ...(asyncPayment ? { asyncPayment } : {}) }).catch(
        (error: unknown) => request.log.error({ err: error }, 'stripe emulator'),
      );
      return reply.header('cache-control', 'no-store').redirect(successUrl(stored.session), 303);
    });

    instance.post('/c/pay/:id/cancel', async (request: PageRequest, reply) => {
      const stored = sessions.get(request.params.id);
      if (!stored) return reply.code(404).type('text/html; charset=utf-8').send('Not found');
      // Stripe sends nothing: the session stays open until it expires or is expired.
      const target = stored.session.cancel_url ?? `${baseUrl()}/c/pay/${stored.session.id}`;
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    });
  };

  return {
    plugin,
    getSession: (id) => {
      const stored = sessions.get(id);
      return stored ? clone(stored.session) : undefined;
    },
    listSessions: () => [...sessions.values()].map((stored) => clone(stored.session)),
    pay,
    async settleAsyncPayment(sessionId, outcome, delivery) {
      const stored = findSession(sessionId);
      await emit([settleAsync(stored, outcome)], delivery, null);
      return clone(stored.session);
    },
    async expire(sessionId, delivery) {
      const stored = expireOpen(sessionId);
      await expireStored(stored, delivery, null);
      return clone(stored.session);
    },
    async refund(sessionId, amountMinor, refundOptions = {}) {
      const { status, ...delivery } = refundOptions;
      const { refund, events } = refundCharge(
        paidCharge(sessionId),
        amountMinor,
        null,
        status ?? newRefundStatus,
      );
      await emit(events, delivery, null);
      return refund;
    },
    setRefundStatus(status) {
      newRefundStatus = status;
    },
    async settleRefund(refundId, outcome, delivery) {
      const { refund, event } = settlePendingRefund(refundId, outcome);
      await emit([event], delivery, null);
      return clone(refund);
    },
    async dispute(sessionId, disputeOptions = {}, delivery) {
      const { dispute, events } = openDispute(sessionId, disputeOptions);
      await emit(events, delivery, null);
      return dispute.id;
    },
    async respondToDispute(disputeId, delivery) {
      const dispute = findDispute(disputeId);
      await emit(respond(dispute), delivery, null);
      return clone(dispute);
    },
    async escalateInquiry(disputeId, delivery) {
      const dispute = findDispute(disputeId);
      await emit(escalate(dispute), delivery, null);
      return clone(dispute);
    },
    async closeDispute(disputeId, outcome, delivery) {
      const dispute = findDispute(disputeId);
      await emit(close(dispute, outcome), delivery, null);
      return clone(dispute);
    },
    getDispute(disputeId) {
      const dispute = disputes.get(disputeId);
      return dispute ? clone(dispute) : undefined;
    },
    getRefund(refundId) {
      const refund = refunds.get(refundId);
      return refund ? clone(refund) : undefined;
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
      sessions.clear();
      intents.clear();
      charges.clear();
      refunds.clear();
      disputes.clear();
      idempotency.clear();
      failures.length = 0;
      newRefundStatus = 'succeeded';
      notifier.clear();
    },
    async close() {
      notifier.close();
    },
  };
}

/** `t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed by the whole secret string>`, as Stripe signs. */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
