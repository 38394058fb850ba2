import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Language, languages, signedInPaths } from '@kadr/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstLoadBudgets } from '../first-load-budgets.ts';
import { runGuard as check } from './first-load.testing.ts';
import {
  FirstLoadError,
  kilobytes,
  measureFirstLoad,
  measureScreen,
  overBudget,
  scriptsNamed,
  staticImports,
} from './first-load.ts';

let client: string;
beforeEach(async () => {
  client = await mkdtemp(path.join(os.tmpdir(), 'kadr-first-load-'));
  await mkdir(path.join(client, 'assets'));
  await mkdir(path.join(client, '__app-shells'));
});
afterEach(async () => {
  await rm(client, { recursive: true, force: true });
});

/** A file of the build of `bytes` bytes (and its `.br` copy of `br` bytes, when given). */
async function asset(name: string, bytes: number | string | Buffer, br?: number) {
  const content = typeof bytes === 'number' ? 'x'.repeat(bytes) : bytes;
  await writeFile(path.join(client, 'assets', name), content);
  if (br !== undefined) await writeFile(path.join(client, 'assets', `${name}.br`), 'b'.repeat(br));
}

/** A shell shaped as React Router's and app-shells.ts write it. */
function shell(preloads: string[]): string {
  const links = preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('');
  return (
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>${links}</head>` +
    `<body><script>window.__reactRouterContext = {"ssr":false};</script>` +
    `<script type="module" async="">import "/assets/manifest.js";\n` +
    `import * as route0 from "/assets/root.js";\n\n` +
    `window.__reactRouterRouteModules = {"root":route0};\n\n` +
    `import("/assets/entry.client.js");</script></body></html>`
  );
}

/** A screen's shell, the same in every language unless one is named. */
async function writeShell(screen: string, html: string, only?: Language) {
  for (const language of only ? [only] : languages) {
    await writeFile(path.join(client, '__app-shells', `${screen}.${language}.html`), html);
  }
}

/** The entry's three scripts, small and without a `.br`: each counted as the file itself. */
async function entryScripts() {
  await asset('manifest.js', 300);
  await asset('root.js', 200);
  await asset('entry.client.js', 100);
}

describe('scriptsNamed', () => {
  it('reads the module preloads and the inline module script’s imports, each once', () => {
    expect(scriptsNamed(shell(['/assets/manifest.js', '/assets/app.js']))).toEqual([
      '/assets/manifest.js',
      '/assets/app.js',
      '/assets/root.js',
      '/assets/entry.client.js',
    ]);
  });

  it('reads a module script’s src, and neither a stylesheet nor an inline classic script', () => {
    const html =
      `<link rel="stylesheet" href="/assets/a.css"><link rel=preload href="/font.woff2" as=font>` +
      `<script>import("/not-a-module.js")</script><script type="module" src="/assets/main.js"></script>`;
    expect(scriptsNamed(html)).toEqual(['/assets/main.js']);
  });
});

describe('staticImports', () => {
  it('finds a chunk’s static imports and leaves its on-demand ones', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/modal.js"])))=>i.map(i=>d[i]);\n' +
      'import{n as e}from"./rolldown-runtime.js";import{E as t,T as n}from"./framework.js";' +
      'import"./side-effect.js";export*from"./again.js";function h(){return import(`./modal.js`)}';
    expect(staticImports(code)).toEqual([
      './rolldown-runtime.js',
      './framework.js',
      './side-effect.js',
      './again.js',
    ]);
  });
});

describe('kilobytes', () => {
  it('rounds as the bench rounds a page’s JavaScript: bytes ÷ 1,024 to one decimal', () => {
    expect(kilobytes(0)).toBe(0);
    expect(kilobytes(1024)).toBe(1);
    expect(kilobytes(1587)).toBe(1.5); // 1.5498…
    expect(kilobytes(1588)).toBe(1.6); // 1.5508…
    expect(kilobytes(153_600)).toBe(150);
    expect(kilobytes(153_651)).toBe(150); // 150.0498…: within a budget of 150
    expect(kilobytes(153_652)).toBe(150.1);
  });
});

describe('measureScreen', () => {
  it('counts every script the shell names, as the server sends each: the .br copy, else the file', async () => {
    await entryScripts();
    await asset('app.js', 5000, 1200);
    await asset('studio.js', 2000, 700);
    await asset('small.js', 900);
    await writeShell(
      'studio',
      shell([
        '/assets/manifest.js',
        '/assets/entry.client.js',
        '/assets/app.js',
        '/assets/studio.js',
        '/assets/small.js',
      ]),
    );

    const load = await measureScreen(client, 'studio', 150);

    expect(load.files).toEqual([
      { url: '/assets/app.js', bytes: 1200, brotli: true },
      { url: '/assets/small.js', bytes: 900, brotli: false },
      { url: '/assets/studio.js', bytes: 700, brotli: true },
      { url: '/assets/manifest.js', bytes: 300, brotli: false },
      { url: '/assets/root.js', bytes: 200, brotli: false },
      { url: '/assets/entry.client.js', bytes: 100, brotli: false },
    ]);
    expect(load).toMatchObject({
      screen: 'studio',
      language: 'ru',
      bytes: 3400,
      kb: 3.3,
      budget: 150,
    });
  });

  it('reads the shell of the language it is asked for', async () => {
    await entryScripts();
    await asset('texts-ru.js', 2000, 800);
    await asset('texts-en.js', 2000, 500);
    await writeShell('studio', shell(['/assets/texts-ru.js']), 'ru');
    await writeShell('studio', shell(['/assets/texts-en.js']), 'en');

    const en = await measureScreen(client, 'studio', 150, 'en');

    expect(en).toMatchObject({ language: 'en', bytes: 1100 });
    expect(en.files.map((file) => file.url)).not.toContain('/assets/texts-ru.js');
    expect(await measureScreen(client, 'studio', 150)).toMatchObject({
      language: 'ru',
      bytes: 1400,
    });
  });

  it('rounds the sum, not each file, as the bench does', async () => {
    await entryScripts();
    await asset('a.js', 4000, 1587);
    await asset('b.js', 4000, 1587);
    await writeShell('studio', shell(['/assets/a.js', '/assets/b.js']));

    const load = await measureScreen(client, 'studio', null);

    // 600 + 3,174 bytes = 3.686 KB, where 0.6 + 1.5 + 1.5 would say 3.6.
    expect(load.bytes).toBe(3774);
    expect(load.kb).toBe(3.7);
  });

  it('counts a chunk a named script imports statically though the shell does not name it', async () => {
    await entryScripts();
    await asset('app.js', 'import{a as b}from"./hidden.js";import(`./later.js`);');
    await asset('hidden.js', 1500, 600);
    await asset('later.js', 50_000, 20_000);
    await writeShell('history', shell(['/assets/app.js']));

    const load = await measureScreen(client, 'history', 145);

    expect(load.files).toContainEqual({
      url: '/assets/hidden.js',
      bytes: 600,
      brotli: true,
      importedBy: '/assets/app.js',
    });
    expect(load.files.map((file) => file.url)).not.toContain('/assets/later.js');
  });

  it('fails when the shell names a file that is not in the build', async () => {
    await entryScripts();
    await writeShell('studio', shell(['/assets/app-Gone1234.js']));

    const measured = measureScreen(client, 'studio', 150);

    await expect(measured).rejects.toThrow(FirstLoadError);
    await expect(measured).rejects.toThrow(
      /__app-shells\/studio\.ru\.html names \/assets\/app-Gone1234\.js, which is not in the build/,
    );
  });

  it('fails when a chunk imports a file that is not in the build', async () => {
    await entryScripts();
    await asset('app.js', 'import"./gone.js";');
    await writeShell('studio', shell(['/assets/app.js']));

    await expect(measureScreen(client, 'studio', 150)).rejects.toThrow(
      /\/assets\/app\.js \(loaded by __app-shells\/studio\.ru\.html\) names \/assets\/gone\.js/,
    );
  });

  it('fails when the shell is missing, or names no script, or a script of another site', async () => {
    await expect(measureScreen(client, 'studio', 150)).rejects.toThrow(
      /studio\.ru\.html is missing: the build wrote no shell for \/studio/,
    );
    await writeShell('studio', '<html><body>no scripts</body></html>');
    await expect(measureScreen(client, 'studio', 150)).rejects.toThrow(/names no script/);
    await writeShell('studio', '<script type="module" src="https://cdn.example/x.js"></script>');
    await expect(measureScreen(client, 'studio', 150)).rejects.toThrow(
      /names https:\/\/cdn\.example\/x\.js, which is not a file of the build/,
    );
  });
});

describe('measureFirstLoad and overBudget', () => {
  async function everyScreen(extra: Record<string, string[]> = {}) {
    await entryScripts();
    for (const page of signedInPaths) {
      const screen = page.slice(1);
      await writeShell(screen, shell(extra[screen] ?? []));
    }
  }

  it('measures every signed-in screen against its budget; a screen at its budget is within it', async () => {
    await everyScreen({ studio: ['/assets/studio.js'] });
    // 600 bytes of the entry + 923 = 1,523 bytes: 1.487… → 1.5 KB, exactly a budget of 1.5.
    await asset('studio.js', 923);

    const loads = await measureFirstLoad(client, {
      ...firstLoadBudgets,
      studio: 1.5,
      history: 0.5,
      profile: 0.6,
    });

    expect(loads.map((load) => `${load.screen}.${load.language}`)).toEqual(
      signedInPaths.flatMap((page) => languages.map((language) => `${page.slice(1)}.${language}`)),
    );
    expect(loads.find((load) => load.screen === 'studio')).toMatchObject({ kb: 1.5, budget: 1.5 });
    expect(loads.find((load) => load.screen === 'compare')?.budget).toBeNull();
    expect(
      overBudget(loads).map((load) => [load.screen, load.language, load.kb, load.budget]),
    ).toEqual([
      ['history', 'ru', 0.6, 0.5],
      ['history', 'en', 0.6, 0.5],
    ]);
  });

  it('fails when there is no build folder', async () => {
    await expect(measureFirstLoad(path.join(client, 'nothing'))).rejects.toThrow(
      /No web build at .*nothing: run `npm run build -w @kadr\/web` first/,
    );
  });

  it('fails when one screen’s shell is missing', async () => {
    await everyScreen();
    await rm(path.join(client, '__app-shells', 'profile.en.html'));
    await expect(measureFirstLoad(client)).rejects.toThrow(/profile\.en\.html is missing/);
  });
});

describe('the command (npm run check:first-load)', () => {
  async function everyScreen(studio: string[]) {
    await entryScripts();
    for (const page of signedInPaths) {
      await writeShell(page.slice(1), shell(page === '/studio' ? studio : []));
    }
  }

  it('passes, printing a line per screen, when every budget holds', async () => {
    await everyScreen([]);

    const result = await check(client);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^screen +language +KB +budget +headroom +scripts$/m);
    expect(result.stdout).toMatch(/^studio +ru +0\.6 +150 +149\.4 +3$/m);
    expect(result.stdout).toMatch(/^compare +en +0\.6 +— +— +3$/m);
  });

  it('exits 1 naming the screen, its figure and its budget, and lists its largest files', async () => {
    // Random bytes do not compress: the figure is the file's size, whatever brotli would make of it.
    await asset('app-Big12345.js', randomBytes(160 * 1024));
    await everyScreen(['/assets/app-Big12345.js']);

    const result = await check(client);

    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(
      languages.map(
        (language) =>
          `first-load: studio (${language}) loads 160.6 KB of JavaScript before any interaction, over its budget of 150 KB (apps/web/first-load-budgets.ts).`,
      ),
    );
    expect(result.stdout).toMatch(/^studio +ru +160\.6 +150 +-10\.6 +4$/m);
    expect(result.stdout).toMatch(
      /studio \(en\): its largest scripts\n +160\.0 KB {2}\/assets\/app-Big12345\.js\n/,
    );
  });

  it('exits 2, saying why, when the build cannot be measured', async () => {
    await everyScreen(['/assets/gone.js']);

    const missingFile = await check(client);
    const missingBuild = await check(path.join(client, 'nothing'));

    expect(missingFile.code).toBe(2);
    expect(missingFile.stderr).toMatch(
      /studio\.ru\.html names \/assets\/gone\.js, which is not in the build/,
    );
    expect(missingBuild.code).toBe(2);
    expect(missingBuild.stderr).toMatch(/No web build at/);
  });
});
