import type { ServerResponse } from 'node:http';
import type { GenerationRecord, ModelSwitchEvent, PaymentRecord, User } from '@kadr/contract';
import type { RealtimeMessage } from '../../lib/realtime-messages.ts';
import type { RealtimeHub } from './realtime.hub.ts';

/** Bytes a stream may have waiting for a slow client before it is closed (it reconnects). */
const MAX_QUEUED_BYTES = 256 * 1024;

/** One open `GET /api/realtime` stream of this node. */
export interface Stream {
  raw: ServerResponse;
  userId: string;
  tokenHash: string;
  /** Ends the stream, after telling EventSource when to come back. */
  end(retryMs?: number, reason?: string): void;
}

/** The fresh records a notification names, read once per notification burst. */
export interface FanOutReads {
  /** The person's record, or undefined when they are gone. */
  user(userId: string): Promise<User | undefined>;
  /** One of their generations' record, or undefined when it is not theirs or gone. */
  generation(userId: string, id: string): Promise<GenerationRecord | undefined>;
  /** One of their payments' record, or undefined when it is not theirs or gone. */
  payment(userId: string, id: string): Promise<PaymentRecord | undefined>;
}

/**
 * The fan-out of one node (ADR 015): its open streams by person, and the hub's messages turned into
 * events on them. A notification is read from the database once, serialised once and written to
 * each of that person's streams; several notifications of one record while its read is in flight
 * make one more read, not several. A client that does not read is not buffered for without end:
 * past MAX_QUEUED_BYTES its stream is closed and EventSource reconnects and catches up. A person
 * holds at most `maxStreamsPerUser` streams (the oldest is closed with a long retry hint and a
 * `closed` event) and the node at most `maxStreams` (`full()`).
 */
export function createFanOut(options: {
  hub: Pick<RealtimeHub, 'subscribe'>;
  reads: FanOutReads;
  maxStreamsPerUser: number;
  maxStreams: number;
  /** Told how many streams this node holds whenever the number changes (the metrics gauge). */
  onCount?: ((open: number) => void) | undefined;
  logger: { warn(details: object, message: string): void };
}) {
  /** Every open stream of this node, by person, oldest first (a Set keeps insertion order). */
  const byUser = new Map<string, Set<Stream>>();
  let open = 0;
  const counted = (delta: number) => {
    open += delta;
    options.onCount?.(open);
  };

  const write = (stream: Stream, chunk: string) => {
    if (stream.raw.writableEnded) return;
    if (stream.raw.writableLength > MAX_QUEUED_BYTES) {
      // A client this far behind gets a clean restart instead of an ever-growing buffer.
      stream.end(1000, 'slow');
      return;
    }
    stream.raw.write(chunk);
  };
  const everyStream = function* () {
    for (const streams of byUser.values()) yield* streams;
  };
  const broadcast = (userId: string, event: string, data: unknown) => {
    const streams = byUser.get(userId);
    if (!streams || streams.size === 0 || data === undefined) return;
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) write(stream, chunk);
  };

  /** One read per record at a time; notifications that arrive meanwhile make one more read. */
  const inFlight = new Map<string, { again: boolean }>();
  const refresh = (key: string, read: () => Promise<void>) => {
    const running = inFlight.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    inFlight.set(key, state);
    const loop = async (): Promise<void> => {
      do {
        state.again = false;
        await read().catch((error: unknown) =>
          options.logger.warn({ err: error, key }, 'realtime read failed'),
        );
      } while (state.again);
      inFlight.delete(key);
    };
    void loop();
  };

  const deliver = (message: RealtimeMessage) => {
    switch (message.kind) {
      case 'model': {
        // Everyone's concern and nothing to read: one chunk, written to every stream of this node.
        // Pages then ask for the model list again (this node's switch cache is already forgotten).
        const event: ModelSwitchEvent = { id: message.model };
        const chunk = `event: models\ndata: ${JSON.stringify(event)}\n\n`;
        for (const stream of everyStream()) write(stream, chunk);
        return;
      }
      case 'api_key':
        // For the key cache (modules/keys); no stream is about a key.
        return;
      case 'session':
        for (const stream of everyStream())
          if (stream.tokenHash === message.tokenHash) stream.end();
        return;
      case 'user': {
        const { userId } = message;
        if (!byUser.has(userId)) return;
        refresh(`user:${userId}`, async () => {
          broadcast(userId, 'user', await options.reads.user(userId));
        });
        return;
      }
      case 'generation': {
        const { userId, generationId } = message;
        if (!byUser.has(userId)) return;
        refresh(`generation:${generationId}`, async () => {
          broadcast(userId, 'generation', await options.reads.generation(userId, generationId));
        });
        return;
      }
      case 'payment': {
        const { userId, paymentId } = message;
        if (!byUser.has(userId)) return;
        refresh(`payment:${paymentId}`, async () => {
          broadcast(userId, 'payment', await options.reads.payment(userId, paymentId));
        });
        return;
      }
    }
  };
  const unsubscribe = options.hub.subscribe(deliver);

  return {
    /** Whether the node holds as many streams as it may (a new one is refused). */
    full: () => open >= options.maxStreams,
    /** Adds a person's stream; over their cap, their oldest is told to wait a minute and closed. */
    add(stream: Stream): void {
      let streams = byUser.get(stream.userId);
      if (!streams) {
        streams = new Set();
        byUser.set(stream.userId, streams);
      }
      for (const oldest of streams) {
        if (streams.size < options.maxStreamsPerUser) break;
        streams.delete(oldest);
        counted(-1);
        oldest.end(60_000, 'replaced');
      }
      streams.add(stream);
      counted(1);
    },
    /** Forgets a stream that closed (once; a stream already replaced is not counted again). */
    remove(stream: Stream): void {
      const mine = byUser.get(stream.userId);
      if (mine?.delete(stream)) counted(-1);
      if (mine?.size === 0) byUser.delete(stream.userId);
    },
    write,
    /** Reads the person's record afresh and sends it to each of their streams (a new one's first). */
    refreshUser(userId: string): void {
      deliver({ kind: 'user', userId });
    },
    /** Ends every stream, telling each client when to come back (a graceful shutdown). */
    endAll(retryMs: number, reason: string): void {
      for (const stream of everyStream()) stream.end(retryMs, reason);
    },
    stop: unsubscribe,
  };
}
