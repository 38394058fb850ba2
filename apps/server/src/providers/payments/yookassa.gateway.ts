import { z } from 'zod';
import { createAddressMatcher } from './address-ranges.ts';
import {
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
  type RefundResult,
  WebhookRejectedError,
} from './gateway.ts';

/**
 * YooKassa (roubles) through a small typed client of our own over `fetch` (ADR 012): YooKassa has
 * no official Node SDK. Answers are checked with zod; only what Kadr reads is declared.
 */
export interface YooKassaGatewayOptions {
  shopId: string;
  secretKey: string;
  /** `https://api.yookassa.ru/v3`, or the emulator's `…/emulators/yookassa/v3`. */
  apiUrl: string;
  /** 54-FZ receipts through YooKassa: the VAT code (1–12) and tax system (1–6) of every item. */
  receipt: { vatCode: number; taxSystemCode: number } | undefined;
  /** Addresses and CIDR ranges notifications may come from; 'any' turns the check off (demo). */
  allowedSources: readonly string[] | 'any';
  fetch?: typeof fetch;
  /** Waits before each retry of a 202, a 5xx, a 429 or a network error; default 0.5 s, 1.5 s, 3 s. */
  retryDelaysMs?: readonly number[];
  /** Per-attempt deadline; default 15 s. */
  timeoutMs?: number;
}

const amountSchema = z.object({
  value: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  currency: z.string(),
});

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean(),
  amount: amountSchema,
  refunded_amount: amountSchema.optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).nullish(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).nullish(),
});

type YooKassaPayment = z.output<typeof paymentSchema>;

/**
 * The refund object: `pending` while it is processed, then `succeeded`, or `canceled` with
 * cancellation details (https://yookassa.ru/developers/payment-acceptance/after-the-payment/refunds).
 */
const refundSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: amountSchema,
});

const errorSchema = z.object({
  type: z.literal('error'),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  object: z.object({
    id: z.string().min(1).max(100),
    status: z.string().optional(),
    payment_id: z.string().min(1).max(100).optional(),
  }),
});

const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [500, 1500, 3000];

