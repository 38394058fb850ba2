import type { Page } from '@playwright/test';
import { appTexts } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { type DemoUser, demoSignIn, uniqueEmail } from './users.ts';

const en = appTexts.en;
const ru = appTexts.ru;

async function openProfile(page: Page, name = 'Profile Person'): Promise<DemoUser> {
  const user = await demoSignIn(page.request, { name, email: uniqueEmail('profile') });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return user;
}

/** The link the profile shows: to the home page in the interface's language (issue #33). */
function referralLinkOf(page: Page, user: DemoUser, lang: 'ru' | 'en' = 'ru'): string {
  return `${new URL(page.url()).origin}${lang === 'en' ? '/en' : '/'}?ref=${user.id}`;
}

test.describe('profile', () => {
  test('shows the person, read-only, their balance and their referral link', async ({ page }) => {
    const user = await openProfile(page, 'Анна Смирнова');
    const main = page.getByRole('main');

    await expect(page.getByRole('heading', { level: 1, name: ru.profile.title })).toBeVisible();
    const name = main.getByLabel(ru.profile.account.name);
    const email = main.getByLabel(ru.profile.account.email);
    await expect(name).toHaveValue('Анна Смирнова');
    await expect(email).toHaveValue(user.email);
    await expect(name).not.toBeEditable();
    await expect(email).not.toBeEditable();

    await expect(main.getByText('100 кредитов', { exact: true })).toBeVisible();
    const link = main.getByLabel(ru.profile.referral.linkLabel);
    await expect(link).toHaveValue(referralLinkOf(page, user));
    await expect(link).not.toBeEditable();
    await expect(main.getByText(/25 кредитов/)).toBeVisible();
    await expect(main.getByText(/50%/)).toBeVisible();

    const results = await scanAtRest(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('copies the referral link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await openProfile(page);

    await page.getByRole('button', { name: ru.profile.referral.copy, exact: true }).click();

    await expect(page.getByText(ru.profile.referral.copied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(referralLinkOf(page, user));
  });

  test('says so when copying fails, and leaves the link selected', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('kadr.lang', 'en');
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      });
    });
    const user = await openProfile(page);
    await expect(page.getByRole('heading', { level: 1, name: en.profile.title })).toBeVisible();

    await page.getByRole('button', { name: en.profile.referral.copy, exact: true }).click();

    await expect(page.getByText(en.profile.referral.copyFailed)).toBeVisible();
    await expect(page.getByText(en.profile.referral.copied)).toBeHidden();
    const link = page.getByLabel(en.profile.referral.linkLabel);
    await expect(link).toBeFocused();
    const selection = await link.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    );
    expect(selection).toBe(referralLinkOf(page, user, 'en'));
  });

  test('speaks English: labels, read-only fields and the log-out button', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('kadr.lang', 'en'));
    const user = await openProfile(page, 'Ann Smith');
    const main = page.getByRole('main');

    await expect(page.getByRole('heading', { level: 1, name: en.profile.title })).toBeVisible();
    await expect(main.getByLabel(en.profile.account.name)).toHaveValue('Ann Smith');
    await expect(main.getByLabel(en.profile.account.email)).toHaveValue(user.email);
    await expect(main.getByText('100 credits', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: en.profile.balance.topUp })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Log out', exact: true })).toBeVisible();
  });

  test('the top-up button opens pricing', async ({ page }) => {
    await openProfile(page);
    await page.getByRole('main').getByRole('link', { name: ru.profile.balance.topUp }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: ru.pricing.title })).toBeVisible();
  });

  test('logging out returns home and ends the session', async ({ page }) => {
    await openProfile(page);
    await page.getByRole('button', { name: ru.profile.account.logout, exact: true }).click();

    await expect(page).toHaveURL('/');
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto('/studio');
    await expect(page).toHaveURL(/\/login\?next=%2Fstudio$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('fits the screen without sideways scrolling', async ({ page }) => {
      const user = await openProfile(page);
      await expect(page.getByLabel(ru.profile.referral.linkLabel)).toHaveValue(
        referralLinkOf(page, user),
      );
      await expect(
        page.getByRole('button', { name: ru.profile.referral.copy, exact: true }),
      ).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  });
});
