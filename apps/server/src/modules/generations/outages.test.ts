import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { predictionsByRequest } from '../../../test/emulator.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants, generationOutcomes } from '../../../test/money.ts';
import {
  createReplicateProvider,
  type ModelProvider,
} from '../../providers/replicate/replicate.adapter.ts';
import { createLocalDiskStorage } from '../../providers/storage/local-disk.storage.ts';
import { type ObjectStorage, StorageUnavailableError } from '../../providers/storage/storage.ts';

/**
 * Issue #38 on a live app (real port, the in-process Replicate emulator, a real job worker): the
 * model provider answering 503 or 429 for a while, and the file store away while results arrive.
 * The real adapter and the official client talk to the emulator through a fetch that answers for
 * the provider while it is "away"; the store is the disk store, refusing while it is "away".
 * Whatever happened, every generation made completes afterwards, charged once, with one
 * prediction; nothing is refunded; every balance equals its ledger.
 */

/** What the provider answers now: itself, or a 503 / 429 (with Retry-After) for every call. */
const outage = { mode: 'up' as 'up' | '503' | '429', retryAfter: '3', refused: 0 };

const flakyFetch: typeof fetch = async (input, init) => {
  if (outage.mode === 'up') return fetch(input, init);
  outage.refused++;
  return outage.mode === '503'
    ? new Response('{"detail":"upstream unavailable"}', { status: 503 })
    : new Response('{"detail":"Request was throttled."}', {
        status: 429,
        headers: { 'retry-after': outage.retryAfter },
      });
};

/** The real adapter, made once the app's address (the emulator's) is known. */
let adapter: ModelProvider | undefined;
const real = (): ModelProvider => {
  adapter ??= createReplicateProvider({
    token: t.config.replicate.token,
    baseUrl: t.config.replicate.baseUrl,
    fetch: flakyFetch,
  });
  return adapter;
};
const provider: ModelProvider = {
  create: (request) => real().create(request),
  get: (id) => real().get(id),
  findByWebhook: (webhook, since) => real().findByWebhook(webhook, since),
  cancel: (id) => real().cancel(id),
};

/** The disk store, refusing every write, read and removal while `away` (as an unreachable S3). */
const store = { away: false };
let storageDir: string;
let disk: ObjectStorage | undefined;
const storageCall =
  <A extends unknown[], R>(use: (storage: ObjectStorage, ...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    if (store.away) throw new StorageUnavailableError('S3 put failed: connect ECONNREFUSED');
    disk ??= createLocalDiskStorage(storageDir);
    return use(disk, ...args);
  };
const storage: ObjectStorage = {
  kind: 'disk',
  put: storageCall((s, key: string, body: Parameters<ObjectStorage['put']>[1], options?) =>
    s.put(key, body, options),
  ),
  open: storageCall((s, key: string, range?: { start: number; end: number }) => s.open(key, range)),
  read: storageCall((s, key: string) => s.read(key)),
  withLocalFile: <T>(key: string, use: (file: string) => Promise<T>) =>
    storageCall((s) => s.withLocalFile(key, use))(),
  presignedUrl: storageCall(
    (s, key: string, options: Parameters<ObjectStorage['presignedUrl']>[1]) =>
      s.presignedUrl(key, options),
  ),
  delete: storageCall((s, key: string) => s.delete(key)),
  check: storageCall((s) => s.check()),
};

let t: LiveApp;
let operator: string;
beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-outage-store-'));
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0' }, { provider, storage });
  await t.startWorker();
  const email = `outage-operator-${Date.now()}@example.com`;
  await signInDemo(t.app, { email });
  await t.container.admin.setRole(email, 'admin');
  operator = (await signInDemo(t.app, { email })).cookie;
});
afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

const ORIGIN = 'http://localhost:3000';

interface Record {
  status: string;
  error_code: string | null;
  jsondata: { waiting_for?: string; provider_output?: unknown };
  expand: { output_files: { url: string }[] };
}

async function createImages(cookie: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, origin: ORIGIN },
      payload: {
        model: 'seedream-3',
        prompt: `a lighthouse in a storm ${i}`,
        translate_prompt: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push((res.json() as { request_id: string }).request_id);
  }
  return ids;
}

