import type { Page } from '@playwright/test';
import enAuth from '../../apps/web/app/locales/en/auth.json' with { type: 'json' };
import enDevelopers from '../../apps/web/app/locales/en/developers.json' with { type: 'json' };
import enLegal from '../../apps/web/app/locales/en/legal.json' with { type: 'json' };
import ruAuth from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import ruDevelopers from '../../apps/web/app/locales/ru/developers.json' with { type: 'json' };
import ruLegal from '../../apps/web/app/locales/ru/legal.json' with { type: 'json' };
import { appTexts } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { en, ru } from './landing-texts.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

type Meta = { title: string; description: string; keywords: string };
type PublicPage = {
  path: string;
  language: 'ru' | 'en';
  meta: Meta;
  /** The visible hero text: the page's first heading. */
  heading: string;
  /** Its Russian or English counterpart. */
  counterpart: string;
};

const useCaseIds = [
  ['/smm', 'smm'],
  ['/marketplace', 'marketplace'],
  ['/inspiration', 'inspiration'],
  ['/living-photo', 'livingPhoto'],
  ['/influencer', 'influencer'],
] as const;

function pagesIn(language: 'ru' | 'en'): PublicPage[] {
  const t = language === 'ru' ? ru : en;
  const legal = language === 'ru' ? ruLegal : enLegal;
  const developers = language === 'ru' ? ruDevelopers : enDevelopers;
  const at = (path: string) => (language === 'ru' ? path : path === '/' ? '/en' : `/en${path}`);
  const other = (path: string) => (language === 'en' ? path : path === '/' ? '/en' : `/en${path}`);
  return [
    {
      path: at('/'),
      language,
      meta: t.home.meta,
      heading: `${t.home.hero.title} ${t.home.hero.titleHighlight}`,
      counterpart: other('/'),
    },
    ...useCaseIds.map(([path, id]) => ({
      path: at(path),
      language,
      meta: t.useCases[id].meta,
      heading: `${t.useCases[id].hero.title} ${t.useCases[id].hero.titleHighlight}`,
      counterpart: other(path),
    })),
    {
      path: at('/developers'),
      language,
      meta: developers.meta,
      heading: `${developers.hero.title} ${developers.hero.titleHighlight}`,
      counterpart: other('/developers'),
    },
    {
      path: at('/privacy-policy'),
      language,
      meta: legal.privacy.meta,
      heading: legal.privacy.title,
      counterpart: other('/privacy-policy'),
    },
    {
      path: at('/terms-of-use'),
      language,
      meta: legal.terms.meta,
      heading: legal.terms.title,
      counterpart: other('/terms-of-use'),
    },
  ];
}

const staticPages = [...pagesIn('ru'), ...pagesIn('en')];

function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The attributes of every `<tag …>` in a document. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name.toLowerCase(),
        decode(value),
      ]),
    ),
  );
}

function metaContent(html: string, key: string): string | undefined {
  return tags(html, 'meta').find((meta) => meta.name === key || meta.property === key)?.content;
}

