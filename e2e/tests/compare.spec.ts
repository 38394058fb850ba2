import AxeBuilder from '@axe-core/playwright';
import { fill, plural, appTexts as texts, useLanguage } from './app-texts.ts';
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
    await page.screenshot({ path: test.info().outputPath(`compare-${lang}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
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
