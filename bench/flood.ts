// A flood against the rate limits: one anonymous client (one address) sends estimates as fast as
// 50 connections allow, closed loop, while another person's `GET /api/me` is sent at a steady
// 500 a second (bench/pace.ts, open loop, its own process). Measured twice, on the same node with
// its limits as in production and with them off: how much of the flood is refused (429), how fast
// the refusals are, and what the flood does to the other person's p99 against the node idle.
import { fileURLToPath } from 'node:url';
import { load, report, type Server, startServer } from './lib.ts';
import { paceApart } from './pace.ts';

export const floodBenchmarks = ['flood-estimates-vs-bystander'];

const script = fileURLToPath(new URL('./servers/limited.ts', import.meta.url));
/**
 * The other person's p99 during the flood (the ratio to idle is reported, but an idle p99 of 3 ms
 * makes it noisy), and the share of the flood refused.
 */
const goals = { bystanderP99Ms: 25, refusedShare: 0.95 };

const estimate = {
  method: 'POST' as const,
  // An anonymous estimate of the kind the attack run sent: a valid body, real catalogue work.
  body: { model: 'seedream-3', prompt: 'a red fox in snow', parameters: { aspect_ratio: '16:9' } },
  headers: { origin: 'http://127.0.0.1' },
};

async function measure(server: Server, seconds: number) {
  const me = {
    url: `${server.url}/api/me`,
    headers: { cookie: String(server.info.cookie) },
    rate: 500,
  };
  await paceApart({ ...me, seconds: 2 });
  const idle = await paceApart({ ...me, seconds });
  // The flood runs a second longer on each side than the measured window.
  const flooding = load({
    url: `${server.url}/api/estimate-image`,
    ...estimate,
    seconds: seconds + 2,
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const during = await paceApart({ ...me, seconds });
  const flood = await flooding;
  return { idle, during, flood };
}

export async function benchFlood(seconds: number): Promise<void> {
  const runs: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const limits of ['true', 'false'] as const) {
    const server = await startServer(script, { env: { BENCH_RATE_LIMITS: limits } });
    try {
      runs[limits] = await measure(server, seconds);
    } finally {
      await server.stop();
    }
  }
  const summary = (run: Awaited<ReturnType<typeof measure>> | undefined) => {
    if (!run) return undefined;
    const total = run.flood.rps * (seconds + 2);
    return {
      flood: {
        rps: Math.round(run.flood.rps),
        refusedShare: Number((run.flood.non2xx / Math.max(total, 1)).toFixed(4)),
        p50Ms: run.flood.p50,
        p99Ms: run.flood.p99,
        errors: run.flood.errors,
      },
      bystander: {
        idleP99Ms: run.idle.p99,
        duringP99Ms: run.during.p99,
        duringP50Ms: run.during.p50,
        p99Ratio: Number((run.during.p99 / Math.max(run.idle.p99, 0.001)).toFixed(2)),
        failed: run.idle.errors + run.idle.non2xx + run.during.errors + run.during.non2xx,
      },
    };
  };
  const limited = summary(runs.true);
  const open = summary(runs.false);
  report({
    bench: floodBenchmarks[0],
    seconds,
    limited,
    unlimited: open,
    goals,
    pass:
      limited !== undefined &&
      limited.bystander.failed === 0 &&
      limited.flood.errors === 0 &&
      limited.flood.refusedShare >= goals.refusedShare &&
      limited.bystander.duringP99Ms <= goals.bystanderP99Ms,
  });
}