function textOf(fragment: string): string {
  return decode(fragment.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

test.describe('public pages as delivered (raw HTML, as a search engine sees them)', () => {
  for (const page of staticPages) {
    test(`${page.path} is complete HTML with its own head tags and hero text`, async ({
      request,
    }) => {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();

      expect(tags(html, 'html')[0]?.lang).toBe(page.language);
      expect(textOf(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '')).toBe(page.meta.title);
      expect(metaContent(html, 'description')).toBe(page.meta.description);
      expect(metaContent(html, 'keywords')).toBe(page.meta.keywords);
      for (const key of ['og:title', 'twitter:title']) {
        expect(metaContent(html, key), key).toBe(page.meta.title);
      }
      for (const key of ['og:description', 'twitter:description']) {
        expect(metaContent(html, key), key).toBe(page.meta.description);
      }
      expect(metaContent(html, 'og:locale')).toBe(page.language === 'ru' ? 'ru_RU' : 'en_US');
      expect(metaContent(html, 'og:type')).toBe('website');
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'og:image')).toMatch(
        /^https?:\/\/.+\/heroImages\/social-card\.jpg$/,
      );

      const links = tags(html, 'link');
      const canonical = links.find((link) => link.rel === 'canonical')?.href ?? '';
      expect(new URL(canonical).pathname).toBe(page.path);
      expect(metaContent(html, 'og:url')).toBe(canonical);
      const alternates = Object.fromEntries(
        links
          .filter((link) => link.rel === 'alternate')
          .map((link) => [link.hreflang, new URL(link.href ?? '').pathname]),
      );
      const ruPath = page.language === 'ru' ? page.path : page.counterpart;
      const enPath = page.language === 'en' ? page.path : page.counterpart;
      expect(alternates).toEqual({ ru: ruPath, en: enPath, 'x-default': ruPath });

      expect(textOf(/<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '')).toBe(page.heading);

      // No client JavaScript: no modules, no preloads; one small inline script (referral, language).
      expect(html).not.toContain('type="module"');
      expect(html).not.toContain('modulepreload');
      const scripts = [...html.matchAll(/<script\b[^>]*>(.*?)<\/script>/gs)];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]?.[1]?.length).toBeLessThan(1536);
      expect(scripts[0]?.[1]).toContain(`"lang="+"${page.language}"`);
    });
  }

  test('the sign-in page is prerendered in each language, with no framework', async ({
    request,
  }) => {
    const copies = [
      ['/login', {}, ruAuth, '/login'],
      ['/en/login', {}, enAuth, '/en/login'],
      // /login speaks the language the person chose; its canonical is that language's address.
      ['/login', { cookie: 'lang=en' }, enAuth, '/en/login'],
    ] as const;
    for (const [path, headers, auth, canonical] of copies) {
      const html = await (await request.get(path, { headers })).text();
      expect(textOf(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '')).toBe(auth.login.meta.title);
      expect(metaContent(html, 'description')).toBe(auth.login.meta.description);
      expect(metaContent(html, 'og:title')).toBe(auth.login.meta.title);
      expect(metaContent(html, 'twitter:title')).toBe(auth.login.meta.title);
      expect(textOf(/<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '')).toBe(auth.login.title);
      expect(tags(html, 'html')[0]?.lang).toBe(auth === enAuth ? 'en' : 'ru');
      const links = tags(html, 'link');
      const href = links.find((link) => link.rel === 'canonical')?.href ?? '';
      expect(new URL(href).pathname).toBe(canonical);
      expect(html).not.toContain('type="module"');
      expect(html).not.toContain('modulepreload');
    }
  });

  test('the sitemap lists every page in both languages with its alternates', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map(
      ([, loc = '']) => new URL(loc).pathname,
    );
    expect(locations.sort()).toEqual(staticPages.map((page) => page.path).sort());
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(staticPages.length);
  });

  test('robots.txt keeps crawlers out of the app and the API', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    for (const path of ['/api/', '/studio', '/history', '/profile', '/pricing']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});

