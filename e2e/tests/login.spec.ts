import en from '../../apps/web/app/locales/en/auth.json' with { type: 'json' };
import ru from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';

const codes = ['state', 'cancelled', 'provider', 'unavailable', 'failed'] as const;

test.describe('/login after a failed sign-in', () => {
  for (const code of codes) {
    test(`explains ?error=${code}`, async ({ page }) => {
      await page.goto(`/login?error=${code}`);
      await expect(page.getByRole('alert')).toHaveText(ru.login.errors[code]);
      const results = await scanAtRest(page);
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }

  test('explains in English too, and keeps `next`', async ({ page }) => {
    await page.goto('/login?error=state&next=%2Fpricing');
    await expect(page.getByRole('alert')).toHaveText(ru.login.errors.state);
    // A static page (ADR 024): the English copy has its own address, and the query goes along.
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/en/login?error=state&next=%2Fpricing');

    await expect(page.getByRole('alert')).toHaveText(en.login.errors.state);
    await expect(page.getByRole('link', { name: en.login.google })).toHaveAttribute(
      'href',
      '/api/auth/google?next=%2Fpricing',
    );
    // The choice is remembered: /login itself now answers in English.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('loads no framework: the page works with its own inline script alone', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login?next=%2Fhistory');
    await expect(page.getByRole('link', { name: ru.login.vk })).toHaveAttribute(
      'href',
      '/api/auth/vk?next=%2Fhistory',
    );
    expect(scripts).toEqual([]);
  });

  test('an unknown code gets the general message; no code, no message', async ({ page }) => {
    await page.goto('/login?error=gremlins');
    await expect(page.getByRole('alert')).toHaveText(ru.login.errors.failed);

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: ru.login.title })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('each sign-in button carries its provider’s own mark, not a letter badge', async ({
  page,
}) => {
  await page.goto('/login');
  for (const provider of ['google', 'yandex', 'vk'] as const) {
    const button = page.getByRole('link', { name: ru.login[provider] });
    // The mark is drawn (an SVG of the provider's shapes); the button's only text is its name.
    const mark = button.locator(`svg[data-mark="${provider}"]`);
    await expect(mark).toBeVisible();
    expect(await mark.locator('path').count()).toBeGreaterThan(0);
    await expect(button).toHaveText(ru.login[provider]);
    const box = await mark.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(20);
  }
  await page.screenshot({ path: test.info().outputPath('login.png') });
});
