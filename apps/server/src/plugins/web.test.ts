import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
      '/en/privacy-policy',
      '/en/terms-of-use',
    ]);
  });

  it.each(signedInPaths)('serves the app shell for %s', async (page) => {
    const res = await app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<title>shell</title>');
  });

  it.each(['/en/login', '/en/studio', '/en/nope', '/fr/smm', '/english'])(
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
