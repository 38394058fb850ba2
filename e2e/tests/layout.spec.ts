import type { Page } from '@playwright/test';
import ruAuth from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import { appTexts, plural } from './app-texts.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

const ru = appTexts.ru;

const supportUrl = 'https://t.me/kadr_support_bot';

async function signIn(page: Page) {
  const response = await page.request.post('/api/auth/demo', {
    data: { email: 'drawer@example.com', name: 'Drawer Test' },
    headers: { origin: appOrigin },
  });
  expect(response.ok()).toBe(true);
}

test.describe('signed-in layout on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the drawer opens, closes and follows navigation', async ({ page }) => {
    await page.goto('/studio');

    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: /Kadr/ })).toBeVisible();
    await expect(topBar.getByText('Kadr', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: ru.studio.title })).toBeVisible();
    // The desktop sidebar is not shown at this width.
    await expect(page.getByRole('navigation', { name: ru.shell.navLabel })).toBeHidden();

    const menuButton = topBar.getByRole('button', { name: ru.shell.openMenu });
    const drawer = page.getByRole('dialog', { name: ru.shell.menuTitle });

    await menuButton.click();
    await expect(drawer).toBeVisible();
    for (const name of [ru.nav.create, ru.nav.history, ru.nav.pricing, ru.nav.profile]) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const support = drawer.getByRole('link', { name: new RegExp(ru.nav.support) });
    await expect(support).toHaveAttribute('href', supportUrl);
    await expect(support).toHaveAttribute('target', '_blank');
    await expect(support).toHaveAttribute('rel', /noopener/);
    await expect(drawer.getByRole('link', { name: ru.nav.create, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const profileCard = drawer.getByRole('link', { name: /Drawer Test/ });
    await expect(profileCard).toHaveAttribute('href', '/profile');
    await expect(profileCard).toContainText(/кредит/);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await drawer.getByRole('button', { name: ru.shell.closeMenu }).click();
    await expect(drawer).toBeHidden();

    await menuButton.click();
    await drawer.getByRole('link', { name: ru.nav.history, exact: true }).click();
    await expect(page).toHaveURL('/history');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: ru.history.title })).toBeVisible();

    await menuButton.click();
    await expect(drawer.getByRole('link', { name: ru.nav.history, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      drawer.getByRole('link', { name: ru.nav.create, exact: true }),
    ).not.toHaveAttribute('aria-current', 'page');
  });

  // Issue 33: on a phone the credits left were only inside the menu.
  test('the top bar shows the credits left, live, and leads to the packages', async ({ page }) => {
    await page.context().clearCookies();
    const user = await demoSignIn(page.request, { email: uniqueEmail('top-bar') });
    await page.goto('/studio');
    const topBar = page.getByRole('banner');
    const credits = (count: number) => plural('ru', ru.user, 'credits', count);
    const balance = topBar.getByRole('link', {
      name: ru.shell.balance.replace('{{credits}}', credits(user.tokens)),
    });
    await expect(balance).toBeVisible();
    await expect(balance).toHaveText(credits(user.tokens));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('top-bar-ru-390.png') });

    // Spending elsewhere (another tab, the API) moves it without a reload.
    const response = await page.request.post('/api/create-image', {
      headers: { origin: appOrigin },
      data: { model: 'seedream-3', prompt: 'A lighthouse at noon' },
    });
    expect(response.status(), await response.text()).toBe(200);
    await expect(balance).toHaveCount(0);
    await expect(topBar.getByRole('link', { name: /^Баланс: / })).toHaveText(
      credits(user.tokens - 3),
    );
    await topBar.getByRole('link', { name: /^Баланс: / }).click();
    await expect(page).toHaveURL('/pricing');
  });

  test('a signed-in visitor of /login goes on to `next`', async ({ page }) => {
    await page.goto('/login?next=%2Fpricing');
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: ru.pricing.title })).toBeVisible();
  });
});

test.describe('signed-in layout on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar is always shown and highlights the current screen', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');

    const sidebar = page.getByRole('navigation', { name: ru.shell.navLabel });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button', { name: ru.shell.openMenu })).toBeHidden();
    await expect(sidebar.getByRole('link', { name: ru.nav.profile, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await sidebar.getByRole('link', { name: ru.nav.pricing, exact: true }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(sidebar.getByRole('link', { name: ru.nav.pricing, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('anonymous visitor', () => {
  test('is sent from /studio to /login, replacing the history entry', async ({ page }) => {
    await page.goto('/');
    await page.goto('/studio?tab=video');

    await expect(page).toHaveURL('/login?next=%2Fstudio%3Ftab%3Dvideo');
    await expect(page.getByRole('heading', { level: 1, name: ruAuth.login.title })).toBeVisible();
    await expect(page.getByRole('link', { name: ruAuth.login.google })).toHaveAttribute(
      'href',
      '/api/auth/google?next=%2Fstudio%3Ftab%3Dvideo',
    );
    await expect(page.getByRole('link', { name: ruAuth.login.yandex })).toHaveAttribute(
      'href',
      '/api/auth/yandex?next=%2Fstudio%3Ftab%3Dvideo',
    );
    await expect(page.getByRole('link', { name: ruAuth.login.vk })).toHaveAttribute(
      'href',
      '/api/auth/vk?next=%2Fstudio%3Ftab%3Dvideo',
    );

    // /studio was replaced, so Back returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL('/');
  });
});
