import {
  getModel,
  listModels,
  type ModelDefinition,
  offeredOptions,
  tokenPackages,
} from '@kadr/catalog';
import type { Locator, Page } from '@playwright/test';
import enAuth from '../../apps/web/app/locales/en/auth.json' with { type: 'json' };
import ruAuth from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import { appTexts, useLanguage } from './app-texts.ts';
import { clickToProvider } from './checkout.ts';
import { expect, test } from './fixtures.ts';
import { en, ru } from './landing-texts.ts';
import { currentUser, demoSignIn, signInWithGoogle, uniqueEmail } from './users.ts';

/**
 * Issue 33, points 2, 4, 9, 10, 11 and the sign-in title of 12: what the pages say about prices,
 * options and money, and how a visitor's language and referral are taken in.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const referrerId = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** Resolutions and sizes as a page writes them: 480p, 1080p, 4K. */
const resolutionPattern = /\b(\d{3,4}p|\dK)\b/g;

/** What a model offers: its resolution choices, or the one resolution its entry states. */
function resolutionsOf(model: ModelDefinition): string[] {
  return [
    ...offeredOptions(model, 'resolution'),
    ...(model.maxResolution ? [model.maxResolution] : []),
  ];
}

/**
 * Fails when a card or a sentence names a resolution that no model it names offers: Seedance 1
 * Lite at 1080p was priced and sold in words on /pricing though its form offers 480p and 720p.
 */
async function expectOnlyOfferedOptions(cards: Locator, examples?: Locator) {
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    const id = (await card.getAttribute('data-model-cost')) ?? '';
    const model = getModel(id);
    expect(model, id).toBeDefined();
    if (!model) continue;
    const named = (await card.innerText()).match(resolutionPattern) ?? [];
    for (const resolution of named) {
      expect(resolutionsOf(model), `${model.name} names ${resolution}`).toContain(resolution);
    }
  }
  if (!examples) return;
  const videoModels = listModels('video');
  for (const sentence of await examples.allInnerTexts()) {
    const models = videoModels.filter((model) => sentence.includes(model.name));
    for (const resolution of sentence.match(resolutionPattern) ?? []) {
      expect(
        models.some((model) => resolutionsOf(model).includes(resolution)),
        `“${sentence}” names ${resolution}`,
      ).toBe(true);
    }
  }
}

async function openPricing(page: Page, lang: 'ru' | 'en', query = '') {
  await useLanguage(page, lang);
  await demoSignIn(page.request, { name: 'Price Reader', email: uniqueEmail('prices') });
  await page.goto(`/pricing${query}`);
  await expect(
    page.getByRole('heading', { level: 1, name: appTexts[lang].pricing.title }),
  ).toBeVisible();
  await expect(page.locator('[data-package]').first()).toBeVisible();
}

