// A talking character through /api/v1 (issue #48, ADR 049): a recording uploaded with a key
// (`POST /api/v1/recordings`), a picture made to speak it by `omni-human`, estimated and charged by
// the recording's seconds, replayed by its Idempotency-Key, refunded once on failure, its MP4 read
// with ffmpeg; refusals in the request's language that change nothing; the same through
// `@kadr/client`. Balance = Σ ledger after every test.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiGeneration } from '@kadr/contract';
import { makeRecording, meanVolume, probeVideo } from '@kadr/emulators';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKadrClient } from '../../../../../packages/client/src/index.ts';
import { createApiKey, multipartBody } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

let t: LiveApp;
let scratch = '';
/** 1.5 s of a tone, then 1.7 s of silence: 3.2 s, charged as 4 seconds (64 tokens). */
let line: Buffer;

beforeAll(async () => {
  t = await buildLiveTestApp({
    MAX_RUNNING_GENERATIONS: '0',
    WELCOME_TOKENS: '300',
    EMULATOR_LATENCY_MS: '40',
  });
  await t.startWorker();
  scratch = await mkdtemp(path.join(tmpdir(), 'kadr-v1-talking-'));
  const file = path.join(scratch, 'line.mp3');
  await makeRecording(file, { toneSec: 1.5, silenceSec: 1.7 });
  line = await readFile(file);
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await expectMoneyInvariants(t.database.pool);
});

type Person = { id: string; auth: { authorization: string }; secret: string };

async function person(): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  const key = await createApiKey(t.app, cookie, {});
  return { id: user.id, auth: key.auth, secret: key.secret };
}

