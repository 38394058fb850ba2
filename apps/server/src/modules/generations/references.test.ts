// Issue #47 end to end: library elements named by a create reach the model as its own field — the
// real server on PostgreSQL, the job worker, the Replicate emulator over HTTP, which shows on every
// output the references it was given (referenceSlots) — priced and charged once, refunded once.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GenerationRecord, LibraryElement } from '@kadr/contract';
import { referenceSlots } from '@kadr/emulators';
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
  scratch = await mkdtemp(path.join(tmpdir(), 'kadr-references-'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

const colours = {
  red: [230, 30, 40],
  green: [30, 200, 60],
  blue: [40, 60, 220],
  yellow: [240, 210, 20],
} as const;
type Colour = keyof typeof colours;

type Person = { cookie: string; id: string };

async function person(): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  await applyLedgerEntry(t.database.db, { userId: user.id, delta: 400, reason: 'adjustment' });
  return { cookie, id: user.id };
}

async function call(who: Person, method: 'GET' | 'POST', url: string, body?: object, lang = 'ru') {
  return t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'accept-language': lang, ...(method === 'GET' ? {} : ORIGIN) },
    ...(body ? { payload: body } : {}),
  });
}

async function element(who: Person, name: string, kind: string, pictures: Colour[]) {
  const urls: string[] = [];
  for (const colour of pictures) {
    const [r, g, b] = colours[colour];
    const png = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r, g, b } },
    })
      .png()
      .toBuffer();
    urls.push((await uploadPicture(t.app, who.cookie, png)).urls.get);
  }
  const res = await call(who, 'POST', '/api/elements', { kind, name, pictures: urls });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LibraryElement).id;
}

async function tokens(who: Person): Promise<number> {
  return ((await call(who, 'GET', '/api/me')).json() as { tokens: number }).tokens;
}

