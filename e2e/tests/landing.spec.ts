import en from '../../apps/web/app/locales/en/landing.json' with { type: 'json' };
import ru from '../../apps/web/app/locales/ru/landing.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';

test.describe('landing page', () => {
  test('renders in Russian by default', async ({ page }) => {
    await page.goto('/');

    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle(ru.home.meta.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      ru.home.meta.description,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      ru.home.meta.title,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${ru.home.hero.title} ${ru.home.hero.titleHighlight}`,
    );
    await expect(page.getByText(ru.home.hero.subtitle)).toBeVisible();
    await expect(page.getByRole('link', { name: ru.cta }).first()).toHaveAttribute(
      'href',
      '/studio',
    );
    await expect(page.getByRole('button', { name: 'Русский' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('switches to English at once and keeps it after a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${en.home.hero.title} ${en.home.hero.titleHighlight}`,
    );
    await expect(page).toHaveTitle(en.home.meta.title);
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');

    await page.reload();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${en.home.hero.title} ${en.home.hero.titleHighlight}`,
    );
    await expect(page).toHaveTitle(en.home.meta.title);

    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${ru.home.hero.title} ${ru.home.hero.titleHighlight}`,
    );
  });

  test('header links scroll to the features and FAQ sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: ru.header.navLabel });

    await nav.getByRole('link', { name: ru.header.faq }).click();
    await expect(page.getByRole('heading', { level: 2, name: ru.home.faq.title })).toBeInViewport();
    await expect(page).toHaveURL('/#faq');

    await nav.getByRole('link', { name: ru.header.features }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: ru.home.features.title }),
    ).toBeInViewport();
  });

  test('FAQ keeps at most one answer open', async ({ page }) => {
    await page.goto('/');
    const first = page.getByText(ru.home.faq.items.what.question);
    const second = page.getByText(ru.home.faq.items.time.question);

    await first.click();
    await expect(page.getByText(ru.home.faq.items.what.answer)).toBeVisible();
    await second.click();
    await expect(page.getByText(ru.home.faq.items.time.answer)).toBeVisible();
    await expect(page.getByText(ru.home.faq.items.what.answer)).toBeHidden();
    await second.click();
    await expect(page.getByText(ru.home.faq.items.time.answer)).toBeHidden();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu opens, closes and leads to a section', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: ru.header.openMenu });

      await toggle.click();
      const menu = page.locator('#mobile-menu');
      await expect(menu.getByRole('link', { name: ru.header.faq })).toBeVisible();
      await page.getByRole('button', { name: ru.header.closeMenu }).click();
      await expect(menu).toBeHidden();

      await toggle.click();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await menu.getByRole('link', { name: ru.header.faq }).click();
      await expect(menu).toBeHidden();
      await expect(
        page.getByRole('heading', { level: 2, name: ru.home.faq.title }),
      ).toBeInViewport();
    });

    test('Get Started leads to the studio (and so to sign-in)', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: ru.header.getStarted, exact: true }).click();
      await expect(page).toHaveURL('/login?next=%2Fstudio');
    });
  });
});
