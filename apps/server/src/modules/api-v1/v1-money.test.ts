import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

/**
 * A key's spend limits (issue #37): counted by the create statement under the owner's lock, so a
 * create past a limit is refused with a 402 problem and nothing is charged or written, however
 * many arrive at once; a refunded generation gives its tokens back to the limit. Balance = Σ ledger
 * after every step.
 */
let t: LiveApp;
beforeAll(async () => {
  // Slow enough that a generation is still running when it is cancelled.
  t = await buildLiveTestApp({
    MAX_RUNNING_GENERATIONS: '0',
    WELCOME_TOKENS: '200',
    EMULATOR_LATENCY_MS: '4000',
  });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

const body = { model: 'seedream-3', prompt: 'a red bicycle' };

async function setUp(limits: Record<string, unknown>) {
  const person = await signInDemo(t.app);
  const probe = await createApiKey(t.app, person.cookie, { name: 'probe' });
  const estimate = await t.app.inject({
    method: 'POST',
    url: '/api/v1/estimate',
    headers: probe.auth,
    payload: body,
  });
  const { cost } = estimate.json() as { cost: number };
  expect(cost).toBeGreaterThan(0);
  const key = await createApiKey(t.app, person.cookie, {
    ...(typeof limits.daily === 'number' ? { daily_limit: limits.daily * cost } : {}),
    ...(typeof limits.monthly === 'number' ? { monthly_limit: limits.monthly * cost } : {}),
    ...(limits.allowed ? { allowed_models: limits.allowed } : {}),
  });
  return { person, key, cost };
}

const create = (auth: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/generations',
    headers: { ...auth, ...headers },
    payload: body,
  });

async function ledgerOf(userId: string) {
  const result = await t.database.pool.query<{ n: number; sum: number; tokens: number }>(
    `select (select count(*)::int from token_ledger where user_id = $1) as n,
            (select coalesce(sum(delta), 0)::int from token_ledger where user_id = $1) as sum,
            (select tokens from users where id = $1) as tokens`,
    [userId],
  );
  return result.rows[0];
}

async function keyGenerations(keyId: string): Promise<number> {
  const result = await t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from generation_requests where api_key_id = $1',
    [keyId],
  );
  return result.rows[0]?.n ?? 0;
}

