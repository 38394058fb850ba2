import { readFile } from 'node:fs/promises';
import { getStyle, promptImprovementTokens } from '@kadr/catalog';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Lang, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

// Issue #49 (ADR 050, 051): a style chosen in the studio reaches the model's prompt (read from the
// Replicate emulator, which received it) for a picture model and a video model; a format sets the
// ratio each model offers, said when it is only the nearest; the prompt improver rewrites a
// Russian prompt for 1 credit, is undone and kept, and nothing starts without the person.

/** What the emulated Replicate received for a generation: its prediction's input. */
async function sentTo(request: APIRequestContext, generationId: string) {
  const record = (await (await request.get(`/api/generations/${generationId}`)).json()) as {
    replicate_id: string;
  };
  // The demo's own Replicate token, kept in the e2e server's data folder (DATA_DIR).
  const secrets = JSON.parse(
    await readFile(new URL('../../.tmp/e2e/secrets.json', import.meta.url), 'utf8'),
  ) as { replicateToken: string };
  const prediction = await request.get(
    `/emulators/replicate/v1/predictions/${record.replicate_id}`,
    {
      headers: { authorization: `Bearer ${secrets.replicateToken}` },
    },
  );
  expect(prediction.status()).toBe(200);
  return ((await prediction.json()) as { input: Record<string, unknown> }).input;
}

async function press(phone: boolean, locator: ReturnType<Page['locator']>) {
  await (phone ? locator.tap() : locator.click());
}

