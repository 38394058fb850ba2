// Issue #48 point 5 (ADR 049): a talking character — a picture and an uploaded recording made into a
// speaking video by OmniHuman 1.5. The recording is checked like a picture is (type, length, size),
// the video is priced by the recording's seconds, charged once and refunded once on failure, and
// the file that comes back carries the recording (ffmpeg reads it). Balance = Σ ledger.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GenerationRecord } from '@kadr/contract';
import { makeRecording, meanVolume, probeVideo } from '@kadr/emulators';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRecording, signInDemo, uploadPicture } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

const ORIGIN = { origin: 'http://localhost:3000' };
let t: LiveApp;
let scratch = '';
/** 1.5 s of a tone, then 1.7 s of silence: a line and a pause, 3.2 s, so 4 seconds are charged. */
let line: Buffer;
beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', EMULATOR_LATENCY_MS: '40' });
  await t.startWorker();
  scratch = await mkdtemp(path.join(tmpdir(), 'kadr-talking-'));
  const file = path.join(scratch, 'line.wav');
  await makeRecording(file, { toneSec: 1.5, silenceSec: 1.7 });
  line = await readFile(file);
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

type Person = { cookie: string; id: string };

async function person(tokens = 300): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  await applyLedgerEntry(t.database.db, { userId: user.id, delta: tokens, reason: 'adjustment' });
  return { cookie, id: user.id };
}

async function balance(who: Person): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: who.cookie },
  });
  return (res.json() as { tokens: number }).tokens;
}

async function face(who: Person): Promise<string> {
  const png = await sharp({
    create: { width: 480, height: 640, channels: 3, background: '#0e7490' },
  })
    .png()
    .toBuffer();
  return (await uploadPicture(t.app, who.cookie, png)).urls.get;
}

async function recording(who: Person, bytes = line, filename = 'line.wav') {
  const res = await postRecording(t.app, who.cookie, bytes, { filename, type: 'audio/wav' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { urls: { get: string }; duration_ms: number };
}

const post = (who: Person, url: string, payload: object, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'accept-language': lang, ...ORIGIN },
    payload,
  });

async function finished(who: Person, id: string): Promise<GenerationRecord> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${id}`,
      headers: { cookie: who.cookie },
    });
    const record = res.json() as GenerationRecord;
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() > until) throw new Error(`${id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function generationRows(who: Person): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    'select count(*) as n from generation_requests where user_id = $1',
    [who.id],
  );
  return Number(rows[0]?.n);
}

describe('recordings (POST /api/upload-audio)', () => {
  it('keeps a recording as an MP3 of the same length, whatever it came as', async () => {
    const who = await person();
    for (const name of ['line.m4a', 'line.ogg', 'line.mp3']) {
      const file = path.join(scratch, name);
      await makeRecording(file, { toneSec: 1, silenceSec: 1.2 });
      const kept = await recording(who, await readFile(file), name);
      expect(kept.duration_ms, name).toBeGreaterThan(2100);
      expect(kept.duration_ms, name).toBeLessThan(2350);
      const res = await t.app.inject({
        method: 'GET',
        url: kept.urls.get,
        headers: { cookie: who.cookie },
      });
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(kept.urls.get).toMatch(/\.mp3$/);
      // Still the recording: loud, then quiet.
      expect(await meanVolume(res.rawPayload, 0.1, 0.9)).toBeGreaterThan(-30);
      expect(await meanVolume(res.rawPayload, 1.3, 2.1)).toBeLessThan(-70);
    }
  });

  it('refuses what is not a recording, too short or too long, saying why, and keeps nothing', async () => {
    const who = await person();
    const files = async () =>
      Number(
        (
          await t.database.pool.query<{ n: string }>(
            'select count(*) as n from files where owner_id = $1',
            [who.id],
          )
        ).rows[0]?.n,
      );
    const before = await files();
    const short = path.join(scratch, 'short.wav');
    await makeRecording(short, { toneSec: 0.4, silenceSec: 0.2 });
    const long = path.join(scratch, 'long.mp3');
    await makeRecording(long, { toneSec: 20, silenceSec: 11 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const cases: [Buffer, number, string][] = [
      [Buffer.alloc(0), 400, 'empty'],
      [png, 415, 'unsupported_type'],
      [Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(200, 7)]), 422, 'undecodable'],
      [await readFile(short), 422, 'too_short'],
      [await readFile(long), 422, 'too_long'],
    ];
    for (const [bytes, status, code] of cases) {
      const res = await postRecording(t.app, who.cookie, bytes);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().errors[0]).toMatchObject({ field: 'audio', code });
    }
    expect(await files()).toBe(before);
  });
});

