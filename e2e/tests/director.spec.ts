import { frameDifference, probeVideo, readVideoFrame } from '@kadr/emulators';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { type Lang, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

const origin = { origin: appOrigin };

// Issue #48 points 3 and 4 (ADR 047): a clip continued twice from history into one file whose
// length is the sum of its parts; three clips on the montage strip, trimmed and joined with a
// cross-fade. The files themselves are read (ffmpeg: streams, size, duration, frames).

function picture(background: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 360, channels: 3, background } })
    .png()
    .toBuffer();
}

type Record = {
  id: string;
  model: string;
  status: string;
  cost: number;
  source_id: string | null;
  jsondata: { join?: { extension?: string } };
  expand: { output_files: { url: string; duration_ms: number | null }[] };
};

async function read(request: APIRequestContext, id: string): Promise<Record> {
  return (await (await request.get(`/api/generations/${id}`)).json()) as Record;
}

async function finished(request: APIRequestContext, id: string): Promise<Record> {
  await expect
    .poll(async () => (await read(request, id)).status, { timeout: 30_000 })
    .toMatch(/completed|failed/);
  const record = await read(request, id);
  expect(record.status).toBe('completed');
  return record;
}

/** A 5 s Seedance Lite clip from one colour to another, made through the API as a person would. */
async function clip(request: APIRequestContext, from: string, to: string, prompt: string) {
  const upload = async (colour: string) => {
    const res = await request.post('/api/upload-image', {
      headers: origin,
      multipart: { image: { name: 'p.png', mimeType: 'image/png', buffer: await picture(colour) } },
    });
    return ((await res.json()) as { urls: { get: string } }).urls.get;
  };
  const res = await request.post('/api/create-video', {
    headers: origin,
    data: {
      model: 'seedance-lite',
      prompt,
      duration: 5,
      resolution: '480p',
      image: await upload(from),
      last_frame_image: await upload(to),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return finished(request, ((await res.json()) as { request_id: string }).request_id);
}

async function fileOf(request: APIRequestContext, record: Record): Promise<Buffer> {
  const url = record.expand.output_files[0]?.url;
  if (!url) throw new Error(`${record.id} has no file`);
  return (await request.get(url)).body();
}

/** The join a continuation made once it was made: the result from `clip` naming `extension`. */
async function joinOf(request: APIRequestContext, clipId: string, extension: string) {
  let found: Record | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/generations/${clipId}/edits`);
        const { items } = (await res.json()) as { items: Record[] };
        found = items.find(
          (item) => item.model === 'join' && item.jsondata.join?.extension === extension,
        );
        return found?.id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return finished(request, found?.id ?? '');
}

/** 'Continue' on a history card, a prompt, the studio's button: answers the new clip. */
async function continueFromHistory(
  page: Page,
  lang: Lang,
  id: string,
  prompt: string,
  tryTextOnly = false,
) {
  const t = texts[lang];
  await page.goto('/history');
  const card = page.locator(`article[data-generation="${id}"]`);
  await card.getByRole('button', { name: t.generation.continue }).click();
  await expect(page).toHaveURL(/\/studio$/);
  const note = page.locator(`[data-continuing="${id}"]`);
  await expect(note).toBeVisible();
  await expect(note).toContainText(t.studio.continuing.title);
  if (tryTextOnly) {
    // A model that does not start from a picture keeps the clip but says it cannot continue it.
    const pro = page.getByRole('radio', { name: /^Seedance 1 Pro/ });
    await page
      .locator('label', { has: page.getByRole('radio', { name: /^HunyuanVideo/ }) })
      .click();
    await expect(note.getByRole('status')).toContainText('HunyuanVideo');
    await page.locator('label', { has: pro }).click();
    await expect(pro).toBeChecked();
    await expect(note.getByRole('status')).toHaveCount(0);
  }
  // The clip's last frame is the start: the form asks for no start frame.
  await expect(page.getByLabel(lang === 'ru' ? 'Исходное изображение' : 'Input image')).toHaveCount(
    0,
  );
  await page.getByRole('textbox', { name: t.studio.prompt.label }).fill(prompt);
  await page
    .getByLabel(lang === 'ru' ? 'Разрешение' : 'Resolution', { exact: true })
    .selectOption('480p');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/create-video');
  await page.locator('form button[type="submit"]').click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  const body = response.request().postDataJSON() as { [name: string]: unknown };
  expect(body.extend).toBe(id);
  expect(body).not.toHaveProperty('image');
  const { request_id } = (await response.json()) as { request_id: string };
  await expect(page.locator(`article[data-generation="${request_id}"]`)).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  return read(page.request, request_id);
}

test('continuing (ru, desktop): a clip continued twice from history is one file of the summed length', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the montage at 390 px runs on phone');
  const t = texts.ru;
  await useLanguage(page, 'ru');
  await demoSignIn(page.request, { name: 'Режиссёр', email: uniqueEmail('continue') });
  const red = await picture('#dc2626');
  const blue = await picture('#2563eb');
  const first = await clip(page.request, '#dc2626', '#2563eb', 'Красный кадр синеет');
  const start = (await currentUser(page.request)).tokens;

  const segment = await continueFromHistory(page, 'ru', first.id, 'Камера едет дальше', true);
  const once = await joinOf(page.request, first.id, segment.id);
  expect(once.cost).toBe(0);
  // In history the join says what made it and what it was made from.
  await page.goto('/history');
  const joinedCard = page.locator(`article[data-generation="${once.id}"]`);
  await expect(joinedCard).toContainText('Склейка роликов');
  await expect(joinedCard).toContainText(t.generation.madeFromClip);

  const second = await continueFromHistory(page, 'ru', once.id, 'И ещё дальше');
  const twice = await joinOf(page.request, once.id, second.id);

  const parts = await Promise.all(
    [first, segment, second].map(async (r) => probeVideo(await fileOf(page.request, r))),
  );
  const all = await fileOf(page.request, twice);
  const facts = await probeVideo(all);
  expect(facts).toMatchObject({ codec: 'h264', audio: 'aac', width: parts[0]?.width });
  const sum = parts.reduce((total, part) => total + part.durationSec, 0);
  expect(Math.abs(facts.durationSec - sum), `${facts.durationSec} vs ${sum}`).toBeLessThan(0.3);
  // It starts on the first clip's red and ends where the continuations went on from: blue.
  expect(await frameDifference(await readVideoFrame(all, 'first'), red)).toBeLessThan(14);
  expect(await frameDifference(await readVideoFrame(all, 'last'), blue)).toBeLessThan(14);
  // Each continuation charged once, as the catalogue prices it; the joins nothing.
  expect((await currentUser(page.request)).tokens).toBe(start - segment.cost - second.cost);
});

test('montage (en, phone): three clips trimmed and cross-faded into one MP4, by touch at 390 px @phone', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'phone', 'the continuations at 1280 px run on desktop');
  const t = texts.en;
  await useLanguage(page, 'en');
  await demoSignIn(page.request, { name: 'Editor', email: uniqueEmail('montage') });
  const a = await clip(page.request, '#dc2626', '#2563eb', 'Red to blue');
  const b = await clip(page.request, '#16a34a', '#16a34a', 'Green');
  const c = await clip(page.request, '#2563eb', '#f59e0b', 'Blue to amber');
  const start = (await currentUser(page.request)).tokens;

  // 'Add to montage' on a card starts the strip with that clip.
  await page.goto('/history');
  await page
    .locator(`article[data-generation="${a.id}"]`)
    .getByRole('link', { name: t.generation.toMontage })
    .tap();
  await expect(page).toHaveURL(/\/montage\?clips=/);
  const strip = page.locator('[data-strip] > li');
  await expect(strip).toHaveCount(1);
  await page.locator(`[data-add="${b.id}"]`).tap();
  await page.locator(`[data-add="${c.id}"]`).tap();
  await expect(strip).toHaveCount(3);
  await strip.nth(0).getByLabel(t.montage.from).fill('1');
  await page.getByLabel(t.montage.crossfade).selectOption('500');
  await expect(page.locator('[data-total-ms]')).toHaveAttribute('data-total-ms', /^\d+$/);
  const total = Number(await page.locator('[data-total-ms]').getAttribute('data-total-ms'));
  // Nothing spills past the phone's width, and axe finds nothing on the strip.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await scanAtRest(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/joins');
  await page.getByRole('button', { name: t.montage.join }).tap();
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    clips: [{ id: a.id, start_ms: 1000 }, { id: b.id }, { id: c.id }],
    crossfade_ms: 500,
  });
  const result = page.locator('[data-join]');
  await expect(result).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(result.locator('video')).toHaveCount(1);
  await expect(result.getByRole('link', { name: t.montage.download })).toBeVisible();

  const joined = await read(page.request, (await response.json()).request_id);
  expect(joined).toMatchObject({ model: 'join', cost: 0, source_id: a.id });
  const file = await fileOf(page.request, joined);
  const facts = await probeVideo(file);
  const [fa, fb, fc] = await Promise.all(
    [a, b, c].map(async (r) => probeVideo(await fileOf(page.request, r))),
  );
  if (!fa || !fb || !fc) throw new Error('a clip could not be read');
  expect(facts).toMatchObject({ codec: 'h264', audio: 'aac', width: fa.width, height: fa.height });
  // The kept parts less two half-second cross-fades, as the strip said before the join.
  expect(Math.abs(facts.durationSec * 1000 - total)).toBeLessThan(300);
  expect(
    Math.abs(facts.durationSec - (fa.durationSec - 1 + fb.durationSec + fc.durationSec - 2 * 0.5)),
  ).toBeLessThan(0.3);
  expect(
    await frameDifference(await readVideoFrame(file, 'last'), await picture('#f59e0b')),
  ).toBeLessThan(14);
  // The file starts with its index (faststart), so it plays while it downloads.
  expect(file.indexOf('moov')).toBeLessThan(file.indexOf('mdat'));
  expect((await currentUser(page.request)).tokens).toBe(start);
});
