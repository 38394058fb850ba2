import { readFile } from 'node:fs/promises';
import { plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

/** How many files a zip holds: its end-of-central-directory record says so. */
function zipEntries(zip: Buffer): number {
  const at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0) throw new Error('not a zip');
  return zip.readUInt16LE(at + 10);
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`batch (${lang}): 3 prompts × 2 models × 2 variations, quoted once, followed as one group, #fail items refunded, one zip`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Batch Person', email: uniqueEmail('batch') });
    await page.goto('/batch');
    await expect(page.getByRole('heading', { level: 1, name: t.batch.title })).toBeVisible();

    await page
      .locator('label')
      .filter({ hasText: /^Seedream 3$/ })
      .click();
    await page
      .locator('label')
      .filter({ hasText: /^Qwen Image$/ })
      .click();
    await page
      .getByRole('textbox', { name: t.batch.mode.lines, exact: true })
      .fill('A red fox in the snow\nAn owl on a branch #fail\nA whale over a city');
    await page.getByLabel(t.batch.variations).selectOption('2');
    await expect(page.locator('[data-batch-count]')).toHaveAttribute('data-batch-count', '12');
    // One quote for the whole batch: 12 × 3 credits.
    const start = page.getByRole('button', { name: plural(lang, t.batch, 'start', 36) });
    await expect(start).toBeEnabled();
    await start.click();

    const group = page.locator('section[data-batch]');
    await expect(group).toBeVisible();
    await expect(page).toHaveURL(/\/batch\?id=/);
    await expect(group.locator('article[data-batch-item]')).toHaveCount(12);
    // The running cap (8) holds: the other four wait in the batch rather than failing — which the
    // end below shows (all 8 without #fail complete). How many wait at one moment depends on how
    // fast the first ones end, so it is not counted here (it raced a loaded machine).
    await expect(group.getByRole('progressbar')).toBeVisible();
    // All end: the 8 without #fail completed, the 4 with it failed and refunded one by one.
    await expect(group.locator('article[data-status="completed"]')).toHaveCount(8, {
      timeout: 60_000,
    });
    await expect(group.locator('article[data-status="failed"]')).toHaveCount(4, {
      timeout: 30_000,
    });
    await expect(group.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
    for (const failed of await group.locator('article[data-status="failed"]').all()) {
      await expect(failed).toContainText(plural(lang, t.generation, 'refunded', 3));
    }
    const me = await currentUser(page.request);
    expect(me.tokens).toBe(100 - 8 * 3);
    const statement = (await (await page.request.get('/api/ledger?page=1&perPage=500')).json()) as {
      items: { delta: number }[];
    };
    expect(statement.items.reduce((sum, entry) => sum + entry.delta, 0)).toBe(me.tokens);

    const axe = await scanAtRest(page);
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`batch-${lang}.png`), fullPage: true });

    // One zip of everything it made: 12 − 4 failed.
    const downloading = page.waitForEvent('download');
    await group.getByRole('link', { name: plural(lang, t.batch, 'zip', 8) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kadr-batch-\d{8}\.zip$/);
    const zip = await readFile((await download.path()) ?? '');
    expect(zipEntries(zip)).toBe(8);
  });
}

test('batch (ru, desktop): a double click on «Запустить пакет» starts one batch and charges once; the button locks, says what started and brings it into view', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'reported in Russian on a desktop');
  test.setTimeout(60_000);
  const t = texts.ru;
  await useLanguage(page, 'ru');
  await demoSignIn(page.request, { name: 'Batch Twice', email: uniqueEmail('batch-twice') });
  // The answer comes a moment later, as on a slow network: the button must stay locked meanwhile.
  const submissions: string[] = [];
  await page.route('**/api/batches', async (route) => {
    submissions.push(route.request().headers()['idempotency-key'] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/batch');
  await page
    .locator('label')
    .filter({ hasText: /^Seedream 3$/ })
    .click();
  // One prompt on Seedream 3: 3 credits.
  await page
    .getByRole('textbox', { name: t.batch.mode.lines, exact: true })
    .fill('Маяк на скале в шторм');
  const start = page.getByRole('button', { name: plural('ru', t.batch, 'start', 3) });
  await expect(start).toBeEnabled();
  await start.dblclick();
  const locked = page.getByRole('button', { name: t.studio.starting });
  await expect(locked).toBeDisabled();

  await expect(page.getByText(plural('ru', t.studio.spend, 'batchStarted', 1))).toBeVisible();
  const group = page.locator('section[data-batch]');
  await expect(group).toBeInViewport();
  await expect(group.locator('article[data-status="completed"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  expect((await currentUser(page.request)).tokens).toBe(97);

  // Pressed again seconds later: the same batch answers, and nothing more is taken.
  await start.click();
  await expect(page.getByText(t.studio.spend.batchAgain)).toBeVisible();
  expect(new Set(submissions).size).toBe(1);
  expect((await currentUser(page.request)).tokens).toBe(97);
  const statement = (await (await page.request.get('/api/ledger?page=1&perPage=50')).json()) as {
    items: { delta: number }[];
  };
  expect(statement.items.filter((entry) => entry.delta < 0)).toHaveLength(1);
});

test('batch (ru, desktop): short of credits, it offers the top-up the studio offers', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'reported in Russian on a desktop');
  const t = texts.ru;
  await useLanguage(page, 'ru');
  await demoSignIn(page.request, { name: 'Batch Poor', email: uniqueEmail('batch-poor') });
  await page.goto('/batch');
  await page
    .locator('label')
    .filter({ hasText: /^Imagen 4 Ultra$/ })
    .click();
  await page
    .getByRole('textbox', { name: t.batch.mode.lines, exact: true })
    .fill(Array.from({ length: 17 }, (_, n) => `Кадр ${n + 1}`).join('\n'));
  await expect(page.getByText(plural('ru', t.studio, 'notEnough', 102))).toBeVisible();
  const topUp = page.locator('#main').getByRole('link', { name: t.studio.topUp });
  await expect(topUp).toBeVisible();
  await topUp.click();
  await expect(page).toHaveURL(/\/pricing$/);
});
