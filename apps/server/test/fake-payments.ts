import { createHmac, randomUUID } from 'node:crypto';
import type { Currency } from '@kadr/catalog';
import type { PaymentProviderName } from '@kadr/contract';
import {
  type CheckoutRequest,
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
  type RefundResult,
  WebhookRejectedError,
  type WebhookRequest,
} from '../src/providers/payments/gateway.ts';

/** A provider's own record of one payment in the fake. */
interface FakeProviderPayment {
  request: CheckoutRequest;
  state: ProviderPayment;
}

/** What a notification from the fake carries, as the fake provider sends it. */
export interface FakeNotification {
  rawBody: string;
  headers: Record<string, string>;
  sourceIp: string;
}

/**
 * A payment provider in memory, strict like the other fakes: an unknown payment is the provider's
 * 404, a call while `unreachable` fails as a network error would, and every call is counted in
 * `calls`. Two kinds, as the real ones:
 * - `signed` (Stripe-like): notifications carry the payment's state at sending time, signed with
 *   HMAC-SHA256 in `fake-signature`; `parseWebhook` believes them (`trusted`); `expireCheckout`
 *   closes a pending payment.
 * - unsigned (YooKassa-like): notifications name the payment only, from `allowedIp`; the service
 *   must ask `getPayment`; `expireCheckout` only reads the state.
 */
