import type { FastifyPluginAsync } from 'fastify';
import type { Delivery, DeliveryOptions } from '../payment-notifications/delivery.ts';

// The Stripe emulator's options, the objects it keeps (as the API answers them) and its control.

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

export type Metadata = Record<string, string>;

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
