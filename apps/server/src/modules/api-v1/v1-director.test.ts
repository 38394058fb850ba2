// Continuing and joining clips through /api/v1 (ADR 047): a Seedance clip continued with `extend`
// and joined onto it by Kadr itself; two clips joined with a cross-fade by `POST /api/v1/joins`,
// free, replayed by its Idempotency-Key, its MP4 read with ffmpeg; refusals in the request's
// language that change nothing. Balance = Σ ledger after every test.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ApiGeneration } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKadrClient } from '../../../../../packages/client/src/index.ts';
import { createApiKey, multipartBody } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

const run = promisify(execFile);
let t: LiveApp;
let scratch = '';
let ffmpeg = '';

beforeAll(async () => {
  t = await buildLiveTestApp({
    MAX_RUNNING_GENERATIONS: '0',
    WELCOME_TOKENS: '300',
    EMULATOR_LATENCY_MS: '40',
  });
  await t.startWorker();
  scratch = await mkdtemp(path.join(tmpdir(), 'kadr-v1-director-'));
  ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await expectMoneyInvariants(t.database.pool);
});

type Person = {
  id: string;
  cookie: string;
  auth: { authorization: string };
  keyId: string;
  secret: string;
};

async function person(): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  return withKey({ id: user.id, cookie });
}

/** The person with another key of theirs (made in the profile), with its settings. */
async function withKey(
  who: Pick<Person, 'id' | 'cookie'>,
  settings: Record<string, unknown> = {},
): Promise<Person> {
  const key = await createApiKey(t.app, who.cookie, settings);
  return { id: who.id, cookie: who.cookie, auth: key.auth, keyId: key.id, secret: key.secret };
}