export function fakeProvider(options: {
  name: PaymentProviderName;
  currency: Currency;
  signed: boolean;
  secret?: string;
  allowedIp?: string;
  /** Receipts need the buyer's e-mail (YooKassa with 54-FZ receipts). */
  receiptsNeedEmail?: boolean;
}) {
  const secret = options.secret ?? 'fake-webhook-secret';
  const allowedIp = options.allowedIp ?? '127.0.0.1';
  const payments = new Map<string, FakeProviderPayment>();
  const byKey = new Map<string, string>();
  const calls: string[] = [];
  const control = {
    unreachable: false,
    failCheckout: false,
    /** What a refund the gateway is asked for answers (the money moves either way). */
    refundStatus: 'succeeded' as RefundResult['status'],
    /** `getPayment` fails (the provider cannot be reached for reads only). */
    failReads: false,
    /** `getPayment` answers something that is not ours (another shop's currency). */
    foreignReads: false,
    /** Receipts need the buyer's e-mail (YooKassa with 54-FZ receipts). */
    receiptsNeedEmail: options.receiptsNeedEmail ?? false,
  };
  const refunds: { providerPaymentId: string; amountMinor: number; idempotencyKey: string }[] = [];

  const find = (providerPaymentId: string): FakeProviderPayment => {
    const found = payments.get(providerPaymentId);
    if (!found) {
      throw new PaymentProviderError(`no payment ${providerPaymentId}`, {
        retryable: false,
        status: 404,
      });
    }
    return found;
  };
  const reach = (method: string) => {
    calls.push(method);
    if (control.unreachable) {
      throw new PaymentProviderError('connect ECONNREFUSED', { retryable: true });
    }
  };
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');

  const gateway: PaymentGateway = {
    name: options.name,
    currency: options.currency,
    get receiptsNeedEmail() {
      return control.receiptsNeedEmail;
    },
    async createCheckout(request) {
      reach('createCheckout');
      if (control.failCheckout) {
        throw new PaymentProviderError('the provider answered 500', {
          retryable: true,
          status: 500,
        });
      }
      const known = byKey.get(request.idempotencyKey);
      const providerPaymentId = known ?? `${options.name}-${randomUUID()}`;
      if (!known) {
        byKey.set(request.idempotencyKey, providerPaymentId);
        payments.set(providerPaymentId, {
          request,
          state: {
            providerPaymentId,
            paymentId: request.paymentId,
            status: 'pending',
            amountMinor: request.amountMinor,
            currency: request.currency,
            reversedMinor: 0,
          },
        });
      }
      return { providerPaymentId, url: `https://pay.example/${options.name}/${providerPaymentId}` };
    },
    async getPayment(providerPaymentId) {
      reach('getPayment');
      if (control.failReads) {
        throw new PaymentProviderError('read timed out', { retryable: true });
      }
      if (control.foreignReads) {
        throw new PaymentProviderError(`${providerPaymentId} is in another currency`, {
          retryable: false,
        });
      }
      return { ...find(providerPaymentId).state };
    },
    async expireCheckout(providerPaymentId) {
      reach('expireCheckout');
      const payment = find(providerPaymentId);
      if (options.signed && payment.state.status === 'pending') {
        payment.state = { ...payment.state, status: 'canceled', cancelReason: 'expired' };
      }
      return { ...payment.state };
    },
    async refund(request): Promise<RefundResult> {
      reach('refund');
      const payment = find(request.providerPaymentId);
      const before = payment.state.reversedMinor ?? 0;
      const reversedMinor = Math.min(payment.state.amountMinor, before + request.amountMinor);
      payment.state = { ...payment.state, reversedMinor };
      refunds.push(request);
      return {
        refundId: `refund-${refunds.length}`,
        status: control.refundStatus,
        amountMinor: reversedMinor - before,
      };
    },
    async parseWebhook(request: WebhookRequest) {
      calls.push('parseWebhook');
      let body: { id?: string; type?: string; payment?: string; state?: ProviderPayment };
      if (options.signed) {
        if (request.headers['fake-signature'] !== sign(request.rawBody)) {
          throw new WebhookRejectedError('No signatures found matching the expected signature');
        }
      } else if (request.sourceIp !== allowedIp) {
        throw new WebhookRejectedError(`${request.sourceIp} is not the provider's address`);
      }
      try {
        body = JSON.parse(request.rawBody) as typeof body;
      } catch {
        throw new WebhookRejectedError('not JSON');
      }
      if (typeof body.id !== 'string' || typeof body.type !== 'string') {
        throw new WebhookRejectedError('not a notification');
      }
      // As Stripe's: a signed event about the checkout is believed, but says nothing of refunds
      // or disputes (`reversedMinor` undefined); any other event makes the service read the state.
      const aboutCheckout = body.type.startsWith('checkout.session.');
      return {
        eventId: body.id,
        eventType: body.type,
        providerPaymentId: body.payment,
        trusted:
          options.signed && aboutCheckout && body.state
            ? { ...body.state, reversedMinor: undefined }
            : undefined,
      };
    },
  };

  return {
    gateway,
    calls,
    control,
    /** The provider's side of each payment, by its id. */
    payments,
    /** The provider's id of our payment (after create-payment). */
    idOf(paymentId: string): string {
      for (const [id, payment] of payments) if (payment.request.paymentId === paymentId) return id;
      throw new Error(`the fake provider has no checkout for ${paymentId}`);
    },
    /** The checkout the provider was asked to open for our payment. */
    checkoutOf(paymentId: string): CheckoutRequest {
      return find(this.idOf(paymentId)).request;
    },
    /** What the provider reports about a payment now. */
    stateOf(providerPaymentId: string): ProviderPayment {
      return { ...find(providerPaymentId).state };
    },
    /** The buyer pays. */
    pay(providerPaymentId: string): void {
      const payment = find(providerPaymentId);
      payment.state = { ...payment.state, status: 'succeeded' };
    },
    /** The buyer cancels, or the provider closes it unpaid. */
    cancel(providerPaymentId: string, reason = 'canceled_by_user'): void {
      const payment = find(providerPaymentId);
      payment.state = { ...payment.state, status: 'canceled', cancelReason: reason };
    },
    /** Money goes back: `minor` more of it (a refund or a dispute), cumulative in the state. */
    refund(providerPaymentId: string, minor: number): void {
      const payment = find(providerPaymentId);
      const reversedMinor = Math.min(
        payment.state.amountMinor,
        (payment.state.reversedMinor ?? 0) + minor,
      );
      payment.state = { ...payment.state, reversedMinor };
    },
    /**
     * The money taken back is now `minor` (capped at the amount): up for a refund or a dispute
     * opened, down for a dispute won or a refund that failed.
     */
    setReversed(providerPaymentId: string, minor: number): void {
      const payment = find(providerPaymentId);
      const reversedMinor = Math.max(0, Math.min(payment.state.amountMinor, minor));
      payment.state = { ...payment.state, reversedMinor };
    },
    /** The refunds the gateway was asked for, in order. */
    refunds,
    /** The provider no longer knows the payment (its 404: another shop key, say). */
    forget(providerPaymentId: string): void {
      payments.delete(providerPaymentId);
    },
    /** Changes what the provider reports (forged or broken answers). */
    tamper(providerPaymentId: string, change: Partial<ProviderPayment>): void {
      const payment = find(providerPaymentId);
      payment.state = { ...payment.state, ...change };
    },
    /**
     * The notification the provider would send now about a payment: its event id (`eventId` to
     * repeat one), type, and for the signed kind the state right now (or `state`).
     */
    notification(
      providerPaymentId: string | undefined,
      type: string,
      extra: { eventId?: string; state?: ProviderPayment; sourceIp?: string } = {},
    ): FakeNotification {
      const state =
        extra.state ?? (providerPaymentId ? payments.get(providerPaymentId)?.state : undefined);
      const rawBody = JSON.stringify({
        id: extra.eventId ?? `evt-${randomUUID()}`,
        type,
        payment: providerPaymentId,
        ...(options.signed && state ? { state } : {}),
      });
      return {
        rawBody,
        headers: options.signed
          ? { 'content-type': 'application/json', 'fake-signature': sign(rawBody) }
          : { 'content-type': 'application/json' },
        sourceIp: extra.sourceIp ?? allowedIp,
      };
    },
  };
}

export type FakeProvider = ReturnType<typeof fakeProvider>;
