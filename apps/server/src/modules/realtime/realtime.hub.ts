import pg from 'pg';
import {
  allRealtimeChannels,
  decodeRealtimeMessage,
  type RealtimeMessage,
} from '../../lib/realtime-messages.ts';

type Listener = (message: RealtimeMessage) => void;

/** How long the LISTEN connection may take to open (as the pool's, db/client.ts). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * One LISTEN connection per server node. PostgreSQL NOTIFY carries only ids (the messages of
 * `lib/realtime-messages.ts`), so every node hears every change, and each stream reads the fresh
 * record itself. Listeners get decoded messages; a notification that is not one is dropped. The connection
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
    // A host that drops packets is given up on in seconds, and tried again with backoff.
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    next.on('error', (error) => {
      options.logger.warn({ err: error }, 'realtime listener connection failed');
      scheduleReconnect();
    });
    // A connection that ends without an error (the server closed it) is just as gone.
    next.on('end', () => {
      if (client === next && !stopped) scheduleReconnect();
    });
    next.on('notification', (notification) => {
      const message = decodeRealtimeMessage(notification.channel, notification.payload ?? '');
      if (!message) {
        options.logger.warn({ channel: notification.channel }, 'realtime message not understood');
        return;
      }
      for (const listener of listeners) listener(message);
    });
    await next.connect();
    for (const channel of allRealtimeChannels) await next.query(`listen ${channel}`);
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