async function finished(who: Person, id: string): Promise<GenerationRecord> {
  const until = Date.now() + 30_000;
  for (;;) {
    const record = (await call(who, 'GET', `/api/generations/${id}`)).json() as GenerationRecord;
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() > until) throw new Error(`${id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The stored output's bytes (a video: one frame of it, as PNG). */
async function picture(who: Person, record: GenerationRecord): Promise<Buffer> {
  const url = record.expand.output_files[0]?.url ?? '';
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  expect(res.statusCode, url).toBe(200);
  if (record.type === 'image') return res.rawPayload;
  const video = path.join(scratch, `${record.id}.mp4`);
  const frame = path.join(scratch, `${record.id}.png`);
  await writeFile(video, res.rawPayload);
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
  await run(ffmpeg, ['-loglevel', 'error', '-y', '-ss', '1', '-i', video, '-frames:v', '1', frame]);
  return sharp(frame).png().toBuffer();
}

/** Which colours the output's reference thumbnails show, nearest of the known ones. */
async function referencesShown(output: Buffer, count: number): Promise<Colour[]> {
  const { data, info } = await sharp(output)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return referenceSlots({ width: info.width, height: info.height }, count).map((slot) => {
    const x = slot.left + Math.floor(slot.side / 2);
    const y = slot.top + Math.floor(slot.side / 2);
    const pixel = [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const distance = (c: Colour) =>
      Math.max(...colours[c].map((v, i) => Math.abs(v - (pixel[i] ?? 0))));
    const nearest = (Object.keys(colours) as Colour[]).sort((a, b) => distance(a) - distance(b))[0];
    if (!nearest || distance(nearest) > 60) throw new Error(`no reference at ${x},${y}: ${pixel}`);
    return nearest;
  });
}

describe('library elements as references', () => {
  it('reach seedream-4, nano-banana and seedance-lite as their own fields; charged once each', async () => {
    const maker = await person();
    const anna = await element(maker, 'Анна', 'character', ['red', 'green', 'blue']);
    const bottle = await element(maker, 'Бутылка', 'product', ['yellow']);
    const before = await tokens(maker);

    const image = await call(maker, 'POST', '/api/create-image', {
      model: 'seedream-4',
      // Named in the prompt: the model is told which picture shows whom.
      prompt: '@Анна holds the бутылка in a café',
      size: '1K',
      elements: [anna, bottle],
    });
    expect(image.statusCode, image.body).toBe(200);
    const banana = await call(maker, 'POST', '/api/create-image', {
      model: 'nano-banana',
      prompt: 'Anna on a beach',
      elements: [anna],
    });
    expect(banana.statusCode, banana.body).toBe(200);
    const video = await call(maker, 'POST', '/api/create-video', {
      model: 'seedance-lite',
      prompt: 'Anna walks through the park',
      duration: 5,
      resolution: '480p',
      elements: [anna],
    });
    expect(video.statusCode, video.body).toBe(200);

    const seedream = await finished(maker, image.json().request_id);
    expect(seedream.status, seedream.error).toBe('completed');
    // Each element's cover first, then the others in turns.
    expect(await referencesShown(await picture(maker, seedream), 4)).toEqual([
      'red',
      'yellow',
      'green',
      'blue',
    ]);
    expect(seedream.jsondata.elements).toEqual([
      { id: anna, name: 'Анна', kind: 'character' },
      { id: bottle, name: 'Бутылка', kind: 'product' },
    ]);
    expect(seedream.jsondata.references).toHaveLength(4);
    expect(seedream.cost).toBe(3);
    const sent = t.container.demo.replicate?.getPrediction(seedream.replicate_id)?.input.prompt;
    expect(String(sent)).toMatch(/^\S+ \(image 1\) holds the \S+ \(image 2\) in a café$/);
    expect(seedream.jsondata.prompt).toBe('@Анна holds the бутылка in a café');

    const nano = await finished(maker, banana.json().request_id);
    expect(await referencesShown(await picture(maker, nano), 3)).toEqual(['red', 'green', 'blue']);
    expect(nano.cost).toBe(4);

    const clip = await finished(maker, video.json().request_id);
    expect(clip.status, clip.error).toBe('completed');
    expect(await referencesShown(await picture(maker, clip), 3)).toEqual(['red', 'green', 'blue']);
    // 5 s at 480p, 2 tokens a second: the same price as without references.
    expect(clip.cost).toBe(10);
    expect(await tokens(maker)).toBe(before - 3 - 4 - 10);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses, in the person’s language and before any charge, what the model cannot take', async () => {
    const maker = await person();
    const other = await person();
    const anna = await element(maker, 'Анна', 'character', ['red']);
    const four = [
      anna,
      await element(maker, 'Б', 'product', ['yellow']),
      await element(maker, 'В', 'product', ['blue']),
      await element(maker, 'Г', 'product', ['green']),
    ];
    const theirs = await element(other, 'Чужая', 'character', ['green']);
    const before = await tokens(maker);
    const upload = (
      await uploadPicture(
        t.app,
        maker.cookie,
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
          .png()
          .toBuffer(),
      )
    ).urls.get;
    const cases: [string, object, string, string][] = [
      [
        '/api/create-image',
        { model: 'seedream-3', prompt: 'x', elements: [anna] },
        'ru',
        'Seedream 3 не работает с персонажами и товарами из библиотеки: выберите модель, которая их принимает, или уберите их.',
      ],
      [
        '/api/create-image',
        { model: 'nano-banana', prompt: 'x', elements: four },
        'ru',
        'Nano Banana принимает не больше 3 референсов: уберите лишние элементы.',
      ],
      [
        '/api/create-image',
        { model: 'nano-banana', prompt: 'x', elements: four },
        'en',
        'Nano Banana takes at most 3 reference pictures: remove some elements.',
      ],
      [
        '/api/create-video',
        { model: 'seedance-lite', prompt: 'x', image: upload, elements: [anna] },
        'ru',
        'Seedance 1 Lite не принимает «Исходное изображение» вместе с персонажами и товарами: уберите одно из двух.',
      ],
      [
        '/api/create-image',
        { model: 'seedream-4', prompt: 'x', elements: [anna, theirs] },
        'en',
        'That character or product is not in your library: choose it again.',
      ],
    ];
    for (const [url, body, lang, detail] of cases) {
      const res = await call(maker, 'POST', url, body, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const estimate = await call(maker, 'POST', '/api/estimate-image', {
      model: 'seedream-4',
      prompt: 'x',
      elements: [theirs],
    });
    expect(estimate.statusCode).toBe(400);
    expect(await tokens(maker)).toBe(before);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from generation_requests where user_id = $1',
      [maker.id],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('refunds a failed reference generation once', async () => {
    const maker = await person();
    const anna = await element(maker, 'Анна', 'character', ['red', 'green']);
    const before = await tokens(maker);
    const res = await call(maker, 'POST', '/api/create-image', {
      model: 'seedream-4',
      prompt: 'Anna #fail',
      elements: [anna],
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await finished(maker, res.json().request_id);
    expect(record.status).toBe('failed');
    expect(await tokens(maker)).toBe(before);
    const { rows } = await t.database.pool.query(
      `select reason, count(*)::int as n from token_ledger where generation_id = $1 group by reason
       order by reason`,
      [record.id],
    );
    expect(rows).toEqual([
      { reason: 'generation_debit', n: 1 },
      { reason: 'generation_refund', n: 1 },
    ]);
    await expectMoneyInvariants(t.database.pool);
  });
});
