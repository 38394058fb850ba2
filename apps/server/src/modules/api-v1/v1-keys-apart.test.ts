import type { ApiGeneration } from '@kadr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

/**
 * Keys kept apart (issue #51, point 4): a key reads and changes only the generations it made
 * unless it is stated on the key that it sees the whole account; an Idempotency-Key belongs to the
 * key that sent it and answers for 24 hours.
 */
let t: LiveApp;
let person: { cookie: string; user: { id: string } };
type Key = Awaited<ReturnType<typeof createApiKey>>;
let maker: Key;
let other: Key;
let account: Key;
let made: ApiGeneration;

const v1 = (
  key: Key,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...key.auth, 'accept-language': 'en', ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });

const balance = async () =>
  ((await v1(maker, 'GET', '/balance')).json() as { tokens: number }).tokens;

async function waitForEnd(id: string, key: Key = maker): Promise<ApiGeneration> {
  for (let i = 0; i < 400; i++) {
    const generation = (await v1(key, 'GET', `/generations/${id}`)).json() as ApiGeneration;
    if (generation.status === 'completed' || generation.status === 'failed') return generation;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`generation ${id} did not end`);
}

beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', WELCOME_TOKENS: '1000' });
  await t.startWorker();
  person = await signInDemo(t.app);
  maker = await createApiKey(t.app, person.cookie, { name: 'Maker' });
  other = await createApiKey(t.app, person.cookie, { name: 'Other bot' });
  account = await createApiKey(t.app, person.cookie, { name: 'Whole account', scope: 'account' });
  const created = await v1(maker, 'POST', '/generations', {
    payload: { model: 'seedream-3', prompt: 'the maker’s own picture' },
  });
  expect(created.statusCode, created.body).toBe(201);
  made = await waitForEnd((created.json() as ApiGeneration).id);
  expect(made.status).toBe('completed');
});
afterAll(async () => {
  await t.close();
});

describe('a key reads and changes only what it made, unless it sees the whole account', () => {
  it('states its scope: a new key its own, one made so the account', async () => {
    const keys = (
      await t.app.inject({
        method: 'GET',
        url: '/api/keys',
        headers: { cookie: person.cookie },
      })
    ).json() as { items: { id: string; scope: string }[] };
    const scopes = Object.fromEntries(keys.items.map((key) => [key.id, key.scope]));
    expect(scopes).toEqual({ [maker.id]: 'key', [other.id]: 'key', [account.id]: 'account' });
    const said = (await v1(other, 'GET', '/balance')).json() as { key: { scope: string } };
    expect(said.key.scope).toBe('key');
  });

  it('another key of the account: read, output, cancel and list answer as if it did not exist', async () => {
    const read = await v1(other, 'GET', `/generations/${made.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'not_found', detail: 'Generation not found.' });
    expect((await v1(other, 'GET', `/generations/${made.id}/outputs/0`)).statusCode).toBe(404);
    expect((await v1(other, 'POST', `/generations/${made.id}/cancel`)).statusCode).toBe(404);
    const listed = (await v1(other, 'GET', '/generations')).json() as { items: ApiGeneration[] };
    expect(listed.items.map((item) => item.id)).not.toContain(made.id);
    // Its output as a library picture is not the other key's to take either.
    const element = await v1(other, 'POST', '/elements', {
      payload: { kind: 'product', name: 'Borrowed', pictures: [made.outputs[0]?.url] },
    });
    expect(element.statusCode).toBe(400);
    // Nor a clip to join: the same answer as an id that does not exist.
    const join = await v1(other, 'POST', '/joins', {
      payload: { clips: [{ id: made.id }, { id: made.id }] },
    });
    expect(join.statusCode).toBe(400);
    expect(
      (join.json() as { errors: { field: string; code: string }[] }).errors.filter(
        (error) => error.field === 'clips.0.id',
      ),
    ).toEqual([expect.objectContaining({ code: 'not_found' })]);
  });

  it('the maker and a whole-account key see it', async () => {
    expect((await v1(maker, 'GET', `/generations/${made.id}/outputs/0`)).statusCode).toBe(200);
    expect((await v1(account, 'GET', `/generations/${made.id}`)).statusCode).toBe(200);
    expect((await v1(account, 'GET', `/generations/${made.id}/outputs/0`)).statusCode).toBe(200);
    const listed = (await v1(account, 'GET', '/generations')).json() as {
      items: ApiGeneration[];
    };
    expect(listed.items.map((item) => item.id)).toContain(made.id);
    // The whole-account key meets the picture as what it is, not as something missing.
    const join = await v1(account, 'POST', '/joins', {
      payload: { clips: [{ id: made.id }, { id: made.id }] },
    });
    expect(
      (join.json() as { errors: { field: string; code: string }[] }).errors.filter(
        (error) => error.field === 'clips.0.id',
      ),
    ).toEqual([expect.objectContaining({ code: 'not_video' })]);
  });

  it('a key changed to see the account sees it at once; changed back, no longer', async () => {
    const change = (scope: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/keys/${other.id}`,
        headers: { cookie: person.cookie, origin: 'http://localhost:3000' },
        payload: { scope },
      });
    expect((await change('account')).statusCode).toBe(200);
    expect((await v1(other, 'GET', `/generations/${made.id}`)).statusCode).toBe(200);
    expect((await change('key')).statusCode).toBe(200);
    expect((await v1(other, 'GET', `/generations/${made.id}`)).statusCode).toBe(404);
    // Each change is in the person's audit, what it saw before and after.
    const events = (
      await t.app.inject({
        method: 'GET',
        url: '/api/account-events',
        headers: { cookie: person.cookie },
      })
    ).json() as { items: { action: string; subject_id: string; details: unknown }[] };
    const changes = events.items.filter(
      (event) => event.action === 'api_key.changed' && event.subject_id === other.id,
    );
    expect(changes.map((event) => event.details)).toEqual([
      { scope: { before: 'account', after: 'key' } },
      { scope: { before: 'key', after: 'account' } },
    ]);
    const bad = await change('everything');
    expect(bad.statusCode).toBe(400);
  });
});

