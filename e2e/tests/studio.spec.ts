import { listModels } from '@kadr/catalog';
import type { Locator, Page } from '@playwright/test';
import { fill, type Lang, plural, appTexts as texts, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

async function openStudio(page: Page, lang: Lang, name = 'Studio Person') {
  await useLanguage(page, lang);
  const user = await demoSignIn(page.request, { name, email: uniqueEmail('studio') });
  await page.goto('/studio');
  await expect(
    page.getByRole('heading', { level: 1, name: texts[lang].studio.title }),
  ).toBeVisible();
  return user;
}

function generateButton(page: Page): Locator {
  return page.locator('form button[type="submit"]');
}

/** Records every status each generation panel shows, in order, from now on. */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { seenStatuses: typeof seen }).seenStatuses = seen;
    const note = (element: Element) => {
      const id = element.getAttribute('data-generation');
      const status = element.getAttribute('data-status');
      if (!id || !status || element.tagName !== 'ARTICLE') return;
      const list = seen[id] ?? [];
      seen[id] = list;
      if (list.at(-1) !== status) list.push(status);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') note(record.target as Element);
        for (const node of record.addedNodes) {
          if (node instanceof Element) {
            if (node.matches('article[data-generation]')) note(node);
            for (const inner of node.querySelectorAll('article[data-generation]')) note(inner);
          }
        }
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

async function statusesSeen(page: Page, id: string): Promise<string[]> {
  return page.evaluate(
    (key) =>
      (window as unknown as { seenStatuses: Record<string, string[]> }).seenStatuses[key] ?? [],
    id,
  );
}

async function generate(page: Page, prompt: string): Promise<Locator> {
  await page.getByLabel(/^(Промпт|Prompt)$/).fill(prompt);
  const created = page.waitForResponse((r) => /\/api\/create-(image|video)$/.test(r.url()));
  await generateButton(page).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  const { request_id } = (await response.json()) as { request_id: string };
  return page.locator(`article[data-generation="${request_id}"]`);
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test.describe(`studio (${lang})`, () => {
    // @alone: 'pending' lasts Kadr's submission and about 70 ms more (the emulator's queue at
    // EMULATOR_LATENCY_MS=700), and a browser starved of CPU by a test beside it rendered the
    // panel only once it was processing.
    test('an image goes pending → processing → completed, downloads, and animates into a video', {
      tag: '@alone',
    }, async ({ page }) => {
      test.setTimeout(120_000);
      await openStudio(page, lang);
      await expect(page.getByRole('tab', { name: t.generation.type.image })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(generateButton(page)).toBeDisabled(); // blank prompt
      await recordStatuses(page);

      const panel = await generate(page, 'A red fox in a snowy forest at golden hour');
      await expect(
        page.getByText(fill(t.run.toast.started, { type: t.generation.typeLower.image })),
      ).toBeVisible();
      await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      await expect(
        page.getByText(fill(t.run.toast.completed, { type: t.generation.typeLower.image })),
      ).toBeVisible();
      const id = (await panel.getAttribute('data-generation')) ?? '';
      expect(await statusesSeen(page, id)).toEqual(['pending', 'processing', 'completed']);
      await expect(panel.getByRole('img')).toBeVisible();

      const download = page.waitForEvent('download');
      await panel.getByRole('link', { name: t.generation.download }).click();
      const file = await download;
      // Named after the model, the prompt and the moment: saved files do not collide.
      expect(file.suggestedFilename()).toMatch(/^kadr-imagen-4-ultra-.+-\d{8}-\d{6}\.jpg$/);
      const path = await file.path();
      expect(path).toBeTruthy();

      // Balance: 100 welcome tokens − 6 for Imagen 4 Ultra.
      expect((await currentUser(page.request)).tokens).toBe(94);

      await panel.getByRole('button', { name: t.generation.animate }).click();
      await expect(page.getByRole('tab', { name: t.generation.type.video })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('img', { name: t.run.upload.preview })).toBeVisible();
      const video = await generate(page, 'The fox turns its head and snow starts to fall');
      await expect(video).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
      await expect(video.locator('video')).toBeVisible();
      const duration = await video.locator('video').evaluate(
        (element: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            if (element.readyState >= 1) resolve(element.duration);
            else element.addEventListener('loadedmetadata', () => resolve(element.duration));
          }),
      );
      expect(duration).toBeGreaterThan(4);
      // Seedance 1 Pro, 1080p, 5 s: 75 tokens.
      expect((await currentUser(page.request)).tokens).toBe(94 - 75);
    });

    test('cancelling a slow generation refunds it', async ({ page }) => {
      test.setTimeout(60_000);
      await openStudio(page, lang);
      const panel = await generate(page, 'A slow lighthouse #slow');
      await expect(panel).toHaveAttribute('data-status', 'processing', { timeout: 20_000 });
      expect((await currentUser(page.request)).tokens).toBe(94);
      await panel.getByRole('button', { name: t.run.running.cancel }).click();
      await expect(panel).toHaveAttribute('data-status', 'failed');
      await expect(page.getByText(t.run.toast.canceled)).toBeVisible();
      await expect(panel.getByText(plural(lang, t.generation, 'refunded', 6))).toBeVisible();
      // Shown as cancelled, not as a red failure, and without the provider's raw word for it.
      await expect(panel.getByText(t.generation.status.canceled, { exact: true })).toBeVisible();
      await expect(panel.getByText(t.generation.status.failed, { exact: true })).toHaveCount(0);
      await expect(panel.getByText(t.generation.canceledNote)).toBeVisible();
      await expect(panel.getByText('Canceled', { exact: true })).toHaveCount(0);
      expect((await currentUser(page.request)).tokens).toBe(100);
      // The same in the history.
      await page.goto('/history');
      const card = page.getByRole('main').locator('article[data-generation]').first();
      await expect(card.getByText(t.generation.status.canceled, { exact: true })).toBeVisible();
      await expect(card.getByText(t.generation.status.failed, { exact: true })).toHaveCount(0);
    });

    test('a failing generation says why in the interface’s language and gives the tokens back', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await openStudio(page, lang);
      const panel = await generate(page, 'A broken robot #fail');
      await expect(panel).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
      // The panel, the toast and history say it from the error catalogue; the provider's own
      // English ('Prediction failed: …') is nowhere.
      await expect(panel.getByRole('alert')).toContainText(t.generation.errors.model_failed);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: t.run.toast.failed });
      await expect(toast).toContainText(t.generation.errors.model_failed);
      await expect(page.getByText(/Prediction failed/)).toHaveCount(0);
      await expect(panel.getByText(plural(lang, t.generation, 'refunded', 6))).toBeVisible();
      expect((await currentUser(page.request)).tokens).toBe(100);
      // The person sees it too: the sidebar balance (desktop) is back to 100.
      const sidebar = page.locator('aside');
      if (await sidebar.isVisible()) {
        await expect(sidebar).toContainText(lang === 'ru' ? '100 кредитов' : '100 credits');
      }
      await page.goto('/history');
      const card = page.getByRole('main').locator('article[data-generation]').first();
      await expect(card).toContainText(t.generation.errors.model_failed);
      await expect(page.getByText(/Prediction failed/)).toHaveCount(0);
    });

    test('a picture the safety checker refuses says so, in the interface’s language', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await openStudio(page, lang);
      const panel = await generate(page, 'A daring portrait #nsfw');
      await expect(panel).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
      await expect(panel.getByRole('alert')).toContainText(t.generation.errors.unsafe);
      await expect(page.getByText(/NSFW content detected/)).toHaveCount(0);
    });

    test.describe('with the live stream down', () => {
      // The browser reports each refused stream connection; that is the point of this test.
      test.use({ allowConsoleErrors: [/ERR_FAILED/] });

      test('follows a generation by polling every 2 s', async ({ page }) => {
        test.setTimeout(60_000);
        await page.route('**/api/realtime', (route) => route.abort());
        await openStudio(page, lang);
        const polls: number[] = [];
        page.on('request', (request) => {
          if (/\/api\/generations\/[0-9a-f-]{36}$/.test(request.url())) polls.push(Date.now());
        });
        const panel = await generate(page, 'A quiet harbour at night');
        await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
        // With the stream down only a poll can tell the panel it ended (one is enough when the
        // image is done before the second, 2 s on).
        expect(polls.length).toBeGreaterThan(0);
        await expect(
          page.getByText(fill(t.run.toast.completed, { type: t.generation.typeLower.image })),
        ).toBeVisible();
        // The balance still follows without the stream: 100 − 6.
        const sidebar = page.locator('aside');
        if (await sidebar.isVisible()) {
          await expect(sidebar).toContainText(lang === 'ru' ? '94 кредита' : '94 credits');
        }
      });
    });

    test('the generate button says when tokens are not enough', async ({ page }) => {
      await openStudio(page, lang);
      await page.getByRole('tab', { name: t.generation.type.video }).click();
      const veo3 = page.getByRole('radio', { name: /^Veo 3 (?!Fast)/ });
      await page.locator('label', { has: veo3 }).click();
      await expect(veo3).toBeChecked();
      await page.getByLabel(/^(Промпт|Prompt)$/).fill('A whale jumps over a city');
      await expect(generateButton(page)).toBeDisabled();
      await expect(generateButton(page)).toHaveText(plural(lang, t.studio, 'notEnough', 600));
      await page.getByRole('tab', { name: t.generation.type.image }).click();
      await expect(generateButton(page)).toBeEnabled();
    });

    test('axe finds nothing serious on /studio, /history and /profile', async ({ page }) => {
      await openStudio(page, lang);
      for (const path of ['/studio', '/history', '/profile']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await scanAtRest(page);
        const serious = results.violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        expect(serious.map((v) => `${path} ${v.id}: ${v.help}`)).toEqual([]);
      }
    });
  });
}

