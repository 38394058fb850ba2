import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { ledgerReasonLabels } from '../../packages/contract/src/ledger.ts';
import { appTexts, fill, type Lang, plural, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { clickToProvider } from './checkout.ts';
import { expect, test } from './fixtures.ts';
import { type DemoUser, demoSignIn, googleSignIn, uniqueEmail } from './users.ts';

/**
 * Buying tokens as a person does, in demo mode: the emulated YooKassa (Russian, roubles) and
 * Stripe Checkout (English, dollars) pages, their notifications to our server, the live balance in
 * every open tab (the payer's and the referrer's), the top-up dialog and the token statement.
 */

type Provider = {
  lang: Lang;
  tokens: number;
  /** The provider page's buttons. */
  pay: RegExp;
  cancel: RegExp;
  page: RegExp;
};

const yookassa: Provider = {
  lang: 'ru',
  tokens: 600,
  pay: /^Оплатить/,
  cancel: /^Отменить$/,
  page: /\/emulators\/yookassa\//,
};
const stripe: Provider = {
  lang: 'en',
  tokens: 500,
  pay: /^Pay$/,
  cancel: /^Cancel$/,
  page: /\/emulators\/stripe\//,
};

/** The welcome credit of a new person in the test server. */
const welcome = 100;
const signUpBonus = 25;

const balanceText = (lang: Lang, tokens: number) =>
  plural(lang, appTexts[lang].user, 'credits', tokens);

/**
 * The balance as /profile shows it (live: the realtime stream moves it). `main` by tag: behind an
 * open dialog it is hidden from the accessibility tree.
 */
function profileBalance(page: Page, lang: Lang, tokens: number): Locator {
  return page.locator('main').getByText(balanceText(lang, tokens), { exact: true }).first();
}

/** A person with their own browser and an open tab on /profile. */
async function personWithOpenProfile(
  browser: Browser,
  baseURL: string | undefined,
  lang: Lang,
  name: string,
): Promise<{ context: BrowserContext; page: Page; user: DemoUser }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useLanguage(page, lang);
  const user = await demoSignIn(page.request, { name, email: uniqueEmail('referrer') });
  await page.goto('/profile');
  await expect(profileBalance(page, lang, welcome)).toBeVisible();
  return { context, page, user };
}

/**
 * Clicks Buy on /pricing and returns the tab showing the provider's page: a new tab on desktops,
 * this one on phones (the device check decides).
 */
async function buy(page: Page, provider: Provider, shot?: string): Promise<Page> {
  const texts = appTexts[provider.lang];
  await page.goto('/pricing');
  const button = page.getByRole('button', {
    name: new RegExp(
      `^${fill(texts.pricing.packages.buy, {})} ${plural(provider.lang, texts.pricing, 'tokens', provider.tokens)}`,
    ),
  });
  await expect(button).toBeEnabled();
  // The packages are named in the page's language, whatever the language cookie says.
  await expect(
    page.getByText(provider.lang === 'en' ? 'Try every model' : 'Чтобы попробовать все модели'),
  ).toBeVisible();
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  return clickToProvider(page, button, provider.page);
}

function statementRows(page: Page): Locator {
  const width = page.viewportSize()?.width ?? 1280;
  return width < 640
    ? page.locator('[data-statement-list] > li')
    : page.locator('table[data-statement] tbody tr');
}

/** The statement's entries, newest first: reason and balance after each. */
async function expectStatement(
  page: Page,
  lang: Lang,
  entries: {
    reason: keyof (typeof ledgerReasonLabels)['en'];
    delta: number;
    after: number;
  }[],
) {
  const rows = statementRows(page);
  await expect(rows).toHaveCount(entries.length);
  for (const [index, entry] of entries.entries()) {
    const row = rows.nth(index);
    await expect(row).toHaveAttribute('data-reason', entry.reason);
    // The statement's operation names come from the contract, which the CSV download shares.
    await expect(row).toContainText(ledgerReasonLabels[lang][entry.reason]);
    await expect(row).toContainText(`${entry.delta > 0 ? '+' : '−'}${Math.abs(entry.delta)}`);
    await expect(row).toContainText(String(entry.after));
  }
}