test.describe('point 2: every option a page names is one its model offers', () => {
  test.use({ viewport: desktop });

  test('/pricing in Russian: cost cards and worked examples', async ({ page }) => {
    await openPricing(page, 'ru');
    const examples = page
      .getByRole('region', { name: appTexts.ru.pricing.examples.title })
      .getByRole('listitem');
    await expect(examples.first()).toBeVisible();
    await expectOnlyOfferedOptions(page.locator('[data-model-cost]'), examples);
  });

  for (const path of ['/', '/en']) {
    test(`the landing page's prices at ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectOnlyOfferedOptions(page.locator('#prices [data-model-cost]'));
    });
  }
});

test.describe('point 4: English money screens say credits', () => {
  test.use({ viewport: desktop });

  test('the pricing page, the Stripe page and the statement’s CSV', async ({ page }) => {
    await openPricing(page, 'en');
    await expect(page.getByText('The best price per credit')).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(/token/i);

    const tab = await clickToProvider(
      page,
      page.getByRole('button', { name: /^Buy 500 credits/ }),
      /\/emulators\/stripe\//,
    );
    await expect(tab.getByText('500 Kadr credits').first()).toBeVisible();
    expect(await tab.locator('body').innerText()).not.toMatch(/token/i);

    const csv = await (await page.request.get('/api/ledger.csv?lang=en')).text();
    const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(header).toContain('Credits');
    expect(header).not.toMatch(/token/i);
  });
});

test.describe('point 9: visitors see the prices, prerendered', () => {
  for (const [path, currency, texts] of [
    ['/', 'RUB', ru],
    ['/en', 'USD', en],
  ] as const) {
    test(`${path} names every package of ${currency} and every model's cost, in its HTML`, async ({
      request,
    }) => {
      const html = (await (await request.get(path)).text()).replaceAll('&nbsp;', '\u00a0');
      expect(html).toContain('id="prices"');
      for (const item of tokenPackages[currency]) {
        expect(html).toContain(`data-package="${item.id}"`);
        expect(html).toContain(item.price);
      }
      for (const model of listModels()) {
        expect(html).toContain(`data-model-cost="${model.id}"`);
      }
      // The FAQ's billing answer quotes the smallest package from the catalogue.
      const smallest = tokenPackages[currency][0];
      const answer = texts.home.faq.items.billing.answer.split('{{')[0] ?? '';
      const at = html.indexOf(answer);
      expect(at).toBeGreaterThan(0);
      expect(html.slice(at, at + 400)).toContain(smallest?.price);
    });
  }
});

test.describe('point 10: the other language, offered once', () => {
  test.use({ viewport: phone });

  for (const [path, target] of [
    ['/', '/en'],
    ['/login', '/en/login'],
    ['/smm', '/en/smm'],
  ] as const) {
    test.describe('an English browser', () => {
      test.use({ locale: 'en-US' });

      test(`on ${path} is offered ${target}, with no redirect and nothing moved`, async ({
        page,
      }) => {
        await page.goto(path);
        const offer = page.getByRole('complementary', { name: en.languageOffer.label });
        await expect(offer).toBeVisible();
        await expect(page).toHaveURL(path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
        // The same page in English, the query going along (a `next`, a referral).
        const link = offer.getByRole('link', { name: en.languageOffer.action });
        expect(await link.evaluate((a: HTMLAnchorElement) => a.pathname + a.search)).toBe(target);
        // It floats over the page (fixed: its arrival cannot push content), and nothing moves
        // while it is shown. Shifts of the page's own first paint are not the offer's: under a
        // loaded CPU the prerendered page can paint before its last bytes are parsed, which the
        // Lighthouse runs measure (bench/), so only what moves from here on is counted.
        expect(await offer.evaluate((node) => getComputedStyle(node).position)).toBe('fixed');
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) {
                  total += (entry as PerformanceEntry & { value: number }).value;
                }
              }).observe({ type: 'layout-shift' });
              setTimeout(() => resolve(total), 500);
            }),
        );
        expect(shift).toBe(0);

        await offer.getByRole('button', { name: en.languageOffer.dismiss }).click();
        await expect(offer).toBeHidden();
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(offer).toBeHidden();
      });
    });
  }

  test.describe('a Russian browser', () => {
    test.use({ locale: 'ru-RU' });

    test('is offered Russian on an English page, and nothing on a Russian one', async ({
      page,
    }) => {
      await page.goto('/en/smm');
      const offer = page.getByRole('complementary', { name: ru.languageOffer.label });
      await expect(offer).toBeVisible();
      await offer.getByRole('link', { name: ru.languageOffer.action }).click();
      await expect(page).toHaveURL('/smm');
      await expect(page.getByRole('complementary', { name: ru.languageOffer.label })).toBeHidden();
      await expect(page.getByRole('complementary', { name: en.languageOffer.label })).toBeHidden();
    });
  });

  test('the referral link copied from the English profile points to the English pages', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    const user = await demoSignIn(page.request, {
      name: 'Link Sharer',
      email: uniqueEmail('link'),
    });
    await page.goto('/profile');
    const link = page.getByLabel(appTexts.en.profile.referral.linkLabel);
    await expect(link).toHaveValue(`${new URL(page.url()).origin}/en?ref=${user.id}`);
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: desktop });

    test('a person reading English can pay in roubles', async ({ page }) => {
      await openPricing(page, 'en');
      await expect(page.getByRole('button', { name: '$ US dollars' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.getByRole('button', { name: appTexts.en.pricing.currency.RUB }).click();
      await expect(page).toHaveURL(/[?&]currency=RUB/);
      for (const item of tokenPackages.RUB) {
        await expect(page.locator(`[data-package="${item.tokens}"]`)).toContainText(item.price);
      }
      await expect(page.getByText(appTexts.en.pricing.packages.provider.RUB)).toBeVisible();

      const created = page.waitForRequest('**/api/create-payment');
      // A Russian receipt may need an e-mail; the demo account has one, so on to YooKassa.
      await clickToProvider(
        page,
        page.getByRole('button', { name: /^Buy 100 credits/ }),
        /\/emulators\/yookassa\//,
      );
      expect((await created).postDataJSON()).toMatchObject({ currency: 'RUB' });

      // The choice survives a reload.
      await page.reload();
      await expect(page.locator('[data-package="100"]')).toContainText(
        tokenPackages.RUB[0]?.price ?? '',
      );
    });
  });
});

