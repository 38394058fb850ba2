import type { Page } from '@playwright/test';
import ruAuth from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import { appTexts } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';

const ruApp = appTexts.ru;

/**
 * Sign-in as a person does it, through the demo-mode emulators of Google, Yandex ID and VK ID that
 * the server mounts on itself: the real redirects, the real code exchange, the real session cookie.
 */
const providers = [
  { id: 'google', button: ruAuth.login.google, locale: 'en-US' },
  { id: 'yandex', button: ruAuth.login.yandex, locale: 'ru-RU' },
  { id: 'vk', button: ruAuth.login.vk, locale: 'en-US' },
] as const;

// The provider's page speaks the browser's language, as the real ones do.
const formTexts = {
  'en-US': { name: 'Name', email: 'E-mail', continue: 'Continue', cancel: 'Cancel' },
  'ru-RU': { name: 'Имя', email: 'Электронная почта', continue: 'Продолжить', cancel: 'Отмена' },
} as const;

async function startSignIn(page: Page, provider: (typeof providers)[number]) {
  await page.goto('/login');
  await page.getByRole('link', { name: provider.button }).click();
  await expect(page).toHaveURL(new RegExp(`/emulators/oauth/${provider.id}/authorize\\?`));
  return formTexts[provider.locale];
}

for (const provider of providers) {
  test.describe(`sign-in with ${provider.id}`, () => {
    test.use({ locale: provider.locale });

    test('signs up, lands in the studio with welcome credits, stays signed in, signs out', async ({
      page,
    }) => {
      const name = `Person ${provider.id}`;
      const email = `e2e.${provider.id}.${Date.now()}@example.com`;
      const texts = await startSignIn(page, provider);

      const nameField = page.getByLabel(texts.name);
      const emailField = page.getByLabel(texts.email);
      // Prefilled with someone plausible; we sign in as our own person.
      await expect(emailField).toHaveValue(/@example\.com$/);
      await nameField.fill(name);
      await emailField.fill(email);
      await page.getByRole('button', { name: texts.continue }).click();

      await expect(page).toHaveURL(/\/studio$/);
      const navigation = page.getByRole('navigation', { name: ruApp.shell.navLabel });
      const userCard = page.getByRole('link', { name: new RegExp(name) });
      await expect(navigation).toBeVisible();
      await expect(userCard).toContainText('100');

      await page.reload();
      await expect(page).toHaveURL(/\/studio$/);
      await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('100');

      await page.goto('/profile');
      await page.getByRole('button', { name: /^(Выйти|Log out|Sign out)$/ }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/studio');
      await expect(page).toHaveURL(/\/login(\?|$)/);
    });

    test("the provider's page has no accessibility violations", async ({ page }) => {
      await startSignIn(page, provider);
      const results = await scanAtRest(page);
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });

    test('cancelling at the provider returns to /login without signing in', async ({ page }) => {
      const texts = await startSignIn(page, provider);
      await page.getByRole('link', { name: texts.cancel }).click();
      await expect(page).toHaveURL(/\/login\?error=cancelled/);
      const me = await page.request.get('/api/me');
      expect(me.status()).toBe(401);
    });
  });
}

test('signing in again with the same e-mail finds the same account', async ({ page }) => {
  const email = `e2e.again.${Date.now()}@example.com`;
  const ids: string[] = [];
  for (let round = 0; round < 2; round += 1) {
    const texts = await startSignIn(page, providers[0]);
    await page.getByLabel(texts.name).fill('Again Person');
    await page.getByLabel(texts.email).fill(email);
    await page.getByRole('button', { name: texts.continue }).click();
    await expect(page).toHaveURL(/\/studio$/);
    const me = await page.request.get('/api/me');
    const user = (await me.json()) as { id: string; tokens: number };
    expect(user.tokens).toBe(100);
    ids.push(user.id);
    // Leave the studio first: a request it makes after the cookies are gone (its realtime
    // stream, say) would answer 401, which the browser logs as an error.
    await page.goto('about:blank');
    await page.context().clearCookies();
  }
  expect(ids[1]).toBe(ids[0]);
});