describe('a key over its daily spend limit', () => {
  it('gets 402 spend_limit_daily and nothing is charged; 10 at once at a limit of 3 pass 3', async () => {
    const { person, key, cost } = await setUp({ daily: 3 });
    const before = await ledgerOf(person.user.id);

    const answers = await Promise.all(Array.from({ length: 10 }, () => create(key.auth)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 402, 402, 402, 402, 402, 402, 402]);
    const refusal = answers.find((res) => res.statusCode === 402);
    expect(refusal?.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = refusal?.json() as Record<string, unknown>;
    expect(problem).toMatchObject({ code: 'spend_limit_daily', limit: 3 * cost, spent: 3 * cost });
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(problem.resets_at).toBe(midnight.toISOString());

    const after = await ledgerOf(person.user.id);
    expect(after?.tokens).toBe((before?.tokens ?? 0) - 3 * cost);
    expect(after?.n).toBe((before?.n ?? 0) + 3);
    expect(await keyGenerations(key.id)).toBe(3);
    await expectMoneyInvariants(t.database.pool);

    // One more, alone and in English: refused the same, and still nothing charged.
    const alone = await create(key.auth, { 'accept-language': 'en' });
    expect(alone.statusCode).toBe(402);
    expect((alone.json() as { detail: string }).detail).toMatch(/daily limit/);
    expect(await ledgerOf(person.user.id)).toEqual(after);
    expect(await keyGenerations(key.id)).toBe(3);

    // The balance answer shows the spend against the limit.
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/v1/balance',
      headers: key.auth,
    });
    expect(balance.json()).toMatchObject({
      tokens: after?.tokens,
      key: { daily_limit: 3 * cost, spent_today: 3 * cost },
    });
  });

  it('gets its limit back when a generation is refunded', async () => {
    const { person, key } = await setUp({ daily: 1 });
    const first = await create(key.auth);
    expect(first.statusCode).toBe(201);
    expect((await create(key.auth)).statusCode).toBe(402);
    const { id } = first.json() as { id: string };
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/${id}/cancel`,
      headers: key.auth,
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'failed', refunded: true });
    const again = await create(key.auth);
    expect(again.statusCode).toBe(201);
    expect((await ledgerOf(person.user.id))?.sum).toBe((await ledgerOf(person.user.id))?.tokens);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('other refusals before anything is charged', () => {
  it('a monthly limit: 402 spend_limit_monthly with the first of next month', async () => {
    const { key, cost } = await setUp({ monthly: 1 });
    expect((await create(key.auth)).statusCode).toBe(201);
    const refused = await create(key.auth);
    expect(refused.statusCode).toBe(402);
    const now = new Date();
    expect(refused.json()).toMatchObject({
      code: 'spend_limit_monthly',
      limit: cost,
      spent: cost,
      resets_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    await expectMoneyInvariants(t.database.pool);
  });

  it('a model outside the allowed list: 403 forbidden to its estimate and create, no charge, no row', async () => {
    const { person, key } = await setUp({ allowed: ['imagen-4-ultra'] });
    const before = await ledgerOf(person.user.id);
    const estimate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/estimate',
      headers: { ...key.auth, 'accept-language': 'en' },
      payload: body,
    });
    expect(estimate.statusCode).toBe(403);
    expect(estimate.json()).toMatchObject({ code: 'forbidden' });
    expect((estimate.json() as { detail: string }).detail).toMatch(/may not use seedream-3/);
    const refused = await create(key.auth, { 'accept-language': 'ru' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((refused.json() as { detail: string }).detail).toMatch(/seedream-3/);
    expect(await ledgerOf(person.user.id)).toEqual(before);
    expect(await keyGenerations(key.id)).toBe(0);
  });

  it('a balance too small: 402 insufficient_tokens with what is required', async () => {
    const person = await signInDemo(t.app);
    const key = await createApiKey(t.app, person.cookie);
    const video = await t.app.inject({
      method: 'POST',
      url: '/api/v1/generations',
      headers: key.auth,
      payload: { model: 'veo3', prompt: 'a long expensive film' },
    });
    expect(video.statusCode).toBe(402);
    expect(video.json()).toMatchObject({ code: 'insufficient_tokens' });
    expect((video.json() as { required: number }).required).toBeGreaterThan(200);
    await expectMoneyInvariants(t.database.pool);
  });

  it('an Idempotency-Key replays without a second charge; another body with it is 409', async () => {
    const { person, key, cost } = await setUp({ daily: 5 });
    const before = await ledgerOf(person.user.id);
    const [a, b] = await Promise.all([
      create(key.auth, { 'idempotency-key': 'same-key' }),
      create(key.auth, { 'idempotency-key': 'same-key' }),
    ]);
    const codes = [a?.statusCode, b?.statusCode].sort();
    // Two at once: one creates, the other replays it or is told it is still in progress.
    expect(codes[1]).toBe(201);
    expect([200, 409]).toContain(codes[0]);
    const replay = await create(key.auth, { 'idempotency-key': 'same-key' });
    expect(replay.statusCode).toBe(200);
    expect((await ledgerOf(person.user.id))?.tokens).toBe((before?.tokens ?? 0) - cost);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/generations',
      headers: { ...key.auth, 'idempotency-key': 'same-key' },
      payload: { ...body, prompt: 'something else' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await ledgerOf(person.user.id))?.tokens).toBe((before?.tokens ?? 0) - cost);
    await expectMoneyInvariants(t.database.pool);
  });
});
