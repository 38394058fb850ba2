import type { Page } from '@playwright/test';
import { fill, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { demoSignIn, referredFriendSignsUp, uniqueEmail } from './users.ts';

/**
 * 30 generations through the API: 24 images and 6 videos (the cheapest settings). Two friends who
 * sign up with the referral link add the 50 tokens that 100 welcome tokens lack.
 */
async function seedThirty(page: Page, baseURL: string) {
  const user = await demoSignIn(page.request, {
    name: 'History Person',
    email: uniqueEmail('history'),
  });
  // Two friends sign up through Google from the person's referral link: 2 × 25 credits, enough for
  // thirty generations (a bonus is paid only for a friend whose provider verified their e-mail).
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  for (let i = 0; i < 2; i++) await referredFriendSignsUp(browser, user.id);
  for (let i = 0; i < 30; i++) {
    const video = i % 5 === 4;
    const data = video
      ? {
          model: 'seedance-lite',
          prompt: `A paper boat, take ${i}`,
          resolution: '480p',
          duration: 5,
        }
      : {
          model: 'seedream-3',
          // The newest one fails: the profile's recent list must leave it out.
          prompt: `A cat astronaut, portrait ${i}${i === 28 ? ' #fail' : ''}`,
        };
    // A person runs at most 8 at once: when the cap answers, wait for one to finish.
    for (;;) {
      const response = await page.request.post(video ? '/api/create-video' : '/api/create-image', {
        headers: { origin: baseURL },
        data,
      });
      if (response.status() === 429) {
        await page.waitForTimeout(500);
        continue;
      }
      expect(response.status(), await response.text()).toBe(200);
      break;
    }
  }
}

function cards(page: Page) {
  return page.getByRole('main').locator('article[data-generation]');
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];
  // Counted in the language's plural forms: ru «из 1 генерации», «из 30 генераций».
  const showing = (from: number, to: number, total: number) => {
    const forms = t.history as unknown as Record<string, string>;
    const form = new Intl.PluralRules(lang).select(total);
    return fill(forms[`showing_${form}`] ?? forms.showing_other ?? '', { from, to, count: total });
  };

  test(`history (${lang}): filters, page sizes and pages live in the address`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang);
    await seedThirty(page, baseURL ?? '');

    await page.goto('/history');
    await expect(page.getByText(showing(1, 12, 30))).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    const pages = page.getByRole('navigation', { name: t.history.pagination });
    await expect(
      pages.getByRole('link', { name: fill(t.history.page, { page: 1 }) }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('link', { name: /^\D*\d+$/ })).toHaveCount(3);

    // Page 3 of 3: the last six; the address keeps it through a reload.
    await pages.getByRole('link', { name: fill(t.history.page, { page: 3 }) }).click();
    await expect(page).toHaveURL(/\/history\?page=3$/);
    await expect(page.getByText(showing(25, 30, 30))).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    await page.reload();
    await expect(page.getByText(showing(25, 30, 30))).toBeVisible();

    // A larger page keeps the first item in view: item 25 is on page 2 of 24.
    await page.getByLabel(t.history.pageSize).selectOption('24');
    await expect(page).toHaveURL(/page=2&perPage=24|perPage=24&page=2/);
    await expect(page.getByText(showing(25, 30, 30))).toBeVisible();

    // Six per page: five pages, all shown; next is not a link on the last.
    await page.getByLabel(t.history.pageSize).selectOption('6');
    await expect(page.getByText(showing(25, 30, 30))).toBeVisible();
    await expect(pages.getByRole('link', { name: /^\D*\d+$/ })).toHaveCount(5);
    await pages.getByRole('link', { name: fill(t.history.page, { page: 5 }) }).click();
    await expect(pages.getByRole('link', { name: t.history.next })).toHaveCount(0);
    await expect(page.getByText(showing(25, 30, 30))).toBeVisible();

    // Filters start at page 1 and count only their type.
    await page.getByRole('button', { name: t.history.filters.video, exact: true }).click();
    await expect(page).toHaveURL(/type=video/);
    await expect(page.getByText(showing(1, 6, 6))).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    for (const card of await cards(page).all()) {
      await expect(card).toContainText(t.generation.type.video);
    }
    await page.getByRole('button', { name: t.history.filters.image, exact: true }).click();
    await expect(page.getByText(showing(1, 6, 24))).toBeVisible();
    await page.goBack();
    await expect(page.getByText(showing(1, 6, 6))).toBeVisible();
    await page.getByRole('button', { name: t.history.filters.all, exact: true }).click();
    await expect(page.getByText(showing(1, 6, 30))).toBeVisible();

    // Everything finishes; the cards say so, offer their files, and the failed one its refund.
    const finished = page.getByRole('main').locator('article[data-status="completed"]');
    await expect.poll(async () => finished.count(), { timeout: 60_000 }).toBe(5);
    const failed = cards(page).filter({ hasText: '#fail' });
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed).toContainText('#fail');
    await expect(finished.first().getByRole('link', { name: t.generation.download })).toBeVisible();

    // The profile's recent list: completed and processing only — not the failed one.
    await page.goto('/profile');
    const recent = page.getByRole('region', { name: t.recent.title });
    await expect(recent.locator('[data-generation]')).toHaveCount(6);
    await expect(recent.getByText('#fail')).toHaveCount(0);
  });

  test(`history (${lang}): an empty history says so and leads to the studio`, async ({ page }) => {
    await useLanguage(page, lang);
    await demoSignIn(page.request, { email: uniqueEmail('empty') });
    await page.goto('/history?type=video');
    await expect(page.getByText(t.history.empty.video)).toBeVisible();
    await page.getByRole('link', { name: t.history.empty.cta }).click();
    await expect(page).toHaveURL(/\/studio$/);
  });

  test(`history (${lang}): one generation is counted in the singular`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, lang);
    await demoSignIn(page.request, { email: uniqueEmail('one') });
    const created = await page.request.post('/api/create-image', {
      headers: { origin: baseURL ?? '' },
      data: { model: 'seedream-3', prompt: 'one lighthouse', translate_prompt: false },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto('/history');
    await expect(page.getByText(showing(1, 1, 1))).toBeVisible();
    await expect(page.getByText(showing(1, 1, 1))).toHaveText(
      lang === 'ru' ? 'Показаны 1–1 из 1 генерации' : 'Showing 1 to 1 of 1 generation',
    );
  });
}

