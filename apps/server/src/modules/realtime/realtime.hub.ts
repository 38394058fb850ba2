import pg from 'pg';

export type RealtimeChannel = 'kadr_user' | 'kadr_generation';
export const realtimeChannels: readonly RealtimeChannel[] = ['kadr_user', 'kadr_generation'];

type Listener = (channel: RealtimeChannel, payload: string) => void;

/**
 * One LISTEN connection per server node. PostgreSQL NOTIFY carries only ids (`kadr_user`: a user id;
 * `kadr_generation`: "userId:generationId"), so every node hears every change, and each stream reads
 * the fresh record itself. The connection is re-opened with backoff if it drops.
 */
export function createRealtimeHub(options: {
  connectionString: string;
  logger: { warn(details: object, message: string): void };
}) {
  const listeners = new Set<Listener>();
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
    next.on('notification', (message) => {
      const channel = message.channel as RealtimeChannel;
      for (const listener of listeners) listener(channel, message.payload ?? '');
    });
    await next.connect();
    for (const channel of realtimeChannels) await next.query(`listen ${channel}`);
    client = next;
    retry = 0;
  }

  function scheduleReconnect(): void {
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
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      listeners.clear();
      await client?.end();
      client = undefined;
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
