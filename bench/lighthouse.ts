// Lighthouse on the public pages and the signed-in screens, as Google's mobile profile sees them (a
// mid-range phone on a slow 4G connection, simulated), against the real server. Prints one JSON
// line per page: its scores in every run, the JavaScript it downloaded before any interaction
// (compressed, as Chromium received it, against the page's budget) and where the main thread's time
// went.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import lighthouse from 'lighthouse';
import { report } from './lib.ts';
import { benchPort } from './ports.ts';

/**
 * The Chromium `npm run bench` found or provisioned (e2e/scripts/ensure-browser.mjs, as `npm test`
 * does, so a fresh clone needs nothing installed by hand), and the end-to-end suite's flags.
 */
const chromePath = process.env.CHROME_PATH ?? recordedChromium();

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function recordedChromium(): string {
  try {
    return readFileSync(new URL('../.tmp/browser/chromium-path', import.meta.url), 'utf8').trim();
  } catch {
    return '/usr/bin/chromium';
  }
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** What a page must score in every run, and the JavaScript it may download before any interaction. */
interface PageGoals {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** KB (1,024 bytes) of JavaScript, compressed as sent, before the first interaction. */
  jsKB: number;
}

export interface Page {
  path: string;
  goals: PageGoals;
  /** Cookies the browser holds for a signed-in screen, as a person signed in has them. */
  cookies?: Record<string, string>;
}

interface Chrome {
  port: number;
  stop(): Promise<void>;
}

async function launchChrome(): Promise<Chrome> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'kadr-lighthouse-'));
  const child: ChildProcess = spawn(
    chromePath,
    [
      ...chromeFlags,
      `--remote-debugging-port=${benchPort(3)}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stderr = child.stderr;
  if (!stderr) throw new Error('no stderr from Chromium');
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not start in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}`)));
    createInterface({ input: stderr }).on('line', (line) => {
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(profile, { recursive: true, force: true });
    },
  };
}

interface Run {
  scores: Record<(typeof categories)[number], number>;
  /** Scored audits that did not pass (below 0.9, as Lighthouse marks them), for a diagnosis. */
  failing: string[];
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  scripts: { url: string; transferSize: number }[];
  /** The main thread's time by kind of work (ms, as Lighthouse reports it, throttled). */
  mainThread: Record<string, number>;
}

/**
 * A run whose trace Lighthouse could not record (it answers a runtime error such as NO_NAVSTART and
 * asks to be run again) is run again, up to twice; the page's line lists those errors. A run that
 * scored badly is never repeated.
 */
class LighthouseRuntimeError extends Error {}
const RUNTIME_RETRIES = 2;

async function auditWithRetries(
  url: string,
  port: number,
): Promise<{ run: Run; retried: string[] }> {
  const retried: string[] = [];
  for (;;) {
    try {
      return { run: await audit(url, port), retried };
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || retried.length >= RUNTIME_RETRIES) {
        throw error;
      }
      retried.push(error.message);
    }
  }
}