/**
 * One Seedream 3 create, asked again after `waitMs` while it is refused with one of `retry` (the
 * running cap's 429; a refunded balance's 402 until the refund lands); any other answer but 200
 * fails the test.
 */
async function createWhenAllowed(
  page: Page,
  baseURL: string,
  prompt: string,
  retry: readonly number[],
  waitMs: number,
) {
  for (;;) {
    const response = await page.request.post('/api/create-image', {
      headers: { origin: baseURL },
      data: { model: 'seedream-3', prompt },
    });
    if (retry.includes(response.status())) {
      await page.waitForTimeout(waitMs);
      continue;
    }
    expect(response.status(), await response.text()).toBe(200);
    return;
  }
}

/**
 * `count` generations that fail and are refunded (`#fail`): a long history that costs nothing.
 * A person runs at most 8 at once, so a refusal of the cap waits for one to end.
 */
async function seedFailed(page: Page, baseURL: string, count: number) {
  await demoSignIn(page.request, { name: 'Long History', email: uniqueEmail('long') });
  for (let i = 0; i < count; i++) {
    await createWhenAllowed(
      page,
      baseURL,
      `A lighthouse at dusk, take ${i} #fail`,
      [429, 402],
      300,
    );
  }
  // Every one ends (and is refunded) before the test goes on, so the running cap is free again.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/generations?page=1&perPage=48');
        const { items } = (await response.json()) as { items: { status: string }[] };
        return items.filter((item) => item.status !== 'failed').length;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
}

