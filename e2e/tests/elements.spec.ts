import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, type Lang, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

/** A real PNG of one colour (the server decodes and re-encodes every upload). */
function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 120, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

type Element = {
  id: string;
  name: string;
  cover: { id: string } | null;
  pictures: { id: string }[];
};

/** Another element of the person's, made by request: its name is the one the test finds taken. */
async function elementByRequest(page: Page, name: string): Promise<Element> {
  const uploaded = await page.request.post('/api/upload-image', {
    headers: { origin: appOrigin },
    multipart: { image: { name: 'mug.png', mimeType: 'image/png', buffer: await png('#16a34a') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { urls } = (await uploaded.json()) as { urls: { get: string } };
  const created = await page.request.post('/api/elements', {
    headers: { origin: appOrigin },
    data: { kind: 'product', name, pictures: [urls.get] },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as Element;
}

/**
 * The library as a person uses it: a character saved from three uploaded pictures, renamed, its
 * cover chosen, a picture taken out, a name already taken refused next to the name, archived and
 * brought back, deleted after the question that says its results stay.
 */
async function libraryFlow(page: Page, lang: Lang, { phone }: { phone: boolean }) {
  const t = texts[lang].elements;
  const e = texts[lang].elementsEditor;
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Elements Person', email: uniqueEmail('elements') });
  const taken = await elementByRequest(page, lang === 'ru' ? 'Кружка Маяк' : 'Lighthouse Mug');

  await page.goto('/elements');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page).toHaveTitle(t.meta.title);
  await expect(page.locator(`[data-element="${taken.id}"]`)).toBeVisible();

  // A new character from three pictures picked at once.
  await page.getByRole('button', { name: t.new }).click();
  const dialog = page.getByRole('dialog', { name: e.create.title });
  await expect(dialog).toBeVisible();
  const name = lang === 'ru' ? 'Аня' : 'Anna';
  const renamed = lang === 'ru' ? 'Аня Рыжая' : 'Anna Red';
  await dialog.getByLabel(e.name.label, { exact: true }).fill(name);
  await dialog.locator('textarea').fill(lang === 'ru' ? 'Рыжие волосы' : 'Red hair');
  await dialog.locator('[data-element-upload]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await png('#7c3aed') },
    { name: 'side.png', mimeType: 'image/png', buffer: await png('#0891b2') },
    { name: 'back.png', mimeType: 'image/png', buffer: await png('#db2777') },
  ]);
  await expect(dialog.locator('[data-draft-picture][data-state="ready"]')).toHaveCount(3);
  await expect(
    dialog.getByRole('button', { name: fill(e.pictures.remove, { number: 3 }) }),
  ).toBeVisible();
  await expect(dialog.locator('[data-picture-count]')).toHaveText(
    fill(e.pictures.count, { count: 3, max: 20 }),
  );
  if (phone) {
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'the dialog fits the width').toBe(true);
    const axe = await scanAtRest(page, '[role="dialog"]');
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
  await dialog.getByRole('button', { name: e.create.submit }).click();
  await expect(dialog).toBeHidden();
  const card = page.locator('[data-element]').filter({ hasText: name });
  await expect(card.locator('[data-element-summary]')).toHaveText(
    `${t.kinds.character} · ${plural(lang, t, 'pictures', 3)}`,
  );

  if (!phone)
    expect((await scanAtRest(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Open it: rename it.
  await card.click();
  // The editor is named by the element's name, which changes: found as the one dialog open.
  const editor = page.getByRole('dialog');
  await expect(editor).toHaveAccessibleName(name);
  const nameField = editor.getByLabel(e.name.label, { exact: true });
  if (phone) {
    const box = await editor.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'the editor fits the width').toBe(true);
    const axe = await scanAtRest(page, '[role="dialog"]');
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
  await nameField.fill(renamed);
  await editor.getByRole('button', { name: e.edit.save, exact: true }).click();
  await expect(editor.locator('[data-details-saved]')).toHaveText(e.edit.saved);
  await expect(editor).toHaveAccessibleName(renamed);

  // The second picture becomes the cover; the third is taken out.
  const pictures = editor.locator('[data-element-picture]');
  const second = await pictures.nth(1).getAttribute('data-element-picture');
  await editor.getByRole('button', { name: fill(e.edit.makeCover, { number: 2 }) }).click();
  await expect(editor.locator('[data-cover]')).toHaveAttribute(
    'data-element-picture',
    second ?? '',
  );
  await editor.getByRole('button', { name: fill(e.pictures.remove, { number: 3 }) }).click();
  await expect(pictures).toHaveCount(2);
  await expect(editor.locator('[data-element-picture-count]')).toHaveText(
    fill(e.pictures.count, { count: 2, max: 20 }),
  );

  // A name already taken (whatever its case) is refused under the name, which keeps what was typed.
  await nameField.fill(taken.name.toLowerCase());
  await editor.getByRole('button', { name: e.edit.save, exact: true }).click();
  await expect(editor.locator('[data-field-error="name"]')).toHaveText(e.name.taken);
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveValue(taken.name.toLowerCase());

  const id =
    (await editor.locator('[data-element-editor]').getAttribute('data-element-editor')) ?? '';
  const saved = (await (await page.request.get(`/api/elements/${id}`)).json()) as Element;
  expect(saved).toMatchObject({ name: renamed, cover: { id: second } });
  expect(saved.pictures).toHaveLength(2);

  // Archived: out of the list in use, in the archive; brought back from there.
  await editor.getByRole('button', { name: e.edit.archive, exact: true }).click();
  await expect(editor.getByRole('button', { name: e.edit.unarchive, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(page.locator(`[data-element="${id}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: t.views.archived, exact: true }).click();
  await expect(page).toHaveURL(/archived=1/);
  await page.locator(`[data-element="${id}"]`).click();
  await editor.getByRole('button', { name: e.edit.unarchive, exact: true }).click();
  await expect(editor.getByRole('button', { name: e.edit.archive, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator(`[data-element="${id}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: t.views.active, exact: true }).click();

  // Deleted, after a question that says what stays.
  await page.locator(`[data-element="${id}"]`).click();
  await editor.getByRole('button', { name: e.edit.delete, exact: true }).click();
  const question = editor.locator('[data-delete-question]');
  await expect(question).toContainText(fill(e.edit.deleteTitle, { name: renamed }));
  await expect(question).toContainText(e.edit.deleteText);
  await question.getByRole('button', { name: e.edit.deleteConfirm, exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(page.locator(`[data-element="${id}"]`)).toHaveCount(0);
  await expect(page.locator('[data-element]')).toHaveCount(1);
  expect((await page.request.get(`/api/elements/${id}`)).status()).toBe(404);
}

// The refused name is a 409, which the browser logs as a failed request.
test.use({ allowConsoleErrors: [/status of 409/] });

test('elements (ru, desktop): a character from three uploads, renamed, its cover, a picture out, a taken name, archived and back, deleted', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'on the desktop project only');
  await libraryFlow(page, 'ru', { phone: false });
});

test('elements (en, phone): the same at 390 px, the dialogs within the width and clean for axe @phone', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'phone', 'on the phone project only: width, touch');
  await libraryFlow(page, 'en', { phone: true });
});
