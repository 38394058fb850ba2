import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isKnownPagePath, publicPaths } from '@kadr/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SPA_FALLBACK = '__spa-fallback.html';

interface WebOptions {
  /** The web app's build output (`apps/web/build/client`). */
  root: string;
}

/**
 * Serves the built web app: prerendered HTML for public pages, the SPA shell for signed-in pages,
 * the same shell with status 404 for unknown paths (the app renders its not-found page), and static
 * files. The file list is read once at start: the build does not change under a running server.
 * Needs `reply.sendFile` (@fastify/static registered with `serve: false`).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const root = path.resolve(options.root);
  const assets = await listFiles(root);
  if (!assets.has(`/${SPA_FALLBACK}`) && !assets.has('/index.html')) {
    app.log.warn({ root }, 'web app not built: pages will answer 503 until `npm run build`');
  }
  const pages = new Map<string, string>();
  for (const page of publicPaths) {
    const file = page === '/' ? '/index.html' : `${page}/index.html`;
    if (assets.has(file)) pages.set(page, await readFile(path.join(root, file), 'utf8'));
  }
  const shell = assets.has(`/${SPA_FALLBACK}`)
    ? await readFile(path.join(root, SPA_FALLBACK), 'utf8')
    : undefined;

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = decodePath(request.url);
    if (pathname === undefined) return reply.callNotFound();
    if (pathname.startsWith('/api/')) return reply.callNotFound();

    if (assets.has(pathname) && !pathname.endsWith('.html')) {
      const immutable = pathname.startsWith('/assets/');
      return reply.sendFile(pathname.slice(1), root, {
        immutable,
        maxAge: immutable ? '365d' : '1d',
        cacheControl: true,
      });
    }

    const page = normalise(pathname);
    const html = pages.get(page) ?? shell;
    if (html === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build`.');
    }
    return reply
      .code(isKnownPagePath(page) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
});

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function decodePath(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '/';
  try {
    const decoded = decodeURIComponent(raw);
    // Anything that could step outside the build folder is not a file of ours.
    if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
    return decoded;
  } catch {
    return undefined;
  }
}

async function listFiles(root: string): Promise<Set<string>> {
  const found = new Set<string>();
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      found.add(`/${path.relative(root, full).split(path.sep).join('/')}`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return found;
}
