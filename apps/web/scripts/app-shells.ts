// After `react-router build`: one copy of the SPA shell per signed-in screen and language, which
// also modulepreloads that screen's own route modules and its texts in that language
// (`build/client/__app-shells/<screen>.<language>.html`; the server sends the one for the screen's
// address in the person's language, and `fallback.<language>.html` for anything else).
//
// The shell is the same for every address (`ssr: false`), so it preloads only the root route's
// modules; the router discovers the screen's (the signed-in layout, the screen, their imports) only
// once the entry has run, a whole round trip and the entry's evaluation later. On a phone's
// connection that second wave is what the screen's first paint waits for.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultLanguage, type Language, languages, signedInPaths } from '@kadr/contract';
import en from '../app/locales/en/common.json' with { type: 'json' };
import ru from '../app/locales/ru/common.json' with { type: 'json' };
import { clientDirectory } from './build-directory.ts';

/** The part of React Router's client manifest (`window.__reactRouterManifest`) read here. */
type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  imports?: string[];
};
type Manifest = { routes: Record<string, ManifestRoute> };

const shellsDir = '__app-shells';
const common: Record<Language, { loading: string }> = { ru, en };

/** The modules a screen's routes need, from the root down, in the manifest's order. */
function screenModules(manifest: Manifest, page: string): string[] {
  // A route's address: its own path when absolute, else under its parent's.
  const address = (route: ManifestRoute): string => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    const base = parent ? address(parent) : '';
    const own = route.path ?? '';
    if (own.startsWith('/')) return own;
    return own ? `${base.replace(/\/$/, '')}/${own}` : base;
  };
  const leaf = Object.values(manifest.routes).find(
    (route) => route.path !== undefined && address(route) === page,
  );
  if (!leaf) throw new Error(`No route for ${page} in the client manifest`);
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = leaf; route; ) {
    chain.unshift(route);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return [...new Set(chain.flatMap((route) => [...(route.imports ?? []), route.module]))];
}

/** The shell with a modulepreload for each module it does not preload already. */
function withPreloads(shell: string, modules: string[]): string {
  const preloaded = new Set(
    [...shell.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]),
  );
  const links = modules
    .filter((module) => !preloaded.has(module))
    .map((module) => `<link rel="modulepreload" href="${module}"/>`)
    .join('');
  const last = shell.lastIndexOf('<link rel="modulepreload"');
  if (last < 0) throw new Error('The shell preloads nothing: not the shell this script knows');
  const at = shell.indexOf('>', last) + 1;
  return `${shell.slice(0, at)}${links}${shell.slice(at)}`;
}

const client = clientDirectory();

/**
 * The texts a screen loads before it renders, in one language (ADR 042): the files its modules'
 * code imports by name (`texts-<language>-<file>`, vite.config.ts), as the registering modules
 * those chunks hold will ask for them.
 */
async function textModules(modules: string[], language: Language): Promise<string[]> {
  const found = new Set<string>();
  for (const module of modules) {
    const code = await readFile(path.join(client, module), 'utf8');
    for (const match of code.matchAll(
      /["'`](?:\.\/|\/assets\/)(texts-([a-z]+)-[\w-]+\.js)["'`]/g,
    )) {
      if (match[2] === language) found.add(`/assets/${match[1]}`);
    }
  }
  return [...found];
}

/**
 * The shell in another language than the prerendered one (Russian): its `<html lang>`, which the
 * app starts in (lib/i18n.ts), and the loading screen's words. Each must be found exactly once.
 */
function inLanguage(shell: string, language: Language): string {
  if (language === defaultLanguage) return shell;
  const swaps: [string, string][] = [
    [`<html lang="${defaultLanguage}">`, `<html lang="${language}">`],
    [`>${common[defaultLanguage].loading}<`, `>${common[language].loading}<`],
  ];
  let html = shell;
  for (const [from, to] of swaps) {
    const count = html.split(from).length - 1;
    if (count !== 1)
      throw new Error(`The shell has ${count} of ${from}: not the shell this script knows`);
    html = html.replace(from, to);
  }
  return html;
}

const shell = await readFile(path.join(client, '__spa-fallback.html'), 'utf8');
const manifestUrl = /import "(\/assets\/manifest-[^"]+\.js)"/.exec(shell)?.[1];
if (!manifestUrl) throw new Error('The shell names no client manifest');
const source = await readFile(path.join(client, manifestUrl), 'utf8');
const prefix = 'window.__reactRouterManifest=';
if (!source.startsWith(prefix))
  throw new Error(`${manifestUrl} is not a manifest this script knows`);
const manifest: Manifest = JSON.parse(source.slice(prefix.length).replace(/;\s*$/, ''));

await mkdir(path.join(client, shellsDir), { recursive: true });
for (const language of languages) {
  // An address no screen has (the not-found page) gets the plain shell, in the person's language.
  const fallback = inLanguage(shell, language);
  await writeFile(path.join(client, shellsDir, `fallback.${language}.html`), fallback);
  for (const page of signedInPaths) {
    const modules = screenModules(manifest, page);
    const html = withPreloads(fallback, [...modules, ...(await textModules(modules, language))]);
    await writeFile(path.join(client, shellsDir, `${page.slice(1)}.${language}.html`), html);
  }
}
console.info(
  `app shells: ${signedInPaths.length} screens in ${languages.length} languages, each preloading its own modules and texts`,
);
