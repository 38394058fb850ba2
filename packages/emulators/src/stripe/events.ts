import { createHmac } from 'node:crypto';
import { createNotifier, type DeliveryOptions } from '../payment-notifications/delivery.ts';
import { randomId, unixNow } from './ids.ts';
import { clone } from './store.ts';
import type { StripeEmulatorOptions, StripeEvent } from './types.ts';

/** The API version events are rendered in (the SDK's pinned version at stripe@23.1.0). */
const API_VERSION = '2026-10-28.endive';

/** One event to send: its type, its subject (the session, else the charge), object and changes. */
export type Emitted = {
  type: string;
  subject: string;
  object: unknown;
  previous?: Record<string, unknown>;
};

type EventSenderOptions = Pick<
  StripeEmulatorOptions,
  'webhookUrl' | 'webhookSecret' | 'fetch' | 'retryDelaysMs'
> & { logger: { warn(obj: object, msg?: string): void } };

/**
 * Stripe's events as its webhooks send them: each rendered in the API version, signed with the
 * endpoint's secret and delivered with retries (and whatever a delivery's options ask: duplicates,
 * delays, losses).
 */
export function createEventSender(options: EventSenderOptions) {
  let defaults: DeliveryOptions = {};
  const notifier = createNotifier({
    url: options.webhookUrl,
    fetch: options.fetch,
    retryDelaysMs: options.retryDelaysMs,
    headers: (body) => ({
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signatureHeader(body, options.webhookSecret, unixNow()),
    }),
    logger: options.logger,
  });

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

  return {
    emit,
    /** Delivery options every event starts from; a call's own override them (`setDelivery`). */
    setDefaults(delivery: DeliveryOptions): void {
      defaults = { ...delivery };
    },
    deliveries: () => notifier.deliveries(),
    settled: () => notifier.settled(),
    clear: () => notifier.clear(),
    close: () => notifier.close(),
  };
}

export type Emit = ReturnType<typeof createEventSender>['emit'];

/** `t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed by the whole secret string>`, as Stripe signs. */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
