import { referenceSlots } from '@kadr/emulators';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, type Lang, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

// Issue #47: a character saved in the library is given to the models that take references, and
// the emulator shows on each output the references it received (ADR 044) — read here from the
// stored picture itself.

const colours = { violet: '#7c3aed', cyan: '#0891b2', pink: '#db2777', amber: '#f59e0b' };
type Colour = keyof typeof colours;

function png(colour: Colour): Promise<Buffer> {
  return sharp({ create: { width: 160, height: 200, channels: 3, background: colours[colour] } })
    .png()
    .toBuffer();
}

async function upload(page: Page, colour: Colour): Promise<string> {
  const res = await page.request.post('/api/upload-image', {
    headers: { origin: appOrigin },
    multipart: {
      image: { name: `${colour}.png`, mimeType: 'image/png', buffer: await png(colour) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { urls: { get: string } }).urls.get;
}

/** The colours the output's reference thumbnails show, in order (nearest of the known ones). */
async function referencesShown(page: Page, src: string, count: number): Promise<Colour[]> {
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  const { data, info } = await sharp(await res.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return referenceSlots({ width: info.width, height: info.height }, count).map((slot) => {
    const x = slot.left + Math.floor(slot.side / 2);
    const y = slot.top + Math.floor(slot.side / 2);
    const pixel = [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const off = (c: Colour) =>
      Math.max(...rgb(colours[c]).map((v, i) => Math.abs(v - (pixel[i] ?? 0))));
    return (Object.keys(colours) as Colour[]).sort((a, b) => off(a) - off(b))[0] as Colour;
  });
}

/** A plural form filled with more than its count (`plural` fills the count alone). */
function pluralFill(
  lang: Lang,
  forms: Record<string, unknown>,
  key: string,
  values: { count: number } & Record<string, string | number>,
): string {
  const form = new Intl.PluralRules(lang).select(values.count);
  return fill(String(forms[`${key}_${form}`] ?? forms[`${key}_other`]), values);
}

/** Picks a model, chooses the named elements in the library's chooser and generates. */
async function generateWith(
  page: Page,
  lang: Lang,
  model: RegExp,
  names: string[],
  prompt: string,
) {
  const s = texts[lang].studio.references;
  const radio = page.getByRole('radio', { name: model });
  await page.locator('label', { has: radio }).click();
  await expect(radio).toBeChecked();
  const picker = page.getByRole('group', { name: new RegExp(`^${s.label}`) });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: new RegExp(`^(${s.choose}|${s.change})$`) }).click();
  const dialog = page.getByRole('dialog', { name: s.dialog.title });
  for (const name of names) {
    const box = dialog.locator('label', { hasText: name }).getByRole('checkbox');
    if (!(await box.isChecked())) await box.check();
  }
  await dialog.getByRole('button', { name: s.dialog.done }).click();
  await expect(dialog).toBeHidden();
  for (const name of names) await expect(picker.getByText(name, { exact: true })).toBeVisible();
  await page.getByLabel(/^(Промпт|Prompt)$/).fill(prompt);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-image'));
  await page.locator('form button[type="submit"]').click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ elements: expect.any(Array) });
  const { request_id } = (await response.json()) as { request_id: string };
  const panel = page.locator(`article[data-generation="${request_id}"]`);
  await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  const src = await panel.locator('img').first().getAttribute('src');
  if (!src) throw new Error('no output picture');
  return src;
}

test('references (ru, desktop): a character of three pictures reaches Seedream 4 and Nano Banana', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'its en picker at 390 px runs on phone');
  const lang = 'ru';
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Reference Person', email: uniqueEmail('references') });
  // The character by request (elements.spec.ts walks the library's own form), a product beside it.
  const character = [];
  for (const colour of ['violet', 'cyan', 'pink'] as const)
    character.push(await upload(page, colour));
  for (const data of [
    { kind: 'character', name: 'Аня', pictures: character },
    { kind: 'product', name: 'Бутылка', pictures: [await upload(page, 'amber')] },
  ]) {
    const made = await page.request.post('/api/elements', { headers: { origin: appOrigin }, data });
    expect(made.status(), await made.text()).toBe(200);
  }

  await page.goto('/studio');
  const seedream = await generateWith(
    page,
    lang,
    /^Seedream 4/,
    ['Аня', 'Бутылка'],
    'Аня с бутылкой в кафе',
  );
  // Each element's cover first, then the others in turns.
  expect(await referencesShown(page, seedream, 4)).toEqual(['violet', 'amber', 'cyan', 'pink']);
  // The choice is kept for the next model that takes references, cut to its own limit of 3.
  const banana = await generateWith(page, lang, /^Nano Banana/, ['Аня', 'Бутылка'], 'Аня на пляже');
  expect(await referencesShown(page, banana, 3)).toEqual(['violet', 'amber', 'cyan']);
  await expect(
    page.getByText(plural(lang, texts[lang].studio.references, 'limit', 3)),
  ).toBeVisible();
});