for (const provider of [yookassa, stripe]) {
  const { lang, tokens } = provider;
  const texts = appTexts[lang];
  const commission = Math.floor(tokens / 2);

  // @phone: there the provider's page opens in this tab, and the statement is a list, not a table.
  test(
    `${lang}: a referred friend buys ${tokens} through ${lang === 'ru' ? 'YooKassa' : 'Stripe'}; both balances move live`,
    { tag: '@phone' },
    async ({ page, context, browser, baseURL }, testInfo) => {
      test.setTimeout(90_000);
      // For looking at: /pricing, the dialog and the statement, in each language and size.
      const shot = (name: string) => testInfo.outputPath(`${name}.png`);
      const referrer = await personWithOpenProfile(browser, baseURL, lang, 'Referrer');

      // The friend follows the referral link and signs up.
      await useLanguage(page, lang);
      await page.goto(`/?ref=${referrer.user.id}`);
      await expect
        .poll(async () => (await context.cookies()).find((c) => c.name === 'kadr_ref')?.value)
        .toBe(referrer.user.id);
      // Through Google: a bonus is paid only for a friend whose provider verified their e-mail. The
      // sign-in pages themselves are sign-in.spec.ts's: here the friend's browser makes the requests.
      await googleSignIn(page.request, { name: 'Friend', email: uniqueEmail('friend') });
      // The referrer's open tab shows the sign-up bonus without a reload.
      await expect(profileBalance(referrer.page, lang, welcome + signUpBonus)).toBeVisible();

      const checkout = await buy(page, provider, shot('pricing'));
      await checkout.getByRole('button', { name: provider.pay }).click();

      // Back on /profile: the dialog congratulates with the credited amount, and confetti flies.
      await expect(checkout).toHaveURL(/\/profile\?topUp=/);
      const dialog = checkout.getByRole('dialog', { name: texts.profile.topUp.succeeded.title });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await expect(dialog).toContainText(
        plural(lang, texts.profile.topUp.succeeded, 'credited', tokens),
      );
      await expect(checkout.locator('body > canvas')).toHaveCount(1);
      await checkout.screenshot({ path: shot('dialog') });
      await expect(profileBalance(checkout, lang, welcome + tokens)).toBeAttached();

      // The referrer gets half, live in their open tab.
      await expect(
        profileBalance(referrer.page, lang, welcome + signUpBonus + commission),
      ).toBeVisible();

      // Continue closes the dialog and takes the parameter out of the address.
      await dialog.getByRole('button', { name: texts.profile.topUp.continue }).click();
      await expect(dialog).toBeHidden();
      await expect(checkout).toHaveURL(/\/profile$/);
      await expect(profileBalance(checkout, lang, welcome + tokens)).toBeVisible();

      await expectStatement(checkout, lang, [
        { reason: 'payment_credit', delta: tokens, after: welcome + tokens },
        { reason: 'welcome', delta: welcome, after: welcome },
      ]);
      await statementRows(checkout).first().scrollIntoViewIfNeeded();
      await checkout.screenshot({ path: shot('statement') });
      await expectStatement(referrer.page, lang, [
        {
          reason: 'referral_commission',
          delta: commission,
          after: welcome + signUpBonus + commission,
        },
        { reason: 'referral_bonus', delta: signUpBonus, after: welcome + signUpBonus },
        { reason: 'welcome', delta: welcome, after: welcome },
      ]);
      await statementRows(referrer.page).first().scrollIntoViewIfNeeded();
      await referrer.page.screenshot({ path: shot('referrer-statement') });
      await referrer.context.close();
    },
  );

  test(`${lang}: a payment cancelled on the provider's page credits nothing and congratulates nobody`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Changed Mind', email: uniqueEmail('cancel') });
    const checkout = await buy(page, provider);
    await checkout.getByRole('button', { name: provider.cancel }).click();

    await expect(checkout).toHaveURL(/\/profile\?topUp=/);
    const dialog = checkout.getByRole('dialog', { name: texts.profile.topUp.canceled.title });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText(texts.profile.topUp.canceled.text);
    await expect(checkout.getByText(texts.profile.topUp.succeeded.title)).toHaveCount(0);
    await expect(checkout.locator('body > canvas')).toHaveCount(0);

    await dialog
      .getByRole('button', { name: texts.profile.topUp.close, exact: true })
      .first()
      .click();
    await expect(checkout).toHaveURL(/\/profile$/);
    await expect(profileBalance(checkout, lang, welcome)).toBeVisible();
    await expectStatement(checkout, lang, [{ reason: 'welcome', delta: welcome, after: welcome }]);
  });
}

test.describe('an unknown payment', () => {
  // The browser reports the server's 404 for it on the console.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('in the address gets a neutral message; Escape closes it', async ({ page }) => {
    await demoSignIn(page.request, { name: 'Curious', email: uniqueEmail('unknown') });
    await page.goto('/profile?topUp=00000000-0000-4000-8000-000000000000');
    const texts = appTexts.ru.profile.topUp;
    const dialog = page.getByRole('dialog', { name: texts.unknown.title });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: /pricing and the statement read well to everyone (axe)`, async ({ page }) => {
    const texts = appTexts[lang];
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Reader', email: uniqueEmail('axe') });
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: texts.pricing.title })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^${texts.pricing.packages.buy} `) }),
    ).toHaveCount(3);
    // Every model has a cost card, and the worked examples are there.
    await expect(page.locator('[data-model-cost]')).not.toHaveCount(0);
    await expect(page.getByRole('heading', { name: texts.pricing.examples.title })).toBeVisible();
    let results = await scanAtRest(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.goto('/profile');
    await expect(statementRows(page)).toHaveCount(1);
    results = await scanAtRest(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}