test.describe('point 11: ?referral= counts as ?ref=', () => {
  test.use({ viewport: desktop, locale: 'en-US' });

  test('on a public page and on one the app renders, by the same rules', async ({
    page,
    context,
  }) => {
    const cookie = async () =>
      (await context.cookies()).find((item) => item.name === 'kadr_ref')?.value;
    await page.goto('/smm?referral=not-a-user-id');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await cookie()).toBeUndefined();
    await page.goto(`/smm?referral=${referrerId.toUpperCase()}`);
    await expect.poll(cookie).toBe(referrerId);
    expect(await page.evaluate(() => localStorage.getItem('kadr.ref'))).toBe(referrerId);
  });

  test.describe('on the 404 page', () => {
    test.use({ allowConsoleErrors: [/status of 404/] });

    test('the app remembers it too', async ({ page, context }) => {
      await page.goto(`/no-such-page?referral=${referrerId}`);
      await expect
        .poll(async () => (await context.cookies()).find((item) => item.name === 'kadr_ref')?.value)
        .toBe(referrerId);
    });
  });

  test('a friend who signs up from a ?referral= link earns the referrer the bonus', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const referrerBrowser = await playwright.request.newContext({ baseURL });
    const referrer = await demoSignIn(referrerBrowser, {
      name: 'Referrer',
      email: uniqueEmail('referral-param'),
    });
    await page.goto(`/?referral=${referrer.id}`);
    await signInWithGoogle(page, { name: 'Friend', email: uniqueEmail('friend') });
    expect((await currentUser(referrerBrowser)).tokens).toBe(referrer.tokens + 25);
    await referrerBrowser.dispose();
  });
});

test.describe('point 12: the sign-in title fits a first visit', () => {
  test.use({ viewport: desktop });

  for (const [path, texts, locale] of [
    ['/login', ruAuth, 'ru-RU'],
    ['/en/login', enAuth, 'en-US'],
  ] as const) {
    test.describe(path, () => {
      test.use({ locale });

      test(`greets a new visitor, then says ${texts.login.titleReturning}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.login.title);
        expect(texts.login.title).not.toBe(texts.login.titleReturning);
        await page.getByRole('link', { name: texts.login.google }).click();
        await expect(page).toHaveURL(/\/emulators\/oauth\/google\/authorize\?/);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          texts.login.titleReturning,
        );
      });
    });
  }
});