test.describe('both languages in the browser', () => {
  const rawKey =
    /\b(?:home|useCase|useCases|header|footer|points|images|privacy|terms|language|notFound|login|hero|what|key|quickStart|typescript|limits|webhooks|errors|stability|reference)\.[A-Za-z0-9_.]+/;

  for (const page of staticPages) {
    test(`${page.path} shows no untranslated key`, async ({ page: browser }) => {
      await browser.goto(page.path);
      await expect(browser.getByRole('heading', { level: 1 })).toHaveText(page.heading);
      const text = await browser.locator('body').innerText();
      expect(text).not.toMatch(rawKey);
      expect(text).not.toContain('$t(');
    });
  }

  for (const [language, title] of [
    ['ru', ruAuth.login.title],
    ['en', enAuth.login.title],
  ] as const) {
    test(`the sign-in page speaks ${language} when chosen, with no missing key`, async ({
      page,
    }) => {
      await page.addInitScript((lang) => window.localStorage.setItem('kadr.lang', lang), language);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    });
  }

  test('the language links lead to the same page in the other language', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('link', { name: 'Русский' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/en/marketplace');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(en.useCases.marketplace.meta.title);
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('link', { name: 'Русский' }).click();
    await expect(page).toHaveURL('/marketplace');
    await expect(page).toHaveTitle(ru.useCases.marketplace.meta.title);
  });

  test('the English showcase falls back to the use cases’ English texts', async ({ page }) => {
    await page.goto('/en');
    await expect(
      page.getByRole('heading', { level: 3, name: en.useCases.livingPhoto.title }),
    ).toBeVisible();
    await expect(page.getByText(en.useCases.livingPhoto.description)).toBeVisible();
    await page.goto('/');
    await expect(page.getByText(ru.home.showcase.items.livingPhoto.description)).toBeVisible();
  });

  test('pictures are modern formats of known size, samples at most 400 px wide', async ({
    page,
  }) => {
    await page.goto('/');
    const images = await page.locator('main img').evaluateAll((list) =>
      list.map((image) => ({
        src: image.getAttribute('src') ?? '',
        width: Number(image.getAttribute('width')),
        height: Number(image.getAttribute('height')),
        avif: image.parentElement?.querySelector('source[type="image/avif"]') !== null,
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(9);
    for (const image of images) {
      expect(image.src).toMatch(/^\/(samples|heroImages)\/[\w-]+\.webp$/);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
      expect(image.avif).toBe(true);
      if (image.src.startsWith('/samples/')) expect(image.width).toBeLessThanOrEqual(400);
    }
  });
});

test.describe('the marketplace page’s before and after', () => {
  for (const [path, t] of [
    ['/marketplace', ru],
    ['/en/marketplace', en],
  ] as const) {
    test(`${path} shows the photo and the cards it became, and leads into the workshop`, async ({
      page,
    }) => {
      const samples = t.useCases.marketplace.samples;
      await page.goto(path);
      const section = page.getByRole('region', { name: samples.title });
      await section.scrollIntoViewIfNeeded();
      const pictures = [
        [samples.alt.photo, 600, 750],
        [samples.alt.main, 600, 800],
        [samples.alt.features, 600, 800],
        [samples.alt.inUse, 600, 800],
      ] as const;
      for (const [alt, width, height] of pictures) {
        const image = section.getByRole('img', { name: alt });
        await image.scrollIntoViewIfNeeded();
        // Loaded, at the size its file has and its attributes declare (nothing stretched).
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(width);
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(height);
        await expect(image).toHaveAttribute('width', String(width));
        await expect(image).toHaveAttribute('height', String(height));
        const shown = await image.boundingBox();
        expect(shown?.width ?? 0).toBeGreaterThan(100);
        expect((shown?.height ?? 0) / (shown?.width ?? 1)).toBeCloseTo(height / width, 1);
      }
      await expect(section.getByText(samples.before, { exact: true })).toBeVisible();
      await expect(section.getByText(samples.after, { exact: true })).toBeVisible();
      // The workshop is a signed-in page: a visitor is asked to sign in first.
      await section.getByRole('link', { name: samples.cta }).click();
      await expect(page).toHaveURL('/login?next=%2Fcards');
    });
  }
});

test.describe('a person arriving on a public page', () => {
  const referrer = '0f8fad5b-d9cb-469f-a165-70867728950e';

  test('keeps the referral and the language the page was read in, for the app', async ({
    page,
    context,
  }) => {
    await page.goto(`/en/marketplace?ref=${referrer.toUpperCase()}`);
    const cookies = Object.fromEntries(
      (await context.cookies()).map((cookie) => [cookie.name, cookie]),
    );
    expect(cookies.kadr_ref).toMatchObject({ value: referrer, path: '/', sameSite: 'Lax' });
    expect(cookies.lang).toMatchObject({ value: 'en', path: '/' });
    expect(await page.evaluate(() => localStorage.getItem('kadr.ref'))).toBe(referrer);

    // The studio (through sign-in) opens in English.
    await page.getByRole('link', { name: en.header.getStarted, exact: true }).click();
    await expect(page).toHaveURL('/login?next=%2Fstudio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(enAuth.login.title);

    // Reading a Russian page (a shared link) keeps the language already remembered; following
    // the page's RU link is a choice, and switches it.
    await page.goto('/');
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    await page.goto('/en');
    await page.getByRole('link', { name: 'Русский' }).first().click();
    await expect(page).toHaveURL('/');
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ru');
  });
});

/** Entrance motion fades text in; judge contrast on what a person reads once it has settled. */
async function motionSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/smm',
    '/marketplace',
    '/privacy-policy',
    '/developers',
    '/en',
    '/en/living-photo',
    '/en/terms-of-use',
    '/en/developers',
  ]) {
    test(`axe finds nothing serious on ${path}`, async ({ page }) => {
      await page.goto(path);
      await motionSettled(page);
      const { violations } = await scanAtRest(page);
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
        );
      expect(serious).toEqual([]);
    });
  }

  test.describe('on a phone with the menu open', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('axe finds nothing serious', async ({ page }) => {
      await page.goto('/en');
      await page.getByRole('banner').getByRole('button', { name: en.header.menu }).click();
      await motionSettled(page);
      const { violations } = await scanAtRest(page);
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id),
      ).toEqual([]);
    });
  });
});

