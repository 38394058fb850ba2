import Stripe from 'stripe';
import {
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
  type RefundResult,
  WebhookRejectedError,
} from './gateway.ts';

/** Stripe Checkout (dollars) on the official `stripe` SDK (ADR 012). */
export interface StripeGatewayOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /**
   * `https://api.stripe.com`, or a base with a path such as the emulator's
   * `http://localhost:3000/emulators/stripe`: the SDK's `/v1/…` paths go under it.
   */
  apiUrl: string;
  /** The SDK's own retries of network errors, 409 and 5xx (same idempotency key); default 2. */
  maxNetworkRetries?: number;
  /** Per-request deadline; default 20 s. */
  timeoutMs?: number;
}

type Session = Stripe.Checkout.Session;

/**
 * The SDK takes a host, port and protocol but no base path. A fetch-based HTTP client that puts
 * the path of `apiUrl` in front of each request's path lets it reach a prefixed mount.
 */
function createClient(options: StripeGatewayOptions): Stripe {
  const base = new URL(options.apiUrl);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const prefix = base.pathname.replace(/\/+$/, '');
  return new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? '80' : '443'),
    protocol,
    telemetry: false,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    httpClient: Stripe.createFetchHttpClient((input, init) => {
      if (!prefix) return fetch(input, init);
      const url = new URL(String(input));
      url.pathname = `${prefix}${url.pathname}`;
      return fetch(url, init);
    }),
  });
}

