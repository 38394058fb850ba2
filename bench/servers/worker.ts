// A worker node for the job-pickup benchmark (bench/jobs.ts): graphile-worker's `run` configured as
// apps/server/src/main.ts configures it (the node's JOB_CONCURRENCY, its LISTEN for new jobs and
// its default poll interval, signals left to us), on the database of BENCH_DATABASE_URL. Its one
// task, `bench_pickup`, records when its handler starts, on the machine's monotonic clock
// (process.hrtime, the same clock in every process here), so the enqueuing process can compare.
// main.ts's crontab and the application's tasks are left out: they are the server's internals,
// and a cron job firing mid-run would be measured as pickup delay.
import { Logger, run } from 'graphile-worker';
import { benchConfig } from './node.ts';

const connectionString = process.env.BENCH_DATABASE_URL;
if (!connectionString) throw new Error('BENCH_DATABASE_URL is required');
const config = benchConfig();

/** Handler starts by the payload's sequence number, in nanoseconds of process.hrtime. */
const starts = new Map<number, string>();
const runner = await run({
  connectionString,
  concurrency: config.jobConcurrency,
  noHandleSignals: true,
  taskList: {
    bench_pickup: async (payload) => {
      starts.set((payload as { i: number }).i, process.hrtime.bigint().toString());
    },
  },
  logger: new Logger(() => () => {}),
});

process.stdout.write(`${JSON.stringify({ port: 0, concurrency: config.jobConcurrency })}\n`);
process.on('message', (message: { type?: string }) => {
  if (message.type === 'starts') process.send?.({ type: 'starts', starts: [...starts] });
});
process.on('SIGTERM', () => {
  void runner.stop().then(() => process.exit(0));
});
