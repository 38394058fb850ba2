import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.service.ts';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * `GET /metrics` in Prometheus's text format. With a token, only `Authorization: Bearer <token>`
 * gets it and everyone else 404 (as if it did not exist); on the internal listener
 * (`METRICS_PORT`) no token is asked.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | undefined },
): Promise<void> {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token !== undefined) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!same(given, options.token)) return reply.code(404).send({ message: 'Not Found' });
    }
    const { contentType, body } = await options.metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