const v1 = (
  who: Person,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.auth, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

const balance = async (who: Person) =>
  ((await v1(who, 'GET', '/balance')).json() as { tokens: number }).tokens;

/** What the database holds of the person: their requests and their ledger entries. */
async function written(who: Person) {
  const result = await t.database.pool.query<{ requests: number; entries: number }>(
    `select (select count(*)::int from generation_requests where user_id = $1) as requests,
            (select count(*)::int from token_ledger where user_id = $1) as entries`,
    [who.id],
  );
  return result.rows[0];
}

/** A picture uploaded with the person's key; its `url`, for a model's start frame. */
async function picture(who: Person, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const { payload, headers } = multipartBody('image', 'frame.png', png, 'image/png');
  const res = await v1(who, 'POST', '/uploads', { payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

async function ended(who: Person, id: string): Promise<ApiGeneration> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await v1(who, 'GET', `/generations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const generation = res.json() as ApiGeneration;
    if (generation.status === 'completed' || generation.status === 'failed') return generation;
    if (Date.now() > until) throw new Error(`${id} still ${generation.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const seedance = (image?: string) => ({
  model: 'seedance-pro',
  prompt: 'a boat leaves the harbour',
  parameters: { duration: 5, resolution: '480p', ...(image ? { image } : {}) },
});

/** A finished 5 s Seedance clip of the person's, made with their key from an uploaded picture. */
async function clip(who: Person, colour = '#2a6fdb'): Promise<ApiGeneration> {
  const res = await v1(who, 'POST', '/generations', {
    payload: seedance(await picture(who, colour)),
  });
  expect(res.statusCode, res.body).toBe(201);
  const done = await ended(who, (res.json() as ApiGeneration).id);
  expect(done.status, JSON.stringify(done.error)).toBe('completed');
  // The duration given among the parameters is the clip's.
  expect(Math.abs((done.outputs[0]?.duration_ms ?? 0) - 5000)).toBeLessThanOrEqual(200);
  return done;
}

/** An output's bytes through v1, and how long ffmpeg says it lasts. */
async function download(who: Person, generation: ApiGeneration) {
  const res = await v1(who, 'GET', `/generations/${generation.id}/outputs/0`);
  expect(res.statusCode).toBe(200);
  const bytes = res.rawPayload;
  const file = path.join(scratch, `${generation.id}.mp4`);
  await writeFile(file, bytes);
  const printed = await run(ffmpeg, ['-hide_banner', '-i', file]).catch(
    (error: { stderr: string }) => ({ stderr: error.stderr }),
  );
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(printed.stderr);
  expect(duration, printed.stderr).not.toBeNull();
  const ms = Math.round(
    (Number(duration?.[1]) * 3600 + Number(duration?.[2]) * 60 + Number(duration?.[3])) * 1000,
  );
  return { bytes, ms, contentType: res.headers['content-type'] };
}

/** An MP4 starts with its `ftyp` box: a 4-byte size, then the type. */
const isMp4 = (bytes: Buffer) => bytes.subarray(4, 8).toString('latin1') === 'ftyp';

describe('continuing a clip through /api/v1 (ADR 047)', () => {
  it('continues it with extend, priced as the model, and Kadr joins the two by itself, free', async () => {
    const maker = await person();
    const first = await clip(maker);
    expect(first).toMatchObject({ model: 'seedance-pro', type: 'video', key_id: maker.keyId });

    // The estimate takes `extend` too: the model's own price, the clip changes nothing.
    const plain = await v1(maker, 'POST', '/estimate', { payload: seedance() });
    const continued = await v1(maker, 'POST', '/estimate', {
      payload: { ...seedance(), extend: first.id },
    });
    expect(continued.statusCode, continued.body).toBe(200);
    const { cost } = continued.json() as { cost: number };
    expect(cost).toBe((plain.json() as { cost: number }).cost);
    expect(cost).toBeGreaterThan(0);

    const before = await balance(maker);
    const asked = await v1(maker, 'POST', '/generations', {
      payload: { ...seedance(), prompt: 'the boat sails into the fog', extend: first.id },
      headers: { 'idempotency-key': 'continue-1' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const segment = asked.json() as ApiGeneration;
    expect(segment).toMatchObject({ model: 'seedance-pro', cost, source_id: first.id });
    expect(await balance(maker)).toBe(before - cost);
    const done = await ended(maker, segment.id);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    // The model was sent the clip's last frame as its start frame (a picture kept as the person's).
    const prediction = (
      await t.database.pool.query<{ replicate_id: string }>(
        'select replicate_id from generation_requests where id = $1',
        [segment.id],
      )
    ).rows[0];
    const sent = t.container.demo.replicate?.getPrediction(prediction?.replicate_id ?? '')?.input;
    expect(sent?.image).toMatch(/\/api\/files\/.+signature=/);

    // The join Kadr made of the clip and the continuation: listed with the person's videos.
    let joined: ApiGeneration | undefined;
    const until = Date.now() + 60_000;
    while (joined?.status !== 'completed') {
      const page = await v1(maker, 'GET', '/generations?type=video&limit=100');
      expect(page.statusCode).toBe(200);
      joined = (page.json() as { items: ApiGeneration[] }).items.find(
        (item) => item.model === 'join' && item.source_id === first.id,
      );
      expect(joined?.status).not.toBe('failed');
      if (Date.now() > until) throw new Error(`the join is still ${joined?.status ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(joined).toMatchObject({ type: 'video', cost: 0, refunded: false, error: null });
    expect(joined.outputs[0]?.mime).toBe('video/mp4');
    const parts = (first.outputs[0]?.duration_ms ?? 0) + (done.outputs[0]?.duration_ms ?? 0);
    expect(Math.abs((joined.outputs[0]?.duration_ms ?? 0) - parts)).toBeLessThanOrEqual(200);
    // Charged for the continuation only.
    expect(await balance(maker)).toBe(before - cost);
  });

  it("refuses to continue another account's video, or with a model that cannot, charging nothing", async () => {
    const owner = await person();
    const theirs = await clip(owner, '#dd3322');
    const other = await person();
    const mine = await clip(other, '#22aa55');
    const before = await written(other);
    const tokens = await balance(other);

    for (const [lang, text] of [
      ['ru', /^Такого ролика нет среди ваших результатов/],
      ['en', /^That clip is not among your results/],
    ] as const) {
      for (const url of ['/generations', '/estimate']) {
        const res = await v1(other, 'POST', url, {
          payload: { ...seedance(), extend: theirs.id },
          headers: { 'accept-language': lang },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        const problem = res.json() as {
          code: string;
          detail: string;
          errors: { field: string; code: string }[];
        };
        expect(problem.code).toBe('invalid_request');
        expect(problem.detail).toMatch(text);
        expect(problem.errors).toEqual([
          expect.objectContaining({ field: 'extend', code: 'not_found' }),
        ]);
      }
    }
    // An image model does not start from a picture of a clip: refused naming the model.
    const image = await v1(other, 'POST', '/generations', {
      payload: { model: 'seedream-3', prompt: 'a boat', extend: mine.id },
      headers: { 'accept-language': 'en' },
    });
    expect(image.statusCode, image.body).toBe(400);
    expect(image.json()).toMatchObject({
      code: 'invalid_request',
      errors: [{ field: 'model', code: 'cannot_extend' }],
    });
    // Longer than an id may be: the schema's refusal.
    const long = await v1(other, 'POST', '/generations', {
      payload: { ...seedance(), extend: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'extend' }] });

    expect(await written(other)).toEqual(before);
    expect(await balance(other)).toBe(tokens);
  });
});

describe('POST /api/v1/joins (ADR 047)', () => {
  it('joins two clips with a cross-fade, free, into an MP4 of Σ − fade; its Idempotency-Key replays it', async () => {
    const editor = await person();
    const first = await clip(editor, '#2a6fdb');
    const second = await clip(editor, '#e0a030');
    const before = await written(editor);
    const tokens = await balance(editor);

    const body = {
      clips: [{ id: first.id }, { id: second.id, start_ms: 1000 }],
      crossfade_ms: 300,
    };
    const headers = { 'idempotency-key': 'join-1' };
    const res = await v1(editor, 'POST', '/joins', { payload: body, headers });
    expect(res.statusCode, res.body).toBe(201);
    const join = res.json() as ApiGeneration;
    expect(join).toMatchObject({
      model: 'join',
      type: 'video',
      status: 'pending',
      cost: 0,
      source_id: first.id,
      key_id: editor.keyId,
    });

    // The same key and body: the same join, not a second one; another body with it is refused.
    const replay = await v1(editor, 'POST', '/joins', { payload: body, headers });
    expect(replay.statusCode, replay.body).toBe(200);
    expect((replay.json() as ApiGeneration).id).toBe(join.id);
    const reused = await v1(editor, 'POST', '/joins', {
      payload: { ...body, crossfade_ms: 0 },
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    const joins = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from generation_requests where user_id = $1 and model = 'join'",
      [editor.id],
    );
    expect(joins.rows[0]?.n).toBe(1);

    const done = await ended(editor, join.id);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done).toMatchObject({ cost: 0, refunded: false });
    const file = await download(editor, done);
    expect(file.contentType).toBe('video/mp4');
    expect(isMp4(file.bytes)).toBe(true);
    const parts = [await download(editor, first), await download(editor, second)];
    const expected = (parts[0]?.ms ?? 0) + (parts[1]?.ms ?? 0) - 1000 - 300;
    expect(Math.abs(file.ms - expected), `${file.ms} ms, expected ${expected}`).toBeLessThanOrEqual(
      200,
    );

    // Free: no statement entry, the balance as it was; one request more (the join).
    expect(await balance(editor)).toBe(tokens);
    expect(await written(editor)).toEqual({
      requests: (before?.requests ?? 0) + 1,
      entries: before?.entries,
    });
  });

  it('refuses a bad join in the request language, changing nothing', async () => {
    const editor = await person();
    const only = await clip(editor);
    const stranger = await person();
    const theirs = await clip(stranger, '#884422');
    const before = await written(editor);

    for (const [lang, text] of [
      ['ru', 'Склеить можно от 2 до 6 роликов.'],
      ['en', 'You can join from 2 to 6 clips.'],
    ] as const) {
      const res = await v1(editor, 'POST', '/joins', {
        payload: { clips: [{ id: only.id }] },
        headers: { 'accept-language': lang, 'idempotency-key': `bad-join-${lang}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        detail: text,
        errors: [{ field: 'clips', code: 'too_few' }],
      });
    }
    // Another person's clip is not one of theirs; a fade longer than the rule allows.
    const foreign = await v1(editor, 'POST', '/joins', {
      payload: { clips: [{ id: only.id }, { id: theirs.id }] },
      headers: { 'accept-language': 'en' },
    });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'invalid_request',
      detail: 'That clip is not among your results: choose it again.',
      errors: [{ field: 'clips.1.id', code: 'not_found' }],
    });
    const fade = await v1(editor, 'POST', '/joins', {
      payload: { clips: [{ id: only.id }, { id: only.id }], crossfade_ms: 2500 },
      headers: { 'accept-language': 'ru' },
    });
    expect(fade.statusCode, fade.body).toBe(400);
    expect(fade.json()).toMatchObject({
      code: 'invalid_request',
      errors: [{ field: 'crossfade_ms', code: 'too_long' }],
    });
    expect((fade.json() as { detail: string }).detail).toMatch(/^Переход должен быть короче/);
    // The schema's own refusal: an unknown field.
    const unknown = await v1(editor, 'POST', '/joins', {
      payload: { clips: [{ id: only.id }, { id: only.id }], music: 'yes' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_request' });

    expect(await written(editor)).toEqual(before);
  });

  it('is allowed with a key limited to other models, through @kadr/client too', async () => {
    const maker = await person();
    const a = await clip(maker, '#3355aa');
    const b = await clip(maker, '#aa5533');
    // A second key of the same person, limited to one image model: a Seedance create is refused.
    // It sees the whole account: the clips were made with the first key (issue #51's scope).
    const limited = await withKey(maker, { allowed_models: ['seedream-3'], scope: 'account' });
    const refused = await v1(limited, 'POST', '/generations', { payload: seedance() });
    expect(refused.statusCode).toBe(403);

    const kadr = createKadrClient({ apiKey: limited.secret, baseUrl: t.base, language: 'en' });
    const join = await kadr.createJoin(
      { clips: [{ id: a.id, end_ms: 2000 }, { id: b.id }] },
      { idempotencyKey: 'limited-join' },
    );
    expect(join).toMatchObject({ model: 'join', cost: 0, key_id: limited.keyId });
    const again = await kadr.createJoin(
      { clips: [{ id: a.id, end_ms: 2000 }, { id: b.id }] },
      { idempotencyKey: 'limited-join' },
    );
    expect(again.id).toBe(join.id);
    const done = await kadr.waitForGeneration(join.id, { intervalMs: 50, timeoutMs: 60_000 });
    expect(done.status).toBe('completed');
    const file = await kadr.downloadOutput(done.id, 0);
    expect(file.contentType).toBe('video/mp4');
    expect(isMp4(Buffer.from(file.bytes))).toBe(true);
  });
});