test('an input image is picked, uploaded, previewed and used; a non-image is refused', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const t = texts.en;
  await openStudio(page, 'en');
  const kontext = page.getByRole('radio', { name: /^FLUX\.1 Kontext Pro/ });
  await page.locator('label', { has: kontext }).click();
  await expect(kontext).toBeChecked();

  const picker = page.getByLabel('Input image', { exact: true });
  await picker.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText(t.run.upload.wrongType)).toBeVisible();

  // A 2×2 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload-image'));
  await picker.setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('img', { name: t.run.upload.preview })).toBeVisible();
  // With an image the safety cap is said once, not twice (description and hint).
  await page.getByRole('button', { name: 'Advanced' }).click();
  await expect(page.getByText(/at most 2 with an input image/i)).toHaveCount(1);
  const formText = await page.locator('form').innerText();
  expect(formText.match(/at most 2/gi)?.length).toBe(1);

  const panel = await generate(page, 'Turn the sketch into a watercolour');
  await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await page.getByRole('button', { name: t.run.upload.remove }).click();
  await expect(page.getByRole('img', { name: t.run.upload.preview })).toHaveCount(0);
});

test.describe('an upload the server refuses', () => {
  // The browser reports the refused upload (415); that is the point of this test.
  test.use({ allowConsoleErrors: [/status of 415/] });

  test('an upload the server refuses is explained in Russian only, not in the server’s English', async ({
    page,
  }) => {
    const t = texts.ru;
    await openStudio(page, 'ru');
    const kontext = page.getByRole('radio', { name: /^FLUX\.1 Kontext Pro/ });
    await page.locator('label', { has: kontext }).click();
    // It calls itself a PNG, but it is not a picture: the server looks at the bytes and refuses.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/upload-image'));
    await page.getByLabel('Исходное изображение', { exact: true }).setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('definitely not a picture'),
    });
    expect((await refused).status()).toBe(415);
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveText(t.run.upload.errors.unsupported_type);
    await expect(page.getByText(/Only JPEG|can be uploaded/)).toHaveCount(0);
  });
});

