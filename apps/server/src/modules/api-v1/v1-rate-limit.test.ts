import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';

/** Per-key rate limits on /api/v1, counted in PostgreSQL like every other limit (ADR 014). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMITS: 'true',
    RATE_LIMIT_API_READ: '3',
    RATE_LIMIT_API_CREATE: '2',
    RATE_LIMIT_SIGN_IN: '100',
  });
});
afterAll(async () => {
  await t.close();
});

describe('a key past its rate limit', () => {
  it('gets 429 rate_limited with Retry-After in its language; another key of the same person does not', async () => {
    const person = await signInDemo(t.app);
    const key = await createApiKey(t.app, person.cookie);
    const other = await createApiKey(t.app, person.cookie);
    const read = (auth: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/balance',
        headers: { ...auth, 'accept-language': 'ru' },
      });
    for (let i = 0; i < 3; i++) expect((await read(key.auth)).statusCode).toBe(200);
    const refused = await read(key.auth);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429, limit: 3 });
    expect((refused.json() as { detail: string }).detail).toMatch(/Слишком много запросов/);
    expect((await read(other.auth)).statusCode).toBe(200);

    // Creates have their own count per key.
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/generations',
        headers: key.auth,
        payload: { model: 'no-such-model' },
      });
    expect((await create()).statusCode).toBe(400);
    expect((await create()).statusCode).toBe(400);
    expect((await create()).statusCode).toBe(429);
    const counted = await t.database.pool.query<{ key: string }>(
      'select key from rate_limits where key like $1 order by key',
      [`%${key.id}%`],
    );
    // Counted by the key's id in PostgreSQL, so every node shares the count.
    const counts = counted.rows.map((row) => row.key);
    expect(counts).toHaveLength(2);
    expect(counts.some((name) => name.includes(`apiCreate:key:${key.id}`))).toBe(true);
    expect(counts.some((name) => name.includes(`apiRead:key:${key.id}`))).toBe(true);
  });
});
