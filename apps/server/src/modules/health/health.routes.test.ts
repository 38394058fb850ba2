import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes } from './health.routes.ts';

/**
 * Readiness while a part does not answer at all (issue #38): a check that never settles fails on
 * its own time, named, and the others are still reported — the probe is answered, not held.
 */
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, {
    timeoutMs: 50,
    checks: [
      { name: 'database', check: () => new Promise<void>(() => {}) },
      { name: 'storage', check: async () => {} },
      {
        name: 'running',
        check: async () => {
          throw new Error('shutting down');
        },
      },
    ],
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('/api/ready', () => {
  it('fails a check that never answers, and names each result', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'failed', storage: 'ok', running: 'failed' },
    });
  });

  it('liveness needs no check', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
