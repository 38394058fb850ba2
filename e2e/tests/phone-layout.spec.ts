import type { Page } from '@playwright/test';
import { appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

/**
 * The phone project (playwright.config.ts) runs the specs tagged @phone: this one, and the flows
 * that take another path on a phone (a purchase in the same tab, a video played by a tap, the
 * generation scrolled into view, the pagination on one line). The other flows run once, on the
 * desktop: what they prove does not depend on the width. What does — that each signed-in screen
 * fits a phone, with every control in reach and nothing serious for axe — is checked here, screen
 * by screen, in both languages.
 */

/**
 * Interactive elements of the page's main region that stick out of the screen's width. A control
 * inside a row that scrolls sideways on purpose (overflow-x auto or scroll) may lie beyond it.
 */
async function outOfReach(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((main) => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element) => {
      for (let at = element.parentElement; at && at !== main; at = at.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(at).overflowX)) return true;
      }
      return false;
    };
    const problems: string[] = [];
    for (const element of main.querySelectorAll('a, button, input, select, textarea, label')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (scrollsSideways(element)) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name =
          element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        problems.push(
          `${element.tagName.toLowerCase()} “${name}”: ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
      }
    }
    return problems;
  });
}

/** A card set made by request from a finished result (the workshop's own spec makes one by hand). */
async function cardSet(page: Page, resultId: string): Promise<string> {
  const record = (await (await page.request.get(`/api/generations/${resultId}`)).json()) as {
    expand: { output_files: { url: string }[] };
  };
  const photo = new URL(record.expand.output_files[0]?.url ?? '', appOrigin).href;
  const slide = { picture: 'photo', bullets: [], badge: '', callouts: [], logo: false };
  const created = await page.request.post('/api/card-sets', {
    headers: { origin: appOrigin },
    data: {
      name: 'Маяк',
      preset: 'wildberries',
      photo,
      cutout: null,
      scene: null,
      backdrop: 'studio-white',
      slides: [
        { ...slide, kind: 'main', title: 'Маяк на скале' },
        { ...slide, kind: 'features', title: 'Особенности' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

/** A character made by request from a finished result, so the library shows a card. */
async function libraryElement(page: Page, resultId: string): Promise<void> {
  const record = (await (await page.request.get(`/api/generations/${resultId}`)).json()) as {
    expand: { output_files: { url: string }[] };
  };
  const created = await page.request.post('/api/elements', {
    headers: { origin: appOrigin },
    data: {
      kind: 'character',
      name: 'Маяк',
      pictures: [record.expand.output_files[0]?.url ?? ''],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}

test.skip(({ isMobile }) => !isMobile, 'the phone layout');

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`at 390 px (${lang}): every signed-in screen fits the width, its controls are in reach, and axe finds nothing serious`, {
    tag: '@phone',
  }, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Phone Person', email: uniqueEmail('phone') });
    // One finished generation: history has a card with its buttons, the statement two rows.
    const created = await page.request.post('/api/create-image', {
      headers: { origin: appOrigin },
      data: { model: 'seedream-3', prompt: 'A lighthouse on a cliff' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { request_id } = (await created.json()) as { request_id: string };
    // One API key, so the profile's keys section shows one with its buttons.
    const key = await page.request.post('/api/keys', {
      headers: { origin: appOrigin },
      data: { name: 'Phone key', daily_limit: 500, webhook_url: 'https://example.com/hooks/kadr' },
    });
    expect(key.status(), await key.text()).toBe(201);

    // strict: no axe violation at all (the payments spec's bar); else none serious or critical
    // (the studio spec's).
    const screens = [
      { path: '/studio', title: t.studio.title, strict: false },
      { path: '/compare', title: t.compare.title, strict: false },
      { path: '/batch', title: t.batch.title, strict: false },
      { path: '/history', title: t.history.title, strict: false },
      // The montage with the strip empty and the person's clips to choose from.
      { path: '/montage', title: t.montage.title, strict: true },
      // The library of elements with one character (history waited for its picture).
      { path: '/elements', title: t.elements.title, strict: true },
      { path: '/profile', title: t.profile.title, strict: true },
      { path: '/pricing', title: t.pricing.title, strict: true },
      // The tools page with the mask editor open on the result (history waited for it to finish).
      { path: `/tools?tool=inpaint&from=${request_id}`, title: t.tools.title, strict: false },
      // The card workshop with a set open on the result: its steps, slides, editor and check.
      { path: '/cards', title: t.cards.title, strict: false },
    ];
    for (const screen of screens) {
      if (screen.path === '/cards') screen.path = `/cards?set=${await cardSet(page, request_id)}`;
      if (screen.path === '/elements') await libraryElement(page, request_id);
      await page.goto(screen.path);
      await expect(
        page.getByRole('heading', { level: 1, name: screen.title }),
        screen.path,
      ).toBeVisible();
      if (screen.path === '/history') {
        await expect(page.locator('article[data-status="completed"]')).toHaveCount(1, {
          timeout: 30_000,
        });
      }
      if (screen.path === '/profile') {
        // The keys section's code loads when it comes into view.
        await page.locator('#api-keys').scrollIntoViewIfNeeded();
        await expect(page.locator('#api-keys li[data-key-id]')).toHaveCount(1);
      }
      if (screen.path === '/elements') {
        await expect(page.locator('[data-element] img')).toHaveJSProperty('complete', true);
      }
      if (screen.path.startsWith('/tools')) {
        await expect(page.locator('[data-mask-canvas]')).toBeVisible();
      }
      if (screen.path.startsWith('/cards')) {
        await expect(page.locator('[data-check]')).not.toHaveAttribute('data-check', 'pending');
      }
      await page.screenshot({
        path: test.info().outputPath(`${screen.path.slice(1).split('?')[0]}-${lang}.png`),
        fullPage: true,
      });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${screen.path} scrolls sideways`,
      ).toBeLessThanOrEqual(390);
      expect(await outOfReach(page), `${screen.path}: controls beyond the screen`).toEqual([]);
      const results = await scanAtRest(page);
      const found = screen.strict
        ? results.violations
        : results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(found.map((v) => `${screen.path} ${v.id}: ${v.help}`)).toEqual([]);
    }

    // The library's dialog, opened from the card, fits too.
    await page.goto('/history');
    await page
      .getByRole('main')
      .locator('article[data-generation]')
      .getByRole('button', { name: t.library.addToCollection })
      .click();
    const dialog = page.getByRole('dialog', { name: t.collectionsDialog.title });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'the dialog fits the width').toBe(true);
    const axe = await scanAtRest(page, '[role="dialog"]');
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