async function audit(url: string, port: number): Promise<Run> {
  // The default configuration is the mobile profile with simulated throttling. Each run starts
  // from an empty HTTP cache; cookies stay (Lighthouse does not clear them).
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(
      `${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    );
  }
  // BENCH_LHR_DIR=/tmp/lhr keeps each run's whole report (the LCP element, the request waterfall).
  const keep = process.env.BENCH_LHR_DIR;
  if (keep) {
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    mkdirSync(keep, { recursive: true });
    writeFileSync(path.join(keep, name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
  const failing = new Set<string>();
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 0.9) {
        failing.add(ref.id);
      }
    }
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
    ?.items as { url: string; resourceType?: string; transferSize?: number }[] | undefined;
  const breakdown = (
    lhr.audits['mainthread-work-breakdown']?.details as
      | { items?: { groupLabel: string; duration: number }[] }
      | undefined
  )?.items;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    failing: [...failing],
    metrics: {
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: Math.round(numeric('speed-index')),
    },
    scripts: (requests ?? [])
      .filter((request) => request.resourceType === 'Script')
      .map((request) => ({ url: request.url, transferSize: request.transferSize ?? 0 })),
    mainThread: Object.fromEntries(
      (breakdown ?? []).map((item) => [item.groupLabel, Math.round(item.duration)]),
    ),
  };
}

/**
 * Puts cookies in the browser's jar (or, with none, empties it) over the DevTools protocol, so a
 * page sees what a signed-in person's browser has: the session cookie and the signed-in hint the
 * app reads before it asks the server.
 */
async function setCookies(
  port: number,
  origin: string,
  cookies: Record<string, string> | undefined,
) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const send = (id: number, method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { id: number; error?: unknown };
        if (answer.id !== id) return;
        if (answer.error) reject(new Error(`${method}: ${JSON.stringify(answer.error)}`));
        else resolve();
      };
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send(1, 'Storage.clearCookies', {});
    if (cookies) {
      await send(2, 'Storage.setCookies', {
        cookies: Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin })),
      });
    }
  } finally {
    socket.close();
  }
}

/**
 * The body of a response as the server sends it to Chromium (which asks for brotli and gzip): the
 * compressed bytes, not decoded (Node's fetch would decode them).
 */
function compressedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * KB of JavaScript a run downloaded before any interaction: the compressed bodies of its scripts
 * (Lighthouse's transfer sizes add each response's ~0.7 KB of headers, which are not JavaScript;
 * they are reported beside it).
 */
async function javaScriptKB(scripts: Run['scripts']) {
  let body = 0;
  for (const script of scripts) body += await compressedBytes(script.url);
  const transferred = scripts.reduce((sum, script) => sum + script.transferSize, 0);
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return { jsKB: kb(body), withHeadersKB: kb(transferred) };
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

/**
 * Audits each page `runs` times, each from a cold cache (Lighthouse clears it). The line shows the
 * run with the median performance score; the goals must hold in every run.
 */
export async function benchLighthouse(origin: string, pages: Page[], runs: number) {
  const chrome = await launchChrome();
  try {
    for (const page of pages) {
      const url = `${origin}${page.path}`;
      await setCookies(chrome.port, origin, page.cookies);
      const results: Run[] = [];
      const retried: string[] = [];
      for (let i = 0; i < runs; i++) {
        const audited = await auditWithRetries(url, chrome.port);
        results.push(audited.run);
        retried.push(...audited.retried);
      }
      const chosen = median(results);
      const { goals } = page;
      const every = (score: (run: Run) => number) => Math.min(...results.map(score));
      const js = await Promise.all(results.map((run) => javaScriptKB(run.scripts)));
      const jsKBRuns = js.map((run) => run.jsKB);
      if (process.env.BENCH_DEBUG) {
        // Every script of the median run with its transferred bytes, largest first, on stderr.
        const scripts = [...chosen.scripts].sort((a, b) => b.transferSize - a.transferSize);
        for (const script of scripts) console.error(page.path, script.transferSize, script.url);
      }
      report({
        bench: `lighthouse-${page.path}${page.cookies ? '-signed-in' : ''}`,
        profile: 'mobile (simulated slow 4G, 4× CPU slowdown)',
        performance: chosen.scores.performance,
        performanceRuns: results.map((run) => run.scores.performance),
        accessibility: every((run) => run.scores.accessibility),
        bestPractices: every((run) => run.scores['best-practices']),
        seo: every((run) => run.scores.seo),
        jsKB: Math.max(...jsKBRuns),
        jsWithHeadersKB: Math.max(...js.map((run) => run.withHeadersKB)),
        scripts: chosen.scripts.length,
        ...chosen.metrics,
        tbtMsRuns: results.map((run) => run.metrics.tbtMs),
        mainThreadMs: chosen.mainThread,
        failing: chosen.failing,
        // Runs Lighthouse could not record and ran again (each error as it was reported).
        ...(retried.length > 0 ? { retried } : {}),
        goals,
        pass:
          every((run) => run.scores.performance) >= goals.performance &&
          every((run) => run.scores.accessibility) >= goals.accessibility &&
          every((run) => run.scores['best-practices']) >= goals.bestPractices &&
          every((run) => run.scores.seo) >= goals.seo &&
          Math.max(...jsKBRuns) <= goals.jsKB,
      });
    }
  } finally {
    await chrome.stop();
  }
}
