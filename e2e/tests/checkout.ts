import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Clicks a Buy button and returns the tab the provider's page opens in: a new one on desktops, this
 * one on phones and in in-app browsers (the device check, apps/web/app/lib/device.ts). It answers as
 * soon as either happens: a new tab opens during the click, this one leaves for `providerPage`
 * once the server has made the payment. (A fixed wait for a tab that never opens on a phone cost
 * five seconds a purchase.)
 */
export async function clickToProvider(
  page: Page,
  button: Locator,
  providerPage: RegExp,
): Promise<Page> {
  const context = page.context();
  const before = new Set(context.pages());
  await button.click();
  const opened = () => context.pages().find((tab) => !before.has(tab));
  await expect
    .poll(() => Boolean(opened()) || providerPage.test(page.url()), {
      message: `a new tab, or this one at ${providerPage}`,
      timeout: 15_000,
    })
    .toBe(true);
  const tab = opened() ?? page;
  await expect(tab).toHaveURL(providerPage, { timeout: 15_000 });
  return tab;
}
