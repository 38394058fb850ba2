// `npm run bench`: every benchmark prints one JSON line. API benchmarks are measured against a bare
// Fastify route answering the same JSON in the same run, alternating in short rounds (each side
// first in half of them), so the ratio holds on any machine; absolute targets from the issues are reported alongside. Lighthouse scores
// the public pages on the same real server.
//
// What is measured: the real application as an API node (bench/servers/kadr.ts: every plugin, the
// session cookie and Origin check, validation, the catalogue, PostgreSQL with fsync and synchronous
// commit on) under autocannon with 50 connections and no pipelining, on the same machine as the
// load generator and the database. No job worker runs in the measured process (see kadr.ts).
//
// The realtime benchmarks (bench/realtime.ts: 10,000 open streams, commit → event, the capped
// fan-out) and job pickup (bench/jobs.ts) run afterwards on a node of their own
// (bench/servers/realtime.ts), once our server above has stopped.
//
// The finishing tools' own time per request (bench/tools.ts) runs last, in a process of its own,
// and after it the card renderer (bench/cards.ts), in another.
//
// Run a part alone: `npm run bench -- lighthouse`, `npm run bench -- api`, `npm run bench --
// realtime`, `npm run bench -- jobs`, `npm run bench -- tools`, `npm run bench -- cards`, or part of a benchmark's name (`npm run bench --
// create-image`; also `BENCH_ONLY=a,b`). BENCH_DEBUG=1 prints every round.
import { fileURLToPath } from 'node:url';
import { cookieNames } from '@kadr/contract';
import { openDatabase } from '@kadr/server';
import { moneyInvariantViolations } from '@kadr/server/test/money';
import { firstLoadBudgets } from '../apps/web/first-load-budgets.ts';
import { benchCards, cardBenchmarks } from './cards.ts';
import { benchFlood, floodBenchmarks } from './flood.ts';
import { benchJobPickup } from './jobs.ts';
import {
  combine,
  cpuPerRequest,
  cpuTimes,
  type LoadResult,
  load,
  report,
  type Server,
  startServer,
} from './lib.ts';
import { benchLighthouse, type Page } from './lighthouse.ts';
import { paceApart } from './pace.ts';
import { benchRealtime } from './realtime.ts';
import { benchTools, toolBenchmarks } from './tools.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
/** Runs at a latency goal's rate, each `seconds` long; every one must meet the goal. */
const pacedRuns = Number(process.env.BENCH_PACED_RUNS ?? 3);
const only = [...process.argv.slice(2), ...(process.env.BENCH_ONLY?.split(',') ?? [])]
  .map((name) => name.trim())
  .filter(Boolean);
const apiBenchmarks = [
  'bare-route-plus-work',
  'estimate-video-vs-bare-route',
  'create-image-vs-bare-route',
  'v1-create-vs-bare-route',
  'v1-read-vs-bare-v1-read',
  'history-list-100k-vs-bare-route',
];
const realtimeBenchmarks = {
  streams: ['realtime-10k-streams-memory', 'realtime-10k-streams-commit-to-event'],
  fanout: ['realtime-fanout-capped-streams'],
};
const jobBenchmarks = ['job-pickup'];
const named = [
  ...apiBenchmarks,
  ...Object.values(realtimeBenchmarks).flat(),
  ...jobBenchmarks,
  ...floodBenchmarks,
  ...toolBenchmarks,
  ...cardBenchmarks,
];
const groups = ['api', 'lighthouse', 'realtime', 'jobs', 'limits', 'tools', 'cards'] as const;
for (const part of only) {
  if (!(groups as readonly string[]).includes(part) && !named.some((name) => name.includes(part))) {
    throw new Error(
      `no benchmark matches ${part}; choose ${groups.join(', ')} or part of ${named.join(', ')}`,
    );
  }
}
/** Whether a benchmark of this group and name was asked for (everything when nothing was). */
const wants = (group: (typeof groups)[number], name: string = group) =>
  only.length === 0 || only.some((part) => part === group || name.includes(part));
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

/** One connection to the measured server's database, for checks around a run. */
async function withDatabase<T>(
  server: Server,
  use: (pool: ReturnType<typeof openDatabase>['pool']) => Promise<T>,
): Promise<T> {
  const database = openDatabase(String(server.info.databaseUrl), { max: 1, onError: () => {} });
  try {
    return await use(database.pool);
  } finally {
    await database.close();
  }
}

/**
 * Each benchmark starts from a quiet database: what an earlier one wrote (tens of thousands of
 * creates and their jobs) is vacuumed and checkpointed first, so its clean-up (autovacuum, a
 * checkpoint) does not land in the next one's measurement.
 */
