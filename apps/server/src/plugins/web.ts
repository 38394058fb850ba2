import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  cookieNames,
  defaultLanguage,
  isKnownPagePath,
  isLanguage,
  type Language,
  languages,
  localizedPublicPath,
  metrikaOrigin,
  pageConfigMeta,
  paths,
  publicPaths,
  signedInPaths,
} from '@kadr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cookieValue } from '../lib/locale.ts';

const SPA_FALLBACK = '__spa-fallback.html';
/**
 * The shell again per signed-in screen and language, preloading that screen's modules and texts,
 * and per language for any other address (apps/web/scripts/app-shells.ts).
 */
const APP_SHELLS = '__app-shells';
const FALLBACK = 'fallback';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page as served: its HTML, compressed once at start, and the policy its scripts need. */
interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
  csp: string;
}

interface WebOptions {
  /** The web app's build output (`apps/web/build/client`). */
  root: string;
  /**
   * The Yandex Metrika counter (METRIKA_COUNTER_ID). When set, the signed-in app's page names it
   * in a `<meta>` and its policy allows the tag; public pages never load it. Unset: nothing.
   */
  metrikaCounterId?: string | undefined;
}

/**
 * Serves the built web app: prerendered HTML for public pages, the SPA shell for signed-in pages
 * (each screen's copy of it, which also preloads the screen's own modules, when the build has one),
 * the same shell with status 404 for unknown paths (the app renders its not-found page), and static
 * files. The file list and the pages are read once at start: the build does not change under a
 * running server. Each page goes out with a Content-Security-Policy that allows exactly its own
 * inline scripts (by SHA-256) and, when the browser accepts it, compressed (brotli, else gzip; both
 * made at start). Needs `reply.sendFile` (@fastify/static registered with `serve: false`).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const root = path.resolve(options.root);
  const counter = options.metrikaCounterId;
  if (counter !== undefined && !/^\d{1,12}$/.test(counter)) {
    throw new Error(`The Metrika counter id must be a number, not ${JSON.stringify(counter)}`);
  }
  const assets = await listFiles(root);
  if (!assets.has(`/${SPA_FALLBACK}`) && !assets.has('/index.html')) {
    app.log.warn({ root }, 'web app not built: pages will answer 503 until `npm run build`');
  }
  const pages = new Map<string, Page>();
  for (const page of publicPaths) {
    const file = page === '/' ? '/index.html' : `${page}/index.html`;
    if (assets.has(file)) pages.set(page, await preparePage(path.join(root, file)));
  }
  const shell = assets.has(`/${SPA_FALLBACK}`)
    ? await preparePage(path.join(root, SPA_FALLBACK), counter)
    : undefined;
  // The app's shell in each language (the app starts in its `<html lang>` and its page preloads
  // the screen's texts in that language only: ADR 042), for a screen or for any other address.
  const shells = new Map<string, Page>();
  for (const language of languages) {
    for (const page of [...signedInPaths, FALLBACK]) {
      const file = `/${APP_SHELLS}/${page.replace(/^\//, '')}.${language}.html`;
      if (assets.has(file)) {
        shells.set(`${page}:${language}`, await preparePage(path.join(root, file), counter));
      }
    }
  }

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
    const language = chosenLanguage(request);
    const served =
      pages.get(copyFor(page, request)) ??
      shells.get(`${page}:${language}`) ??
      shells.get(`${FALLBACK}:${language}`) ??
      shell;
    if (served === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build`.');
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .code(isKnownPagePath(page) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', served.csp)
      // The sign-in page and the app's shell are in the language the cookie names.
      .header(
        'vary',
        pages.has(page) && page !== paths.login ? 'accept-encoding' : 'accept-encoding, cookie',
      )
      .type('text/html; charset=utf-8');
    if (encoding === 'identity') return reply.send(served.html);
    return reply.header('content-encoding', encoding).send(served[encoding]);
  });
});

/**
 * The copy of a page to send. `/login` is where the app and the server send people to sign in, so
 * it speaks the language they chose (the `lang` cookie, which the app and the static pages keep):
 * its copy at `/en/login` for English. Every other address has one language (ADR 024).
 */
function copyFor(page: string, request: FastifyRequest): string {
  if (page !== paths.login) return page;
  const chosen = chosenLanguage(request);
  return chosen !== defaultLanguage ? localizedPublicPath(paths.login, chosen) : page;
}

/** The language the person chose (the `lang` cookie the app and the static pages keep), or ours. */
function chosenLanguage(request: FastifyRequest): Language {
  const chosen = cookieValue(request, cookieNames.language);
  return isLanguage(chosen) ? chosen : defaultLanguage;
}

/** A page as served; `metrikaCounter` (the app shell only) is named in it and allowed by its policy. */
async function preparePage(file: string, metrikaCounter?: string): Promise<Page> {
  const built = await readFile(file, 'utf8');
  const html = metrikaCounter === undefined ? built : withMetrika(built, metrikaCounter);
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(html, { level: 9 }),
  ]);
  return {
    html,
    br,
    gzip: gz,
    csp: contentSecurityPolicy(html, { metrika: metrikaCounter !== undefined }),
  };
}

/**
 * The counter reaches the app as a `<meta>` in the shell's head (no inline script to hash, no extra
 * request); the app loads the tag only when it finds one.
 */
function withMetrika(html: string, counter: string): string {
  const meta = `<meta name="${pageConfigMeta.metrikaCounter}" content="${counter}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}

/**
 * The policy of one page: scripts only from our origin plus the page's own inline scripts, each
 * by its hash (React Router's bootstrap, the marketing pages' small script), so an injected script
 * cannot run. Inline style attributes stay allowed (prerendered markup carries a few); pictures may
 * come from https (sign-in providers' avatars), data: and blob: (previews, the favicon mark).
 */
function contentSecurityPolicy(html: string, allow: { metrika: boolean }): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    // Data blocks (JSON-LD) never run; the policy leaves them alone.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  // Metrika (when configured, the app shell only): the tag script, its hits (fetch/beacon; pixels
  // are https: images already) and the frame it may open to its own origin.
  const metrika = allow.metrika ? ` ${metrikaOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${metrika} ${[...hashes].join(' ')}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${metrika}`,
    ...(allow.metrika ? [`frame-src ${metrikaOrigin}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** brotli when the browser takes it, else gzip, else the plain page (q=0 refuses a coding). */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

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
