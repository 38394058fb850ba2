import type { BrowserContext, Page } from '@playwright/test';
import { appTexts, useLanguage } from './app-texts.ts';
import { clickToProvider } from './checkout.ts';
import { expect, test } from './fixtures.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

/**
 * Yandex Metrika's purchase goal (integrations.md §F). The test server has no counter, so nothing
 * may load; the configured case is played by putting the counter into the app's page as the
 * server does (its policy is the server test's business) and standing in for mc.yandex.ru.
 */

const counter = '98765432';

/**
 * What the server sends when METRIKA_COUNTER_ID is set: the counter in the app's page (its
 * policy is the server test's business, so this context bypasses policies). Put in while the page
 * parses, before the app's scripts run: the return from a provider is a redirect, which routes
 * cannot rewrite.
 */
async function configureMetrika(context: BrowserContext) {
  await context.addInitScript((id) => {
    if (!['/profile', '/pricing'].includes(location.pathname)) return;
    const meta = document.createElement('meta');
    meta.name = 'kadr-metrika-counter';
    meta.content = id;
    new MutationObserver((_, observer) => {
      if (!document.head) return;
      document.head.append(meta);
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, counter);
  // The tag: records every call, the queued ones first.
  await context.route('https://mc.yandex.ru/metrika/tag.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        const queued = (window.ym && window.ym.a) || [];
        window.__ym = queued.map((args) => Array.from(args));
        window.ym = (...args) => { window.__ym.push(args); };
      })();`,
    }),
  );
}

const calls = (page: Page) =>
  page.evaluate(() => (Reflect.get(window, '__ym') as unknown[][] | undefined) ?? []);

test('without a counter nothing loads and nothing is sent', async ({ page }) => {
  const toYandex: string[] = [];
  page.on('request', (request) => {
    if (/yandex/.test(new URL(request.url()).hostname)) toYandex.push(request.url());
  });
  await demoSignIn(page.request, { name: 'No Metrika', email: uniqueEmail('metrika-off') });
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: /^Купить 600/ })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="kadr-metrika-counter"]')).toHaveCount(0);
  expect(await page.evaluate(() => typeof Reflect.get(window, 'ym'))).toBe('undefined');
  expect(toYandex).toEqual([]);
});

test.describe('with a counter', () => {
  test.use({ bypassCSP: true });

  // Tagged @phone: on a phone the provider's page opens in this tab, so the goal is counted from
  // the click and must survive leaving the page.
  test('the purchase goal with its price and currency, once per payment', {
    tag: '@phone',
  }, async ({ page, context }) => {
    test.setTimeout(60_000);
    await configureMetrika(context);
    await useLanguage(page, 'ru');
    await demoSignIn(page.request, { name: 'Metrika Buyer', email: uniqueEmail('metrika') });

    await page.goto('/pricing');
    const buy = page.getByRole('button', { name: /^Купить 100 кредитов/ });
    await expect(buy).toBeEnabled();
    // A new tab on desktops, this one on phones (counted from the click, not the page load).
    const checkout = await clickToProvider(page, buy, /\/emulators\/yookassa\//);
    await checkout.getByRole('button', { name: /^Оплатить/ }).click();

    const title = appTexts.ru.profile.topUp.succeeded.title;
    await expect(checkout.getByRole('dialog', { name: title })).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(() => calls(checkout))
      .toContainEqual([
        Number(counter),
        'reachGoal',
        'purchase',
        { order_price: 300, currency: 'RUB' },
      ]);
    expect((await calls(checkout))[0]).toEqual([Number(counter), 'init', expect.any(Object)]);

    // The same return address again (a reload): congratulated, but not counted twice.
    await checkout.reload();
    await expect(checkout.getByRole('dialog', { name: title })).toBeVisible();
    await expect.poll(async () => (await calls(checkout)).length).toBeGreaterThan(0);
    expect((await calls(checkout)).filter(([, method]) => method === 'reachGoal')).toEqual([]);
  });
});
