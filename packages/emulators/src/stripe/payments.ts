import type { DeliveryOptions } from '../payment-notifications/delivery.ts';
import type { Emit, Emitted } from './events.ts';
import type { FormValue } from './form.ts';
import { randomId, unixNow } from './ids.ts';
import { formatMoney } from './page.ts';
import { clone, type Store, type Stored } from './store.ts';
import type {
  AsyncOutcome,
  NewRefundStatus,
  StripeCharge,
  StripeCheckoutSession,
  StripePaymentIntent,
  StripeRefund,
} from './types.ts';
import { checkSessionParams, noSuch, StripeApiError } from './validation.ts';

/**
 * Checkout Sessions and the money that follows them: creating one, paying it (at once or by a
 * delayed method), expiring it, refunding its charge and settling a pending refund. Paying and
 * expiring send their events; a refund answers its events for the caller to send (the API's carry
 * the request they came from).
 */
export function createPayments(store: Store, emit: Emit, baseUrl: () => string) {
  const { sessions, intents, charges, refunds, disputes, intentOf, chargeOf, sessionIdOfIntent } =
    store;

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

  function createSession(params: Record<string, FormValue>): StripeCheckoutSession {
    const request = checkSessionParams(params);
    const id = randomId('cs_test_', 58);
    const session: StripeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: request.total,
      amount_total: request.total,
      cancel_url: request.cancelUrl ?? null,
      client_reference_id: request.clientReferenceId ?? null,
      created: request.created,
      currency: request.currency ?? 'usd',
      customer: null,
      customer_details: null,
      customer_email: request.email ?? null,
      expires_at: request.expiresAt,
      livemode: false,
      locale: request.locale ?? null,
      metadata: request.metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: request.successUrl,
      url: `${baseUrl()}/c/pay/${id}`,
    };
    sessions.set(id, {
      session,
      productName: request.productName,
      paymentIntentMetadata: request.intentMetadata,
    });
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

  function paidCharge(sessionId: string): StripeCharge {
    const stored = findSession(sessionId);
    const charge = chargeOf(stored);
    if (!charge) throw new Error(`Stripe emulator: session ${sessionId} has no successful charge`);
    return charge;
  }

  return {
    findSession,
    expireIfDue,
    createSession,
    pay,
    settleAsync,
    expireStored,
    expireOpen,
    refundCharge,
    settlePendingRefund,
    paidCharge,
  };
}

export type Payments = ReturnType<typeof createPayments>;
