/**
 * How the payment emulators (YooKassa, Stripe) deliver their notifications to the shop: POSTed one
 * after another in the order the provider produced them, retried with backoff while the shop
 * answers non-2xx, and — when a test or the demo asks — duplicated, delivered out of order or lost.
 */

type FetchLike = typeof globalThis.fetch;

export type DeliveryOptions = {
  /** Extra copies of each notification, sent concurrently with it (0: none). */
  duplicates?: number;
  /**
   * Delivers what one action produced newest first, then again the earlier notifications of the
   * same payment, now stale (a late retry of an old event arriving after a newer one).
   */
  outOfOrder?: boolean;
  /** false: notifications are recorded but never sent (lost), so only polling can find out. */
  deliver?: boolean;
};

type DeliveryAttempt = { at: string; status?: number; error?: string };

/** One notification as the emulator sent it (or would have). */
export type Delivery = {
  /** The provider's event id (Stripe `evt_…`; for YooKassa a local id): the same for copies. */
  eventId: string;
  /** 'payment.succeeded', 'checkout.session.completed'… */
  event: string;
  /** The payment the notification belongs to (YooKassa payment id, Stripe session id). */
  subject: string;
  body: string;
  /** 0 for the notification itself, 1… for duplicates. */
  copy: number;
  /** A replay of an earlier notification sent after a newer one (out of order). */
  stale: boolean;
  /** Never sent: delivery was switched off. */
  lost: boolean;
  delivered: boolean;
  attempts: DeliveryAttempt[];
};

type Notification = { eventId: string; event: string; subject: string; body: string };

export type NotifierOptions = {
  url: string | (() => string);
  /** Headers for one attempt (Stripe signs each attempt with a fresh timestamp). */
  headers: (body: string) => Record<string, string>;
  fetch?: FetchLike;
  /** Waits before each retry of an answer other than 2xx. */
  retryDelaysMs?: readonly number[];
  attemptTimeoutMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
};

export type Notifier = {
  /** Sends the notifications one action produced, in that order; resolves when all are done. */
  notify(notifications: Notification[], options?: DeliveryOptions): Promise<void>;
  deliveries(): Delivery[];
  /** Resolves when every delivery started so far is done (delivered or out of retries). */
  settled(): Promise<void>;
  clear(): void;
  close(): void;
};

const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 4000, 15_000];

export function createNotifier(options: NotifierOptions): Notifier {
  const doFetch = options.fetch ?? globalThis.fetch;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log: Delivery[] = [];
  const history = new Map<string, Notification[]>();
  const inFlight = new Set<Promise<void>>();
  let abort = new AbortController();

  async function attempt(delivery: Delivery, signal: AbortSignal): Promise<void> {
    for (let index = 0; index <= delays.length; index++) {
      if (index > 0) await sleep(delays[index - 1] ?? 0, signal);
      if (signal.aborted) return;
      const record: DeliveryAttempt = { at: new Date().toISOString() };
      delivery.attempts.push(record);
      try {
        const url = typeof options.url === 'function' ? options.url() : options.url;
        const response = await doFetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: options.headers(delivery.body),
          body: delivery.body,
          signal: AbortSignal.any([
            signal,
            AbortSignal.timeout(options.attemptTimeoutMs ?? 10_000),
          ]),
        });
        await response.body?.cancel();
        record.status = response.status;
        if (response.status >= 200 && response.status < 300) {
          delivery.delivered = true;
          return;
        }
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
    }
    options.logger?.warn(
      { eventId: delivery.eventId, event: delivery.event, attempts: delivery.attempts },
      'payment emulator: notification not accepted',
    );
  }

  function send(
    notification: Notification,
    stale: boolean,
    copies: number,
    deliver: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    const sends: Promise<void>[] = [];
    for (let copy = 0; copy <= copies; copy++) {
      const delivery: Delivery = {
        ...notification,
        copy,
        stale,
        lost: !deliver,
        delivered: false,
        attempts: [],
      };
      log.push(delivery);
      if (deliver) sends.push(attempt(delivery, signal));
    }
    return Promise.all(sends).then(() => undefined);
  }

  async function run(notifications: Notification[], deliveryOptions: DeliveryOptions) {
    const signal = abort.signal;
    const copies = Math.max(0, Math.floor(deliveryOptions.duplicates ?? 0));
    const deliver = deliveryOptions.deliver ?? true;
    const subjects = new Set(notifications.map((notification) => notification.subject));
    const earlier = [...subjects].flatMap((subject) => history.get(subject) ?? []);
    for (const notification of notifications) {
      const list = history.get(notification.subject) ?? [];
      list.push(notification);
      history.set(notification.subject, list);
    }
    if (!deliveryOptions.outOfOrder) {
      for (const notification of notifications) {
        await send(notification, false, copies, deliver, signal);
      }
      return;
    }
    for (const notification of [...notifications].reverse()) {
      await send(notification, false, copies, deliver, signal);
    }
    for (const notification of earlier) await send(notification, true, copies, deliver, signal);
  }

  return {
    notify(notifications, deliveryOptions = {}) {
      const promise = run(notifications, deliveryOptions);
      inFlight.add(promise);
      return promise.finally(() => inFlight.delete(promise));
    },
    deliveries: () => log.map((delivery) => ({ ...delivery, attempts: [...delivery.attempts] })),
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    clear() {
      log.length = 0;
      history.clear();
    },
    close() {
      abort.abort();
      abort = new AbortController();
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** `?duplicates=2&outOfOrder=1&deliver=0` on a hosted page's form → delivery options. */
export function deliveryOptionsFromQuery(
  query: Record<string, string | undefined>,
): DeliveryOptions {
  const options: DeliveryOptions = {};
  const duplicates = Number(query.duplicates);
  if (Number.isInteger(duplicates) && duplicates > 0) options.duplicates = Math.min(duplicates, 50);
  if (query.outOfOrder === '1' || query.outOfOrder === 'true') options.outOfOrder = true;
  if (query.deliver === '0' || query.deliver === 'false') options.deliver = false;
  return options;
}

/** The same options back as a query string for the page's form actions ('' when none). */
export function deliveryQuery(options: DeliveryOptions): string {
  const params = new URLSearchParams();
  if (options.duplicates) params.set('duplicates', String(options.duplicates));
  if (options.outOfOrder) params.set('outOfOrder', '1');
  if (options.deliver === false) params.set('deliver', '0');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
