// Lighthouse on the public pages, as Google's mobile profile sees them (a mid-range phone on a
// slow 4G connection, simulated), against the real server. Prints one JSON line per page.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { report } from './lib.ts';
import { benchPort } from './ports.ts';

/** Debian's Chromium and the flags the end-to-end suite uses on these machines. */
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const lighthouseGoals = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  /** JavaScript the page loads, gzipped. */
  jsKB: 120,
};

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
  scripts: string[];
}

async function audit(url: string, port: number): Promise<Run> {
  // The default configuration is the mobile profile with simulated throttling.
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
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
    ?.items as { url: string; resourceType?: string }[] | undefined;
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
      .map((request) => request.url),
  };
}

/** The JavaScript a page loads, gzipped as a server would send it (ours sends files as they are). */
async function gzippedKB(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return Math.round(bytes / 102.4) / 10;
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

/** Audits each page `runs` times and reports the run with the median performance score. */
export async function benchLighthouse(origin: string, pages: string[], runs: number) {
  const chrome = await launchChrome();
  try {
    for (const page of pages) {
      const url = `${origin}${page}`;
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(url, chrome.port));
      const chosen = median(results);
      const jsKB = await gzippedKB(chosen.scripts);
      const { scores } = chosen;
      const goals = lighthouseGoals;
      report({
        bench: `lighthouse-${page}`,
        profile: 'mobile (simulated slow 4G, 4× CPU slowdown)',
        performance: scores.performance,
        accessibility: scores.accessibility,
        bestPractices: scores['best-practices'],
        seo: scores.seo,
        jsKB,
        scripts: chosen.scripts.length,
        ...chosen.metrics,
        performanceRuns: results.map((run) => run.scores.performance),
        failing: chosen.failing,
        goals,
        pass:
          scores.performance >= goals.performance &&
          scores.accessibility >= goals.accessibility &&
          scores['best-practices'] >= goals.bestPractices &&
          scores.seo >= goals.seo &&
          jsKB <= goals.jsKB,
      });
    }
  } finally {
    await chrome.stop();
  }
}