for (const [lang, advanced] of [
  ['ru', 'Дополнительно'],
  ['en', 'Advanced'],
] as const) {
  test(`studio (${lang}): a value out of range is refused at the field, in the person's language, and nothing is sent`, async ({
    page,
  }) => {
    const t = texts[lang];
    const user = await openStudio(page, lang);
    const seedream = page.getByRole('radio', { name: /^Seedream 3/ });
    await page.locator('label', { has: seedream }).click();
    await page.getByRole('button', { name: advanced }).click();
    const seed = page.getByRole('spinbutton', { name: lang === 'ru' ? 'Сид' : 'Seed' });
    await seed.fill('-5');
    await page.getByLabel(/^(Промпт|Prompt)$/).fill('A lighthouse in the fog');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/create-(image|video)$/.test(request.url())) sent.push(request.url());
    });
    // The request's checks load with the first press (run-start.ts), then say what is wrong.
    await generateButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: t.studio.fieldErrors })).toBeVisible();
    await expect(seed).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText(fill(t.run.errors.out_of_range, { min: 0, max: 2147483647 })),
    ).toBeVisible();
    expect(sent).toEqual([]);
    expect((await currentUser(page.request)).tokens).toBe(user.tokens);
    // Corrected, it goes.
    await seed.fill('42');
    await expect(seed).not.toHaveAttribute('aria-invalid', 'true');
    const panel = await generate(page, 'A lighthouse in the fog');
    await expect(panel).toBeVisible();
  });
}

test('Qwen Image says which of aspect ratio and image size decides what', async ({ page }) => {
  for (const [lang, hint] of [
    ['ru', 'Форму задаёт соотношение сторон.'],
    ['en', 'The shape comes from the aspect ratio.'],
  ] as const) {
    await openStudio(page, lang);
    const qwen = page.getByRole('radio', { name: /^Qwen Image/ });
    await page.locator('label', { has: qwen }).click();
    await expect(qwen).toBeChecked();
    await expect(page.getByText(hint, { exact: false })).toBeVisible();
  }
});

