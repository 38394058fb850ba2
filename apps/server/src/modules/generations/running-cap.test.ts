import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

/**
 * Attack: one person starts dozens of long generations at once (33 one-minute ones were seen),
 * holding the provider and the workers. No worker runs here, so every accepted request stays
 * pending: running.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAX_RUNNING_GENERATIONS: '8' });
});
afterAll(async () => {
  await t.close();
});

const create = (cookie: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-image',
    headers: {
      cookie,
      origin: 'http://localhost:3000',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: { model: 'seedream-3', prompt: 'a lighthouse at dusk' },
  });

describe('a cap on one person’s running generations', () => {
  it('50 creates at once by one person with tokens for all: exactly 8 run, the rest 429 and free', async () => {
    const user = await buildUser(t.container, { tokens: 1_000 });
    const cookie = await buildSession(t.container, user);
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(cookie)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(42);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(refused?.json()).toMatchObject({
      type: 'https://kadr.app/problems/too-many-running',
      limit: 8,
      detail: '8 generations are running; the next can start when one finishes.',
    });
    const after = await t.container.repositories.users.findById(user.id);
    expect(after?.tokens).toBe(1_000 - 8 * 3);
    await expectMoneyInvariants(t.database.pool);
  });

  it('a refused create keeps no Idempotency-Key, and one finishing frees a place', async () => {
    const user = await buildUser(t.container, { tokens: 1_000 });
    const cookie = await buildSession(t.container, user);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await create(cookie);
      expect(res.statusCode).toBe(200);
      ids.push((res.json() as { request_id: string }).request_id);
    }
    expect((await create(cookie, 'ninth')).statusCode).toBe(429);
    // One ends (the person cancels it; with no prediction yet it is failed and refunded).
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ids[0]}/cancel`,
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await create(cookie, 'ninth')).statusCode).toBe(200);
    await expectMoneyInvariants(t.database.pool);
  });

  it('another person is not held back by the first one’s cap', async () => {
    const other = await buildUser(t.container, { tokens: 100 });
    expect((await create(await buildSession(t.container, other))).statusCode).toBe(200);
  });
});
