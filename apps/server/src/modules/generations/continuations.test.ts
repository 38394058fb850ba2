// Issue #48 points 3 and 4 (ADR 047): a clip continued from its last frame, joined onto it into one
// file, twice; a sequence of clips trimmed and joined with a cross-fade. The files themselves are
// read (ffmpeg: streams, size, duration, frames), not only the rows. Each continuation is charged
// like a generation and refunded on failure; joins are free; balance = Σ ledger.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GenerationRecord } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, uploadPicture } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

const run = promisify(execFile);
const ORIGIN = { origin: 'http://localhost:3000' };
let t: LiveApp;
let scratch = '';
let ffmpeg = '';
beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', EMULATOR_LATENCY_MS: '40' });
  await t.startWorker();
  scratch = await mkdtemp(path.join(tmpdir(), 'kadr-continuations-'));
  ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

type Person = { cookie: string; id: string };
type RGB = [number, number, number];

async function person(tokens = 600): Promise<Person> {
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

async function picture(who: Person, [r, g, b]: RGB): Promise<string> {
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r, g, b } },
  })
    .png()
    .toBuffer();
  return (await uploadPicture(t.app, who.cookie, png)).urls.get;
}

const post = (who: Person, url: string, payload: object, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'accept-language': lang, ...ORIGIN },
    payload,
  });

async function read(who: Person, id: string): Promise<GenerationRecord> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/generations/${id}`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GenerationRecord;
}

async function finished(who: Person, id: string): Promise<GenerationRecord> {
  const until = Date.now() + 60_000;
  for (;;) {
    const record = await read(who, id);
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() > until) throw new Error(`${id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The join a continuation made: the result made from `clip` whose join names `extension`. */
async function joinOf(who: Person, clip: string, extension: string): Promise<GenerationRecord> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${clip}/edits`,
      headers: { cookie: who.cookie },
    });
    const found = (res.json() as { items: GenerationRecord[] }).items.find(
      (item) => item.model === 'join' && item.jsondata.join?.extension === extension,
    );
    if (found) return finished(who, found.id);
    if (Date.now() > until) throw new Error(`no join of ${clip} with ${extension}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Facts = { video: string; audio: string | null; width: number; height: number; ms: number };

/** The stored file, as ffmpeg reads it. */
async function stored(who: Person, record: GenerationRecord): Promise<{ file: string } & Facts> {
  const url = record.expand.output_files[0]?.url ?? '';
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  expect(res.statusCode, url).toBe(200);
  const file = path.join(scratch, `${record.id}.mp4`);
  await writeFile(file, res.rawPayload);
  const printed = await run(ffmpeg, ['-hide_banner', '-i', file]).catch(
    (error: { stderr: string }) => ({ stderr: error.stderr }),
  );
  const text = printed.stderr;
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  const video = /Video: (\w+)[^\n]*?(\d{2,5})x(\d{2,5})/.exec(text);
  const audio = /Audio: (\w+)/.exec(text);
  return {
    file,
    video: video?.[1] ?? '',
    audio: audio?.[1] ?? null,
    width: Number(video?.[2]),
    height: Number(video?.[3]),
    ms: Math.round(
      (Number(duration?.[1]) * 3600 + Number(duration?.[2]) * 60 + Number(duration?.[3])) * 1000,
    ),
  };
}

/** The mean colour of the frame at `at` seconds (negative: the very last frame). */
async function colourAt(file: string, at: number): Promise<RGB> {
  const out = `${file}.${at}.png`;
  // From the end, every frame of the last half second overwrites the picture: the last stays.
  const seek = at < 0 ? ['-sseof', '-0.5'] : ['-ss', String(at)];
  const take = at < 0 ? ['-update', '1'] : ['-frames:v', '1'];
  await run(ffmpeg, ['-loglevel', 'error', '-y', ...seek, '-i', file, ...take, out]);
  const { channels } = await sharp(await readFile(out)).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean)) as RGB;
}

const near = (got: RGB, want: RGB, by = 14) =>
  got.every((v, i) => Math.abs(v - (want[i] ?? 0)) <= by);

const RED: RGB = [220, 40, 40];
const BLUE: RGB = [40, 70, 220];
const GREEN: RGB = [40, 190, 60];

/** A 5 s Seedance clip running from one colour to another: its last frame is `to`. */
async function clip(who: Person, from: RGB, to: RGB, model = 'seedance-pro') {
  const res = await post(who, '/api/create-video', {
    model,
    prompt: 'the colour changes',
    duration: 5,
    resolution: '480p',
    image: await picture(who, from),
    last_frame_image: await picture(who, to),
  });
  expect(res.statusCode, res.body).toBe(200);
  const record = await finished(who, res.json().request_id);
  expect(record.status, record.error).toBe('completed');
  return record;
}

