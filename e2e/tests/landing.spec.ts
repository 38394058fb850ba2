import { productFacts } from '@kadr/catalog';
import type { Page } from '@playwright/test';
import ruAuth from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';
import { en, ru } from './landing-texts.ts';
import { demoSignIn } from './users.ts';

const faqIds = ['what', 'time', 'formats', 'commercial', 'billing', 'privacy', 'refunds'] as const;

async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

test.describe('landing page', () => {
  for (const [language, t, home] of [
    ['ru', ru, '/'],
    ['en', en, '/en'],
  ] as const) {
    test(`FAQ (${language}) keeps one answer open; clicking the open one closes it`, async ({
      page,
    }) => {
      await page.goto(home);
      const faq = page.locator('#faq');
      const answer = (id: (typeof faqIds)[number]) => faq.getByText(t.home.faq.items[id].answer);
      const question = (id: (typeof faqIds)[number]) =>
        faq.getByText(t.home.faq.items[id].question, { exact: true });

      await expect(faq.locator('details')).toHaveCount(7);
      for (const id of faqIds) await expect(answer(id)).toBeHidden();

      await question('what').click();
      await expect(answer('what')).toBeVisible();
      await question('refunds').click();
      await expect(answer('refunds')).toBeVisible();
      await expect(answer('what')).toBeHidden();
      await expect(faq.locator('details[open]')).toHaveCount(1);

      await question('refunds').click();
      await expect(answer('refunds')).toBeHidden();
      await expect(faq.locator('details[open]')).toHaveCount(0);
    });
  }

  test('the refunds answer differs by language as the terms do', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('#faq')).toContainText('14-day money-back guarantee');
    await page.goto('/');
    await expect(page.locator('#faq')).toContainText('Оплата пакетов окончательна');
  });

  test('the header links scroll smoothly to the features and the FAQ', async ({ page }) => {
    await page.goto('/');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('smooth');
    const nav = page.getByRole('navigation', { name: ru.header.navLabel });

    await nav.getByRole('link', { name: ru.header.faq }).click();
    await expect(page).toHaveURL('/#faq');
    await expect(page.getByRole('heading', { level: 2, name: ru.home.faq.title })).toBeInViewport();

    await nav.getByRole('link', { name: ru.header.features }).click();
    await expect(page).toHaveURL('/#features');
    await expect(
      page.getByRole('heading', { level: 2, name: ru.home.features.title }),
    ).toBeInViewport();
  });

  test('from another page, the header links open the landing page at the section', async ({
    page,
  }) => {
    await page.goto('/en/marketplace');
    await page
      .getByRole('navigation', { name: en.header.navLabel })
      .getByRole('link', { name: en.header.faq })
      .click();
    await expect(page).toHaveURL('/en#faq');
    await expect(page.getByRole('heading', { level: 2, name: en.home.faq.title })).toBeInViewport();
  });

  test.describe('under reduced motion', () => {
    test.use({ contextOptions: { reducedMotion: 'reduce' } });

    test('nothing glides or rises', async ({ page }) => {
      await page.goto('/');
      expect(
        await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
      ).toBe('auto');
      // The hero appears at once: no entrance animation.
      expect(
        await page
          .locator('#hero-title')
          .evaluate((element) => getComputedStyle(element.parentElement as Element).animationName),
      ).toBe('none');
    });
  });

  test('the hero enters in three steps and the FAQ items one after another', async ({ page }) => {
    await page.goto('/');
    const animation = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.animationName} ${style.animationDuration} ${style.animationDelay}`;
      });
    expect(await animation('#hero-title >> xpath=..')).toBe('rise 0.6s 0.1s');
    expect(await animation('section[aria-labelledby=hero-title] p.text-lg')).toBe('rise 0.6s 0.3s');
    const delays = await page
      .locator('#faq details')
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationDelay));
    expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s', '0.4s', '0.5s', '0.6s']);
  });

  test('every start button leads to the studio, through sign-in when signed out', async ({
    page,
  }) => {
    // Landing: hero, features, five showcase blocks and the closing band; use cases: hero,
    // features and the closing band.
    const expected = { '/': 8, '/en': 8, '/smm': 3, '/en/influencer': 3 };
    for (const [path, count] of Object.entries(expected)) {
      await page.goto(path);
      const starts = page.getByRole('link', { name: /^(Начать создавать|Start creating)$/ });
      await expect(starts).toHaveCount(count);
      for (const href of await starts.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href')),
      )) {
        expect(href).toBe('/studio');
      }
      await expect(
        page.getByRole('link', { name: /^(Начать|Get Started)$/, exact: true }),
      ).toHaveAttribute('href', '/studio');
    }

    const starts = page.getByRole('link', { name: ru.cta });
    for (const index of [0, 3, 7]) {
      await page.goto('/');
      await starts.nth(index).click();
      await expect(page).toHaveURL('/login?next=%2Fstudio');
      await expect(page.getByRole('heading', { level: 1, name: ruAuth.login.title })).toBeVisible();
    }
  });

  test('a signed-in person goes straight to the studio', async ({ page }) => {
    await demoSignIn(page.request);
    await page.goto('/smm');
    await page.getByRole('link', { name: ru.cta }).first().click();
    await expect(page).toHaveURL('/studio');
  });

  test('the footer leads to every use case, the developers’ page and every legal page, at the top', async ({
    page,
  }) => {
    const targets = [
      ['/smm', ru.useCases.smm.title],
      ['/marketplace', ru.useCases.marketplace.title],
      ['/inspiration', ru.useCases.inspiration.title],
      ['/living-photo', ru.useCases.livingPhoto.title],
      ['/influencer', ru.useCases.influencer.title],
      ['/developers', ru.footer.api],
      ['/privacy-policy', ru.footer.privacy],
      ['/terms-of-use', ru.footer.terms],
    ] as const;
    for (const [path, name] of targets) {
      await page.goto('/smm');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await scrollY(page)).toBeGreaterThan(1000);
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      expect(await scrollY(page)).toBe(0);
    }
  });

  test('the English footer stays in English', async ({ page }) => {
    await page.goto('/en/terms-of-use');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: en.useCases.livingPhoto.title })
      .click();
    await expect(page).toHaveURL('/en/living-photo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Kadr — home' }).click();
    await expect(page).toHaveURL('/en');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu opens, closes and leads to a section', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('banner').getByRole('button', { name: ru.header.menu });
      const menu = page.locator('#mobile-menu');
      // The desktop links are not shown at this width.
      await expect(
        page.getByRole('navigation', { name: ru.header.navLabel }).getByRole('link').first(),
      ).toBeHidden();

      await toggle.click();
      await expect(menu.getByRole('link', { name: ru.header.faq })).toBeVisible();
      await expect(menu.getByRole('link', { name: ru.useCases.influencer.title })).toBeVisible();
      await toggle.click();
      await expect(menu).toBeHidden();

      await toggle.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await menu.getByRole('link', { name: ru.header.faq }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL('/#faq');
      await expect(
        page.getByRole('heading', { level: 2, name: ru.home.faq.title }),
      ).toBeInViewport();

      await toggle.click();
      await menu.getByRole('link', { name: ru.useCases.marketplace.title }).click();
      await expect(page).toHaveURL('/marketplace');
      await expect(menu).toBeHidden();
    });

    test('Get Started leads to the studio (and so to sign-in)', async ({ page }) => {
      await page.goto('/en');
      await page.getByRole('link', { name: en.header.getStarted, exact: true }).click();
      await expect(page).toHaveURL('/login?next=%2Fstudio');
    });
  });
});

test('the home page says what the studio offers, from the catalogue', async ({ page }) => {
  const facts = productFacts();
  for (const [path, models, video] of [
    ['/', `${facts.models} ИИ-моделей`, `до ${facts.maxVideoSeconds}\u00a0секунд`],
    ['/en', `${facts.models} AI models`, `up to ${facts.maxVideoSeconds}\u00a0seconds`],
  ] as const) {
    await page.goto(path);
    const text = await page.locator('body').innerText();
    expect(text).toContain(models);
    expect(text).toContain(video);
    expect(text).not.toContain('{{');
    // What it once promised and the studio never offered.
    expect(text).not.toMatch(/15\s(секунд|seconds)|\b9 (ИИ|AI)/);
  }
});