/** 130000 → '1300.00'. */
function toDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0) {
    throw new PaymentProviderError(`Not an amount in kopecks: ${minor}`, { retryable: false });
  }
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** '1300.00' → 130000. */
function toMinor(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function toProviderPayment(payment: YooKassaPayment): ProviderPayment {
  if (payment.amount.currency !== 'RUB') {
    throw new PaymentProviderError(
      `YooKassa payment ${payment.id} is in ${payment.amount.currency}, not RUB`,
      { retryable: false },
    );
  }
  return {
    providerPaymentId: payment.id,
    paymentId: payment.metadata?.paymentId,
    status:
      payment.status === 'succeeded'
        ? 'succeeded'
        : payment.status === 'canceled'
          ? 'canceled'
          : 'pending',
    amountMinor: toMinor(payment.amount.value),
    currency: 'RUB',
    // Succeeded refunds: YooKassa has no disputes through the API, and a pending refund reaches
    // the payment (and `refund.succeeded`) only once it succeeds.
    reversedMinor: payment.refunded_amount ? toMinor(payment.refunded_amount.value) : 0,
    cancelReason: payment.cancellation_details?.reason,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The notifications the shop must send (a payment paid or cancelled, a refund made): every one
 * is only a prompt to read the payment from the API. docs/operations.md lists them;
 * deployment.test.ts holds the two together.
 */
export const YOOKASSA_NOTIFICATION_EVENTS: readonly string[] = [
  'payment.succeeded',
  'payment.canceled',
  'refund.succeeded',
];

export function createYooKassaGateway(options: YooKassaGatewayOptions): PaymentGateway {
  const doFetch = options.fetch ?? globalThis.fetch;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const sourceAllowed =
    options.allowedSources === 'any' ? () => true : createAddressMatcher(options.allowedSources);

  /**
   * One API call. A 202 ("still processing"), a 5xx, a 429 or a network failure is retried with
   * the same Idempotence-Key, as YooKassa's official SDKs do; any other 4xx is final.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<unknown> {
    let failure: PaymentProviderError | undefined;
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1] ?? 0);
      let response: Response;
      try {
        response = await doFetch(`${apiUrl}${path}`, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        failure = new PaymentProviderError(
          `YooKassa ${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`,
          { retryable: true, cause: error },
        );
        continue;
      }
      const text = await response.text();
      if (response.status === 202) {
        failure = new PaymentProviderError(`YooKassa ${method} ${path} is still processing`, {
          retryable: true,
          status: 202,
        });
        continue;
      }
      if (response.ok) {
        try {
          return JSON.parse(text);
        } catch (error) {
          throw new PaymentProviderError(`YooKassa ${method} ${path} answered non-JSON`, {
            retryable: true,
            status: response.status,
            cause: error,
          });
        }
      }
      const parsed = errorSchema.safeParse(safeJson(text));
      const detail = parsed.success
        ? [
            parsed.data.code,
            parsed.data.description,
            parsed.data.parameter && `(${parsed.data.parameter})`,
          ]
            .filter(Boolean)
            .join(' ')
        : text.slice(0, 200);
      const retryable = response.status >= 500 || response.status === 429;
      failure = new PaymentProviderError(
        `YooKassa ${method} ${path} answered ${response.status}: ${detail}`,
        { retryable, status: response.status },
      );
      if (!retryable) throw failure;
    }
    throw failure ?? new PaymentProviderError('YooKassa call failed', { retryable: true });
  }

  function parsePayment(value: unknown, what: string): YooKassaPayment {
    const parsed = paymentSchema.safeParse(value);
    if (!parsed.success) {
      throw new PaymentProviderError(
        `YooKassa ${what}: unexpected answer: ${parsed.error.message}`,
        {
          retryable: false,
        },
      );
    }
    return parsed.data;
  }

  /**
   * The 54-FZ receipt of one service item paid in full, when the shop sends receipts. `measure`
   * (tag 2108) is required with "Чеки от ЮKassa" or a register on FFD 1.2; `piece` is the unit of
   * something sold by the piece (YooKassa's SDKs, `ReceiptItemMeasure.PIECE`;
   * https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney/parameters-values#measure).
   */
  function receiptFor(
    description: string,
    amount: { value: string; currency: string },
    email: string,
  ): unknown {
    if (!options.receipt) return undefined;
    return {
      customer: { email },
      items: [
        {
          description,
          quantity: '1.00',
          amount,
          vat_code: options.receipt.vatCode,
          payment_mode: 'full_payment',
          payment_subject: 'service',
          measure: 'piece',
        },
      ],
      tax_system_code: options.receipt.taxSystemCode,
    };
  }

  async function getPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const answer = await call('GET', `/payments/${encodeURIComponent(providerPaymentId)}`);
    return toProviderPayment(parsePayment(answer, `payment ${providerPaymentId}`));
  }

  return {
    name: 'yookassa',
    currency: 'RUB',
    receiptsNeedEmail: options.receipt !== undefined,

    async createCheckout(request) {
      if (request.currency !== 'RUB') {
        throw new PaymentProviderError(`YooKassa takes RUB, not ${request.currency}`, {
          retryable: false,
        });
      }
      const amount = { value: toDecimal(request.amountMinor), currency: 'RUB' };
      const description = request.description.slice(0, 128);
      let receipt: unknown;
      if (options.receipt) {
        if (!request.customerEmail) {
          throw new PaymentProviderError('A 54-FZ receipt needs the customer e-mail', {
            retryable: false,
          });
        }
        receipt = receiptFor(description, amount, request.customerEmail);
      }
      const answer = await call(
        'POST',
        '/payments',
        {
          amount,
          capture: true,
          confirmation: {
            type: 'redirect',
            return_url: request.returnUrl,
            locale: request.locale === 'en' ? 'en_US' : 'ru_RU',
          },
          description,
          metadata: { paymentId: request.paymentId },
          ...(receipt ? { receipt } : {}),
        },
        request.idempotencyKey,
      );
      const payment = parsePayment(answer, 'create payment');
      const url = payment.confirmation?.confirmation_url;
      if (!url) {
        throw new PaymentProviderError(`YooKassa payment ${payment.id} has no confirmation_url`, {
          retryable: false,
        });
      }
      return { providerPaymentId: payment.id, url };
    },

    getPayment,

    async parseWebhook(request) {
      if (!sourceAllowed(request.sourceIp)) {
        throw new WebhookRejectedError(
          `YooKassa notification from ${request.sourceIp}, outside YooKassa's addresses`,
        );
      }
      const parsed = notificationSchema.safeParse(safeJson(request.rawBody));
      if (!parsed.success) throw new WebhookRejectedError('Not a YooKassa notification');
      const { event, object } = parsed.data;
      if (event === 'refund.succeeded') {
        if (!object.payment_id) {
          throw new WebhookRejectedError('refund.succeeded without the payment_id');
        }
        return {
          eventId: `refund.succeeded:${object.id}`,
          eventType: event,
          providerPaymentId: object.payment_id,
          trusted: undefined,
        };
      }
      if (event.startsWith('payment.')) {
        return {
          eventId: `${event}:${object.id}:${object.status ?? ''}`,
          eventType: event,
          providerPaymentId: object.id,
          // Unsigned: only what getPayment answers is believed.
          trusted: undefined,
        };
      }
      return {
        eventId: `${event}:${object.id}`,
        eventType: event,
        providerPaymentId: undefined,
        trusted: undefined,
      };
    },

    // YooKassa has no call to close a pending payment (cancel is for waiting_for_capture only):
    // the state is fetched, and a late success still arrives by notification.
    expireCheckout: getPayment,

    async refund(request) {
      const amount = { value: toDecimal(request.amountMinor), currency: 'RUB' };
      const receipt = request.customerEmail
        ? receiptFor(request.description.slice(0, 128), amount, request.customerEmail)
        : undefined;
      const answer = await call(
        'POST',
        '/refunds',
        { payment_id: request.providerPaymentId, amount, ...(receipt ? { receipt } : {}) },
        request.idempotencyKey,
      );
      // The payment is not read here: the caller reads it (getPayment) and takes the tokens back.
      return refundResultOf(answer);
    },
  };
}

/** The refund YooKassa answered, as Kadr reports it: `canceled` is a refund that failed. */
function refundResultOf(answer: unknown): RefundResult {
  const parsed = refundSchema.safeParse(answer);
  if (!parsed.success) {
    throw new PaymentProviderError(`YooKassa refund: unexpected answer: ${parsed.error.message}`, {
      retryable: false,
    });
  }
  const refund = parsed.data;
  return {
    refundId: refund.id,
    status: refund.status === 'canceled' ? 'failed' : refund.status,
    amountMinor: toMinor(refund.amount.value),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
