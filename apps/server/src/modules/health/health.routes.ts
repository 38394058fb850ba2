import { healthSchema, readySchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Liveness says the process answers; readiness says its dependencies (the database) answer too. */
export const healthRoutes: FastifyPluginAsyncZod<{ checks: ReadinessCheck[] }> = async (
  app,
  { checks },
) => {
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
            await check();
            return [name, 'ok'] as const;
          } catch (error) {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
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
