import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { problemTypes } from '@kadr/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, multipartBody } from '../test/api-keys.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildGeneration, signInDemo } from '../test/builders.ts';
import { type CuttableLink, startCuttableLink } from '../test/cuttable-link.ts';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';
import { createLogger } from './lib/logger.ts';
import { isDatabaseUnavailable } from './lib/unavailable.ts';

/**
 * Issue #38: a part Kadr needs goes away for a while — its PostgreSQL, its S3 store — and every
 * answer stays honest: 503 problem+json with Retry-After in the person's language, never a 500;
 * readiness says which part failed; nothing is half-written; nothing is logged as an error; and
 * once the part is back everything works again by itself. Each part is reached through a link the
 * test cuts and restores, so the app meets a real stopped server: connections lost mid-statement,
 * then refused.
 */

const ORIGIN = 'http://localhost:3000';

const DETAILS = {
  database: {
    ru: 'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
    en: 'Kadr is briefly unavailable. Nothing was changed — try again in a few seconds.',
  },
  storage: {
    ru: 'Хранилище файлов ненадолго недоступно. Ничего не сохранено — повторите через несколько секунд.',
    en: 'The file store is briefly unavailable. Nothing was saved — try again in a few seconds.',
  },
};

let s3: LocalS3;
let database: CuttableLink;
let store: CuttableLink;
let t: TestApp;
const lines: { level: number; msg?: string; dependency?: string }[] = [];

let cookie: string;
let key: { authorization: string };
let userId: string;
/** A finished generation whose one output is in the store. */
let output: { generationId: string; fileId: string; name: string; shareMedia: string };
let picture: Buffer;

