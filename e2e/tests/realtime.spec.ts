import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoSignIn, referredFriendSignsUp, uniqueEmail } from './users.ts';

/** Opens a signed-in screen and waits until its realtime stream is open. */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse(
    (response) => response.url().endsWith('/api/realtime') && response.status() === 200,
  );
  await page.goto(path);
  await stream;
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'kept';
  });
}

test('a balance change shows in every open tab at once, without reloading', async ({
  page,
  context,
}) => {
  const user = await demoSignIn(page.request, { name: 'Live Balance', email: uniqueEmail('live') });
  const second = await context.newPage();
  await openLive(page, '/studio');
  await openLive(second, '/profile');

  // The sidebar's user card (the desktop sidebar is the page's only <aside>).
  const cards = [page, second].map((tab) =>
    tab.locator('aside').getByRole('link', { name: /Live Balance/ }),
  );
  for (const card of cards) await expect(card).toContainText('100 кредитов');

  // A friend signs up through Google from this user's referral link, in another browser: +25 for
  // the referrer (a bonus needs an e-mail the provider verified).
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await referredFriendSignsUp(browser, user.id);

  for (const card of cards) await expect(card).toContainText('125 кредитов', { timeout: 1_000 });
  await expect(second.getByRole('main').getByText('125 кредитов', { exact: true })).toBeVisible({
    timeout: 1_000,
  });
  for (const tab of [page, second]) {
    await expect(tab.locator('html')).toHaveAttribute('data-e2e-mark', 'kept');
  }
  await second.close();
});
