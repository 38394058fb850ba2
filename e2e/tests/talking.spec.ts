import { readFile } from 'node:fs/promises';
import {
  frameDifference,
  makeRecording,
  meanVolume,
  probeVideo,
  readVideoFrame,
} from '@kadr/emulators';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { type Lang, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

// Issue #48 point 5 (ADR 049): a talking character from the studio's form — a picture and an
// uploaded recording made into a speaking video by OmniHuman 1.5, priced by the recording's
// seconds before it starts. The stored file is read: its streams, its length, its sound (loud while
// the recording speaks, silent after) and its picture (the face given).

/** A face on a coloured ground, 3:4: what the video must show. */
function face(background: string): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">' +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    '<circle cx="240" cy="250" r="140" fill="#fde68a"/><circle cx="190" cy="220" r="16" fill="#111"/>' +
    '<circle cx="290" cy="220" r="16" fill="#111"/><rect x="185" y="320" width="110" height="22" rx="11" fill="#9f1239"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// The recording over the limit is refused (422): the browser reports the answer; the app says why.
test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

async function recording(name: string, toneSec: number, silenceSec: number): Promise<Buffer> {
  const file = test.info().outputPath(name);
  await makeRecording(file, { toneSec, silenceSec });
  return readFile(file);
}

const words = {
  ru: { who: 'Кто говорит', voice: 'Запись', seconds: '4 секунды' },
  en: { who: 'Who speaks', voice: 'Recording', seconds: '4 seconds' },
} as const;

async function speak(page: Page, lang: Lang, phone: boolean) {
  const t = texts[lang];
  const w = words[lang];
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Speaker', email: uniqueEmail('talking') });
  const start = (await currentUser(page.request)).tokens;
  await page.goto('/studio');
  const tab = page.getByRole('tab', { name: t.generation.type.video });
  await (phone ? tab.tap() : tab.click());
  const model = page.getByRole('radio', { name: /^OmniHuman 1\.5/ });
  await page.locator('label', { has: model }).click();
  await expect(model).toBeChecked();
  // The prompt is the model's to take or leave: the form says so.
  await expect(page.getByRole('textbox', { name: t.studio.prompt.optionalLabel })).toBeVisible();

  const picture = await face('#0f766e');
  const pictureSent = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/upload-image',
  );
  await page.getByLabel(w.who, { exact: true }).setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  expect((await pictureSent).status()).toBe(200);

  const voice = page.getByLabel(w.voice, { exact: true });
  if (phone) {
    // A recording over the limit is refused, saying why in the person's language; nothing is kept.
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload-audio');
    await voice.setInputFiles({
      name: 'long.wav',
      mimeType: 'audio/wav',
      buffer: await recording('long.wav', 31, 1),
    });
    expect((await refused).status()).toBe(422);
    await expect(
      page.getByText(plural(lang, t.run.recording.errors, 'too_long', 30)),
    ).toBeVisible();
    await expect(page.locator('audio')).toHaveCount(0);
  }
  // 1.5 s of speech then 1.7 s of silence: 3.2 s, charged as 4 seconds.
  const line = await recording(phone ? 'line.wav' : 'line.mp3', 1.5, 1.7);
  const voiceSent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload-audio');
  await voice.setInputFiles({
    name: phone ? 'line.wav' : 'line.mp3',
    mimeType: phone ? 'audio/wav' : 'audio/mpeg',
    buffer: line,
  });
  expect((await voiceSent).status()).toBe(200);
  // The person hears what was kept and sees how long the video will be…
  await expect(page.locator('audio')).toHaveCount(1);
  await expect(page.locator('[data-recording-length]')).toHaveText(w.seconds);
  // …and its price before anything is charged: 4 s × 16 = 64.
  const submit = page.locator('form button[type="submit"]');
  await expect(submit).toContainText('64');
  await expect(submit).toBeEnabled();
  expect((await currentUser(page.request)).tokens).toBe(start);

  if (phone) {
    const axe = await scanAtRest(page);
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }

  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/create-video');
  await (phone ? submit.tap() : submit.click());
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ model: 'omni-human' });
  expect(body.audio).toEqual(expect.stringContaining('/api/files/'));
  const { request_id } = (await response.json()) as { request_id: string };
  const panel = page.locator(`article[data-generation="${request_id}"]`);
  await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(panel.locator('video')).toHaveCount(1);
  expect((await currentUser(page.request)).tokens).toBe(start - 64);

  // The stored file: H.264 with AAC sound, as long as the recording, speaking it, showing the face.
  const record = (await (await page.request.get(`/api/generations/${request_id}`)).json()) as {
    cost: number;
    expand: { output_files: { url: string }[] };
  };
  expect(record.cost).toBe(64);
  const src = record.expand.output_files[0]?.url;
  if (!src) throw new Error('no video');
  const video = await (await page.request.get(src)).body();
  const facts = await probeVideo(video);
  expect(facts).toMatchObject({ codec: 'h264', audio: 'aac' });
  expect(facts.width / facts.height).toBeCloseTo(3 / 4, 1);
  expect(facts.durationSec).toBeGreaterThan(3.1);
  expect(facts.durationSec).toBeLessThan(3.4);
  expect(await meanVolume(video, 0.2, 1.3)).toBeGreaterThan(-30);
  expect(await meanVolume(video, 1.9, 3.0)).toBeLessThan(-70);
  // The face, above the waveform drawn along the bottom (a fifth of the height).
  const frame = await readVideoFrame(video, 'first');
  const rows = Math.floor(frame.height * 0.7);
  const top = (data: Buffer) => ({
    width: frame.width,
    height: rows,
    data: data.subarray(0, frame.width * rows * 3),
  });
  const given = await sharp(picture)
    .resize(frame.width, frame.height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  expect(await frameDifference(top(frame.data), top(given))).toBeLessThan(12);
}

test('a talking character (ru, desktop): a picture speaks an uploaded MP3, priced by its seconds', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the en recording at 390 px runs on phone');
  await speak(page, 'ru', false);
});

test('a talking character (en, phone): a WAV by touch at 390 px, a recording too long refused @phone', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'phone', 'the ru recording at 1280 px runs on desktop');
  await speak(page, 'en', true);
});