describe('a talking character (OmniHuman 1.5)', () => {
  it('is priced by the recording’s seconds, charged once, and speaks the recording', async () => {
    const who = await person();
    const start = await balance(who);
    const image = await face(who);
    const audio = await recording(who);
    expect(audio.duration_ms).toBeGreaterThan(3150);
    expect(audio.duration_ms).toBeLessThan(3300);
    const body = { model: 'omni-human', prompt: '', image, audio: audio.urls.get };

    // 3.2 s are 4 seconds at 16 tokens: 64, the same in the quote and the charge.
    const quote = await post(who, '/api/estimate-video', {
      model: 'omni-human',
      prompt: '',
      parameters: { image, audio: audio.urls.get },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ estimation: 64 });
    const res = await post(who, '/api/create-video', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(who)).toBe(start - 64);

    const made = await finished(who, res.json().request_id);
    expect(made.status, JSON.stringify(made.jsondata)).toBe('completed');
    expect(made.cost).toBe(64);
    expect(made.jsondata.input).toMatchObject({ image, audio: audio.urls.get, duration: 4 });
    const download = await t.app.inject({
      method: 'GET',
      url: made.expand.output_files[0]?.url ?? '',
      headers: { cookie: who.cookie },
    });
    const video = download.rawPayload;
    const facts = await probeVideo(video);
    expect(facts).toMatchObject({ codec: 'h264', audio: 'aac' });
    expect(facts.durationSec).toBeGreaterThan(3.1);
    expect(facts.durationSec).toBeLessThan(3.4);
    expect(await meanVolume(video, 0.2, 1.3)).toBeGreaterThan(-30);
    expect(await meanVolume(video, 1.9, 3.0)).toBeLessThan(-70);
    expect(await balance(who)).toBe(start - 64);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refunds once when the model fails', async () => {
    const who = await person();
    const start = await balance(who);
    const body = {
      model: 'omni-human',
      prompt: 'говорит #fail',
      image: await face(who),
      audio: (await recording(who)).urls.get,
    };
    const res = await post(who, '/api/create-video', body);
    expect(res.statusCode, res.body).toBe(200);
    const made = await finished(who, res.json().request_id);
    expect(made.status).toBe('failed');
    expect(await balance(who)).toBe(start);
    const { rows } = await t.database.pool.query<{ reason: string; delta: number }>(
      'select reason, delta from token_ledger where user_id = $1 and generation_id = $2 order by id',
      [who.id, made.id],
    );
    expect(rows.map((row) => [row.reason, row.delta])).toEqual([
      ['generation_debit', -64],
      ['generation_refund', 64],
    ]);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses, before any charge, a picture for the recording, a recording for the picture, or none', async () => {
    const who = await person();
    const start = await balance(who);
    const rows = await generationRows(who);
    const image = await face(who);
    const audio = (await recording(who)).urls.get;
    const refused: [object, string, string][] = [
      [{ image, audio: image }, 'audio', 'not_uploaded'],
      [{ image: audio, audio }, 'image', 'not_uploaded'],
      [{ image }, 'audio', 'required'],
      [{ audio }, 'image', 'required'],
      [{ image, audio: 'https://example.com/line.mp3' }, 'audio', 'not_uploaded'],
      [{ image, audio, duration: 5 }, 'duration', 'not_supported'],
    ];
    for (const [fields, field, code] of refused) {
      for (const url of ['/api/estimate-video', '/api/create-video']) {
        const { duration, ...parameters } = fields as { duration?: number };
        const payload =
          url === '/api/create-video'
            ? { model: 'omni-human', prompt: '', ...fields }
            : { model: 'omni-human', prompt: '', parameters, ...(duration ? { duration } : {}) };
        const res = await post(who, url, payload, 'en');
        expect(res.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(400);
        expect(res.json().errors, res.body).toContainEqual(
          expect.objectContaining({ field, code }),
        );
      }
    }
    // Someone else's recording is not theirs to use.
    const other = await person();
    const theirs = (await recording(other)).urls.get;
    const res = await post(who, '/api/create-video', { model: 'omni-human', image, audio: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'audio', code: 'not_uploaded' }),
    );
    expect(await balance(who)).toBe(start);
    expect(await generationRows(who)).toBe(rows);
    await expectMoneyInvariants(t.database.pool);
  });
});