describe('continuing a clip (ADR 047)', () => {
  it('starts from its last frame, is charged once, and is joined onto it into one file, twice', async () => {
    const maker = await person();
    const first = await clip(maker, RED, BLUE);
    const before = await balance(maker);

    // Seedance Lite continues it; whatever start frame is sent, the clip's last frame is used.
    const asked = await post(maker, '/api/create-video', {
      model: 'seedance-lite',
      prompt: 'the camera keeps moving',
      duration: 5,
      resolution: '480p',
      extend: first.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const segment = await finished(maker, asked.json().request_id);
    expect(segment.status, segment.error).toBe('completed');
    expect(segment.source_id).toBe(first.id);
    expect(segment.jsondata.extend_of).toBe(first.id);
    const sent = t.container.demo.replicate?.getPrediction(segment.replicate_id)?.input;
    expect(sent?.image).toMatch(/\/api\/files\/.+signature=/);
    // Priced by the catalogue as a 5 s Seedance Lite video, charged once.
    expect(segment.cost).toBeGreaterThan(0);
    expect(await balance(maker)).toBe(before - segment.cost);

    const clipFile = await stored(maker, first);
    const segmentFile = await stored(maker, segment);
    // The continuation opens on the clip's last frame (blue), decoded from both files.
    expect(near(await colourAt(segmentFile.file, 0), BLUE), 'segment opens on blue').toBe(true);
    expect(near(await colourAt(clipFile.file, -0.1), BLUE), 'clip ends on blue').toBe(true);

    const once = await joinOf(maker, first.id, segment.id);
    expect(once.status, once.error).toBe('completed');
    expect(once.cost).toBe(0);
    expect(once.source_id).toBe(first.id);
    const joined = await stored(maker, once);
    expect(joined).toMatchObject({
      video: 'h264',
      audio: 'aac',
      width: clipFile.width,
      height: clipFile.height,
    });
    expect(Math.abs(joined.ms - (clipFile.ms + segmentFile.ms))).toBeLessThan(150);
    // Red at the start, blue around the cut: no seam in colour where the clips meet.
    expect(near(await colourAt(joined.file, 0), RED)).toBe(true);
    const cut = clipFile.ms / 1000;
    expect(near(await colourAt(joined.file, cut - 0.2), BLUE)).toBe(true);
    expect(near(await colourAt(joined.file, cut + 0.2), BLUE)).toBe(true);

    // Continued again, from the joined video: the next join holds all three parts.
    const again = await post(maker, '/api/create-video', {
      model: 'seedance-pro',
      prompt: 'and further',
      duration: 5,
      resolution: '480p',
      extend: once.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = await finished(maker, again.json().request_id);
    expect(second.status, second.error).toBe('completed');
    const twice = await joinOf(maker, once.id, second.id);
    expect(twice.status, twice.error).toBe('completed');
    const secondFile = await stored(maker, second);
    const all = await stored(maker, twice);
    expect(Math.abs(all.ms - (clipFile.ms + segmentFile.ms + secondFile.ms))).toBeLessThan(200);
    expect(all).toMatchObject({ width: clipFile.width, height: clipFile.height, audio: 'aac' });
    expect(await balance(maker)).toBe(before - segment.cost - second.cost);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refunds a failed continuation once and joins nothing', async () => {
    const maker = await person();
    const first = await clip(maker, GREEN, RED);
    const before = await balance(maker);
    const asked = await post(maker, '/api/create-video', {
      model: 'seedance-lite',
      prompt: 'this one fails #fail',
      duration: 5,
      resolution: '480p',
      extend: first.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const failed = await finished(maker, asked.json().request_id);
    expect(failed.status).toBe('failed');
    expect(await balance(maker)).toBe(before);
    const edits = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${first.id}/edits`,
      headers: { cookie: maker.cookie },
    });
    expect(
      (edits.json() as { items: GenerationRecord[] }).items.filter((item) => item.model === 'join'),
    ).toEqual([]);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses what cannot be continued, in the person’s language, charging nothing', async () => {
    const maker = await person();
    const stranger = await person();
    const mine = await clip(maker, BLUE, GREEN);
    const image = await post(maker, '/api/create-image', {
      model: 'seedream-3',
      prompt: 'a still',
    });
    const still = await finished(maker, image.json().request_id);
    const before = await balance(maker);
    const cases: [Person, object, string, string][] = [
      [
        maker,
        { model: 'hunyuan', prompt: 'x', extend: mine.id },
        'model',
        'Эта модель не продолжает ролики',
      ],
      [
        stranger,
        { model: 'seedance-lite', prompt: 'x', duration: 5, extend: mine.id },
        'extend',
        'Такого ролика нет среди ваших результатов',
      ],
      [
        maker,
        { model: 'seedance-lite', prompt: 'x', duration: 5, extend: still.id },
        'extend',
        'Это картинка, а не ролик',
      ],
      [
        maker,
        { model: 'seedance-lite', prompt: 'x', duration: 5, extend: 'not-an-id' },
        'extend',
        'Такого ролика нет',
      ],
    ];
    for (const [who, body, field, said] of cases) {
      const res = await post(who, '/api/create-video', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toContain(said);
      expect(res.json().errors[0].field).toBe(field);
    }
    const english = await post(
      maker,
      '/api/create-video',
      { model: 'hunyuan', prompt: 'x', extend: mine.id },
      'en',
    );
    expect(english.json().detail).toContain('This model cannot continue a clip');
    expect(await balance(maker)).toBe(before);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe('joining a sequence of clips (ADR 047)', () => {
  it('trims and cross-fades three clips into one MP4 of the summed length, free', async () => {
    const maker = await person();
    const a = await clip(maker, RED, BLUE);
    const b = await clip(maker, GREEN, GREEN, 'seedance-lite');
    const c = await clip(maker, BLUE, RED);
    const before = await balance(maker);
    const res = await post(maker, '/api/joins', {
      clips: [{ id: a.id, start_ms: 1000 }, { id: b.id, end_ms: 4000 }, { id: c.id }],
      crossfade_ms: 500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const joined = await finished(maker, res.json().request_id);
    expect(joined.status, joined.error).toBe('completed');
    expect(joined).toMatchObject({ model: 'join', cost: 0, source_id: a.id, type: 'video' });
    const [fa, fc] = [await stored(maker, a), await stored(maker, c)];
    const file = await stored(maker, joined);
    expect(file).toMatchObject({ video: 'h264', audio: 'aac', width: fa.width });
    const want = fa.ms - 1000 + 4000 + fc.ms - 2 * 500;
    expect(Math.abs(file.ms - want), `${file.ms} vs ${want}`).toBeLessThan(200);
    // The first clip, trimmed by a second, then green, then the third's red ending.
    const aEnd = (fa.ms - 1000) / 1000;
    expect(near(await colourAt(file.file, aEnd + 0.6), GREEN), 'green after the fade').toBe(true);
    // Mid-fade the picture is a mix of the two clips: neither pure blue nor pure green.
    const mid = await colourAt(file.file, aEnd - 0.25);
    expect(near(mid, BLUE, 20) || near(mid, GREEN, 20), `mid-fade ${mid}`).toBe(false);
    expect(near(await colourAt(file.file, -0.1), RED)).toBe(true);
    // The person's file starts with its index (faststart): `moov` before `mdat`.
    const bytes = await readFile(file.file);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(await balance(maker)).toBe(before);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses a join it cannot make, in the person’s language, and writes nothing', async () => {
    const maker = await person();
    const stranger = await person();
    const a = await clip(maker, RED, GREEN);
    const b = await clip(maker, GREEN, BLUE, 'seedance-lite');
    const theirs = await clip(stranger, BLUE, RED, 'seedance-lite');
    const cases: [object, string][] = [
      [{ clips: [{ id: a.id }] }, 'Склеить можно от 2 до 6 роликов'],
      [{ clips: Array.from({ length: 7 }, () => ({ id: a.id })) }, 'от 2 до 6'],
      [{ clips: [{ id: a.id }, { id: theirs.id }] }, 'Такого ролика нет'],
      [{ clips: [{ id: a.id, start_ms: 4800 }, { id: b.id }] }, 'хотя бы полсекунды'],
      [{ clips: [{ id: a.id }, { id: b.id }], crossfade_ms: 2500 }, 'не длиннее 2 секунд'],
    ];
    const count = async () =>
      (await t.database.pool.query('select count(*)::int as n from generation_requests')).rows[0]
        .n as number;
    const rows = await count();
    for (const [body, said] of cases) {
      const res = await post(maker, '/api/joins', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toContain(said);
    }
    const english = await post(maker, '/api/joins', { clips: [{ id: a.id }] }, 'en');
    expect(english.json().detail).toBe('You can join from 2 to 6 clips.');
    expect(await count()).toBe(rows);
    await expectMoneyInvariants(t.database.pool);
  });
});
