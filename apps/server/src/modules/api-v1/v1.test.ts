import { listModels, listTools } from '@kadr/catalog';
import { type ApiGeneration, apiProblemCodes } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, multipartBody } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

let t: LiveApp;
let person: { cookie: string; user: { id: string } };
let key: Awaited<ReturnType<typeof createApiKey>>;

beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', WELCOME_TOKENS: '100' });
  await t.startWorker();
  person = await signInDemo(t.app);
  key = await createApiKey(t.app, person.cookie);
});
afterAll(async () => {
  await t.close();
});

const v1 = (
  method: 'GET' | 'POST' | 'OPTIONS',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...key.auth, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });

async function waitForEnd(id: string): Promise<ApiGeneration> {
  for (let i = 0; i < 400; i++) {
    const res = await v1('GET', `/generations/${id}`);
    const generation = res.json() as ApiGeneration;
    if (generation.status === 'completed' || generation.status === 'failed') return generation;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`generation ${id} did not end`);
}

const balance = async () => ((await v1('GET', '/balance')).json() as { tokens: number }).tokens;

describe('/api/v1 with a bearer key', () => {
  it('lists every model and tool of the catalogue with its parameters, in the asked language', async () => {
    const res = await v1('GET', '/models', { headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const items = (
      res.json() as {
        items: {
          id: string;
          kind: string;
          parameters: unknown[];
          price: { rule: string; from: number; summary: string };
          description: string;
        }[];
      }
    ).items;
    expect(items.map((item) => item.id)).toEqual([
      ...listModels().map((model) => model.id),
      ...listTools().map((model) => model.id),
    ]);
    expect(items.find((item) => item.id === 'remove-background')?.kind).toBe('tool');
    for (const item of items) expect(item.price.from).toBeGreaterThan(0);
    // Sound switches Veo 3's rate (ADR 048); `from` is its least, without sound (issue #51).
    expect(items.find((item) => item.id === 'veo3')?.price).toEqual({
      rule: 'per-second-by-option',
      from: 400,
      summary: 'per second of video: without sound 50, with sound 75 tokens',
    });
    const ru = (await v1('GET', '/models', { headers: { 'accept-language': 'ru' } })).json() as {
      items: { id: string; description: string; price: { summary: string } }[];
    };
    expect(ru.items[0]?.description).not.toBe(items[0]?.description);
    expect(ru.items.find((item) => item.id === 'veo3')?.price.summary).toBe(
      'за секунду видео: без звука — 50, со звуком — 75 кр.',
    );
  });

  it('estimates, creates (201), replays an Idempotency-Key (200), refuses another body with it (409)', async () => {
    const body = { model: 'seedream-3', prompt: 'a lighthouse at dawn' };
    const estimate = await v1('POST', '/estimate', { payload: body });
    expect(estimate.statusCode).toBe(200);
    const { cost } = estimate.json() as { cost: number; balance: number };
    expect(cost).toBeGreaterThan(0);
    const before = await balance();

    const created = await v1('POST', '/generations', {
      payload: body,
      headers: { 'idempotency-key': 'v1-create-1' },
    });
    expect(created.statusCode).toBe(201);
    const generation = created.json() as ApiGeneration;
    expect(generation).toMatchObject({ model: 'seedream-3', type: 'image', cost, key_id: key.id });
    expect(await balance()).toBe(before - cost);

    const replay = await v1('POST', '/generations', {
      payload: body,
      headers: { 'idempotency-key': 'v1-create-1' },
    });
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as ApiGeneration).id).toBe(generation.id);
    // The create answers from what its statement wrote, not a read: the same as the row read back
    // (what may have moved since — the status, its time, outputs — aside).
    const { status, updated, outputs, error, refunded, ...written } = generation;
    expect([status, outputs, error, refunded]).toEqual(['pending', [], null, false]);
    expect(updated).toBe(written.created);
    expect(replay.json()).toMatchObject(written);
    expect(await balance()).toBe(before - cost);

    const reused = await v1('POST', '/generations', {
      payload: { ...body, prompt: 'another prompt' },
      headers: { 'idempotency-key': 'v1-create-1', 'accept-language': 'en' },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });

    const done = await waitForEnd(generation.id);
    expect(done.status).toBe('completed');
    expect(done.outputs[0]?.url).toBe(
      `${t.config.publicUrl}/api/v1/generations/${generation.id}/outputs/0`,
    );
    const file = await v1('GET', `/generations/${generation.id}/outputs/0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(done.outputs[0]?.mime);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await sharp(file.rawPayload).metadata()).width).toBeGreaterThan(0);
    expect((await v1('GET', `/generations/${generation.id}/outputs/1`)).statusCode).toBe(404);
    await expectMoneyInvariants(t.database.pool);
  });

  it('pages the generations newest first with an opaque cursor, and filters', async () => {
    const other = await signInDemo(t.app);
    const otherKey = await createApiKey(t.app, other.cookie);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generations',
        headers: otherKey.auth,
        payload: { model: 'seedream-3', prompt: `a page ${i}` },
      });
      expect(res.statusCode).toBe(201);
      ids.unshift((res.json() as ApiGeneration).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/generations?limit=2${query}`,
        headers: otherKey.auth,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: ApiGeneration[]; next_cursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const videos = await t.app.inject({
      method: 'GET',
      url: '/api/v1/generations?type=video',
      headers: otherKey.auth,
    });
    expect((videos.json() as { items: unknown[] }).items).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/generations?cursor=not-a-cursor',
      headers: { ...otherKey.auth, 'accept-language': 'ru' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'cursor' }] });
    expect((bad.json() as { detail: string }).detail).toMatch(/[а-я]/);
  });

  it('cancels a running generation with a full refund, and a finished one is 409 conflict', async () => {
    const before = await balance();
    const created = await v1('POST', '/generations', {
      payload: { model: 'seedance-lite', prompt: 'waves', duration: 5 },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as ApiGeneration;
    const canceled = await v1('POST', `/generations/${id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    const ended = await waitForEnd(id);
    expect(ended).toMatchObject({ status: 'failed', refunded: true });
    expect(await balance()).toBe(before);
    const again = await v1('POST', `/generations/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });
    await expectMoneyInvariants(t.database.pool);
  });

  it('uploads a picture a tool then takes as its input', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#3366ff' },
    })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody('image', 'p.png', png, 'image/png');
    const res = await v1('POST', '/uploads', { payload, headers });
    expect(res.statusCode).toBe(201);
    const upload = res.json() as { url: string; width: number; height: number; mime: string };
    expect(upload).toMatchObject({ width: 64, height: 48, mime: 'image/png' });
    const tool = await v1('POST', '/estimate', {
      payload: { model: 'remove-background', parameters: { image: upload.url } },
    });
    expect(tool.statusCode).toBe(200);
    const junk = multipartBody('image', 'x.png', Buffer.from('not a picture at all'));
    const refused = await v1('POST', '/uploads', { payload: junk.payload, headers: junk.headers });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it("answers the balance with the key's spend, and the statement in cursor pages", async () => {
    const res = await v1('GET', '/balance');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { tokens: number; key: { id: string; spent_today: number } };
    expect(body.key.id).toBe(key.id);
    expect(body.key.spent_today).toBeGreaterThan(0);
    const entries: { balance_after: number; delta: number }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await v1('GET', `/statement?limit=2${query}`)).json() as {
        items: { balance_after: number; delta: number }[];
        next_cursor: string | null;
      };
      entries.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(entries[0]?.balance_after).toBe(body.tokens);
    expect(entries.reduce((sum, entry) => sum + entry.delta, 0)).toBe(body.tokens);
  });
});

