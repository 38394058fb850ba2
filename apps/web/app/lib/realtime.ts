/**
 * The client of `GET /api/realtime`, a server-sent-events stream of the signed-in user's changes:
 * `user` (the user record, sent at connect and on every change of it or the balance) and
 * `generation` (a generation record), `payment` (a payment record, when one of the person's
 * purchases changes state) and `models` (an operator switched a model off or on: the list on offer
 * changed). Framework-free so the reconnection rules can be unit-tested.
 */

const realtimeUrl = '/api/realtime';

const lastDelayMs = 2000;
/** Waits between reconnection attempts (spec §4); the last one repeats. */
const reconnectDelaysMs = [200, 300, 500, 1000, 1200, 1500, lastDelayMs] as const;

/**
 * The server sends the user record as soon as a stream opens; without it the stream is useless
 * (the spec's "connect timeout of 15 s with no client id"), so it is dropped and tried again.
 */
export const connectTimeoutMs = 15_000;

/** How long to wait before reconnection attempt number `attempt` (0 for the first). */
export function reconnectDelay(attempt: number): number {
  return reconnectDelaysMs[Math.max(attempt, 0)] ?? lastDelayMs;
}

export type RealtimeHandlers = {
  /** A `user` event's data, parsed but not checked. */
  onUser: (user: unknown) => void;
  /** A `generation` event's data, parsed but not checked. */
  onGeneration?: (generation: unknown) => void;
  /** A `payment` event's data, parsed but not checked. */
  onPayment?: (payment: unknown) => void;
  /** A `models` event's data (which model was switched), parsed but not checked. */
  onModels?: (change: unknown) => void;
  /** True once the stream has delivered its first event, false when it drops. */
  onConnectedChange?: (connected: boolean) => void;
  /**
   * Asked before each reconnection: false means the session has ended, so the client stops. (A
   * stream opened without a session is refused with 401, which the browser reports as an error.)
   */
  beforeReconnect?: () => Promise<boolean>;
};

/** What the client needs from the browser; tests pass fakes. */
export type RealtimeEnvironment = {
  createEventSource: (url: string) => EventSource;
  /** Reconnection pauses while the page is hidden and resumes as soon as it is shown. */
  isHidden: () => boolean;
  onVisible: (listener: () => void) => () => void;
};

const browser: RealtimeEnvironment = {
  createEventSource: (url) => new EventSource(url),
  isHidden: () => document.visibilityState === 'hidden',
  onVisible: (listener) => {
    const handle = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  },
};

function parse(event: MessageEvent): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(String(event.data)) };
  } catch (error) {
    console.warn(`Realtime: unreadable ${event.type} event`, error);
    return { ok: false };
  }
}

/**
 * Opens the stream and keeps it open: after any error it closes the stream and reconnects after
 * `reconnectDelay(attempt)` (once `beforeReconnect` agrees), starting over once a stream delivers
 * its first event. While the page is hidden it does not reconnect; showing the page reconnects at
 * once. Returns `close`.
 */
export function connectRealtime(
  handlers: RealtimeHandlers,
  environment: RealtimeEnvironment = browser,
): () => void {
  let source: EventSource | null = null;
  let attempt = 0;
  let connected = false;
  let closed = false;
  let waitingForVisible = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    handlers.onConnectedChange?.(value);
  };

  const drop = () => {
    clearTimeout(connectTimer);
    connectTimer = undefined;
    if (source) {
      source.onerror = null;
      source.close();
      source = null;
    }
    setConnected(false);
  };

  const schedule = () => {
    if (closed) return;
    if (environment.isHidden()) {
      waitingForVisible = true;
      return;
    }
    retryTimer = setTimeout(() => void reopen(), reconnectDelay(attempt));
    attempt += 1;
  };

  const fail = (reason: string) => {
    drop();
    console.warn(`Realtime: ${reason}; reconnecting (attempt ${attempt + 1})`);
    schedule();
  };

  async function reopen() {
    retryTimer = undefined;
    if (closed) return;
    const goOn = handlers.beforeReconnect ? await handlers.beforeReconnect() : true;
    if (goOn) open();
  }

  function open() {
    if (closed) return;
    const stream = environment.createEventSource(realtimeUrl);
    source = stream;
    connectTimer = setTimeout(
      () => fail(`no event within ${connectTimeoutMs / 1000} s`),
      connectTimeoutMs,
    );
    stream.addEventListener('user', (event) => {
      clearTimeout(connectTimer);
      attempt = 0;
      setConnected(true);
      const parsed = parse(event);
      if (parsed.ok) handlers.onUser(parsed.data);
    });
    stream.addEventListener('generation', (event) => {
      const parsed = parse(event);
      if (parsed.ok) handlers.onGeneration?.(parsed.data);
    });
    stream.addEventListener('payment', (event) => {
      const parsed = parse(event);
      if (parsed.ok) handlers.onPayment?.(parsed.data);
    });
    stream.addEventListener('models', (event) => {
      const parsed = parse(event);
      if (parsed.ok) handlers.onModels?.(parsed.data);
    });
    // The server ends a stream with a reason: `replaced` when this person opened more streams than
    // they may hold (another tab took this one's place: reconnecting now would only push that one
    // out in turn, so wait until this page is shown again); anything else, reconnect as usual.
    stream.addEventListener('closed', (event) => {
      const parsed = parse(event);
      const reason = parsed.ok ? (parsed.data as { reason?: unknown }).reason : undefined;
      drop();
      if (reason === 'replaced') {
        waitingForVisible = true;
        return;
      }
      schedule();
    });
    // The browser's own retry is replaced by ours (the spec's delays, the session check).
    stream.onerror = () => fail('the stream failed');
  }

  const stopWatching = environment.onVisible(() => {
    if (closed || !waitingForVisible) return;
    waitingForVisible = false;
    attempt = 0;
    void reopen();
  });

  open();

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    stopWatching();
    drop();
  };
}