beforeAll(async () => {
  s3 = await startLocalS3('kadr-away');
  store = await startCuttableLink({
    host: '127.0.0.1',
    port: Number(new URL(s3.settings.endpoint ?? '').port),
  });
  const logger = createLogger(
    { logLevel: 'info', logPretty: false },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  t = await buildTestApp(
    {
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${store.port}`,
      RATE_LIMITS: 'true',
      WELCOME_TOKENS: '100',
      METRICS_TOKEN: 'metrics-token-for-the-outage',
    },
    {},
    {
      logger,
      connectVia: async (url) => {
        database = await startCuttableLink({ host: '127.0.0.1', port: Number(new URL(url).port) });
        return database.via(url);
      },
    },
  );
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const person = await signInDemo(t.app);
  cookie = person.cookie;
  userId = person.user.id;
  // It reads the studio's own output too, so it sees the whole account (ADR 053).
  key = (await createApiKey(t.app, cookie, { scope: 'account' })).auth;
  output = await finishedOutput();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  await store?.close();
  await s3?.close();
});

type Dependency = keyof typeof DETAILS;

/** A 503 as issue #38 says it: problem+json, Retry-After: 5, the detail in the asked language. */
function expectUnavailable(
  res: LightMyRequestResponse,
  dependency: Dependency,
  locale: 'ru' | 'en',
  v1 = false,
) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-disposition']).toBeUndefined();
  expect(res.headers['content-range']).toBeUndefined();
  expect(res.json()).toEqual({
    type: problemTypes.unavailable,
    title: 'Service Unavailable',
    status: 503,
    detail: DETAILS[dependency][locale],
    ...(v1 ? { code: 'unavailable' } : {}),
  });
}

const inLanguage = (locale: 'ru' | 'en') => ({ 'accept-language': locale });

/** A completed generation of the person's with one output in the store, and its share link. */
async function finishedOutput() {
  const generationId = await buildGeneration(t.database, { id: userId }, { status: 'completed' });
  const name = '0.png';
  const storageKey = `outputs/${generationId.slice(0, 2)}/${generationId}/${name}`;
  await t.container.storage.put(storageKey, picture, { contentType: 'image/png' });
  const file = await t.container.repositories.files.insert({
    ownerId: userId,
    generationId,
    kind: 'output',
    storageKey,
    mime: 'image/png',
    bytes: picture.length,
    width: 64,
    height: 48,
  });
  const shared = await t.app.inject({
    method: 'POST',
    url: `/api/generations/${generationId}/share`,
    headers: { cookie, origin: ORIGIN },
    payload: { show_prompt: false },
  });
  expect(shared.statusCode, shared.body).toBe(200);
  const shareMedia = `${new URL((shared.json() as { url: string }).url).pathname}/media`;
  return { generationId, fileId: file.id, name, shareMedia };
}

/** A batch of one item, finished, whose output is in the store: its zip reads the store. */
async function finishedBatch(): Promise<string> {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/batches',
    headers: { cookie, origin: ORIGIN },
    payload: { type: 'image', items: [{ model: 'seedream-3', prompt: 'a red fox' }] },
  });
  expect(made.statusCode, made.body).toBe(200);
  const batch = made.json() as { id: string; items: { generation_id: string | null }[] };
  const generationId = batch.items[0]?.generation_id ?? '';
  const storageKey = `outputs/${generationId.slice(0, 2)}/${generationId}/0.png`;
  await t.container.storage.put(storageKey, picture, { contentType: 'image/png' });
  await t.container.repositories.files.insert({
    ownerId: userId,
    generationId,
    kind: 'output',
    storageKey,
    mime: 'image/png',
    bytes: picture.length,
    width: 64,
    height: 48,
  });
  await t.database.pool.query(
    `update generation_requests set status = 'completed', error = null where id = $1`,
    [generationId],
  );
  return batch.id;
}

/** Resolves once the realtime hub's listening is `value` (the session and key caches follow it). */
function untilListening(value: boolean): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    let done = false;
    stop = t.container.realtime.onListening((listening) => {
      if (listening !== value || done) return;
      done = true;
      stop?.();
      resolve();
    });
    if (done) stop();
  });
}

const uploadByCookie = (locale: 'ru' | 'en') => {
  const body = multipartBody('image', 'me.png', picture, 'image/png');
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-image',
    headers: { ...body.headers, cookie, origin: ORIGIN, ...inLanguage(locale) },
    payload: body.payload,
  });
};

const uploadByKey = (locale: 'ru' | 'en') => {
  const body = multipartBody('image', 'me.png', picture, 'image/png');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...body.headers, ...key, ...inLanguage(locale) },
    payload: body.payload,
  });
};

const downloads = () => [
  { url: `/api/files/${output.fileId}/${output.name}`, headers: { cookie }, v1: false },
  { url: `/api/v1/generations/${output.generationId}/outputs/0`, headers: key, v1: true },
  { url: output.shareMedia, headers: {}, v1: false },
];

/** The objects in the bucket under `prefix`, read from the store itself (not through the link). */
async function objects(prefix: string): Promise<string[]> {
  const client = new S3Client({
    region: s3.settings.region,
    endpoint: s3.settings.endpoint,
    forcePathStyle: true,
    ...(s3.settings.credentials && { credentials: s3.settings.credentials }),
  });
  try {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

const fileRows = async () =>
  (await t.database.pool.query<{ n: number }>('select count(*)::int as n from files')).rows[0]?.n;

/** Log lines at error or fatal (pino levels 50, 60): an outage must never write one. */
const errorLines = () => lines.filter((line) => line.level >= 50);

describe('the database away', () => {
  beforeAll(async () => {
    const stopped = untilListening(false);
    await database.cut();
    await stopped;
  });

  it('a cookie route answers 503 in the person’s language', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie, ...inLanguage(locale) },
      });
      expectUnavailable(res, 'database', locale);
    }
  });

  it('a v1 route with a key answers 503 `unavailable`', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/balance',
        headers: { ...key, ...inLanguage(locale) },
      });
      expectUnavailable(res, 'database', locale, true);
    }
  });

  it('the rate-limited create answers 503 (its counter and the charge both need the database)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, origin: ORIGIN, ...inLanguage('en') },
      payload: { model: 'seedream-3', prompt: 'a quiet harbour' },
    });
    expectUnavailable(res, 'database', 'en');
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/generations',
      headers: { ...key, ...inLanguage('ru'), 'idempotency-key': 'away-1' },
      payload: { model: 'seedream-3', prompt: 'a quiet harbour' },
    });
    expectUnavailable(byKey, 'database', 'ru', true);
  });

  it('an unknown API address with a session answers 503 too; the pages, which need no database, load', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { cookie, ...inLanguage('en') },
    });
    expectUnavailable(res, 'database', 'en');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
  });

  it('readiness answers 503 and names the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'failed', storage: 'ok', running: 'ok' },
    });
  });

  it('metrics still answer with this process’s own series; the database’s are left out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-outage' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('kadr_http_request_duration_seconds_bucket');
    expect(res.body).toContain('kadr_db_pool_connections{state="total"}');
    expect(res.body).not.toContain('kadr_ledger_entries{');
  });

  it('an upload whose record cannot be written leaves no object behind', async () => {
    const before = await objects('uploads/');
    const failed = await t.container.uploads.storeImage(userId, picture).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(await objects('uploads/')).toEqual(before);
  });

  it('logged nothing at error level, and said which part is away', () => {
    expect(errorLines()).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, dependency: 'database' }));
  });

  it('comes back by itself: the same requests are served, and nothing was charged', async () => {
    await database.restore();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect((me.json() as { tokens: number }).tokens).toBe(100);
    const balance = await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: key });
    expect(balance.statusCode, balance.body).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(errorLines()).toEqual([]);
  });
});

describe('the file store away', () => {
  let batchId: string;
  beforeAll(async () => {
    batchId = await finishedBatch();
    await store.cut();
  });

  it('an upload answers 503 in the person’s language and keeps nothing: no row, no object', async () => {
    const rows = await fileRows();
    const stored = await objects('uploads/');
    for (const locale of ['ru', 'en'] as const) {
      expectUnavailable(await uploadByCookie(locale), 'storage', locale);
      expectUnavailable(await uploadByKey(locale), 'storage', locale, true);
    }
    expect(await fileRows()).toBe(rows);
    expect(await objects('uploads/')).toEqual(stored);
  });

  it('an existing output answers 503, not 500 — through the files route, v1 and a share link', async () => {
    for (const download of downloads()) {
      const res = await t.app.inject({
        method: 'GET',
        url: download.url,
        headers: { ...download.headers, ...inLanguage('en'), range: 'bytes=0-9' },
      });
      expectUnavailable(res, 'storage', 'en', download.v1);
    }
  });

  it('a batch’s zip answers 503 before it starts, rather than a zip cut off after a 200', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/batches/${batchId}/zip`,
      headers: { cookie, ...inLanguage('ru') },
    });
    expectUnavailable(res, 'storage', 'ru');
  });

  it('readiness answers 503 and names the store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed', running: 'ok' },
    });
  });

  it('logged nothing at error level, and said which part is away', () => {
    expect(errorLines()).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, dependency: 'storage' }));
  });

  it('comes back by itself: uploads and downloads work again', async () => {
    await store.restore();
    const uploaded = await uploadByCookie('en');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const byKey = await uploadByKey('en');
    expect(byKey.statusCode, byKey.body).toBe(201);
    for (const download of downloads()) {
      const res = await t.app.inject({
        method: 'GET',
        url: download.url,
        headers: download.headers,
      });
      expect(res.statusCode, `${download.url} ${res.body}`).toBe(200);
      expect(res.rawPayload.equals(picture)).toBe(true);
    }
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/batches/${batchId}/zip`,
      headers: { cookie },
    });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(picture)).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(errorLines()).toEqual([]);
  });
});
