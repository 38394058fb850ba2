import { estimateResponseSchema } from '@kadr/contract';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * Two routes answering `answer`: one under a contract schema (zod/mini), one under a classic zod
 * schema of the server's own, as the API's routes have.
 */
function serve(check: boolean, answer: Record<string, unknown>) {
  const app = Fastify({ logger: false });
  apps.push(app);
  app.setSerializerCompiler(serializerCompiler({ check }));
  const response = { 200: estimateResponseSchema };
  app.get('/contract', { schema: { response } }, async () => answer);
  const own = { 200: z.object({ estimation: z.number() }) };
  app.get('/own', { schema: { response: own } }, async () => answer);
  return app;
}

describe('the serializer', () => {
  it('sends what the schema declares and nothing else', async () => {
    for (const check of [false, true]) {
      const app = serve(check, { estimation: 6, secret: 'x' });
      for (const url of ['/contract', '/own']) {
        const answer = await app.inject(url);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ estimation: 6 });
      }
    }
  });

  it('with checks (development, tests), refuses an answer its schema does not describe', async () => {
    const app = serve(true, { estimation: 'six' });
    for (const url of ['/contract', '/own']) {
      const answer = await app.inject(url);
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('six');
    }
  });

  it('without checks (production), sends it as fast-json-stringify coerces it', async () => {
    const app = serve(false, { estimation: '6' });
    for (const url of ['/contract', '/own']) {
      const answer = await app.inject(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ estimation: 6 });
    }
  });
});