async function settle(server: Server): Promise<void> {
  await withDatabase(server, async (pool) => {
    await pool.query('vacuum analyze');
    await pool.query('checkpoint');
  });
}

/**
 * After a create run: the money invariants every test checks (the server's test kit), and that each
 * accepted create has exactly one debit, one submit job and one count.
 */
async function createInvariants(server: Server) {
  return withDatabase(server, async (pool) => {
    const money = await moneyInvariantViolations(pool);
    const result = await pool.query<{
      created: number;
      debits: number;
      jobs: number;
      counted: number;
    }>(
      `select
         (select count(*) from generation_requests where user_id = $1)::int as created,
         (select count(*) from token_ledger
           where user_id = $1 and reason = 'generation_debit')::int as debits,
         (select count(*) from graphile_worker._private_jobs j
           join generation_requests g on j.key = 'submit:' || g.id
           where g.user_id = $1)::int as jobs,
         (select coalesce(sum(total), 0) from generation_counts where user_id = $1)::int as counted`,
      [server.info.creatorId],
    );
    const row = result.rows[0];
    if (!row) throw new Error('no invariants row');
    const ok =
      money.length === 0 &&
      row.debits === row.created &&
      row.jobs === row.created &&
      row.counted === row.created;
    return { ok, ...row, moneyInvariants: money.length === 0 ? 'hold' : money };
  });
}

/** Microseconds of busy work per request given to the bare route in `bare-route-plus-work`. */
const workSteps = [5, 10, 20, 40];
/** The bare route's ratio to itself after each step of work, when this run measured it. */
let calibration: { us: number; ratio: number }[] | undefined;

/**
 * The machine's yardstick for the ratio goals: the bare route after 5, 10, 20 and 40 µs of busy
 * work a request, each against the bare route itself in alternating rounds. How much a few
 * microseconds more cost depends on the machine (on some virtual machines an answer's write costs
 * more when the load generator has idled meanwhile), so a ratio is printed with what it amounts to
 * here: "as fast as the bare route doing N µs more", and the same for its goal.
 */
async function calibrate(bare: Server): Promise<void> {
  const name = 'bare-route-plus-work';
  if (!wants('api', name)) return;
  const baseline: Target = { path: '/api/estimate-video', method: 'POST', body: {} };
  const rounds = 3;
  const roundSeconds = 1;
  await measure(bare, baseline, 1);
  const curve = [{ us: 0, ratio: 1 }];
  const ratios: Record<string, number> = {};
  const ratioSpreads: Record<string, [number, number]> = {};
  const bareRps: LoadResult[] = [];
  for (const us of workSteps) {
    const worked = { ...baseline, path: `/api/estimate-video/after/${us}` };
    const mine: LoadResult[] = [];
    const theirs: LoadResult[] = [];
    for (let i = 0; i < rounds; i++) {
      mine.push(await measure(bare, worked, roundSeconds));
      theirs.push(await measure(bare, baseline, roundSeconds));
    }
    const ratio = combine(mine).rps / combine(theirs).rps;
    curve.push({ us, ratio });
    ratios[`${us}us`] = Number(ratio.toFixed(3));
    ratioSpreads[`${us}us`] = ratioSpread(mine, theirs);
    bareRps.push(...theirs);
  }
  calibration = curve;
  report({
    bench: name,
    bareRps: Math.round(combine(bareRps).rps),
    bareRpsSpread: spread(bareRps.map((round) => Math.round(round.rps))),
    ratios,
    ratioSpreads,
    // What the machine allows: the work a request may add to the bare route and keep the ratio.
    usAtRatio: Object.fromEntries([0.65, 0.5].map((ratio) => [ratio, workAt(curve, ratio)])),
  });
}

/**
 * The busy work (µs, interpolated on the calibration's curve) that brings the bare route down to
 * `ratio`; beyond the last step it says so (`> 40`).
 */
function workAt(curve: { us: number; ratio: number }[], ratio: number): number | string {
  for (let i = 1; i < curve.length; i++) {
    const [a, b] = [curve[i - 1], curve[i]];
    if (!a || !b || ratio < b.ratio) continue;
    const share = a.ratio === b.ratio ? 0 : (a.ratio - ratio) / (a.ratio - b.ratio);
    return Number((a.us + Math.min(1, Math.max(0, share)) * (b.us - a.us)).toFixed(1));
  }
  return `> ${curve.at(-1)?.us ?? 0}`;
}