const v1 = (
  who: Person,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object | Buffer; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.auth, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

const balance = async (who: Person) =>
  ((await v1(who, 'GET', '/balance')).json() as { tokens: number }).tokens;

async function written(who: Person) {
  const result = await t.database.pool.query<{ requests: number; entries: number; files: number }>(
    `select (select count(*)::int from generation_requests where user_id = $1) as requests,
            (select count(*)::int from token_ledger where user_id = $1) as entries,
            (select count(*)::int from files where owner_id = $1) as files`,
    [who.id],
  );
  return result.rows[0];
}

async function face(who: Person): Promise<string> {
  const png = await sharp({
    create: { width: 480, height: 640, channels: 3, background: '#9333ea' },
  })
    .png()
    .toBuffer();
  const { payload, headers } = multipartBody('image', 'face.png', png, 'image/png');
  const res = await v1(who, 'POST', '/uploads', { payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

const record = (who: Person, bytes: Buffer, lang = 'en', name = 'line.mp3') => {
  const { payload, headers } = multipartBody('audio', name, bytes, 'audio/mpeg');
  return v1(who, 'POST', '/recordings', {
    payload,
    headers: { ...headers, 'accept-language': lang },
  });
};

async function ended(who: Person, id: string): Promise<ApiGeneration> {
  const until = Date.now() + 60_000;
  for (;;) {
    const generation = (await v1(who, 'GET', `/generations/${id}`)).json() as ApiGeneration;
    if (generation.status === 'completed' || generation.status === 'failed') return generation;
    if (Date.now() > until) throw new Error(`${id} still ${generation.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a talking character through /api/v1 (ADR 049)', () => {
  it('speaks an uploaded recording, estimated and charged by its seconds, replayed by its key', async () => {
    const who = await person();
    const kept = await record(who, line);
    expect(kept.statusCode, kept.body).toBe(201);
    const recording = kept.json() as { url: string; mime: string; duration_ms: number };
    expect(recording.mime).toBe('audio/mpeg');
    expect(recording.duration_ms).toBeGreaterThan(3150);
    expect(recording.duration_ms).toBeLessThan(3300);
    const body = {
      model: 'omni-human',
      prompt: 'she smiles while she talks',
      parameters: { image: await face(who), audio: recording.url },
    };

    const estimate = await v1(who, 'POST', '/estimate', { payload: body });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json()).toMatchObject({ cost: 64 });
    const before = await balance(who);
    const asked = await v1(who, 'POST', '/generations', {
      payload: body,
      headers: { 'idempotency-key': 'talk-1' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json() as ApiGeneration;
    expect(made).toMatchObject({ model: 'omni-human', type: 'video', cost: 64 });
    const again = await v1(who, 'POST', '/generations', {
      payload: body,
      headers: { 'idempotency-key': 'talk-1' },
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as ApiGeneration).id).toBe(made.id);
    expect(await balance(who)).toBe(before - 64);

    const done = await ended(who, made.id);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    const file = await v1(who, 'GET', `/generations/${made.id}/outputs/0`);
    expect(file.statusCode).toBe(200);
    const facts = await probeVideo(file.rawPayload);
    expect(facts).toMatchObject({ codec: 'h264', audio: 'aac' });
    expect(facts.durationSec).toBeGreaterThan(3.1);
    expect(facts.durationSec).toBeLessThan(3.4);
    expect(await meanVolume(file.rawPayload, 0.2, 1.3)).toBeGreaterThan(-30);
    expect(await meanVolume(file.rawPayload, 1.9, 3.0)).toBeLessThan(-70);
    expect(await balance(who)).toBe(before - 64);

    // The models list says what it costs: a second at least.
    const models = (await v1(who, 'GET', '/models')).json() as {
      items: { id: string; price: { from: number } }[];
    };
    expect(models.items.find((model) => model.id === 'omni-human')?.price.from).toBe(16);
  });

  it('refunds once when the model fails', async () => {
    const who = await person();
    const recording = (await record(who, line)).json() as { url: string };
    const before = await balance(who);
    const asked = await v1(who, 'POST', '/generations', {
      payload: {
        model: 'omni-human',
        prompt: 'this one fails #fail',
        parameters: { image: await face(who), audio: recording.url },
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await ended(who, (asked.json() as ApiGeneration).id)).status).toBe('failed');
    expect(await balance(who)).toBe(before);
  });

  it('refuses, in the request’s language, what is not a recording or not one, changing nothing', async () => {
    const who = await person();
    const image = await face(who);
    const before = await written(who);
    const long = path.join(scratch, 'long.mp3');
    await makeRecording(long, { toneSec: 20, silenceSec: 11 });
    const cases: [Buffer, number, string, RegExp, RegExp][] = [
      [Buffer.from('hello, not a recording'), 415, 'unsupported_type', /MP3, WAV/, /MP3, WAV/],
      [await readFile(long), 400, 'too_long', /longer than 30 seconds/, /длиннее 30 секунд/],
    ];
    for (const [bytes, status, code, en, ru] of cases) {
      for (const [lang, said] of [
        ['en', en],
        ['ru', ru],
      ] as const) {
        const res = await record(who, bytes, lang);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().detail).toMatch(said);
        expect(res.json().errors[0]).toMatchObject({ field: 'audio', code });
      }
    }
    // A picture is not a recording, in the estimate or the create.
    for (const url of ['/estimate', '/generations']) {
      const res = await v1(who, 'POST', url, {
        payload: { model: 'omni-human', prompt: '', parameters: { image, audio: image } },
        headers: { 'accept-language': 'ru' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ field: 'audio', code: 'not_uploaded' }),
      );
    }
    // Nor is it a picture anywhere a picture is taken: a library element's.
    const recording = (await record(who, line)).json() as { url: string };
    const element = await v1(who, 'POST', '/elements', {
      payload: { kind: 'character', name: 'Голос', pictures: [recording.url] },
    });
    expect(element.statusCode, element.body).toBe(400);
    expect(element.body).toContain('pictures.0');
    const after = await written(who);
    expect({ ...after, files: (before?.files ?? 0) + 1 }).toEqual(after);
    expect({ ...after, files: before?.files }).toEqual(before);
  });

  it('runs through @kadr/client: uploadRecording, then a create', async () => {
    const who = await person();
    const kadr = createKadrClient({ apiKey: who.secret, baseUrl: t.base, language: 'en' });
    const recording = await kadr.uploadRecording(
      new Blob([line], { type: 'audio/mpeg' }),
      'line.mp3',
    );
    expect(recording.duration_ms).toBeGreaterThan(3150);
    const face = await kadr.uploadImage(
      new Blob(
        [
          await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        ],
        {
          type: 'image/png',
        },
      ),
      'face.png',
    );
    const made = await kadr.createGeneration({
      model: 'omni-human',
      prompt: '',
      parameters: { image: face.url, audio: recording.url },
    });
    expect(made).toMatchObject({ model: 'omni-human', cost: 64 });
    const done = await kadr.waitForGeneration(made.id, { intervalMs: 50, timeoutMs: 60_000 });
    expect(done.status).toBe('completed');
  });
});
