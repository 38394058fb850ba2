// Issue #48 point 1: a video's start and end frames reach Seedance as its own fields, and the
// emulator's video really ends on the given picture — read here from the stored MP4's last frame
// (ffmpeg), not from the request. Priced as without an end frame; balance = Σ ledger.
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
beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', EMULATOR_LATENCY_MS: '60' });
  await t.startWorker();
  scratch = await mkdtemp(path.join(tmpdir(), 'kadr-end-frames-'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

type Person = { cookie: string; id: string };
type RGB = [number, number, number];

async function person(): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  await applyLedgerEntry(t.database.db, { userId: user.id, delta: 400, reason: 'adjustment' });
  return { cookie, id: user.id };
}

async function picture(who: Person, [r, g, b]: RGB): Promise<string> {
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r, g, b } },
  })
    .png()
    .toBuffer();
  return (await uploadPicture(t.app, who.cookie, png)).urls.get;
}

async function create(who: Person, body: object, lang = 'ru') {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-video',
    headers: { cookie: who.cookie, 'accept-language': lang, ...ORIGIN },
    payload: body,
  });
}

async function finished(who: Person, id: string): Promise<GenerationRecord> {
  const until = Date.now() + 30_000;
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

/** The stored video's first and last frames' mean colour (decoded with ffmpeg). */
async function endColours(
  who: Person,
  record: GenerationRecord,
): Promise<{ first: RGB; last: RGB }> {
  const url = record.expand.output_files[0]?.url ?? '';
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  expect(res.statusCode, url).toBe(200);
  const video = path.join(scratch, `${record.id}.mp4`);
  await writeFile(video, res.rawPayload);
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
  const frame = async (args: string[], name: string): Promise<RGB> => {
    const file = path.join(scratch, `${record.id}-${name}.png`);
    await run(ffmpeg, ['-loglevel', 'error', '-y', ...args, '-i', video, '-frames:v', '1', file]);
    const { channels } = await sharp(await readFile(file)).stats();
    return channels.slice(0, 3).map((c) => Math.round(c.mean)) as RGB;
  };
  return { first: await frame([], 'first'), last: await frame(['-sseof', '-0.1'], 'last') };
}

const close = (got: RGB, want: RGB) => got.every((v, i) => Math.abs(v - (want[i] ?? 0)) <= 12);

describe('start and end frames', () => {
  it('reach Seedance as its fields, and the video ends on the end picture; priced as without', async () => {
    const maker = await person();
    const red: RGB = [220, 40, 40];
    const blue: RGB = [40, 70, 220];
    const start = await picture(maker, red);
    const end = await picture(maker, blue);
    const before = (
      (
        await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: maker.cookie } })
      ).json() as { tokens: number }
    ).tokens;

    const made = await create(maker, {
      model: 'seedance-pro',
      prompt: 'the scene turns from red to blue',
      duration: 5,
      resolution: '480p',
      image: start,
      last_frame_image: end,
    });
    expect(made.statusCode, made.body).toBe(200);
    const loop = await create(maker, {
      model: 'seedance-lite',
      prompt: 'a loop',
      duration: 5,
      resolution: '480p',
      image: start,
      last_frame_image: start,
    });
    expect(loop.statusCode, loop.body).toBe(200);

    const clip = await finished(maker, made.json().request_id);
    expect(clip.status, clip.error).toBe('completed');
    const sent = t.container.demo.replicate?.getPrediction(clip.replicate_id)?.input;
    expect(sent?.image).toMatch(/\/api\/files\/.+signature=/);
    expect(sent?.last_frame_image).toMatch(/\/api\/files\/.+signature=/);
    const shown = await endColours(maker, clip);
    expect(close(shown.first, red), `first frame ${shown.first}`).toBe(true);
    expect(close(shown.last, blue), `last frame ${shown.last}`).toBe(true);
    // The same price as a clip from a first frame alone: 5 s of Seedance Pro.
    const alone = await t.app.inject({
      method: 'POST',
      url: '/api/estimate-video',
      headers: ORIGIN,
      payload: {
        model: 'seedance-pro',
        prompt: 'x',
        parameters: { duration: 5, resolution: '480p', image: start },
        duration: 5,
      },
    });
    expect(clip.cost).toBe(alone.json().estimation);

    const looped = await finished(maker, loop.json().request_id);
    expect(looped.status, looped.error).toBe('completed');
    const ends = await endColours(maker, looped);
    expect(close(ends.first, red) && close(ends.last, red), `${ends.first} → ${ends.last}`).toBe(
      true,
    );

    const after = (
      (
        await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: maker.cookie } })
      ).json() as { tokens: number }
    ).tokens;
    expect(after).toBe(before - clip.cost - looped.cost);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses an end frame that is not the person’s own, before any charge', async () => {
    const maker = await person();
    const other = await person();
    const start = await picture(maker, [10, 200, 10]);
    const theirs = await picture(other, [200, 200, 10]);
    const res = await create(maker, {
      model: 'seedance-pro',
      prompt: 'x',
      duration: 5,
      image: start,
      last_frame_image: theirs,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'last_frame_image', code: 'not_uploaded' }),
    ]);
    await expectMoneyInvariants(t.database.pool);
  });
});