async function compare(
  name: string,
  kadr: Server,
  bare: Server,
  ours: Target,
  baseline: Target,
  /**
   * `ratio`: at least this share of the bare route's throughput; `rps`: at least this throughput at
   * saturation; `p99Ms`: the p99 at `p99AtRps` requests/s sent on a schedule (default `rps`, else
   * three quarters of what saturation reached).
   */
  goals: { ratio?: number; rps?: number; p99Ms?: number; p99AtRps?: number },
  check?: () => Promise<{ ok: boolean } & Record<string, unknown>>,
): Promise<void> {
  if (!wants('api', name)) return;
  await settle(kadr);
  await measure(kadr, ours, 1);
  await measure(bare, baseline, 1);
  if (process.env.BENCH_PROFILE) {
    await withDatabase(kadr, (pool) => pool.query('select pg_stat_statements_reset()'));
  }
  // An even number of rounds, each side first in half of them: whatever the first measurement of a
  // round pays (an A/A run of one route against itself read 0.95 with ours always first) is paid
  // by both sides alike.
  const rounds = 4;
  const mine: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  let cpu = { server: 0, postgres: 0, generator: 0 };
  // When the yardstick is a route of our own server (the key check's), its CPU is counted too.
  let yardstickCpu = { server: 0, postgres: 0, generator: 0 };
  const add = (
    sum: typeof cpu,
    before: ReturnType<typeof cpuTimes>,
    after: ReturnType<typeof cpuTimes>,
  ) => ({
    server: sum.server + after.server - before.server,
    postgres: sum.postgres + after.postgres - before.postgres,
    generator: sum.generator + after.generator - before.generator,
  });
  const measureOurs = async () => {
    const before = cpuTimes(kadr);
    mine.push(await measure(kadr, ours, seconds / rounds));
    cpu = add(cpu, before, cpuTimes(kadr));
  };
  const measureTheirs = async () => {
    const before = cpuTimes(kadr);
    theirs.push(await measure(bare, baseline, seconds / rounds));
    if (bare === kadr) yardstickCpu = add(yardstickCpu, before, cpuTimes(kadr));
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await measureOurs();
      await measureTheirs();
    } else {
      await measureTheirs();
      await measureOurs();
    }
  }
  const a = combine(mine);
  const b = combine(theirs);
  const ratio = a.rps / b.rps;
  if (process.env.BENCH_DEBUG) {
    // Each round's [requests/s, p99 ms], ours then the bare route's, on stderr.
    const perRound = (results: LoadResult[]) => results.map((r) => [Math.round(r.rps), r.p99]);
    console.error(name, JSON.stringify(perRound(mine)), JSON.stringify(perRound(theirs)));
  }
  // A latency goal belongs to a load: it is measured at the goal's rate, requests sent on a fixed
  // schedule (bench/pace.ts), in three runs whose spread is printed. At saturation the closed loop
  // above only shows connections ÷ throughput, so its p99 is printed for information.
  const paced: (LoadResult & { cpu: ReturnType<typeof cpuPerRequest> })[] = [];
  if (goals.p99Ms !== undefined) {
    const target = {
      url: `${kadr.url}${ours.path}`,
      method: ours.method,
      body: ours.body,
      headers: ours.headers,
      rate: goals.p99AtRps ?? goals.rps ?? Math.round(a.rps * 0.75),
    };
    // Settle at the rate first (the closed loop above leaves queues and pools in another state).
    await paceApart({ ...target, seconds: 2 });
    for (let i = 0; i < pacedRuns; i++) {
      const before = cpuTimes(kadr);
      const run = await paceApart({ ...target, seconds });
      const after = { ...cpuTimes(kadr), generator: before.generator + run.generatorCpuMs };
      paced.push({ ...run, cpu: cpuPerRequest(before, after, run.requests) });
    }
  }
  if (process.env.BENCH_PROFILE) await printStatements(name, kadr);
  const checked = check ? await check() : undefined;
  const p99s = paced.map((run) => run.p99);
  const pass =
    a.errors === 0 &&
    (checked === undefined || checked.ok) &&
    (goals.ratio === undefined || ratio >= goals.ratio) &&
    (goals.rps === undefined || a.rps >= goals.rps) &&
    paced.every(
      (run) => run.errors + run.non2xx === 0 && goals.p99Ms !== undefined && run.p99 <= goals.p99Ms,
    );
  const perRequest = (ms: number, requests = a.requests) =>
    Number((ms / Math.max(1, requests)).toFixed(3));
  report({
    bench: name,
    rps: Math.round(a.rps),
    rpsSpread: spread(mine.map((round) => Math.round(round.rps))),
    saturatedP99Ms: a.p99,
    bareRps: Math.round(b.rps),
    bareP99Ms: b.p99,
    ratio: Number(ratio.toFixed(3)),
    ratioSpread: ratioSpread(mine, theirs),
    // Read against this machine's yardstick (`bare-route-plus-work`), when this run measured it:
    // printed for every ratio, as information, and beside the goal where a ratio is one.
    ...(calibration
      ? {
          asBareRoutePlusUs: workAt(calibration, ratio),
          ...(goals.ratio !== undefined
            ? { goalAsBareRoutePlusUs: workAt(calibration, goals.ratio) }
            : {}),
        }
      : {}),
    ...(paced.length > 0
      ? {
          atGoalRate: {
            rps: Math.round(paced.reduce((sum, run) => sum + run.rps, 0) / paced.length),
            p50Ms: median(paced.map((run) => run.p50)),
            p99Ms: Math.max(...p99s),
            p99Spread: spread(p99s),
            runs: paced.length,
            errors: paced.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
          },
        }
      : {}),
    // CPU time per answered request (ms): our server's process, all of PostgreSQL's, and the load
    // generator's (autocannon in this process; the open-loop generator's own process).
    cpuMsPerRequest: {
      saturated: {
        server: perRequest(cpu.server),
        postgres: perRequest(cpu.postgres),
        generator: perRequest(cpu.generator),
      },
      ...(bare === kadr
        ? {
            yardstick: {
              server: perRequest(yardstickCpu.server, b.requests),
              postgres: perRequest(yardstickCpu.postgres, b.requests),
              generator: perRequest(yardstickCpu.generator, b.requests),
            },
          }
        : {}),
      ...(paced.length > 0 ? { atGoalRate: paced.map((run) => run.cpu) } : {}),
    },
    goals,
    pass,
    errors: a.errors,
    ...(checked ? { checked } : {}),
  });
}