test.describe('the pages’ security policy, in the browser', () => {
  // The browser reports the refusal on the console, as it does an unknown path's 404; this test
  // expects both. One pattern: Playwright would read a two-item array as a value and its options.
  test.use({ allowConsoleErrors: [/Content Security Policy|status of 404/] });

  for (const path of ['/', '/en/smm', '/login?error=state', '/no-such-page']) {
    test(`${path} runs its own scripts and refuses an injected one`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      // The page's own inline scripts ran: the app's bootstrap defines its context, the sign-in
      // page's script explains the error (the FAQ and menu tests show the marketing pages' one).
      if (path === '/no-such-page') {
        expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
      }
      if (path.startsWith('/login')) {
        await expect(page.getByRole('alert')).toHaveText(ruAuth.login.errors.state);
      }
      const refused = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (event) =>
              resolve(event.violatedDirective),
            );
            const script = document.createElement('script');
            script.textContent = 'window.__injected = true;';
            document.body.append(script);
          }),
      );
      expect(refused).toMatch(/^script-src/);
      expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    });
  }

  test('a signed-in screen’s page preloads the screen’s own code, the others only the app’s', async ({
    request,
  }) => {
    const preloads = async (path: string) =>
      [
        ...(await (await request.get(path)).text()).matchAll(
          /<link rel="modulepreload" href="([^"]+)"/g,
        ),
      ].map((match) => match[1]);
    const studio = await preloads('/studio');
    const history = await preloads('/history?page=2');
    const unknown = await preloads('/no-such-page');
    expect(studio.some((href) => /^\/assets\/studio-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
    expect(history.some((href) => /^\/assets\/history-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
    expect(unknown.some((href) => /^\/assets\/(studio|history)-/.test(href ?? ''))).toBe(false);
    // The app's own preloads stay in every screen's copy.
    expect(unknown.length).toBeGreaterThan(0);
    for (const href of unknown) expect(studio).toContain(href);
  });

  test('pages and scripts arrive compressed', async ({ request }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers()['content-encoding']).toBe('br');
    const html = await page.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const shell = await (await request.get('/studio')).text();
    const entry = script ?? /import "(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    expect(entry).toBeTruthy();
    const asset = await request.get(String(entry), { headers: { 'accept-encoding': 'br' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['content-type']).toContain('javascript');
  });
});

test('a shared /en link does not change the language a signed-in person chose', async ({
  page,
}) => {
  await demoSignIn(page.request, { name: 'Language Person', email: uniqueEmail('lang') });
  const studioHeading = (lang: 'ru' | 'en') =>
    page.getByRole('heading', { level: 1, name: appTexts[lang].studio.title });

  // First visit through an English page: the studio opens in English.
  await page.goto('/en/marketplace');
  await page.goto('/studio');
  await expect(studioHeading('en')).toBeVisible();
  // The person chooses Russian in the app.
  await page.getByRole('button', { name: /^(Русский|Russian)$/ }).click();
  await expect(studioHeading('ru')).toBeVisible();

  // Someone shares an English page: it reads in English, and the app stays Russian.
  await page.goto('/en/smm');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/studio');
  await expect(studioHeading('ru')).toBeVisible();
  await page.reload();
  await expect(studioHeading('ru')).toBeVisible();

  // Following the page's own EN link is a choice: then the app speaks English.
  await page.goto('/smm');
  await page.getByRole('link', { name: 'English' }).first().click();
  await expect(page).toHaveURL(/\/en\/smm$/);
  await page.goto('/studio');
  await expect(studioHeading('en')).toBeVisible();
});
