import { healthSchema, readySchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/**
 * How long one check may take. A load balancer asks every few seconds and gives up after a few
 * more: a database that does not answer (its connect waits up to 5 s) must make readiness fail in
 * time, not time it out.
 */
const CHECK_TIMEOUT_MS = 2_000;

/** The check, failing if it has not answered within `ms`. */
async function bounded(check: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const running = check();
  // A check that ends after its time is up ends unheard.
  running.catch(() => {});
  try {
    await Promise.race([
      running,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness says the process answers; readiness says its dependencies (the database) answer too. */
export const healthRoutes: FastifyPluginAsyncZod<{
  checks: ReadinessCheck[];
  /** How long each check may take (default 2 s). */
  timeoutMs?: number;
}> = async (app, { checks, timeoutMs = CHECK_TIMEOUT_MS }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    { schema: { tags: ['operations'], response: { 200: readySchema, 503: readySchema } } },
    async (request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await bounded(check, timeoutMs);
            return [name, 'ok'] as const;
          } catch (error) {
            // Expected while a part is away, and asked for every few seconds: one line, no stack.
            const { code, message } = error as { code?: unknown; message?: unknown };
            request.log.warn({ check: name, code, reason: message }, 'readiness check failed');
            return [name, 'failed'] as const;
          }
        }),
      );
      const ready = results.every(([, result]) => result === 'ok');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
    },
  );
};