/**
 * BENCH_PROFILE=1: PostgreSQL's view of a benchmark (pg_stat_statements, reset before its rounds):
 * the statements that took the most time, each with its calls, mean time and buffer reads, and the
 * plan of the hottest one as the server ran it (`EXPLAIN (ANALYZE, BUFFERS)`), on stderr.
 */
async function printStatements(name: string, server: Server): Promise<void> {
  await withDatabase(server, async (pool) => {
    const top = await pool.query(
      `select calls, round(total_exec_time::numeric, 1) as "totalMs",
              round(mean_exec_time::numeric, 4) as "meanMs",
              round((shared_blks_hit::numeric / greatest(calls, 1)), 1) as "hitsPerCall",
              shared_blks_read as "reads", rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
       from pg_stat_statements order by total_exec_time desc limit 6`,
    );
    console.error(`${name}: pg_stat_statements`);
    for (const row of top.rows) console.error(JSON.stringify(row));
  });
}

/** [lowest, highest] of the ratios of alternating rounds (each of ours to the round after it). */
function ratioSpread(mine: LoadResult[], theirs: LoadResult[]): [number, number] {
  return spread(
    mine.map((round, i) => Number((round.rps / (theirs[i]?.rps ?? Number.NaN)).toFixed(3))),
  );
}