test('after Generate, the new generation is in view — the form is taller than the screen', {
  tag: '@phone',
}, async ({ page }) => {
  await openStudio(page, 'ru');
  // With its advanced settings open, the image form is far taller than 800 px: the person scrolls
  // down to its button.
  await page.getByRole('button', { name: 'Дополнительно' }).click();
  await page.getByLabel(/^(Промпт|Prompt)$/).fill('A paper boat on a stormy sea');
  await generateButton(page).scrollIntoViewIfNeeded();
  const desktop = (page.viewportSize()?.width ?? 0) >= 1024;
  if (desktop) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  const panel = await generate(page, 'A paper boat on a stormy sea');
  await expect(panel).toBeVisible();
  // Its top is on screen with room below it (the panel grows as its result arrives, so its whole
  // height may not fit a phone).
  const height = page.viewportSize()?.height ?? 0;
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box !== null && box.y >= 0 && box.y <= height - 200;
    })
    .toBe(true);
  // The button is still where the person left it (no jump away from the form on a desktop).
  if ((page.viewportSize()?.width ?? 0) >= 1024)
    await expect(generateButton(page)).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('started.png') });
});

test('every model card has its own picture: stills for image models, a video poster for video models', async ({
  page,
}) => {
  await openStudio(page, 'ru');
  const seen = new Set<string>();
  for (const type of ['image', 'video'] as const) {
    await page.getByRole('tab', { name: texts.ru.generation.type[type] }).click();
    const cards = page.locator('form label').filter({ has: page.getByRole('radio') });
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const picture = cards.nth(i).locator('img');
      await picture.scrollIntoViewIfNeeded();
      await expect(picture).toBeVisible();
      // Drawn into a canvas: loaded, and whether the poster's play badge is there (a white disc
      // with the dark play triangle at the bottom left, where the pictures script draws it).
      const probe = await picture.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 180;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no canvas');
        context.drawImage(img, 0, 0, 320, 180);
        const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data];
        const [disc, triangle] = [at(26, 148), at(32, 148)];
        return {
          src: img.currentSrc,
          width: img.naturalWidth,
          badge:
            disc.slice(0, 3).every((c) => c > 235) && triangle.slice(0, 3).every((c) => c < 50),
        };
      });
      expect(probe.width).toBeGreaterThan(0);
      expect(probe.badge, `${probe.src}: the play badge`).toBe(type === 'video');
      expect(seen.has(probe.src), `${probe.src} is used twice`).toBe(false);
      seen.add(probe.src);
    }
  }
  // One card per studio model, each its own picture.
  expect(seen.size).toBe(listModels().length);
});

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`studio (${lang}): a double click on Generate starts one generation and charges once`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openStudio(page, lang, 'Studio Twice');
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/create-(image|video)$/.test(request.url())) {
        creates.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await page.getByLabel(/^(Промпт|Prompt)$/).fill('A paper boat on a puddle');
    await generateButton(page).dblclick();
    await expect(page.locator('article[data-generation][data-status="completed"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.locator('article[data-generation]')).toHaveCount(1);
    expect(new Set(creates).size).toBe(1);
    const history = (await (
      await page.request.get('/api/generations?page=1&perPage=12')
    ).json()) as {
      items: { cost: number }[];
    };
    expect(history.items).toHaveLength(1);
    expect((await currentUser(page.request)).tokens).toBe(100 - (history.items[0]?.cost ?? 0));
  });

  test(`studio (${lang}): after a reload the results panel shows the person's running and latest generations again, from the server`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openStudio(page, lang, 'Studio Reload');
    const finished = await generate(page, 'A lighthouse at dusk');
    await expect(finished).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    const finishedId = await finished.getAttribute('data-generation');
    // Another one, started elsewhere (another tab, a phone): this tab never followed it.
    const elsewhere = await page.request.post('/api/create-image', {
      data: { model: 'seedream-3', prompt: 'A fox running through snow' },
      headers: { origin: appOrigin },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    const { request_id: elsewhereId } = (await elsewhere.json()) as { request_id: string };

    // The tab's own memory is gone too: what shows comes from the server.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.locator(`article[data-generation="${finishedId}"]`)).toHaveAttribute(
      'data-status',
      'completed',
    );
    const other = page.locator(`article[data-generation="${elsewhereId}"]`);
    await expect(other).toBeVisible();
    await expect(other).toContainText('A fox running through snow');

    // A panel the person removed stays removed after the next reload.
    await page
      .locator(`article[data-generation="${finishedId}"]`)
      .getByRole('button', { name: t.run.running.dismiss })
      .click();
    await page.reload();
    await expect(other).toBeVisible();
    await expect(page.locator(`article[data-generation="${finishedId}"]`)).toHaveCount(0);
  });
}
