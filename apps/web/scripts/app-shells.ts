// After `react-router build`: one copy of the SPA shell per signed-in screen, which also
// modulepreloads that screen's own route modules (`build/client/__app-shells/<screen>.html`; the
// server sends it for the screen's address, and the plain shell for anything else).
//
// The shell is the same for every address (`ssr: false`), so it preloads only the root route's
// modules; the router discovers the screen's (the signed-in layout, the screen, their imports) only
// once the entry has run, a whole round trip and the entry's evaluation later. On a phone's
// connection that second wave is what the screen's first paint waits for.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signedInPaths } from '@kadr/contract';

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

const client = fileURLToPath(new URL('../build/client', import.meta.url));
const shell = await readFile(path.join(client, '__spa-fallback.html'), 'utf8');
const manifestUrl = /import "(\/assets\/manifest-[^"]+\.js)"/.exec(shell)?.[1];
if (!manifestUrl) throw new Error('The shell names no client manifest');
const source = await readFile(path.join(client, manifestUrl), 'utf8');
const prefix = 'window.__reactRouterManifest=';
if (!source.startsWith(prefix))
  throw new Error(`${manifestUrl} is not a manifest this script knows`);
const manifest: Manifest = JSON.parse(source.slice(prefix.length).replace(/;\s*$/, ''));

await mkdir(path.join(client, shellsDir), { recursive: true });
for (const page of signedInPaths) {
  const html = withPreloads(shell, screenModules(manifest, page));
  await writeFile(path.join(client, shellsDir, `${page.slice(1)}.html`), html);
}
console.info(`app shells: ${signedInPaths.length} screens, each preloading its own modules`);