describe('an Idempotency-Key belongs to its key and answers for 24 hours', () => {
  const body = { model: 'seedream-3', prompt: 'one picture, asked twice' };

  it("two keys' same Idempotency-Key are two requests; each replays its own", async () => {
    const before = await balance();
    const headers = { 'idempotency-key': 'shared-key-1' };
    const first = await v1(maker, 'POST', '/generations', { payload: body, headers });
    const second = await v1(other, 'POST', '/generations', { payload: body, headers });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const [a, b] = [first.json() as ApiGeneration, second.json() as ApiGeneration];
    expect(a.id).not.toBe(b.id);
    expect(await balance()).toBe(before - a.cost - b.cost);
    const replay = await v1(other, 'POST', '/generations', { payload: body, headers });
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as ApiGeneration).id).toBe(b.id);
    // Another body under one key's Idempotency-Key is still refused there.
    const reused = await v1(maker, 'POST', '/generations', {
      payload: { ...body, prompt: 'something else' },
      headers,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await balance()).toBe(before - a.cost - b.cost);
    await waitForEnd(a.id);
    await waitForEnd(b.id, other);
    await expectMoneyInvariants(t.database.pool);
  });

  it('after 24 hours the key is free: a repeat makes a new generation, charged once', async () => {
    const headers = { 'idempotency-key': 'day-old-key' };
    const first = (
      await v1(maker, 'POST', '/generations', { payload: body, headers })
    ).json() as ApiGeneration;
    await waitForEnd(first.id);
    // A day and an hour pass for this key.
    await t.database.pool.query(
      `update idempotency_keys set created = now() - interval '25 hours' where key like $1`,
      ['%:day-old-key'],
    );
    const before = await balance();
    const again = await v1(maker, 'POST', '/generations', { payload: body, headers });
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json() as ApiGeneration;
    expect(second.id).not.toBe(first.id);
    expect(await balance()).toBe(before - second.cost);
    // Within its new day, it replays the new one.
    const replay = await v1(maker, 'POST', '/generations', { payload: body, headers });
    expect((replay.json() as ApiGeneration).id).toBe(second.id);
    await waitForEnd(second.id);
    await expectMoneyInvariants(t.database.pool);
  });

  it('the prune job deletes expired keys and keeps live ones', async () => {
    await t.database.pool.query(
      `update idempotency_keys set created = now() - interval '25 hours' where key like $1`,
      ['%:shared-key-1'],
    );
    const count = async (pattern: string) =>
      Number(
        (
          await t.database.pool.query<{ n: string }>(
            'select count(*) as n from idempotency_keys where key like $1',
            [pattern],
          )
        ).rows[0]?.n,
      );
    expect(await count('%:shared-key-1')).toBe(2);
    expect(await t.container.repositories.idempotencyKeys.prune()).toBeGreaterThanOrEqual(2);
    expect(await count('%:shared-key-1')).toBe(0);
    expect(await count('%:day-old-key')).toBe(1);
  });
});