test('references (en, phone): the picker and its chooser at 390 px, within the width and clean for axe @phone', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'phone', 'the ru generations at 1280 px run on desktop');
  const lang = 'en';
  const s = texts[lang].studio.references;
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Phone Person', email: uniqueEmail('references') });
  for (const [name, colour] of [
    ['Anna', 'violet'],
    ['Max', 'cyan'],
  ] as const) {
    const res = await page.request.post('/api/elements', {
      headers: { origin: appOrigin },
      data: { kind: 'character', name, pictures: [await upload(page, colour)] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/studio');
  const banana = page.getByRole('radio', { name: /^Nano Banana/ });
  await page.locator('label', { has: banana }).tap();
  await expect(banana).toBeChecked();
  await page.getByRole('button', { name: s.choose }).tap();
  const dialog = page.getByRole('dialog', { name: s.dialog.title });
  const intro = pluralFill(lang, s.dialog, 'text', { count: 3, model: 'Nano Banana' });
  await expect(dialog.getByText(intro)).toBeVisible();
  await dialog.locator('label', { hasText: 'Anna' }).tap();
  await dialog.locator('label', { hasText: 'Max' }).tap();
  const chosen = pluralFill(lang, s.dialog, 'chosen', { count: 2, max: 3 });
  await expect(dialog.getByText(chosen)).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, 'the chooser fits the width').toBe(true);
  const axe = await scanAtRest(page, '[role="dialog"]');
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await dialog.getByRole('button', { name: s.dialog.done }).tap();
  const picker = page.getByRole('group', { name: new RegExp(`^${s.label}`) });
  await expect(picker.getByText('Anna', { exact: true })).toBeVisible();
  const chips = await picker.boundingBox();
  expect(chips && chips.x + chips.width <= 390, 'the chips fit the width').toBe(true);
  await picker.getByRole('button', { name: fill(s.remove, { name: 'Max' }) }).tap();
  await expect(picker.getByText('Max', { exact: true })).toBeHidden();
});

test('references (ru, desktop): a saved product starts a card set, and a tool works on a library picture', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'by touch: cards.spec.ts and tools.spec.ts');
  const lang = 'ru';
  const tools = texts[lang].tools.picture;
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Seller', email: uniqueEmail('references-cards') });
  const made = await page.request.post('/api/elements', {
    headers: { origin: appOrigin },
    data: { kind: 'product', name: 'Крем «Роса»', pictures: [await upload(page, 'amber')] },
  });
  expect(made.status(), await made.text()).toBe(200);
  const product = (await made.json()) as { pictures: { id: string; url: string }[] };
  await page.request.post('/api/elements', {
    headers: { origin: appOrigin },
    data: { kind: 'character', name: 'Аня', pictures: [await upload(page, 'violet')] },
  });

  await page.goto('/cards');
  await page.getByRole('button', { name: tools.libraryProducts }).click();
  // Products only: the character is not offered here.
  await expect(page.getByRole('button', { name: /^Аня,/ })).toHaveCount(0);
  await page
    .getByRole('button', { name: fill(tools.libraryAlt, { name: 'Крем «Роса»', number: 1 }) })
    .click();
  await expect(page).toHaveURL(/[?&]set=/);
  const setId = new URL(page.url()).searchParams.get('set');
  const set = await page.request.get(`/api/card-sets/${setId}`);
  expect(set.status()).toBe(200);
  const { photo, name } = (await set.json()) as { photo: string; name: string };
  expect(new URL(photo).pathname).toBe(product.pictures[0]?.url);
  expect(name).toBe('Крем «Роса»');

  // The finishing tools take the library's pictures too.
  await page.goto('/tools');
  await page.getByRole('button', { name: tools.library }).click();
  await page
    .getByRole('button', { name: fill(tools.libraryAlt, { name: 'Аня', number: 1 }) })
    .click();
  await expect(page.getByRole('img', { name: tools.alt })).toBeVisible();
});
