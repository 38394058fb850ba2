import { problemSchema, realtimeStreamSchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../lib/problem.ts';
import type { AccountService } from '../auth/index.ts';
import { hashToken, requireUser, type SessionService } from '../auth/index.ts';
import type { GenerationService } from '../generations/index.ts';
import type { PaymentService } from '../payments/index.ts';
import { toUserRecord } from '../users/index.ts';
import { createFanOut, type Stream } from './fan-out.ts';
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
 * The streams of this node and what each notification becomes: `fan-out.ts` (ADR 015).
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (
  app,
  options,
) => {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const fanOut = createFanOut({
    hub: options.hub,
    reads: {
      user: async (userId) => {
        const fresh = await options.accounts.find(userId);
        return fresh && toUserRecord(fresh);
      },
      // A record gone before it was read (deleted, or not theirs) sends nothing, logged as the failed
      // read it was.
      generation: async (userId, id) => {
        const read = await options.generations.read({ id: userId }, id);
        if (read.outcome === 'found') return read.record;
        app.log.warn({ key: `generation:${id}`, outcome: read.outcome }, 'realtime read failed');
        return undefined;
      },
      payment: async (userId, id) => {
        const found = await options.payments.record({ id: userId }, id);
        if (found.outcome === 'found') return found.payment;
        app.log.warn({ key: `payment:${id}`, outcome: found.outcome }, 'realtime read failed');
        return undefined;
      },
    },
    maxStreamsPerUser: options.maxStreamsPerUser ?? 8,
    maxStreams: options.maxStreams ?? 10_000,
    onCount: options.onCount,
    logger: app.log,
  });
  // Streams never end by themselves: end them so a graceful shutdown does not wait for them, telling
  // each client to come back in a second (to another node, or to this one once it is back).
  app.addHook('preClose', async () => {
    fanOut.endAll(1000, 'restarting');
  });
  app.addHook('onClose', async () => {
    fanOut.stop();
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
      if (fanOut.full()) {
        throw new HttpProblem(503, 'Too many live connections on this server; retrying shortly.', {
          headers: { 'retry-after': '5' },
        });
      }
      if (!(await options.accounts.find(user.id))) throw new HttpProblem(401, 'Please sign in.');
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
      // Tell EventSource how long to wait before reconnecting if the stream drops.
      raw.write('retry: 1000\n\n');
      // The stream joins the fan-out before its first record is read, and that read is the
      // fan-out's own: a change committed while this request was being answered is either in it or
      // notified after it, and reads of one person are made one at a time, so the last `user`
      // event is never older than the one before it. (Read here and written after joining, a
      // payment credited meanwhile was lost: its notification found no stream, and the stream
      // opened with the balance before it.)
      fanOut.add(stream);
      fanOut.refreshUser(user.id);

      const heartbeat = setInterval(() => {
        fanOut.write(stream, ': heartbeat\n\n');
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
        fanOut.remove(stream);
      };
      raw.on('close', close);
      raw.on('error', close);
    },
  );
};
