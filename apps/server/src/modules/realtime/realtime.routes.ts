import type { ServerResponse } from 'node:http';
import { type ModelSwitchEvent, problemSchema, realtimeStreamSchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../lib/problem.ts';
import type { AccountService } from '../auth/account.service.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { hashToken, type SessionService } from '../auth/session.service.ts';
import type { GenerationService } from '../generations/generation.service.ts';
import type { PaymentService } from '../payments/payment.service.ts';
import { toUserRecord } from '../users/user.mapper.ts';
import type { RealtimeHub } from './realtime.hub.ts';

export interface RealtimeRoutesOptions {
  hub: RealtimeHub;
  accounts: Pick<AccountService, 'find'>;
  generations: Pick<GenerationService, 'read'>;
  payments: Pick<PaymentService, 'record'>;
  sessions: Pick<SessionService, 'resolve'>;
  heartbeatMs?: number;
  /** Streams one person may hold on this node; a new one beyond it closes their oldest. */
  maxStreamsPerUser?: number;
  /** Streams this node holds at most; beyond it a new stream is refused (503, Retry-After). */
  maxStreams?: number;
  /** Told how many streams this node holds whenever the number changes (the metrics gauge). */
  onCount?: (open: number) => void;
}

/** Bytes a stream may have waiting for a slow client before it is closed (it reconnects). */
const MAX_QUEUED_BYTES = 256 * 1024;

interface Stream {
  raw: ServerResponse;
  userId: string;
  tokenHash: string;
  /** Ends the stream, after telling EventSource when to come back. */
  end(retryMs?: number, reason?: string): void;
}

/**
 * `GET /api/realtime`: a server-sent-events stream of the signed-in user's changes. It opens with the
 * current user record, then sends `user` events whenever the record or balance changes and
 * `generation` events with the full record whenever one of their generations changes, `payment`
 * events with the payment record whenever one of their payments changes state (on any node),
 * `models` events (the model's id) to every stream when an operator switches a model off or on,
 * and a comment line as a heartbeat so proxies keep the connection open. A stream lives no longer
 * than its session: it ends as soon as the session is revoked on any node (`kadr_session`), and
 * each heartbeat checks the session again (expiry, or a revocation sent while nobody listened).
 *
 * Fan-out (ADR 015): the node keeps its streams by person; a notification is read from the
 * database once, serialised once and written to each of that person's streams (several
 * notifications of one record while its read is in flight make one more read, not several). A
 * client that does not read is not buffered for without end: past MAX_QUEUED_BYTES its stream is
 * closed and EventSource reconnects and catches up. A person holds at most `maxStreamsPerUser`
 * streams (the oldest is closed with a long retry hint and a `closed` event) and the node at most
 * `maxStreams` (503).
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (
  app,
  options,
) => {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? 8;
  const maxStreams = options.maxStreams ?? 10_000;
  /** Every open stream of this node, by person, oldest first (a Set keeps insertion order). */
  const byUser = new Map<string, Set<Stream>>();
  let open = 0;
  // Streams never end by themselves: end them so a graceful shutdown does not wait for them, telling
  // each client to come back in a second (to another node, or to this one once it is back).
  app.addHook('preClose', async () => {
    for (const streams of byUser.values()) {
      for (const stream of streams) stream.end(1000, 'restarting');
    }
  });

  const write = (stream: Stream, chunk: string) => {
    if (stream.raw.writableEnded) return;
    if (stream.raw.writableLength > MAX_QUEUED_BYTES) {
      // A client this far behind gets a clean restart instead of an ever-growing buffer.
      stream.end(1000, 'slow');
      return;
    }
    stream.raw.write(chunk);
  };
  const broadcast = (userId: string, event: string, data: unknown) => {
    const streams = byUser.get(userId);
    if (!streams || streams.size === 0) return;
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
          app.log.warn({ err: error, key }, 'realtime read failed'),
        );
      } while (state.again);
      inFlight.delete(key);
    };
    void loop();
  };

  const unsubscribe = options.hub.subscribe((channel, payload) => {
    if (channel === 'kadr_model') {
      // Everyone's concern and nothing to read: one chunk, written to every stream of this node.
      // Pages then ask for the model list again (this node's switch cache is already forgotten).
      const chunk = `event: models\ndata: ${JSON.stringify({ id: payload } satisfies ModelSwitchEvent)}\n\n`;
      for (const streams of byUser.values()) for (const stream of streams) write(stream, chunk);
      return;
    }
    if (channel === 'kadr_session') {
      for (const streams of byUser.values()) {
        for (const stream of streams) if (stream.tokenHash === payload) stream.end();
      }
      return;
    }
    const userId = channel === 'kadr_user' ? payload : payload.slice(0, payload.indexOf(':'));
    if (!byUser.has(userId)) return;
    const user = { id: userId };
    if (channel === 'kadr_user') {
      refresh(`user:${userId}`, async () => {
        const fresh = await options.accounts.find(userId);
        if (fresh) broadcast(userId, 'user', toUserRecord(fresh));
      });
    } else if (channel === 'kadr_generation') {
      const id = payload.slice(userId.length + 1);
      refresh(`generation:${id}`, async () => {
        const read = await options.generations.read(user, id);
        if (read.outcome === 'found') {
          broadcast(userId, 'generation', read.record);
        } else {
          // Deleted before it was read: nothing to send, logged as the failed read it was.
          app.log.warn({ key: `generation:${id}`, outcome: read.outcome }, 'realtime read failed');
        }
      });
    } else if (channel === 'kadr_payment') {
      const id = payload.slice(userId.length + 1);
      refresh(`payment:${id}`, async () => {
        broadcast(userId, 'payment', await options.payments.record(user, id));
      });
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
  });

  app.get(
    '/api/realtime',
    {
      schema: {
        tags: ['realtime'],
        response: {
          200: {
            description: 'A stream of the signed-in person’s changes.',
            content: { 'text/event-stream': { schema: realtimeStreamSchema } },
          },
          401: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (open >= maxStreams) {
        throw new HttpProblem(503, 'Too many live connections on this server; retrying shortly.', {
          headers: { 'retry-after': '5' },
        });
      }
      const current = await options.accounts.find(user.id);
      if (!current) throw new HttpProblem(401, 'Please sign in.');
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const token = request.sessionToken ?? '';
      let heartbeat: NodeJS.Timeout | undefined;
      const stream: Stream = {
        raw,
        userId: user.id,
        tokenHash: hashToken(token),
        end(retryMs, reason) {
          if (raw.writableEnded) return;
          // EventSource waits this long before coming back (a replaced tab: a long while).
          if (retryMs !== undefined) raw.write(`retry: ${retryMs}\n\n`);
          if (reason) raw.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
          raw.end();
        },
      };
      let streams = byUser.get(user.id);
      if (!streams) {
        streams = new Set();
        byUser.set(user.id, streams);
      }
      // Over the person's cap: their oldest stream goes, told to wait a minute before retrying.
      for (const oldest of streams) {
        if (streams.size < maxStreamsPerUser) break;
        streams.delete(oldest);
        open--;
        options.onCount?.(open);
        oldest.end(60_000, 'replaced');
      }
      streams.add(stream);
      open++;
      options.onCount?.(open);

      // Tell EventSource how long to wait before reconnecting if the stream drops.
      raw.write('retry: 1000\n\n');
      raw.write(`event: user\ndata: ${JSON.stringify(toUserRecord(current))}\n\n`);

      heartbeat = setInterval(() => {
        write(stream, ': heartbeat\n\n');
        options.sessions.resolve(token).then(
          (live) => {
            if (live?.id !== user.id) stream.end();
          },
          (error: unknown) => request.log.warn({ err: error }, 'realtime session check failed'),
        );
      }, heartbeatMs);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        const mine = byUser.get(user.id);
        if (mine?.delete(stream)) {
          open--;
          options.onCount?.(open);
        }
        if (mine?.size === 0) byUser.delete(user.id);
      };
      raw.on('close', close);
      raw.on('error', close);
    },
  );
};
