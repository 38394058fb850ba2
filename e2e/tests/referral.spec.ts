import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { currentUser, demoSignIn, signInWithGoogle, uniqueEmail } from './users.ts';

// The Google emulator's form speaks the browser's language.
test.use({ locale: 'en-US' });

async function referralCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'kadr_ref');
}

async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: /^(Выйти|Log out)$/ }).click();
  await expect(page).toHaveURL('/');
}

test('a friend who signs up from a referral link earns the referrer 25 credits, once', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  // The referrer lives in another browser.
  const referrerBrowser = await playwright.request.newContext({ baseURL });
  const referrer = await demoSignIn(referrerBrowser, {
    name: 'Referrer',
    email: uniqueEmail('referrer'),
  });
  expect(referrer.tokens).toBe(100);

  await page.goto(`/?ref=${referrer.id}`);
  await expect.poll(async () => (await referralCookie(context))?.value).toBe(referrer.id);
  const cookie = await referralCookie(context);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
  const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(29.9);
  expect(daysLeft).toBeLessThanOrEqual(30);
  expect(await page.evaluate(() => localStorage.getItem('kadr.ref'))).toBe(referrer.id);

  const friend = { name: 'Invited Friend', email: uniqueEmail('friend') };
  await signInWithGoogle(page, friend);
  expect((await currentUser(page.request)).tokens).toBe(100);
  expect((await currentUser(referrerBrowser)).tokens).toBe(125);

  // Signing in again is not a sign-up: no second bonus.
  await signOut(page);
  await signInWithGoogle(page, friend);
  expect((await currentUser(referrerBrowser)).tokens).toBe(125);
  await referrerBrowser.dispose();
});

test('following your own referral link credits nothing', async ({ page }) => {
  const me = { name: 'Self Referrer', email: uniqueEmail('self') };
  await signInWithGoogle(page, me);
  const before = await currentUser(page.request);
  expect(before.tokens).toBe(100);

  await signOut(page);
  await page.goto(`/?ref=${before.id}`);
  await expect.poll(async () => (await referralCookie(page.context()))?.value).toBe(before.id);
  await signInWithGoogle(page, me);

  const after = await currentUser(page.request);
  expect(after.id).toBe(before.id);
  expect(after.tokens).toBe(100);
});

test('a referral link works on any page; anything but a user id is ignored', async ({
  page,
  context,
}) => {
  await page.goto('/smm?ref=not-a-user-id');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Give the app time to (not) store it.
  await page.waitForLoadState('networkidle');
  expect(await referralCookie(context)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('kadr.ref'))).toBeNull();

  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  await page.goto(`/pricing?ref=${id}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect.poll(async () => (await referralCookie(context))?.value).toBe(id);
  expect(await page.evaluate(() => localStorage.getItem('kadr.ref'))).toBe(id);
});
