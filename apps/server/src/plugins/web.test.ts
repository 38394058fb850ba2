import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { englishMarketingPaths, marketingPaths, publicPaths, signedInPaths } from '@kadr/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web.ts';

// The plugin alone on a stand-in build with every prerendered page the contract lists.
let root: string;
let app: FastifyInstance;

const fileOf = (page: string) => (page === '/' ? 'index.html' : `${page.slice(1)}/index.html`);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kadr-web-'));
  for (const page of publicPaths) {
    const file = path.join(root, fileOf(page));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `<title>page ${page}</title>`);
  }
  await writeFile(path.join(root, '__spa-fallback.html'), '<title>shell</title>');
  await mkdir(path.join(root, '__app-shells'));
  for (const language of ['ru', 'en']) {
    const shells = path.join(root, '__app-shells');
    await writeFile(
      path.join(shells, `studio.${language}.html`),
      `<title>studio ${language}</title>`,
    );
  }
  await writeFile(path.join(root, '__app-shells', 'fallback.en.html'), '<title>shell en</title>');
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  await writeFile(path.join(root, 'sitemap.xml'), '<urlset/>');
  await mkdir(path.join(root, 'samples'));
  await writeFile(path.join(root, 'samples', 'social-post.avif'), 'avif');
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(fastifyStatic, { root, serve: false });
  await app.register(webPlugin, { root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('web plugin', () => {
  it.each([...marketingPaths, ...englishMarketingPaths])(
    'serves the prerendered page of %s in its language',
    async (page) => {
      for (const url of page === '/' ? [page] : [page, `${page}/`]) {
        const res = await app.inject({ method: 'GET', url: `${url}?ref=someone` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(`<title>page ${page}</title>`);
      }
    },
  );

  it('has an English copy of every marketing page', () => {
    expect(englishMarketingPaths).toEqual([
      '/en',
      '/en/smm',
      '/en/marketplace',
      '/en/inspiration',
      '/en/living-photo',
      '/en/influencer',
      '/en/developers',
      '/en/privacy-policy',
      '/en/terms-of-use',
    ]);
  });

  it.each(signedInPaths)('serves the app shell for %s', async (page) => {
    const res = await app.inject({ method: 'GET', url: `${page}?tab=video` });
    expect(res.statusCode).toBe(200);
    // A screen's own copy (preloading its modules) when the build made one, else the plain shell.
    expect(res.body).toBe(page === '/studio' ? '<title>studio ru</title>' : '<title>shell</title>');
    expect(res.headers.vary).toBe('accept-encoding, cookie');
  });

  it('serves the shell in the language the cookie names (its page preloads those texts)', async () => {
    const cases = [
      [undefined, 'ru'],
      ['lang=ru', 'ru'],
      ['lang=en', 'en'],
      ['kadr_auth=1; lang=en', 'en'],
      ['lang=fr', 'ru'],
      ['lang=%E0', 'ru'],
    ] as const;
    for (const [cookie, language] of cases) {
      const res = await app.inject({
        method: 'GET',
        url: '/studio',
        headers: cookie ? { cookie } : {},
      });
      expect(res.body).toBe(`<title>studio ${language}</title>`);
      expect(res.headers.vary).toBe('accept-encoding, cookie');
    }
    // Any other address: the fallback in that language, or the plain shell without one.
    const english = await app.inject({
      method: 'GET',
      url: '/nope',
      headers: { cookie: 'lang=en' },
    });
    expect(english.statusCode).toBe(404);
    expect(english.body).toBe('<title>shell en</title>');
    const russian = await app.inject({ method: 'GET', url: '/profile' });
    expect(russian.body).toBe('<title>shell</title>');
  });

  it('never serves a screen’s shell file by its own address', async () => {
    const res = await app.inject({ method: 'GET', url: '/__app-shells/studio.ru.html' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('<title>shell</title>');
  });

  it('answers /login in the language the person chose, and says the answer depends on it', async () => {
    const cases = [
      [undefined, '/login'],
      ['lang=ru', '/login'],
      ['lang=en', '/en/login'],
      ['kadr_auth=1; lang=en; kadr_ref=x', '/en/login'],
      ['lang=fr', '/login'],
      ['xlang=en', '/login'],
      ['lang=%E0', '/login'],
    ] as const;
    for (const [cookie, copy] of cases) {
      for (const url of ['/login', '/login/?next=%2Fstudio']) {
        const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(`<title>page ${copy}</title>`);
        expect(res.headers.vary).toBe('accept-encoding, cookie');
      }
    }
    // Its English address is English whatever the cookie says; other pages ignore it.
    const english = await app.inject({
      method: 'GET',
      url: '/en/login',
      headers: { cookie: 'lang=ru' },
    });
    expect(english.body).toBe('<title>page /en/login</title>');
    const smm = await app.inject({ method: 'GET', url: '/smm', headers: { cookie: 'lang=en' } });
    expect(smm.body).toBe('<title>page /smm</title>');
    expect(smm.headers.vary).toBe('accept-encoding');
  });

  it.each(['/en/studio', '/en/nope', '/fr/smm', '/english'])(
    'answers %s with the shell and 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('<title>shell</title>');
    },
  );

  it('serves robots.txt, the sitemap and pictures as files', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /api/');

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('xml');

    const picture = await app.inject({ method: 'GET', url: '/samples/social-post.avif' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/avif');
  });
});

describe('web plugin: page headers', () => {
  const inline = 'window.__ctx = {"a":1};';
  const moduleScript = 'import "/assets/entry.js";';
  const html = [
    '<!doctype html><html><head><title>x</title>',
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    '<script src="/assets/app.js"></script>',
    `</head><body><p>${'Kadr '.repeat(500)}</p><script>${inline}</script>`,
    `<script type="module" async="">${moduleScript}</script></body></html>`,
  ].join('');
  const asset = `export const words = ${JSON.stringify('Kadr '.repeat(400))};`;
  let own: FastifyInstance;
  let ownRoot: string;

  beforeAll(async () => {
    ownRoot = await mkdtemp(path.join(os.tmpdir(), 'kadr-web-csp-'));
    await writeFile(path.join(ownRoot, 'index.html'), html);
    await writeFile(path.join(ownRoot, '__spa-fallback.html'), '<title>shell</title>');
    await mkdir(path.join(ownRoot, 'assets'));
    await writeFile(path.join(ownRoot, 'assets', 'app-1a2b.js'), asset);
    await writeFile(path.join(ownRoot, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(asset));
    await writeFile(path.join(ownRoot, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(asset));
    own = Fastify();
    // As app.ts registers it.
    await own.register(fastifyStatic, { root: ownRoot, serve: false, preCompressed: true });
    await own.register(webPlugin, { root: ownRoot });
    await own.ready();
  });
  afterAll(async () => {
    await own.close();
    await rm(ownRoot, { recursive: true, force: true });
  });

  /** A body as sent with `coding`, decoded. */
  const decoded = (body: Buffer, coding: string | undefined) =>
    coding === 'br'
      ? zlib.brotliDecompressSync(body)
      : coding === 'gzip'
        ? zlib.gunzipSync(body)
        : body;

  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('allow exactly the page’s own inline scripts, by hash', async () => {
    const res = await own.inject({ method: 'GET', url: '/' });
    const policy = String(res.headers['content-security-policy']);
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(scripts).toBe(`script-src 'self' ${sha(inline)} ${sha(moduleScript)}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  it('give the shell (and an unknown path’s 404) a policy too', async () => {
    for (const url of ['/studio', '/no-such-page']) {
      const res = await own.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toMatch(
        /^default-src 'self'; script-src 'self';/,
      );
    }
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j → %s', async (accept, coding) => {
    const res = await own.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-encoding']).toBe(coding);
    const body = res.rawPayload;
    const plain = decoded(body, coding);
    expect(plain.toString('utf8')).toBe(html);
    if (coding) expect(body.length).toBeLessThan(html.length / 4);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
  ])('sends an asset’s precompressed copy for Accept-Encoding %j', async (accept, coding) => {
    const res = await own.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers['cache-control']).toContain('immutable');
    const body = res.rawPayload;
    const plain = decoded(body, coding);
    expect(plain.toString('utf8')).toBe(asset);
    if (coding) expect(res.headers.vary).toContain('ccept-encoding');
  });
});

describe('web plugin: Yandex Metrika', () => {
  const shell = '<!doctype html><html><head><title>shell</title></head><body></body></html>';
  const landing = '<!doctype html><html><head><title>landing</title></head><body></body></html>';
  let metrikaRoot: string;

  beforeAll(async () => {
    metrikaRoot = await mkdtemp(path.join(os.tmpdir(), 'kadr-web-metrika-'));
    await writeFile(path.join(metrikaRoot, 'index.html'), landing);
    await mkdir(path.join(metrikaRoot, 'login'));
    await writeFile(path.join(metrikaRoot, 'login', 'index.html'), landing);
    await writeFile(path.join(metrikaRoot, '__spa-fallback.html'), shell);
    await mkdir(path.join(metrikaRoot, '__app-shells'));
    await writeFile(path.join(metrikaRoot, '__app-shells', 'profile.ru.html'), shell);
  });
  afterAll(async () => {
    await rm(metrikaRoot, { recursive: true, force: true });
  });

  async function serve(metrikaCounterId: string | undefined) {
    const app = Fastify();
    await app.register(fastifyStatic, { root: metrikaRoot, serve: false });
    await app.register(webPlugin, { root: metrikaRoot, metrikaCounterId });
    await app.ready();
    return app;
  }

  it('when configured, names the counter in the app’s page and its policy allows mc.yandex.ru', async () => {
    const app = await serve('12345678');
    for (const url of ['/studio', '/profile', '/pricing']) {
      const res = await app.inject({ method: 'GET', url: `${url}?topUp=x` });
      expect(res.body).toBe(
        shell.replace('</head>', '<meta name="kadr-metrika-counter" content="12345678"></head>'),
      );
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self' https://mc.yandex.ru");
      expect(policy).toContain("connect-src 'self' https://mc.yandex.ru");
      expect(policy).toContain('frame-src https://mc.yandex.ru');
    }
    await app.close();
  });

  it('never on public pages: they stay free of it', async () => {
    const app = await serve('12345678');
    for (const url of ['/', '/login']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).toBe(landing);
      expect(String(res.headers['content-security-policy'])).not.toContain('yandex');
    }
    await app.close();
  });

  it('unset: no counter in any page and no Metrika in any policy', async () => {
    const app = await serve(undefined);
    for (const url of ['/', '/studio', '/profile']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('kadr-metrika-counter');
      expect(String(res.headers['content-security-policy'])).not.toContain('yandex');
    }
    await app.close();
  });

  it('refuses a counter id that is not a number (it goes into the page)', async () => {
    await expect(serve('1"><script>alert(1)</script>')).rejects.toThrow(/must be a number/);
  });
});