test('at 390 px: eight pages fit on one line, and a toast leaves the menu button free', {
  tag: '@phone',
}, async ({ page, baseURL }) => {
  test.skip((page.viewportSize()?.width ?? 0) > 400, 'the phone layout');
  test.setTimeout(90_000);
  const t = texts.ru;
  await useLanguage(page, 'ru');
  await seedFailed(page, baseURL ?? '', 48);

  // 48 at six a page: 8 pages. On page 4 the old row (two either side) wrapped its last page.
  await page.goto('/history?perPage=6&page=4');
  const pages = page.getByRole('navigation', { name: t.history.pagination });
  await expect(pages.getByRole('link', { name: fill(t.history.page, { page: 8 }) })).toBeVisible();
  await expect(
    pages.getByRole('link', { name: fill(t.history.page, { page: 4 }) }),
  ).toHaveAttribute('aria-current', 'page');
  const rows = await pages
    .locator('li:visible')
    .evaluateAll((items) => [
      ...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top))),
    ]);
  expect(rows, 'the pagination wraps onto a second line').toHaveLength(1);
  const navBox = await pages.boundingBox();
  expect((navBox?.x ?? 0) + (navBox?.width ?? 0)).toBeLessThanOrEqual(390);

  // A toast (the studio's 'started') sits below the top bar: the menu button is still clickable.
  await page.goto('/studio');
  await page.getByLabel(/^(Промпт|Prompt)$/).fill('A lighthouse at dusk');
  await page.locator('form button[type="submit"]').click();
  // The 'started' toast itself: the emulator may finish the generation meanwhile, and its
  // 'completed' toast then stacks in front of this one.
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: t.run.toast.startedHint })
    .first();
  await expect(toast).toBeVisible();
  // Toasts slide in: measure once it has come to rest.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await page.waitForTimeout(600);
  await page.screenshot({ path: test.info().outputPath('toast.png') });
  const menu = page.getByRole('button', { name: t.shell.openMenu });
  const [toastBox, menuBox] = [await toast.boundingBox(), await menu.boundingBox()];
  if (!toastBox || !menuBox) throw new Error('no boxes');
  expect(toastBox.y, 'the toast covers the menu button').toBeGreaterThanOrEqual(
    menuBox.y + menuBox.height,
  );
  await menu.click();
  await expect(page.getByRole('dialog', { name: t.shell.menuTitle })).toBeVisible();
});

for (const lang of ['ru', 'en'] as const) {
  // On a phone a tap plays the video (@phone: in Russian; the language changes no step of it).
  test(`history (${lang}): video cards show a poster and play muted on hover or tap; the viewer steps through results`, {
    tag: lang === 'ru' ? '@phone' : [],
  }, async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const t = texts[lang];
    const phone = (page.viewportSize()?.width ?? 0) < 640;
    await useLanguage(page, lang);
    await demoSignIn(page.request, { name: 'Viewer Person', email: uniqueEmail('viewer') });
    const items = [
      { kind: 'image', data: { model: 'seedream-3', prompt: 'A lighthouse at dawn, first' } },
      { kind: 'image', data: { model: 'seedream-3', prompt: 'A lighthouse at dusk, second' } },
      {
        kind: 'video',
        data: {
          model: 'seedance-lite',
          prompt: 'Waves at the lighthouse',
          resolution: '480p',
          duration: 5,
        },
      },
      { kind: 'image', data: { model: 'seedream-3', prompt: 'A lighthouse in a storm #fail' } },
    ];
    for (const item of items) {
      const response = await page.request.post(`/api/create-${item.kind}`, {
        headers: { origin: baseURL ?? '' },
        data: item.data,
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/generations?page=1&perPage=12');
          const { items: listed } = (await response.json()) as { items: { status: string }[] };
          return listed.filter((one) => one.status === 'completed' || one.status === 'failed')
            .length;
        },
        { timeout: 30_000 },
      )
      .toBe(4);

    await page.goto('/history');
    await expect(cards(page)).toHaveCount(4);
    // Every card fills its cell — the failed one too.
    const widths = await page
      .getByRole('main')
      .locator('li:has(article[data-generation])')
      .evaluateAll((cells) =>
        cells.map((cell) => [
          Math.round(cell.getBoundingClientRect().width),
          Math.round((cell.querySelector('article') as HTMLElement).getBoundingClientRect().width),
        ]),
      );
    for (const [cell, card] of widths) expect(card).toBe(cell);

    // The video card: a poster, no player controls at thumbnail size; it plays muted on hover
    // (a tap on a phone) and stops when the pointer leaves.
    const videoCard = cards(page).filter({ hasText: 'Waves at the lighthouse' });
    await expect(videoCard.locator('video[controls]')).toHaveCount(0);
    const preview = videoCard.locator('[data-video-preview]');
    await expect(preview.locator('img')).toBeVisible();
    // Shown is not yet loaded: the poster decodes a moment later on a busy machine.
    await expect
      .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(preview).toHaveAttribute('data-playing', 'false');
    if (phone) {
      await preview.tap();
      await expect(preview).toHaveAttribute('data-playing', 'true');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The next tap opens the viewer with a real player.
      await preview.tap();
      await expect(page.getByRole('dialog').locator('video[controls]')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } else {
      await preview.hover();
      await expect(preview).toHaveAttribute('data-playing', 'true');
      expect(
        await preview.locator('video').evaluate((video: HTMLVideoElement) => video.muted),
      ).toBe(true);
      await page.getByRole('heading', { level: 1 }).hover();
      await expect(preview).toHaveAttribute('data-playing', 'false');
    }

    // The viewer: from the second picture's card; the arrow keys step through the results
    // (newest first: the video, the second picture, the first).
    const second = cards(page).filter({ hasText: 'A lighthouse at dusk, second' });
    await second.getByRole('button', { name: t.viewer.open }).click();
    const viewer = page.getByRole('dialog');
    // Places count the whole history: the failed newest one keeps place 1 but is stepped over.
    await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: 3, total: 4 }));
    await expect(viewer.getByRole('img', { name: /A lighthouse at dusk, second/ })).toBeVisible();
    await expect(viewer.getByRole('link', { name: t.generation.download })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: 4, total: 4 }));
    await expect(viewer.getByRole('button', { name: t.viewerDialog.next })).toBeDisabled();
    // Zoom on a picture, then back to fit.
    const picture = viewer.locator('img[data-viewer-media]');
    await viewer.getByRole('button', { name: t.viewerDialog.zoomIn }).click();
    await expect(picture).toHaveAttribute('data-zoomed', 'true');
    await viewer.getByRole('button', { name: t.viewerDialog.zoomOut }).click();
    await expect(picture).toHaveAttribute('data-zoomed', 'false');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: 2, total: 4 }));
    await expect(viewer.locator('video[controls]')).toBeVisible();
    await expect(viewer.getByRole('button', { name: t.viewerDialog.previous })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`viewer-${lang}.png`) });
    const results = await scanAtRest(page, '[role="dialog"]');
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`history-${lang}.png`), fullPage: true });
  });
}

