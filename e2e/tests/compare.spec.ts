import { fill, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`compare (${lang}): one prompt on three models, one quote, three results with their costs, then continue with the winner`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Compare Person', email: uniqueEmail('compare') });
    await page.goto('/compare');
    await expect(page.getByRole('heading', { level: 1, name: t.compare.title })).toBeVisible();
    await expect(page.getByText(fill(t.compare.models, { min: 2, max: 4 }))).toBeVisible();

    // Three image models: Seedream 3 (3), Imagen 4 Ultra (6), FLUX.1 Kontext Pro (4).
    for (const name of [/^Seedream 3/, /^Imagen 4 Ultra/, /^FLUX\.1 Kontext Pro/]) {
      await page.locator('label').filter({ hasText: name }).click();
    }
    await page.getByLabel(t.studio.prompt.label).fill('A glass teapot on a windowsill');
    const start = page.getByRole('button', { name: plural(lang, t.compare, 'start', 13) });
    await expect(start).toBeEnabled();
    await start.click();
    const cells = page.locator('article[data-compare-cell]');
    await expect(cells).toHaveCount(3);
    await expect(page.locator('article[data-compare-cell][data-status="completed"]')).toHaveCount(
      3,
      {
        timeout: 30_000,
      },
    );
    for (const [model, cost] of [
      ['seedream-3', 3],
      ['imagen-4-ultra', 6],
      ['flux-kontext-pro', 4],
    ] as const) {
      const cell = page.locator(`article[data-compare-cell="${model}"]`);
      await expect(cell).toContainText(plural(lang, t.generation, 'cost', cost));
      await expect(cell.locator('img')).toBeVisible();
    }
    // Charged once each: 100 − 13.
    expect((await currentUser(page.request)).tokens).toBe(87);

    // Whole pictures: each in its own proportions, never cut to a tile.
    for (const image of await cells.locator('img').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((e: HTMLImageElement) => e.naturalWidth))
        .toBeGreaterThan(0);
      const shape = await image.evaluate((element: HTMLImageElement) => {
        const box = element.getBoundingClientRect();
        return {
          shown: box.width / box.height,
          natural: element.naturalWidth / element.naturalHeight,
          fit: getComputedStyle(element).objectFit,
        };
      });
      expect(shape.fit).not.toBe('cover');
      expect(Math.abs(shape.shown - shape.natural)).toBeLessThan(0.02 * shape.natural);
    }
    // Each result opens in the viewer and downloads.
    const first = page.locator('article[data-compare-cell="seedream-3"]');
    await first.getByRole('button', { name: t.generation.open, exact: true }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.locator('img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    const downloading = page.waitForEvent('download');
    await first.getByRole('link', { name: t.generation.download, exact: true }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.(png|jpe?g|webp)$/);
    await page.screenshot({ path: test.info().outputPath(`compare-${lang}.png`), fullPage: true });
    const results = await scanAtRest(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The winner's settings open in the studio.
    await page
      .locator('article[data-compare-cell="imagen-4-ultra"]')
      .getByRole('button', { name: t.compare.continue })
      .click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole('radio', { name: /^Imagen 4 Ultra/ })).toBeChecked();
    await expect(page.getByLabel(/^(Промпт|Prompt)$/)).toHaveValue(
      'A glass teapot on a windowsill',
    );
  });
}

test('compare (en, phone): a double click on “Compare · 7 credits” charges once; the button locks, says what started and brings the results into view', {
  tag: '@phone',
}, async ({ page }) => {
  test.skip(test.info().project.name !== 'phone', 'reported in English on a phone');
  test.setTimeout(60_000);
  const t = texts.en;
  await useLanguage(page, 'en');
  await demoSignIn(page.request, { name: 'Compare Twice', email: uniqueEmail('compare-twice') });
  const creates: string[] = [];
  await page.route('**/api/create-image', async (route) => {
    creates.push(route.request().headers()['idempotency-key'] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/compare');
  // Seedream 3 (3) and FLUX.1 Kontext Pro (4).
  for (const name of [/^Seedream 3/, /^FLUX\.1 Kontext Pro/]) {
    await page.locator('label').filter({ hasText: name }).click();
  }
  await page.getByLabel(t.studio.prompt.label).fill('A cosy coffee shop on a rainy evening');
  const start = page.getByRole('button', { name: plural('en', t.compare, 'start', 7) });
  await start.dblclick();
  await expect(page.getByRole('button', { name: t.studio.starting })).toBeDisabled();
  await expect(page.getByText(plural('en', t.studio.spend, 'compareStarted', 2))).toBeVisible();
  await expect(page.locator('section[data-compare-run]')).toBeInViewport();
  await expect(page.locator('article[data-compare-cell][data-status="completed"]')).toHaveCount(2, {
    timeout: 30_000,
  });
  expect(creates).toHaveLength(2);
  expect((await currentUser(page.request)).tokens).toBe(93);

  // Pressed again seconds later: the same comparison answers, and nothing more is taken.
  await start.click();
  await expect(page.getByText(t.studio.spend.compareAgain)).toBeVisible();
  expect(new Set(creates).size).toBe(2);
  expect((await currentUser(page.request)).tokens).toBe(93);
});

test('compare (en, phone): short of credits, it offers the top-up the studio offers', {
  tag: '@phone',
}, async ({ page }) => {
  test.skip(test.info().project.name !== 'phone', 'reported in English on a phone');
  const t = texts.en;
  await useLanguage(page, 'en');
  await demoSignIn(page.request, { name: 'Compare Poor', email: uniqueEmail('compare-poor') });
  await page.goto('/compare');
  // Veo 3 alone is 600 credits (8 s × 75) against the welcome 100.
  await page.getByRole('button', { name: t.generation.type.video, exact: true }).click();
  for (const name of ['Veo 3', 'Veo 3 Fast']) {
    await page
      .locator('label')
      .filter({ has: page.getByText(name, { exact: true }) })
      .click();
  }
  await expect(page.getByRole('status').filter({ hasText: /^Not enough credits: / })).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: t.studio.topUp })).toBeVisible();
});