describe('/api/v1 refusals', () => {
  it('is 401 unauthorized without a key, with a made-up one, and with a session cookie alone', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer kadr_${'x'.repeat(40)}` },
      { authorization: 'Basic abc' },
      { cookie: person.cookie },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  it('refuses a key on every cookie route with 403 forbidden', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/keys'],
      ['POST', '/api/create-payment'],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/generations'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...key.auth, cookie: person.cookie, 'accept-language': 'en' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('answers an unknown v1 address 404 not_found, and gives no CORS allowance', async () => {
    const res = await v1('GET', '/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const preflight = await v1('OPTIONS', '/generations', {
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    const allowances = Object.keys(preflight.headers).filter((name) =>
      name.startsWith('access-control-'),
    );
    expect(allowances).toEqual([]);
    const read = await v1('GET', '/models', { headers: { origin: 'https://elsewhere.example' } });
    expect(Object.keys(read.headers).filter((name) => name.startsWith('access-control-'))).toEqual(
      [],
    );
  });

  it('says a bad body in the request language with the fields at fault', async () => {
    for (const [lang, pattern] of [
      ['ru', /[а-я]/],
      ['en', /Invalid/],
    ] as const) {
      const res = await v1('POST', '/generations', {
        payload: { model: 'seedream-3', prompt: 'x', colour: 'red' },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(400);
      const problem = res.json() as { code: string; detail: string; errors: unknown[] };
      expect(problem.code).toBe('invalid_request');
      expect(problem.detail).toMatch(pattern);
      expect(problem.errors.length).toBeGreaterThan(0);
    }
  });

  it('documents only codes of the contract', () => {
    expect(apiProblemCodes).toContain('spend_limit_daily');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents every v1 operation with an operationId, the bearer scheme and coded problems', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            responses: Record<
              string,
              { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
            >;
          }
        >
      >;
      components: { securitySchemes: Record<string, { scheme: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    const ids = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.sort()).toEqual(
      [
        'addElementPictures',
        'cancelGeneration',
        'createElement',
        'createGeneration',
        'createJoin',
        'deleteElement',
        'downloadOutput',
        'estimate',
        'getBalance',
        'getElement',
        'getGeneration',
        'getOpenApi',
        'getStatement',
        'listElements',
        'listGenerations',
        'listModels',
        'listStyles',
        'uploadImage',
        'uploadRecording',
      ].sort(),
    );
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const schema = Object.values(response.content ?? {})[0]?.schema;
          expect(schema?.properties, `${operation.operationId} ${status}`).toHaveProperty('code');
        }
      }
    }
  });
});