async function record(cookie: string, id: string): Promise<Record> {
  const res = await t.app.inject({ url: `/api/generations/${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record;
}

/** Waits until every one of these generations satisfies `done` (at most `seconds`). */
async function until(
  cookie: string,
  ids: string[],
  done: (r: Record) => boolean,
  seconds = 15,
): Promise<Record[]> {
  let records: Record[] = [];
  for (let i = 0; i < seconds * 10; i++) {
    records = await Promise.all(ids.map((id) => record(cookie, id)));
    if (records.every(done)) return records;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `not reached in ${seconds} s: ${JSON.stringify(records.map((r) => [r.status, r.jsondata.waiting_for]))}`,
  );
}

async function providerHealth(): Promise<{
  status: string;
  waiting: number;
  storing: number;
  error: string | null;
}> {
  const res = await t.app.inject({ url: '/api/admin/overview', headers: { cookie: operator } });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json() as {
      provider: { status: string; waiting: number; storing: number; error: string | null };
    }
  ).provider;
}

/** What must hold after any outage: each completed with its output, charged once, one prediction. */
async function expectSettledOnce(ids: string[], person: { id: string }, tokensBefore: number) {
  const outcomes = await generationOutcomes(t.database.pool, ids);
  expect(outcomes).toHaveLength(ids.length);
  for (const outcome of outcomes) {
    expect(outcome).toMatchObject({ status: 'completed', debits: 1, refunds: 0, outputs: 1 });
  }
  const asked = await predictionsByRequest(t.config.replicate.baseUrl, t.config.replicate.token);
  for (const id of ids) expect(asked.get(id), id).toBe(1);
  const me = await t.container.repositories.users.findById(person.id);
  expect(me?.tokens).toBe(tokensBefore - 3 * ids.length);
  await expectMoneyInvariants(t.database.pool);
}

describe('the model provider away (503 for a while)', () => {
  it('people see "waiting for the model", the console sees it failing; afterwards all complete, charged once, one prediction each', async () => {
    const { cookie, user } = await signInDemo(t.app);
    outage.mode = '503';
    const ids = await createImages(cookie, 4);

    const waiting = await until(cookie, ids, (r) => r.jsondata.waiting_for === 'model');
    expect(waiting.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // Code reading it through the API (a key that sees the account's studio work) is told the same.
    const key = await createApiKey(t.app, cookie, { scope: 'account' });
    const read = await t.app.inject({ url: `/api/v1/generations/${ids[0]}`, headers: key.auth });
    expect(read.json()).toMatchObject({ status: 'pending', waiting_for: 'model' });
    expect(await providerHealth()).toMatchObject({
      status: 'failing',
      error: 'HTTP 503',
      waiting: 4,
    });

    outage.mode = 'up';
    const done = await until(cookie, ids, (r) => r.status === 'completed' || r.status === 'failed');
    for (const r of done) {
      expect(r.status).toBe('completed');
      expect(r.jsondata.waiting_for).toBeUndefined();
      expect(r.expand.output_files).toHaveLength(1);
    }
    await expectSettledOnce(ids, user, 100);
    expect(await providerHealth()).toMatchObject({ status: 'ok', waiting: 0 });
  }, 30_000);
});

describe('the model provider rate limiting (429 with Retry-After)', () => {
  it('one 429 pauses every submission until its Retry-After, asking nothing meanwhile; then all complete once', async () => {
    const { cookie, user } = await signInDemo(t.app);
    outage.mode = '429';
    outage.retryAfter = '3';
    const ids = await createImages(cookie, 3);

    await until(cookie, ids, (r) => r.jsondata.waiting_for === 'model');
    expect(await providerHealth()).toMatchObject({ status: 'rate_limited', waiting: 3 });
    const pause = await t.container.repositories.providerHealth.find('replicate');
    const pausedUntil = pause?.pausedUntil?.getTime() ?? 0;
    expect(pausedUntil).toBeGreaterThan(Date.now() + 1000);
    // While the pause is on, nobody asks the provider (a call counts as refused).
    const asked = outage.refused;
    await new Promise((resolve) => setTimeout(resolve, pausedUntil - Date.now() - 300));
    expect(outage.refused).toBe(asked);

    outage.mode = 'up';
    const done = await until(cookie, ids, (r) => r.status === 'completed' || r.status === 'failed');
    expect(done.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    await expectSettledOnce(ids, user, 100);
    expect(await providerHealth()).toMatchObject({ status: 'ok', waiting: 0 });
  }, 30_000);
});

describe('the file store away while results arrive', () => {
  it('each result is kept and waits for the store, stored without asking the provider again once the store is back', async () => {
    const { cookie, user } = await signInDemo(t.app);
    store.away = true;
    const ids = await createImages(cookie, 2);

    const waiting = await until(cookie, ids, (r) => r.jsondata.waiting_for === 'storage');
    for (const r of waiting) {
      // Its result came with the provider's first word (no "started" before it): still pending.
      expect(['pending', 'processing']).toContain(r.status);
      expect(r.jsondata.provider_output).toBeDefined();
    }
    expect(await providerHealth()).toMatchObject({ storing: 2 });

    // The provider is away too now: storing must not need it (its result was kept).
    outage.mode = '503';
    const refused = outage.refused;
    store.away = false;
    const done = await until(cookie, ids, (r) => r.status === 'completed' || r.status === 'failed');
    outage.mode = 'up';
    for (const r of done) {
      expect(r.status).toBe('completed');
      expect(r.jsondata.waiting_for).toBeUndefined();
      expect(r.jsondata.provider_output).toBeUndefined();
      const file = await t.app.inject({
        url: r.expand.output_files[0]?.url ?? '',
        headers: { cookie },
      });
      expect(file.statusCode).toBe(200);
    }
    expect(outage.refused).toBe(refused);
    await expectSettledOnce(ids, user, 100);
    expect((await providerHealth()).storing).toBe(0);
  }, 30_000);
});
