import en from '../../apps/web/app/locales/en/common.json' with { type: 'json' };
import ru from '../../apps/web/app/locales/ru/common.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';

test.describe('not-found page', () => {
  // The server answers unknown paths with the SPA fallback and status 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  test('an unknown path shows the page, logs the miss and leads home', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });

    const response = await page.goto('/no/such/page?from=test');
    expect(response?.status()).toBe(404);

    await expect(page.getByRole('heading', { level: 1, name: ru.notFound.title })).toBeVisible();
    await expect(page).toHaveTitle(ru.notFound.meta.title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect
      .poll(() => warnings.some((text) => text.includes('/no/such/page?from=test')))
      .toBe(true);

    await page.getByRole('link', { name: ru.notFound.home }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('speaks English when English was chosen', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('kadr.lang', 'en'));

    await page.goto('/some/missing/page');

    await expect(page.getByRole('heading', { level: 1, name: en.notFound.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await page.getByRole('link', { name: en.notFound.home }).click();
    await expect(page).toHaveURL('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