/** Chooses a style in the picker, checking the dialog names the model. */
async function chooseStyle(page: Page, phone: boolean, lang: Lang, id: string, model: string) {
  const style = getStyle(id);
  if (!style) throw new Error(`no style ${id}`);
  await press(phone, page.locator('[data-chosen-style]'));
  const dialog = page.getByRole('dialog', { name: texts[lang].styles.picker.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(model);
  const card = dialog.locator(`[data-style="${id}"]`);
  await expect(card).toContainText(style.name[lang]);
  // Its preview is a real picture, drawn by the sample pipeline (loaded lazily: brought into view).
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await press(phone, card);
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-chosen-style]')).toHaveAttribute('data-chosen-style', id);
  await expect(page.locator('[data-chosen-style]')).toContainText(style.name[lang]);
}

async function chooseModel(page: Page, name: RegExp) {
  const model = page.getByRole('radio', { name });
  await page.locator('label', { has: model }).click();
  await expect(model).toBeChecked();
}

/** Generates with the form as it is; answers the request's id once it is made. */
async function generate(page: Page, phone: boolean, type: 'image' | 'video') {
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/create-${type}`);
  await press(phone, page.locator('form button[type="submit"]'));
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  const { request_id } = (await response.json()) as { request_id: string };
  await expect(page.locator(`article[data-generation="${request_id}"]`)).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  return { id: request_id, body: response.request().postDataJSON() as Record<string, unknown> };
}

async function styled(page: Page, lang: Lang, phone: boolean) {
  const t = texts[lang];
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Stylist', email: uniqueEmail(`styles-${lang}`) });
  await page.goto('/studio');

  // A picture: Seedream 3 with a style, in the Stories format.
  await chooseModel(page, /^Seedream 3/);
  await chooseStyle(page, phone, lang, 'film-photo', 'Seedream 3');
  const prompt = page.getByRole('textbox', { name: t.studio.prompt.label });
  await prompt.fill(lang === 'ru' ? 'кот на подоконнике' : 'a cat on a windowsill');
  const submit = page.locator('form button[type="submit"]');
  // A style adds nothing to the price: Seedream 3 costs 3 with or without one.
  await expect(submit).toContainText('3');
  await press(phone, page.locator('[data-format="stories"]'));
  await expect(page.getByLabel(/^(Соотношение сторон|Aspect ratio)$/)).toHaveValue('9:16');
  await expect(page.locator('[data-format="stories"]')).toHaveAttribute('aria-pressed', 'true');
  const shot = await generate(page, phone, 'image');
  expect(shot.body).toMatchObject({
    model: 'seedream-3',
    style: 'film-photo',
    aspect_ratio: '9:16',
  });
  const still = await sentTo(page.request, shot.id);
  const film = getStyle('film-photo');
  expect(String(still.prompt)).toMatch(/cat/);
  expect(String(still.prompt).endsWith(`, ${film?.prompt.image}`)).toBe(true);
  expect(still.aspect_ratio).toBe('9:16');

  // A video: the style stays with a video model it suits, and its words are the video family's.
  await press(phone, page.getByRole('tab', { name: t.generation.type.video }));
  await chooseModel(page, /^Seedance 1 Lite/);
  await expect(page.locator('[data-chosen-style]')).toHaveAttribute(
    'data-chosen-style',
    'film-photo',
  );
  await chooseStyle(page, phone, lang, 'cinematic', 'Seedance 1 Lite');
  await prompt.fill(lang === 'ru' ? 'волны у скалы на закате' : 'waves at a cliff at sunset');
  const clip = await generate(page, phone, 'video');
  expect(clip.body).toMatchObject({ model: 'seedance-lite', style: 'cinematic' });
  const moving = await sentTo(page.request, clip.id);
  expect(String(moving.prompt).endsWith(`, ${getStyle('cinematic')?.prompt.video}`)).toBe(true);

  if (phone) {
    const axe = await scanAtRest(page);
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }
}

test('styles (ru, desktop): a style reaches a picture model’s and a video model’s prompt, free; a format sets 9:16', async ({
  page,
}) => {
  await styled(page, 'ru', false);
});

test('styles (en, phone): the same by touch at 390 px, nothing sideways, axe clean @phone', async ({
  page,
}) => {
  test.skip(
    test.info().project.name !== 'phone',
    'a 390 px walk by touch: the phone project runs it, the desktop one would run it at 1280 px',
  );
  await styled(page, 'en', true);
});

async function formats(page: Page, lang: Lang, phone: boolean) {
  const t = texts[lang];
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Formats', email: uniqueEmail(`formats-${lang}`) });
  await page.goto('/studio');
  const ratio = page.getByLabel(/^(Соотношение сторон|Aspect ratio)$/);
  // Imagen 4 Ultra offers 3:4: the marketplace photo is exact.
  await chooseModel(page, /^Imagen 4 Ultra/);
  await press(phone, page.locator('[data-format="marketplace"]'));
  await expect(ratio).toHaveValue('3:4');
  await expect(page.locator('[data-format-note]')).toContainText('3:4');
  // HunyuanVideo takes a size: Stories is 432 × 768, exactly 9:16, near its default area.
  await press(phone, page.getByRole('tab', { name: t.generation.type.video }));
  await chooseModel(page, /^HunyuanVideo/);
  await press(phone, page.locator('[data-format="stories"]'));
  await expect(page.getByLabel(/^(Ширина|Width)$/)).toHaveValue('432');
  await expect(page.getByLabel(/^(Высота|Height)$/)).toHaveValue('768');
  // Veo 2 has 16:9 and 9:16 only: a square post gets the nearest, and the form says so.
  await chooseModel(page, /^Veo 2/);
  await press(phone, page.locator('[data-format="post"]'));
  await expect(ratio).toHaveValue('16:9');
  await expect(page.locator('[data-format-note]')).toContainText(
    lang === 'ru' ? 'У Veo 2 нет 1:1' : 'Veo 2 has no 1:1',
  );
}

test('formats (ru, desktop): exact on Imagen and HunyuanVideo, the nearest on Veo 2, said so', async ({
  page,
}) => {
  await formats(page, 'ru', false);
});

test('formats (en, phone): the same by touch @phone', async ({ page }) => {
  test.skip(
    test.info().project.name !== 'phone',
    'a 390 px walk by touch: the phone project runs it, the desktop one would run it at 1280 px',
  );
  await formats(page, 'en', true);
});

async function improve(page: Page, lang: Lang, phone: boolean) {
  const t = texts[lang];
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Improver', email: uniqueEmail(`improve-${lang}`) });
  const start = (await currentUser(page.request)).tokens;
  await page.goto('/studio');
  await chooseModel(page, /^Seedream 3/);
  await chooseStyle(page, phone, lang, 'food', 'Seedream 3');
  const prompt = page.getByRole('textbox', { name: t.studio.prompt.label });
  const mine = 'торт на столе';
  await prompt.fill(mine);
  const button = page.locator('[data-improve]');
  await expect(button).toContainText(String(promptImprovementTokens));
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/prompts/improve');
  await press(phone, button);
  const answer = await asked;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({
    prompt: mine,
    model: 'seedream-3',
    style: 'food',
  });
  const { improved } = (await answer.json()) as { improved: string };
  // A detailed Russian prompt, in the box; the person's own beside it.
  expect(improved.length).toBeGreaterThan(mine.length * 2);
  expect(improved).toMatch(/[а-яё]/i);
  await expect(prompt).toHaveValue(improved);
  const panel = page.locator('[data-improved]');
  await expect(panel).toHaveAttribute('data-improved', 'applied');
  await expect(panel.locator('[data-before]')).toHaveText(mine);
  // Charged once, and nothing was generated.
  expect((await currentUser(page.request)).tokens).toBe(start - promptImprovementTokens);
  await expect(page.locator('article[data-generation]')).toHaveCount(0);
  // Undo: the person's prompt is back; then the improved one again, kept.
  await press(phone, panel.getByRole('button', { name: t.styles.improve.undo }));
  await expect(prompt).toHaveValue(mine);
  await expect(panel).toHaveAttribute('data-improved', 'undone');
  await press(phone, panel.getByRole('button', { name: t.styles.improve.redo }));
  await expect(prompt).toHaveValue(improved);
  await press(phone, panel.getByRole('button', { name: t.styles.improve.keep }));
  await expect(panel).toHaveCount(0);
  await expect(prompt).toHaveValue(improved);
  expect((await currentUser(page.request)).tokens).toBe(start - promptImprovementTokens);
  await expect(page.locator('article[data-generation]')).toHaveCount(0);
}

test('the prompt improver (ru, desktop): a Russian prompt rewritten for 1 credit, undone, kept', async ({
  page,
}) => {
  await improve(page, 'ru', false);
});

test('the prompt improver (ru, phone): the same by touch @phone', async ({ page }) => {
  test.skip(
    test.info().project.name !== 'phone',
    'a 390 px walk by touch: the phone project runs it, the desktop one would run it at 1280 px',
  );
  await improve(page, 'ru', true);
});
