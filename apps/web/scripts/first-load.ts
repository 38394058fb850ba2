// What each signed-in screen's page loads before any interaction, read from a built client folder:
// the scripts its shell names (app-shells.ts: the module script, its inline imports, every
// modulepreload) and whatever those import statically, each counted as the bytes the server sends —
// its `.br` copy when compress-assets.ts made one (the server sends that as it is), else the file
// itself — summed, then rounded as the bench rounds Lighthouse's figure (bench/lighthouse.ts
// `javaScriptKB`). So a budget the build breaks is broken in the bench too, and the other way round,
// without a browser, a server or a minute of Lighthouse.
//
// What it cannot see: a script the page fetches on its own while it renders (`import()` run without
// any interaction). The bench counts those; the screens load none today (dialogs and the viewer wait
// for a first interaction, ADR 029).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { defaultLanguage, type Language, languages, signedInPaths } from '@kadr/contract';
import { type FirstLoadBudgets, firstLoadBudgets } from '../first-load-budgets.ts';

/** One script a screen loads, as the server sends it. */
export interface LoadedScript {
  /** Its address on the site (`/assets/app-….js`). */
  url: string;
  /** The bytes sent: the `.br` file's size when there is one, else the file's. */
  bytes: number;
  /** Whether those are the `.br` copy's bytes. */
  brotli: boolean;
  /** Set when the shell does not name it and another script imports it (the browser loads it too). */
  importedBy?: string;
}

export interface ScreenLoad {
  /** `studio`, `history`… (the path without its slash). */
  screen: string;
  /** The shell's language: the screen's page preloads its texts in that language only (ADR 042). */
  language: Language;
  /** The sum of `files`, in KB as the bench reports it (one decimal). */
  kb: number;
  bytes: number;
  /** KB; `null` when the screen has none yet (reported, not enforced). */
  budget: number | null;
  /** Largest first. */
  files: LoadedScript[];
}

/** The build cannot be measured: a folder, a shell or a file it names is missing. */
export class FirstLoadError extends Error {}

/** KB with one decimal, exactly as bench/lighthouse.ts rounds a page's JavaScript. */
export function kilobytes(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

/** Where the shells are in a client folder (app-shells.ts writes them there). */
const shellsDirectory = '__app-shells';

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/**
 * The scripts a page names, in order, each once: `<script src>`, `<link rel="modulepreload">`, and
 * in an inline module script every `import "…"`, `import … from "…"` and `import("…")` — the inline
 * script runs as the page loads, so even its dynamic import is part of the first load.
 */
export function scriptsNamed(html: string): string[] {
  const named: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, 'href');
    if (rel.includes('modulepreload') && href) named.push(href);
  }
  for (const [, tag = '', body = ''] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(tag, 'src');
    if (src) {
      named.push(src);
      continue;
    }
    if (attribute(tag, 'type')?.toLowerCase() !== 'module') continue;
    for (const match of body.matchAll(
      /\bimport\s*(?:[\w$\s{},*]+?\s*from\s*|\(\s*)?["'`]([^"'`]+)["'`]/g,
    )) {
      if (match[1]) named.push(match[1]);
    }
  }
  return [...new Set(named)];
}

/**
 * The relative modules a built chunk imports statically (`import{a as b}from"./x.js"`,
 * `import"./x.js"`, `export*from"./x.js"`), which the browser fetches before the chunk runs.
 * `import(…)` (on demand) is left out.
 */
export function staticImports(code: string): string[] {
  const found = code.matchAll(
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$\s{},*]+?\s*from\s*)?["'](\.{1,2}\/[^"'\n]+)["']/g,
  );
  return [...new Set([...found].map((match) => match[1] ?? ''))];
}

async function size(file: string): Promise<number | undefined> {
  try {
    const found = await stat(file);
    return found.isFile() ? found.size : undefined;
  } catch {
    return undefined;
  }
}

/** One screen's first load in one language, from its shell in `client`. */
export async function measureScreen(
  client: string,
  screen: string,
  budget: number | null,
  language: Language = defaultLanguage,
): Promise<ScreenLoad> {
  const shellName = `${shellsDirectory}/${screen}.${language}.html`;
  let html: string;
  try {
    html = await readFile(path.join(client, shellName), 'utf8');
  } catch {
    throw new FirstLoadError(
      `${path.join(client, shellName)} is missing: the build wrote no shell for /${screen} (scripts/app-shells.ts)`,
    );
  }
  // Addresses as the browser resolves them on the screen's page; any other origin is not ours.
  const site = new URL(`https://kadr.invalid/${screen}`);
  const resolve = (url: string, base: URL, where: string): string => {
    const resolved = new URL(url, base);
    if (resolved.origin !== site.origin) {
      throw new FirstLoadError(`${where} names ${url}, which is not a file of the build`);
    }
    return resolved.pathname;
  };
  const queue = scriptsNamed(html).map((url) => ({
    url: resolve(url, site, shellName),
    importedBy: undefined as string | undefined,
  }));
  if (queue.length === 0) throw new FirstLoadError(`${shellName} names no script`);
  const files: LoadedScript[] = [];
  const seen = new Set(queue.map((entry) => entry.url));
  for (let entry = queue.shift(); entry; entry = queue.shift()) {
    const { url, importedBy } = entry;
    const where = importedBy ? `${importedBy} (loaded by ${shellName})` : shellName;
    const file = path.join(client, decodeURIComponent(url));
    const raw = await size(file);
    if (raw === undefined) {
      throw new FirstLoadError(`${where} names ${url}, which is not in the build (${file})`);
    }
    const br = await size(`${file}.br`);
    files.push({
      url,
      bytes: br ?? raw,
      brotli: br !== undefined,
      ...(importedBy ? { importedBy } : {}),
    });
    for (const imported of staticImports(await readFile(file, 'utf8'))) {
      const next = resolve(imported, new URL(url, site), url);
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push({ url: next, importedBy: url });
    }
  }
  files.sort((a, b) => b.bytes - a.bytes);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  return { screen, language, kb: kilobytes(bytes), bytes, budget, files };
}

/**
 * Every signed-in screen's first load (`signedInPaths`' order) in each language, against its
 * budget: a screen's budget holds whichever language the person reads.
 */
export async function measureFirstLoad(
  client: string,
  budgets: FirstLoadBudgets = firstLoadBudgets,
): Promise<ScreenLoad[]> {
  if (!(await stat(client).catch(() => undefined))?.isDirectory()) {
    throw new FirstLoadError(`No web build at ${client}: run \`npm run build -w @kadr/web\` first`);
  }
  const loads: ScreenLoad[] = [];
  for (const page of signedInPaths) {
    const screen = page.slice(1) as keyof FirstLoadBudgets;
    for (const language of languages) {
      loads.push(await measureScreen(client, screen, budgets[screen], language));
    }
  }
  return loads;
}

/** The screens over their budget. A screen exactly at it is within it, as in the bench (`<=`). */
export function overBudget(loads: ScreenLoad[]): ScreenLoad[] {
  return loads.filter((load) => load.budget !== null && load.kb > load.budget);
}
