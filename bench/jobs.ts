// Job pickup: the time from an enqueue to the start of its handler on a worker node. Jobs are added
// one at a time, spaced out (not a burst: each finds the worker idle), through the SQL every
// enqueue of the application uses (`kadr_add_job`, modules/queue/job.repository.ts; graphile-worker's
// add_job, whose NOTIFY wakes the worker's LISTEN at commit). The worker (servers/worker.ts) is a
// process of its own, as a worker node is; both ends read the machine's monotonic clock.
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@kadr/server';
import { quantile, report, type Server, startServer } from './lib.ts';

const goals = { p50Ms: 10 };

export async function benchJobPickup(databaseUrl: string): Promise<void> {
  const count = Number(process.env.BENCH_JOBS ?? 300);
  const spacingMs = Number(process.env.BENCH_JOB_SPACING_MS ?? 25);
  const worker: Server = await startServer(
    fileURLToPath(new URL('./servers/worker.ts', import.meta.url)),
    { ipc: true, env: { BENCH_DATABASE_URL: databaseUrl } },
  );
  // One connection, as an API node's request holds one for its transaction.
  const database = openDatabase(databaseUrl, { max: 1, onError: () => {} });
  try {
    const enqueue = async (i: number) => {
      const before = process.hrtime.bigint();
      await database.pool.query(
        `select kadr_add_job('bench_pickup'::text, $1::json, null::text, 1, null::timestamptz)`,
        [JSON.stringify({ i })],
      );
      return { before, after: process.hrtime.bigint() };
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Warm-up: the worker's first jobs (its statements are prepared, its pool opened).
    for (let i = -20; i < 0; i++) {
      await enqueue(i);
      await pause(spacingMs);
    }
    const sent: { before: bigint; after: bigint }[] = [];
    // On a fixed schedule, whatever an enqueue took.
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const wait = started + i * spacingMs - performance.now();
      if (wait > 0) await pause(wait);
      sent.push(await enqueue(i));
    }
    // Every job's handler should have started by now; give stragglers a few seconds.
    let starts = new Map<number, string>();
    for (let tries = 0; tries < 50; tries++) {
      const answer = await worker.ask('starts');
      starts = new Map(answer.starts as [number, string][]);
      if ([...Array(count).keys()].every((i) => starts.has(i))) break;
      await pause(100);
    }
    const pickup: number[] = [];
    const enqueueMs: number[] = [];
    let missing = 0;
    for (const [i, { before, after }] of sent.entries()) {
      enqueueMs.push(Number(after - before) / 1e6);
      const start = starts.get(i);
      if (start === undefined) missing++;
      else pickup.push(Number(BigInt(start) - before) / 1e6);
    }
    pickup.sort((a, b) => a - b);
    enqueueMs.sort((a, b) => a - b);
    const p50 = quantile(pickup, 0.5);
    report({
      bench: 'job-pickup',
      jobs: count,
      spacingMs,
      concurrency: worker.info.concurrency,
      // From the enqueue call (its commit included) to the handler's first line.
      pickupMs: {
        p50,
        p95: quantile(pickup, 0.95),
        p99: quantile(pickup, 0.99),
        max: quantile(pickup, 1),
      },
      // The enqueue itself: one statement and its durable commit.
      enqueueMs: { p50: quantile(enqueueMs, 0.5), p95: quantile(enqueueMs, 0.95) },
      missing,
      goals,
      pass: missing === 0 && p50 <= goals.p50Ms,
    });
  } finally {
    await database.close();
    await worker.stop();
  }
}
