import type { Currency } from '@kadr/catalog';
import type { PaymentProviderName } from '@kadr/contract';

/**
 * What Kadr needs of a payment provider (YooKassa for roubles, Stripe for dollars). Adapters live
 * beside this file; the payment service (modules/payments) is their only caller. Amounts cross this
 * boundary in minor units (kopecks, cents) so nothing is ever rounded twice.
 */
export interface PaymentGateway {
  readonly name: PaymentProviderName;
  /** The currency this provider is used for. */
  readonly currency: Currency;
  /**
   * Whether each payment's receipt needs the buyer's e-mail (YooKassa sending 54-FZ receipts):
   * then a purchase by an account without one asks for it.
   */
  readonly receiptsNeedEmail: boolean;

  /**
   * Opens the provider's hosted payment page for one pending payment of ours. The same
   * `idempotencyKey` gives the same provider payment (the provider's own idempotency).
   */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;

  /**
   * The provider's authoritative view of one payment, fetched from its API now. Throws
   * `PaymentProviderError` when the provider cannot be reached or does not know the payment.
   */
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;

  /**
   * Checks a notification and says which payment it concerns. Throws `WebhookRejectedError` when it
   * is not the provider's (bad signature, stale, address outside the provider's ranges). Never
   * trusts the body's claims about state beyond what `trusted` carries: a notice without `trusted`
   * must be confirmed with `getPayment` before anything is credited.
   */
  parseWebhook(request: WebhookRequest): Promise<WebhookNotice>;

  /**
   * Closes a checkout nobody will pay any more (the person cancelled, or it stayed pending past
   * our timeout) where the provider allows it (Stripe expires the session), and answers the
   * payment's state after that. Where the provider has no such call (a pending YooKassa payment),
   * it only fetches the state: the caller then closes the payment on its side, and a late success
   * still arrives and credits.
   */
  expireCheckout(providerPaymentId: string): Promise<ProviderPayment>;

  /**
   * Gives money back for a paid payment (an operator's refund) and answers the refund as the
   * provider recorded it. The same `idempotencyKey` refunds once. The tokens are taken back by the
   * caller from the payment's state read afterwards (`getPayment`), exactly as for a refund the
   * provider reports by notification; a failure of that read does not undo the refund.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** A refund as the provider recorded it when asked for it. */
export interface RefundResult {
  refundId: string;
  /**
   * `succeeded`: the money left; `pending`: accepted, on its way (it may still fail, and then the
   * payment's reversal shrinks back); `failed`: refused or canceled, nothing left.
   */
  status: 'succeeded' | 'pending' | 'failed';
  amountMinor: number;
}

interface RefundRequest {
  providerPaymentId: string;
  amountMinor: number;
  idempotencyKey: string;
  /** For the 54-FZ refund receipt (YooKassa): the item as the purchase named it, and the buyer. */
  description: string;
  customerEmail: string | undefined;
}

export interface CheckoutRequest {
  /** Our payment id; travels in the provider's metadata (and Stripe's client_reference_id). */
  paymentId: string;
  idempotencyKey: string;
  /** The price in minor units (130000 kopecks, 1299 cents). */
  amountMinor: number;
  currency: Currency;
  tokens: number;
  /** The item's name on the page and the receipt, in the buyer's language ('600 кредитов Kadr'). */
  description: string;
  locale: 'ru' | 'en';
  /** Where the provider sends the person back after paying: /profile?topUp=<paymentId>. */
  returnUrl: string;
  /** Where a person who cancels goes back to (Stripe); YooKassa uses `returnUrl` for both. */
  cancelUrl: string;
  /** For the 54-FZ receipt (YooKassa) and Stripe's prefilled e-mail. */
  customerEmail: string | undefined;
}

interface CheckoutSession {
  providerPaymentId: string;
  /** The hosted payment page. */
  url: string;
}

/** One payment as the provider sees it. */
export interface ProviderPayment {
  providerPaymentId: string;
  /** Our payment id from the provider's metadata, when present. */
  paymentId: string | undefined;
  /** `canceled` covers cancelled, expired and failed payments: closed without money. */
  status: 'pending' | 'succeeded' | 'canceled';
  amountMinor: number;
  currency: Currency;
  /**
   * Money taken back right now, in minor units: refunds not failed or canceled plus disputes that
   * hold the money (opened, under review, or lost; not an inquiry, not won), at most the amount.
   * It may shrink: a dispute won or a refund that failed gives money back. `undefined` when this
   * view does not tell (a signed event about the session alone): then the reversal is left as it is.
   */
  reversedMinor: number | undefined;
  /** The provider's reason for a cancelled payment ('expired_on_confirmation', 'expired'…). */
  cancelReason?: string | undefined;
}

export interface WebhookRequest {
  rawBody: string;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The sender's address (behind TRUST_PROXY: the forwarded client address). */
  sourceIp: string;
}

export interface WebhookNotice {
  /** Unique per delivery of one event (retries of the same event share it): recorded once. */
  eventId: string;
  /** The event's type as the provider names it ('payment.succeeded', 'charge.refunded'…). */
  eventType: string;
  /** Which payment it concerns; undefined for events Kadr does not act on. */
  providerPaymentId: string | undefined;
  /**
   * The payment's state as carried by a verified, signed event (Stripe), or undefined when the
   * notification is unsigned (YooKassa): then only `getPayment` is believed.
   */
  trusted: ProviderPayment | undefined;
}

/** The provider answered with an error or could not be reached; `retryable` when worth retrying. */
export class PaymentProviderError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  constructor(message: string, options: { retryable: boolean; status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'PaymentProviderError';
    this.retryable = options.retryable;
    this.status = options.status;
  }
}

/** A notification that is not the provider's: answer 4xx and act on nothing. */
export class WebhookRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejectedError';
  }
}