/** [lowest, highest] of a figure's runs. */
function spread(values: number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

if (apiBenchmarks.some((name) => wants('api', name)) || wants('lighthouse')) {
  const kadr = await startServer(script('kadr'));
  try {
    await benchApi(kadr);
    if (wants('lighthouse')) {
      await benchLighthouse(
        kadr.url,
        lighthousePages(String(kadr.info.creatorCookie)),
        Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
      );
    }
  } finally {
    await kadr.stop();
  }
}

const [memoryName = '', latencyName = ''] = realtimeBenchmarks.streams;
const memory = wants('realtime', memoryName);
const latency = wants('realtime', latencyName);
const fanout = realtimeBenchmarks.fanout.some((name) => wants('realtime', name));
const jobs = jobBenchmarks.some((name) => wants('jobs', name));
if (memory || latency || fanout || jobs) {
  // Its own embedded PostgreSQL (the same folder and port as our server's, which has stopped) and
  // --expose-gc, so its memory is read after a full collection.
  const node = await startServer(script('realtime'), { ipc: true, nodeFlags: ['--expose-gc'] });
  try {
    if (memory || latency || fanout) await benchRealtime(node, { memory, latency, fanout });
    if (jobs) await benchJobPickup(String(node.info.databaseUrl));
  } finally {
    await node.stop();
  }
}

// Its own node again (limits on, then off), after the others have stopped.
if (floodBenchmarks.some((name) => wants('limits', name))) await benchFlood(seconds);

// Its own process and database again, last.
if (toolBenchmarks.some((name) => wants('tools', name))) {
  await benchTools((name) => wants('tools', name));
}

// The card renderer, in a process of its own too.
if (cardBenchmarks.some((name) => wants('cards', name))) {
  await benchCards((name) => wants('cards', name));
}

/**
 * The public pages (no JavaScript files at all: ADRs 007, 024) and the signed-in screens a person opens first,
 * on the mobile profile. A screen's budget is the JavaScript it downloads before any interaction:
 * apps/web/first-load-budgets.ts's, which the build's guard (`npm run check:first-load -w
 * @kadr/web`, in `npm test`) enforces too.
 */
function lighthousePages(sessionCookie: string): Page[] {
  const [name = '', value = ''] = sessionCookie.split('=');
  const cookies = { [name]: value, [cookieNames.signedInHint]: '1' };
  const scored = { accessibility: 100, bestPractices: 95, seo: 100 };
  const open = { ...scored, performance: 95, jsKB: 0 };
  // Signed-in screens are noindex (SEO scores them lower on purpose): not scored for it.
  const app = { ...scored, seo: 0 };
  const signedIn = (screen: 'studio' | 'history' | 'profile'): Page => ({
    path: `/${screen}`,
    cookies,
    goals: { ...app, performance: 90, jsKB: firstLoadBudgets[screen] },
  });
  const pages: Page[] = [
    { path: '/', goals: open },
    { path: '/marketplace', goals: open },
    { path: '/login', goals: open },
    signedIn('studio'),
    signedIn('history'),
    signedIn('profile'),
  ];
  // BENCH_PAGES=/login,/studio: only those.
  const chosen = process.env.BENCH_PAGES?.split(',');
  return chosen ? pages.filter((page) => chosen.includes(page.path)) : pages;
}

async function benchApi(kadr: Server): Promise<void> {
  if (!apiBenchmarks.some((name) => wants('api', name))) return;
  const bare = await startServer(script('bare'));
  try {
    await calibrate(bare);
    const origin = { origin: kadr.url };
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
    // No goal since issue #33: the ratio and its yardstick are printed as information (on two
    // shared cores every microsecond of a route's work costs about one and a half).
    await compare('estimate-video-vs-bare-route', kadr, bare, estimate, estimate, {});

    // Every request charges one person (the worst case for the balance row) and is a real create:
    // debit, request, ledger entry, submit job, notifications, durable commit. The bare route parses
    // the same body and answers the same JSON.
    const createBody = {
      model: 'seedream-3',
      prompt: 'a lighthouse at dawn',
      translate_prompt: false,
    };
    await compare(
      'create-image-vs-bare-route',
      kadr,
      bare,
      {
        path: '/api/create-image',
        method: 'POST',
        body: createBody,
        headers: { cookie: String(kadr.info.creatorCookie), ...origin },
      },
      { path: '/api/create-image', method: 'POST', body: createBody },
      { rps: 1000, p99Ms: 50 },
      () => createInvariants(kadr),
    );

    // The same create through `/api/v1` with a bearer key (ADR 040): the key resolved from the
    // node's cache, the create statement, then the generation read back as v1 shows it.
    const bearer = { authorization: `Bearer ${String(kadr.info.apiKey)}` };
    await compare(
      'v1-create-vs-bare-route',
      kadr,
      bare,
      { path: '/api/v1/generations', method: 'POST', body: createBody, headers: bearer },
      { path: '/api/v1/generations', method: 'POST', body: createBody },
      { rps: 1000, p99Ms: 50 },
      () => createInvariants(kadr),
    );

    // One generation read through `/api/v1` with its key against the very same read in the same
    // application at an address that asks for no key (bench/servers/kadr.ts): what the key check
    // adds to a bare v1 read (≤ 10 %).
    const readId = String(kadr.info.readId);
    await compare(
      'v1-read-vs-bare-v1-read',
      kadr,
      kadr,
      { path: `/api/v1/generations/${readId}`, method: 'GET', headers: bearer },
      { path: `${String(kadr.info.bareV1Path)}/${readId}`, method: 'GET' },
      { ratio: 0.9 },
    );

    // Page 1 of a 100,000-generation history (files expanded) against the same page prebuilt.
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
      // Latency at two-thirds of the saturation goal (issue #33): at 3,000/s two shared cores are
      // ~90 % busy and queue, so a p99 there measures the queue, not the route.
      { rps: 3000, p99Ms: 20, p99AtRps: 2000 },
    );
  } finally {
    await bare.stop();
  }
}