function toProviderError(error: unknown, what: string): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      status === undefined ||
      status >= 500 ||
      status === 409 ||
      status === 429;
    return new PaymentProviderError(
      `Stripe ${what} failed: ${[error.code, error.message].filter(Boolean).join(': ')}`,
      { retryable, ...(status !== undefined ? { status } : {}), cause: error },
    );
  }
  return new PaymentProviderError(
    `Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
    { retryable: true, cause: error },
  );
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Whether a session is one of ours: in dollars and carrying our payment id. The account may hold
 * other shops' sessions (another currency, another integration); their events are acknowledged
 * and ignored, never refused: a refusal makes Stripe retry for days.
 */
function isOurs(session: Session): boolean {
  return (
    session.currency?.toLowerCase() === 'usd' &&
    Boolean(session.metadata?.paymentId || session.client_reference_id)
  );
}

/** A session's state as far as the session alone tells it (a signed event carries only that). */
function fromSession(
  session: Session,
  status: ProviderPayment['status'],
  reversedMinor: number | undefined,
  cancelReason?: string,
): ProviderPayment {
  const currency = session.currency?.toUpperCase();
  if (currency !== 'USD') {
    throw new PaymentProviderError(`Stripe session ${session.id} is in ${currency}, not USD`, {
      retryable: false,
    });
  }
  return {
    providerPaymentId: session.id,
    paymentId: session.metadata?.paymentId ?? session.client_reference_id ?? undefined,
    status,
    amountMinor: session.amount_total ?? 0,
    currency: 'USD',
    reversedMinor,
    cancelReason,
  };
}

/** The status a session's own fields give: paid → succeeded; expired → canceled; else pending. */
function sessionStatus(session: Session): ProviderPayment['status'] {
  if (session.status === 'expired') return 'canceled';
  if (
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
  ) {
    return 'succeeded';
  }
  return 'pending';
}

const FAILED_INTENT_STATUSES: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'canceled',
]);

/**
 * Refunds whose money did not leave: Stripe's Refund object is `pending`, `requires_action`,
 * `succeeded`, `failed` or `canceled` (https://docs.stripe.com/api/refunds/object). A failed
 * refund's money comes back to the balance; a canceled one never left. Everything else is money
 * gone or on its way, and counts.
 */
const REFUND_STATUSES_NOT_COUNTED: ReadonlySet<string> = new Set(['failed', 'canceled']);

/**
 * Disputes that hold the money (https://docs.stripe.com/api/disputes/object, stripe@23.1.0
 * `Dispute.Status`): a formal dispute withdraws the amount when it opens (`needs_response`,
 * `under_review`), and a lost one keeps it, appealed or not. Not counted: inquiries
 * (`warning_needs_response`, `warning_under_review`, `warning_closed`), which withdraw nothing
 * (https://stripe.com/docs/disputes, "Inquiries and retrievals"); `won`, whose money is reinstated
 * (`charge.dispute.funds_reinstated`); `prevented`, which never became a chargeback. An unknown new
 * status is not counted either: the read after its next event tells.
 */
const DISPUTE_STATUSES_HOLDING_MONEY: ReadonlySet<string> = new Set([
  'needs_response',
  'under_review',
  'lost',
  'appeal_needs_response',
  'appeal_under_review',
]);

/** A refund as Kadr reports it: `requires_action` is still on its way, `canceled` is a failure. */
export function refundResultOf(refund: Stripe.Refund): RefundResult {
  const status = refund.status ?? 'pending';
  return {
    refundId: refund.id,
    status:
      status === 'succeeded'
        ? 'succeeded'
        : REFUND_STATUSES_NOT_COUNTED.has(status)
          ? 'failed'
          : 'pending',
    amountMinor: refund.amount,
  };
}

/** Events that change what was taken back from a payment: the caller reads the payment again. */
const REVERSAL_EVENTS: ReadonlySet<string> = new Set([
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
]);

/** The checkout's own events: signed, believed as they are (but for the reversal). */
const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/**
 * Every event the gateway acts on: the Stripe endpoint must be subscribed to each of them
 * (docs/operations.md lists them; deployment.test.ts holds the two together).
 */
export const STRIPE_WEBHOOK_EVENTS: readonly string[] = [...CHECKOUT_EVENTS, ...REVERSAL_EVENTS];

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = createClient(options);

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(error, what);
    }
  }

  /**
   * Money taken back from the session's charge right now: refunds not failed or canceled plus
   * disputes that hold the money, at most the charge. Read from the refunds and disputes lists
   * (every page), not from `amount_refunded`, so that a refund's own status decides.
   */
  async function reversedOf(intent: Stripe.PaymentIntent | undefined): Promise<number> {
    const charge = intent?.latest_charge;
    if (!intent || !charge || typeof charge === 'string') return 0;
    let refunded = 0;
    await call(`list refunds of ${intent.id}`, async () => {
      for await (const refund of stripe.refunds.list({ payment_intent: intent.id, limit: 100 })) {
        if (!REFUND_STATUSES_NOT_COUNTED.has(refund.status ?? '')) refunded += refund.amount;
      }
    });
    let disputed = 0;
    // `disputed` turns true with the first dispute or inquiry and stays so.
    if (charge.disputed) {
      await call(`list disputes of ${intent.id}`, async () => {
        for await (const dispute of stripe.disputes.list({
          payment_intent: intent.id,
          limit: 100,
        })) {
          if (DISPUTE_STATUSES_HOLDING_MONEY.has(dispute.status)) disputed += dispute.amount;
        }
      });
    }
    return Math.min(charge.amount, refunded + disputed);
  }

  async function getPayment(sessionId: string): Promise<ProviderPayment> {
    const session = await call(`retrieve session ${sessionId}`, () =>
      stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }),
    );
    const intent =
      session.payment_intent && typeof session.payment_intent === 'object'
        ? session.payment_intent
        : undefined;
    let status = sessionStatus(session);
    let cancelReason: string | undefined = session.status === 'expired' ? 'expired' : undefined;
    // A delayed payment method that failed leaves the session complete and unpaid for good.
    if (status === 'pending' && session.status === 'complete' && intent) {
      if (FAILED_INTENT_STATUSES.has(intent.status)) {
        status = 'canceled';
        cancelReason = 'async_payment_failed';
      }
    }
    return fromSession(session, status, await reversedOf(intent), cancelReason);
  }

  /** Our Checkout Session a charge, refund or dispute belongs to, found by its payment intent. */
  async function sessionOfIntent(intentId: string | undefined): Promise<string | undefined> {
    if (!intentId) return undefined;
    const sessions = await call(`find the session of ${intentId}`, () =>
      stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 }),
    );
    const session = sessions.data[0];
    return session && isOurs(session) ? session.id : undefined;
  }

  return {
    name: 'stripe',
    currency: 'USD',
    // Stripe's page asks for the e-mail itself; Kadr sends no receipt through it.
    receiptsNeedEmail: false,

    async createCheckout(request) {
      if (request.currency !== 'USD') {
        throw new PaymentProviderError(`Stripe is used for USD, not ${request.currency}`, {
          retryable: false,
        });
      }
      const metadata = { paymentId: request.paymentId };
      const session = await call('create checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency: 'usd',
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
                quantity: 1,
              },
            ],
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.paymentId,
            metadata,
            payment_intent_data: { metadata },
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            locale: request.locale,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) {
        throw new PaymentProviderError(`Stripe session ${session.id} has no url`, {
          retryable: false,
        });
      }
      return { providerPaymentId: session.id, url: session.url };
    },

    getPayment,

    async parseWebhook(request) {
      const header = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.rawBody,
          (Array.isArray(header) ? header[0] : header) ?? '',
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookRejectedError(
          `Stripe signature not verified: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const notice = { eventId: event.id, eventType: event.type };
      const ignored = { ...notice, providerPaymentId: undefined, trusted: undefined };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const session = event.data.object;
          if (!isOurs(session)) return ignored;
          let status = sessionStatus(session);
          let reason: string | undefined;
          if (event.type === 'checkout.session.expired') {
            status = 'canceled';
            reason = 'expired';
          } else if (event.type === 'checkout.session.async_payment_failed') {
            status = 'canceled';
            reason = 'async_payment_failed';
          }
          // `completed` with payment_status unpaid is a delayed method still on its way. A session
          // says nothing of refunds or disputes: the reversal is left as it is.
          return {
            ...notice,
            providerPaymentId: session.id,
            trusted: fromSession(session, status, undefined, reason),
          };
        }
        default: {
          if (!REVERSAL_EVENTS.has(event.type)) return ignored;
          // A charge, a refund or a dispute: each names its payment intent and currency. The event
          // shows one of them; the cumulative reversal is read by the caller with getPayment, so
          // nothing here is trusted.
          const object = event.data.object as {
            payment_intent?: string | { id: string } | null;
            currency?: string;
          };
          if (object.currency?.toLowerCase() !== 'usd') return ignored;
          return {
            ...notice,
            providerPaymentId: await sessionOfIntent(idOf(object.payment_intent)),
            trusted: undefined,
          };
        }
      }
    },

    async expireCheckout(sessionId) {
      const session = await call(`retrieve session ${sessionId}`, () =>
        stripe.checkout.sessions.retrieve(sessionId),
      );
      if (session.status === 'open') {
        try {
          await stripe.checkout.sessions.expire(sessionId);
        } catch (error) {
          // Paid or expired in the meantime: Stripe refuses with a 400; the state below says which.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
            throw toProviderError(error, `expire session ${sessionId}`);
          }
        }
      }
      return getPayment(sessionId);
    },

    async refund(request) {
      const sessionId = request.providerPaymentId;
      const session = await call(`retrieve session ${sessionId}`, () =>
        stripe.checkout.sessions.retrieve(sessionId),
      );
      const intent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!intent) {
        throw new PaymentProviderError(`Stripe session ${sessionId} has no payment to refund`, {
          retryable: false,
        });
      }
      const refund = await call(`refund ${intent}`, () =>
        stripe.refunds.create(
          { payment_intent: intent, amount: request.amountMinor, reason: 'requested_by_customer' },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      // The payment is not read here: the caller reads it (getPayment) and takes the tokens back.
      return refundResultOf(refund);
    },
  };
}
