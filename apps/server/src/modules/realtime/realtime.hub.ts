import pg from 'pg';

export type RealtimeChannel =
  | 'kadr_user'
  | 'kadr_generation'
  | 'kadr_payment'
  | 'kadr_session'
  | 'kadr_model';
const realtimeChannels: readonly RealtimeChannel[] = [
  'kadr_user',
  'kadr_generation',
  'kadr_payment',
  'kadr_session',
  'kadr_model',
];

type Listener = (channel: RealtimeChannel, payload: string) => void;

/**
 * One LISTEN connection per server node. PostgreSQL NOTIFY carries only ids (`kadr_user`: a user id;
 * `kadr_generation`: "userId:generationId"; `kadr_payment`: "userId:paymentId"; `kadr_session`: the
 * hash of a revoked session token; `kadr_model`: the id of a model an operator switched off or on),
 * so every node hears every change, and each stream reads the fresh record itself. The connection
 * is re-opened with backoff if it drops; `onListening` hears when it starts and stops listening
 * (what was sent in between is lost, so a cache fed by it must start over).
 */
export function createRealtimeHub(options: {
  connectionString: string;
  logger: { warn(details: object, message: string): void };
}) {
  const listeners = new Set<Listener>();
  const watchers = new Set<(listening: boolean) => void>();
  let listening = false;
  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    for (const watcher of watchers) watcher(value);
  };
  let client: pg.Client | undefined;
  let stopped = false;
  let retry = 0;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('error', (error) => {
      options.logger.warn({ err: error }, 'realtime listener connection failed');
      scheduleReconnect();
    });
    // A connection that ends without an error (the server closed it) is just as gone.
    next.on('end', () => {
      if (client === next && !stopped) scheduleReconnect();
    });
    next.on('notification', (message) => {
      const channel = message.channel as RealtimeChannel;
      for (const listener of listeners) listener(channel, message.payload ?? '');
    });
    await next.connect();
    for (const channel of realtimeChannels) await next.query(`listen ${channel}`);
    client = next;
    retry = 0;
    setListening(true);
  }

  function scheduleReconnect(): void {
    setListening(false);
    const old = client;
    client = undefined;
    old?.end().catch(() => {});
    if (stopped || timer) return;
    const delay = Math.min(10_000, 200 * 2 ** retry++);
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        options.logger.warn({ err: error }, 'realtime listener reconnect failed');
        scheduleReconnect();
      });
    }, delay);
  }

  return {
    start: connect,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListening(watcher: (listening: boolean) => void): () => void {
      watchers.add(watcher);
      if (listening) watcher(true);
      return () => watchers.delete(watcher);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      setListening(false);
      listeners.clear();
      watchers.clear();
      await client?.end();
      client = undefined;
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
