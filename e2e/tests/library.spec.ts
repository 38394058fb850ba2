import type { APIRequestContext, Page } from '@playwright/test';
import { fill, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

/** Each balance equals the sum of its ledger: the statement's entries, summed. */
async function expectBalanceIsLedger(request: APIRequestContext) {
  const me = await currentUser(request);
  const statement = (await (await request.get('/api/ledger?page=1&perPage=500')).json()) as {
    items: { delta: number }[];
  };
  expect(statement.items.reduce((sum, entry) => sum + entry.delta, 0)).toBe(me.tokens);
  return me.tokens;
}

function card(page: Page, prompt: string) {
  return page.getByRole('main').locator('article[data-generation]').filter({ hasText: prompt });
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`library (${lang}): a favourite and a collection filter history, search finds by the prompt, a deletion keeps the ledger`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Library Person', email: uniqueEmail('library') });
    const prompts = ['A red fox in the snow', 'An owl on a branch', 'A whale over a city'];
    for (const prompt of prompts) {
      const response = await page.request.post('/api/create-image', {
        headers: { origin: baseURL ?? '' },
        data: { model: 'seedream-3', prompt },
      });
      expect(response.status()).toBe(200);
    }
    await page.goto('/history');
    const finished = page.getByRole('main').locator('article[data-status="completed"]');
    await expect(finished).toHaveCount(3, { timeout: 30_000 });

    // A favourite: the star, then the filter.
    const star = card(page, prompts[0] ?? '').getByRole('button', { name: t.library.favorite });
    await star.click();
    await expect(
      card(page, prompts[0] ?? '').getByRole('button', { name: t.library.unfavorite }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: t.library.favorites, exact: true }).click();
    await expect(page).toHaveURL(/favorite=1/);
    await expect(page.getByRole('main').locator('article[data-generation]')).toHaveCount(1);
    await expect(card(page, prompts[0] ?? '')).toBeVisible();
    await page.getByRole('button', { name: t.library.favorites, exact: true }).click();
    await expect(page.getByRole('main').locator('article[data-generation]')).toHaveCount(3);

    // A collection, made from a card; then history filtered by it.
    await card(page, prompts[1] ?? '')
      .getByRole('button', { name: t.library.addToCollection })
      .click();
    const dialog = page.getByRole('dialog', { name: t.collectionsDialog.title });
    await expect(dialog.getByText(t.collectionsDialog.none)).toBeVisible();
    // An empty name is refused, in the person's language.
    await dialog.getByRole('button', { name: t.collectionsDialog.create }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t.collectionsDialog.nameRequired);
    const name = lang === 'ru' ? 'Птицы' : 'Birds';
    await dialog.getByLabel(t.collectionsDialog.newName).fill(name);
    await dialog.getByRole('button', { name: t.collectionsDialog.create }).click();
    await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
    const axe = await scanAtRest(page, '[role="dialog"]');
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await page
      .getByRole('combobox', { name: t.library.collectionFilter, exact: true })
      .selectOption({ label: `${name} (1)` });
    await expect(page).toHaveURL(/collection=/);
    await expect(page.getByRole('main').locator('article[data-generation]')).toHaveCount(1);
    await expect(card(page, prompts[1] ?? '')).toBeVisible();
    await page
      .getByRole('combobox', { name: t.library.collectionFilter, exact: true })
      .selectOption({ label: t.library.allCollections });

    // Search by the prompt's words.
    await page.getByLabel(t.library.search).fill('WHALE');
    await expect(page).toHaveURL(/q=WHALE/);
    await expect(page.getByRole('main').locator('article[data-generation]')).toHaveCount(1);
    await expect(card(page, prompts[2] ?? '')).toBeVisible();
    await page.getByLabel(t.library.search).fill('nothing like it');
    await expect(page.getByText(t.library.emptyFiltered)).toBeVisible();
    await page.getByLabel(t.library.search).fill('');
    await expect(page.getByRole('main').locator('article[data-generation]')).toHaveCount(3);

    // Delete: asked first; the card goes, the credits charged stay charged and on the statement.
    const before = await expectBalanceIsLedger(page.request);
    await card(page, prompts[2] ?? '')
      .getByRole('button', { name: t.library.delete })
      .click();
    const confirm = page.getByRole('dialog', { name: t.deleteDialog.title });
    await confirm.getByRole('button', { name: t.deleteDialog.confirm }).click();
    await expect(page.getByText(t.deleteDialog.done)).toBeVisible();
    await expect(page.getByRole('main').locator('article[data-generation]')).toHaveCount(2);
    const showing = t.history as unknown as Record<string, string>;
    const form = new Intl.PluralRules(lang).select(2);
    await expect(
      page.getByText(fill(showing[`showing_${form}`] ?? '', { from: 1, to: 2, count: 2 })),
    ).toBeVisible();
    expect(await expectBalanceIsLedger(page.request)).toBe(before);
    expect(before).toBe(100 - 9);
    expect(plural(lang, t.generation, 'cost', 3)).toBeTruthy();
    await page.screenshot({ path: test.info().outputPath(`library-${lang}.png`), fullPage: true });
  });
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`share (${lang}): a link opens signed out, shows only what the owner chose, and stops once revoked`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang);
    const owner = await demoSignIn(page.request, {
      name: 'Share Person',
      email: uniqueEmail('share'),
    });
    const prompt = 'A private lighthouse sketch';
    const response = await page.request.post('/api/create-image', {
      headers: { origin: baseURL ?? '' },
      data: { model: 'seedream-3', prompt },
    });
    expect(response.status()).toBe(200);
    await page.goto('/history');
    await expect(card(page, prompt)).toHaveAttribute('data-status', 'completed', {
      timeout: 30_000,
    });

    await card(page, prompt).getByRole('button', { name: t.share.open }).click();
    const dialog = page.getByRole('dialog', { name: t.shareDialog.title });
    await dialog.getByRole('button', { name: t.shareDialog.create }).click();
    const link = dialog.getByLabel(t.shareDialog.link);
    await expect(link).toHaveValue(new RegExp(`/s/[A-Za-z0-9_-]{43}\\?ref=${owner.id}$`));
    const url = await link.inputValue();
    const axe = await scanAtRest(page, '[role="dialog"]');
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Someone else, signed out, in another browser context.
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const stranger = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const other = await stranger.newPage();
    const opened = await other.goto(url);
    expect(opened?.status()).toBe(200);
    const picture = other.locator('main img');
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(other.locator('main')).toContainText('Seedream 3');
    await expect(other.getByText(prompt)).toHaveCount(0);
    await expect(other.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/s\/.+\/media$/,
    );
    expect((await stranger.cookies()).find((c) => c.name === 'kadr_ref')?.value).toBe(owner.id);
    await other.screenshot({ path: test.info().outputPath(`shared-${lang}.png`) });

    // The owner chooses to show the prompt: the same link now shows it.
    await dialog.getByRole('checkbox', { name: t.shareDialog.showPrompt }).check();
    await expect(dialog.getByRole('checkbox', { name: t.shareDialog.showPrompt })).toBeChecked();
    await expect
      .poll(async () => {
        await other.reload();
        return other.getByText(prompt).count();
      })
      .toBe(1);

    // Revoked: the link stops working at once.
    await dialog.getByRole('button', { name: t.shareDialog.revoke }).click();
    await expect(dialog.getByRole('button', { name: t.shareDialog.create })).toBeVisible();
    const gone = await other.reload();
    expect(gone?.status()).toBe(404);
    await expect(other.locator('main img')).toHaveCount(0);
    await stranger.close();
  });
}
