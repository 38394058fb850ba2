// Issue #46's acceptance test: the guard on real builds of the web app. Two builds, side by side,
// each into a folder of its own (KADR_WEB_BUILD_DIR; never `build/`, which the end-to-end tests
// and a running server read): the app as it is, and the app whose shared code imports a module of
// random text that brotli cannot bring below 160 KB (scripts/first-load-ballast.config.ts) — over
// every budget on its own, whatever the screens weigh today. The folders are under the repository's `.tmp/`, not the
// system's: the prerender imports the server build, which must find the app's node_modules.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { languages } from '@kadr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadBudgets } from '../first-load-budgets.ts';
import { runGuard } from './first-load.testing.ts';
import { measureFirstLoad, type ScreenLoad } from './first-load.ts';

const run = promisify(execFile);
const web = path.resolve(import.meta.dirname, '..');
/** The `react-router` command, as npm's `.bin` link names it (the package's `bin`). */
const reactRouter = (() => {
  const manifest = createRequire(path.join(web, 'package.json')).resolve(
    '@react-router/dev/package.json',
  );
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin['react-router'] ?? 'bin.js');
})();
/** KB of random bytes in the ballast: more than the largest budget, so any screen is over it. */
const ballastKB = 160;

/** `npm run build -w @kadr/web`'s three steps, into `directory`, with the ballast if given. */
async function build(directory: string, ballast?: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, KADR_WEB_BUILD_DIR: directory };
  // Vitest's NODE_ENV=test would give the build React's development code.
  delete env.NODE_ENV;
  if (ballast) env.KADR_FIRST_LOAD_BALLAST = ballast;
  const config = ballast ? ['--config', 'scripts/first-load-ballast.config.ts'] : [];
  const step = (args: string[]) =>
    run(process.execPath, args, { cwd: web, env, maxBuffer: 16 * 1024 * 1024 });
  await step([reactRouter, 'build', '.', ...config]);
  await step(['scripts/app-shells.ts']);
  await step(['scripts/compress-assets.ts']);
}

/** A chunk's name without its content hash (`/assets/app-Cx-FFvLS.js` → `app`). */
const chunkName = (url: string) => /([^/]+)-[\w-]{8}\.js$/.exec(url)?.[1] ?? url;

const budgeted = Object.entries(firstLoadBudgets).filter(
  (entry): entry is [string, number] => entry[1] !== null,
);

describe('the first-load guard on a real build of the web app', () => {
  let temporary: string;
  let plain: string;
  let grown: string;
  let marker: string;

  beforeAll(async () => {
    const scratch = path.resolve(web, '../../.tmp');
    await mkdir(scratch, { recursive: true });
    temporary = await mkdtemp(path.join(scratch, 'first-load-'));
    marker = `kadr-first-load-ballast-${randomUUID()}`;
    const ballast = path.join(temporary, 'ballast.js');
    // Base64 (213 KB of text), which compression brings back to about the random bytes' size.
    const text = randomBytes(ballastKB * 1024).toString('base64');
    await writeFile(ballast, `globalThis[${JSON.stringify(marker)}] = ${JSON.stringify(text)};\n`);
    plain = path.join(temporary, 'plain');
    grown = path.join(temporary, 'grown');
    await Promise.all([build(plain), build(grown, ballast)]);
  }, 300_000);

  afterAll(async () => {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  });

  const client = (folder: string) => path.join(folder, 'client');

  /** The scripts of a screen's load whose code holds the ballast. */
  async function holdingBallast(folder: string, load: ScreenLoad): Promise<string[]> {
    const holding: string[] = [];
    for (const file of load.files) {
      const code = await readFile(path.join(client(folder), file.url), 'utf8');
      if (code.includes(marker)) holding.push(file.url);
    }
    return holding;
  }

  it('fails the build whose shared code grew, naming every screen with a budget', async () => {
    const result = await runGuard(client(grown));

    expect(result.code, result.stderr).toBe(1);
    expect(budgeted.length).toBeGreaterThan(0);
    for (const [screen, budget] of budgeted) {
      for (const language of languages) {
        expect(result.stderr).toMatch(
          new RegExp(
            `first-load: ${screen} \\(${language}\\) loads \\d+\\.\\d KB of JavaScript before any interaction, over its budget of ${budget} KB`,
          ),
        );
      }
    }
    // Among each over-budget screen's largest files, in each language: the shared chunk.
    expect(result.stdout.match(/^ +[\d.]+ KB {2}\/assets\/app-[\w-]{8}\.js$/gm)).toHaveLength(
      budgeted.length * languages.length,
    );
  });

  it('finds the growth in the shared chunk, which every screen loads', async () => {
    const before = await measureFirstLoad(client(plain));
    const after = await measureFirstLoad(client(grown));
    const holders = new Set<string>();
    for (const load of after) {
      for (const url of await holdingBallast(grown, load)) holders.add(url);
    }
    // One file holds it, and every signed-in screen loads that file.
    expect(holders.size).toBe(1);
    const [holder = ''] = holders;
    for (const load of after) expect(load.files.map((file) => file.url)).toContain(holder);
    expect(holder).toMatch(/^\/assets\/app-[\w-]{8}\.js$/);

    for (const load of after) {
      const was = before.find(
        (screen) => screen.screen === load.screen && screen.language === load.language,
      );
      const grew = (name: string) => {
        const sum = (screen: ScreenLoad | undefined) =>
          (screen?.files ?? [])
            .filter((file) => chunkName(file.url) === name)
            .reduce((total, file) => total + file.bytes, 0);
        return sum(load) - sum(was);
      };
      // The shared chunk grew by the ballast's random bytes …
      expect(grew('app')).toBeGreaterThan(ballastKB * 1024 * 0.95);
      // … and the screen by that much: the rest changed by no more than their hashes' bytes.
      expect(Math.abs(load.bytes - (was?.bytes ?? 0) - grew('app'))).toBeLessThan(200);
      expect(load.files).toHaveLength(was?.files.length ?? -1);
    }
  });

  it('passes the same app without the import (the negative control)', async () => {
    const loads = await measureFirstLoad(client(plain));
    for (const load of loads) expect(await holdingBallast(plain, load)).toEqual([]);

    const result = await runGuard(client(plain));

    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  });
});
