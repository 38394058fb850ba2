// `npm run bench`: every benchmark prints one JSON line. API benchmarks are measured against a bare
// Fastify route answering the same JSON in the same run, alternating in short rounds, so the ratio
// holds on any machine; absolute targets from the issues are reported alongside. Lighthouse scores
// the public pages on the same real server.
//
// Run one group alone: `npm run bench -- lighthouse` (or `BENCH_ONLY=api`).
import { fileURLToPath } from 'node:url';
import { combine, type LoadResult, load, report, type Server, startServer } from './lib.ts';
import { benchLighthouse } from './lighthouse.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const groups = ['api', 'lighthouse'] as const;
const only = [...process.argv.slice(2), ...(process.env.BENCH_ONLY?.split(',') ?? [])]
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of only) {
  if (!groups.some((group) => group === name)) {
    throw new Error(`unknown benchmark group ${name}; choose from ${groups.join(', ')}`);
  }
}
const wants = (group: (typeof groups)[number]) => only.length === 0 || only.includes(group);
const script = (name: string) => fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url));

interface Target {
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

async function measure(server: Server, target: Target, duration: number): Promise<LoadResult> {
  return load({
    url: `${server.url}${target.path}`,
    method: target.method,
    body: target.body,
    headers: target.headers,
    seconds: duration,
  });
}

async function compare(
  name: string,
  kadr: Server,
  bare: Server,
  ours: Target,
  baseline: Target,
  goals: { ratio?: number; rps?: number; p99Ms?: number },
): Promise<void> {
  await measure(kadr, ours, 1);
  await measure(bare, baseline, 1);
  const rounds = 3;
  const mine: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    mine.push(await measure(kadr, ours, seconds / rounds));
    theirs.push(await measure(bare, baseline, seconds / rounds));
  }
  const a = combine(mine);
  const b = combine(theirs);
  const ratio = a.rps / b.rps;
  const pass =
    a.errors === 0 &&
    (goals.ratio === undefined || ratio >= goals.ratio) &&
    (goals.rps === undefined || a.rps >= goals.rps) &&
    (goals.p99Ms === undefined || a.p99 <= goals.p99Ms);
  report({
    bench: name,
    rps: Math.round(a.rps),
    p99Ms: a.p99,
    bareRps: Math.round(b.rps),
    bareP99Ms: b.p99,
    ratio: Number(ratio.toFixed(3)),
    goals,
    pass,
    errors: a.errors,
  });
}

const kadr = await startServer(script('kadr'));
try {
  if (wants('api')) await benchApi(kadr);
  if (wants('lighthouse')) {
    // The landing page and a use-case page, on the mobile profile.
    await benchLighthouse(
      kadr.url,
      ['/', '/marketplace'],
      Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
    );
  }
} finally {
  await kadr.stop();
}

async function benchApi(kadr: Server): Promise<void> {
  const bare = await startServer(script('bare'));
  try {
    const origin = { origin: 'http://127.0.0.1' };
    const estimate = {
      path: '/api/estimate-video',
      method: 'POST' as const,
      body: {
        model: 'seedance-pro',
        prompt: 'a red fox in snow',
        parameters: { resolution: '1080p' },
        duration: 10,
      },
    };
    await compare('estimate-video-vs-bare-route', kadr, bare, estimate, estimate, { ratio: 0.6 });

    await compare(
      'create-image-vs-bare-route',
      kadr,
      bare,
      {
        path: '/api/create-image',
        method: 'POST',
        body: { model: 'seedream-3', prompt: 'a lighthouse at dawn', translate_prompt: false },
        headers: { cookie: String(kadr.info.creatorCookie), ...origin },
      },
      { path: '/api/create-image', method: 'POST', body: {} },
      { rps: 1000, p99Ms: 50 },
    );

    await compare(
      'history-list-100k-vs-bare-route',
      kadr,
      bare,
      {
        path: '/api/generations?page=1&perPage=12',
        method: 'GET',
        headers: { cookie: String(kadr.info.historianCookie) },
      },
      { path: '/api/generations', method: 'GET' },
      { rps: 3000, p99Ms: 20 },
    );
  } finally {
    await bare.stop();
  }
}
