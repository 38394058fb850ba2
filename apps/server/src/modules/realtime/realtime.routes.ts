import type { ServerResponse } from 'node:http';
import { problemSchema, realtimeStreamSchema } from '@kadr/contract';
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
}

/**
 * `GET /api/realtime`: a server-sent-events stream of the signed-in user's changes. It opens with the
 * current user record, then sends `user` events whenever the record or balance changes and
 * `generation` events with the full record whenever one of their generations changes, `payment`
 * events with the payment record whenever one of their payments changes state (on any node),
 * and a comment line as a heartbeat so proxies keep the connection open. A stream lives no longer
 * than its session: it ends as soon as the session is revoked on any node (`kadr_session`), and
 * each heartbeat checks the session again (expiry, or a revocation sent while nobody listened).
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (
  app,
  options,
) => {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const open = new Set<ServerResponse>();
  // Streams never end by themselves: end them so a graceful shutdown does not wait for them.
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
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
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
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
      const send = (event: string, data: unknown) => {
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // Tell EventSource how long to wait before reconnecting if the stream drops.
      raw.write('retry: 1000\n\n');
      send('user', toUserRecord(current));

      const refreshUser = async () => {
        const fresh = await options.accounts.find(user.id);
        if (fresh) send('user', toUserRecord(fresh));
      };

      const sendGeneration = async (id: string) => {
        send('generation', await options.generations.read(user, id));
      };
      const sendPayment = async (id: string) => {
        send('payment', await options.payments.record(user, id));
      };
      const failed = (error: unknown) => request.log.warn({ err: error }, 'realtime read failed');

      const token = request.sessionToken ?? '';
      const tokenHash = hashToken(token);
      const unsubscribe = options.hub.subscribe((channel, payload) => {
        if (channel === 'kadr_session' && payload === tokenHash) {
          raw.end();
        } else if (channel === 'kadr_user' && payload === user.id) {
          refreshUser().catch(failed);
        } else if (channel === 'kadr_generation' && payload.startsWith(`${user.id}:`)) {
          sendGeneration(payload.slice(user.id.length + 1)).catch(failed);
        } else if (channel === 'kadr_payment' && payload.startsWith(`${user.id}:`)) {
          sendPayment(payload.slice(user.id.length + 1)).catch(failed);
        }
      });
      const heartbeat = setInterval(() => {
        raw.write(': heartbeat\n\n');
        options.sessions.resolve(token).then(
          (live) => {
            if (live?.id !== user.id) raw.end();
          },
          (error: unknown) => failed(error),
        );
      }, heartbeatMs);
      open.add(raw);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      };
      raw.on('close', close);
      raw.on('error', close);
    },
  );
};