// Issue 33: with 20 results the viewer ended at «12 из 12», the first page's end. It walks the whole
// filtered history, loading the next page as it goes, and back.
test('history (ru): the viewer walks on past the page into the next one and back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const t = texts.ru;
  await useLanguage(page, 'ru');
  await demoSignIn(page.request, { name: 'Walker', email: uniqueEmail('walker') });
  for (let i = 1; i <= 20; i++) {
    await createWhenAllowed(
      page,
      baseURL ?? '',
      `A red kite over the dunes, take ${i}`,
      [429],
      500,
    );
  }
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/generations?page=1&perPage=50');
        const { items } = (await response.json()) as { items: { status: string }[] };
        return items.filter((one) => one.status === 'completed').length;
      },
      { timeout: 45_000 },
    )
    .toBe(20);

  await page.goto('/history');
  await expect(cards(page)).toHaveCount(12);
  // Newest first: take 20 opens first; take 9 is the first page's last.
  await cards(page)
    .filter({ hasText: 'take 10' })
    .getByRole('button', { name: t.viewer.open })
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: 11, total: 20 }));
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: 12, total: 20 }));
  const next = viewer.getByRole('button', { name: t.viewerDialog.next });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: 13, total: 20 }));
  await expect(viewer.getByRole('img', { name: /take 8$/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await page.screenshot({ path: test.info().outputPath('viewer-next-page-ru.png') });
  for (let i = 14; i <= 20; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: i, total: 20 }));
  }
  await expect(viewer.getByRole('img', { name: /take 1$/ })).toBeVisible();
  await expect(next).toBeDisabled();
  // And back over the boundary, landing on the first page's last result.
  for (let i = 19; i >= 12; i--) {
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toContainText(fill(t.viewerDialog.position, { index: i, total: 20 }));
  }
  await expect(viewer.getByRole('img', { name: /take 9$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // The grid behind followed: closing leaves the person on the page they got to.
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(cards(page)).toHaveCount(12);
});
