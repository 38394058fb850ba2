import { type Runner, run } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CuttableLink, startCuttableLink } from '../../test/cuttable-link.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type DatabaseHandle, openJobDatabase } from '../db/client.ts';
import { createJobLogger } from '../lib/job-logger.ts';
import { createLogger } from '../lib/logger.ts';

/**
 * Issue #38: the job worker while PostgreSQL is away. Jobs that end during the outage — one whose
 * work needed no database, one whose work failed on the lost connection — are recorded once it is
 * back (graphile-worker retries a connection it cannot make, reported as 57P03), the worker keeps
 * running and takes new jobs, and nothing is logged as an error. Before, the first job to end in
 * the outage stopped every worker of the process.
 */

let database: { url: string; drop(): Promise<void> };
let direct: pg.Pool;
let link: CuttableLink;
let jobs: DatabaseHandle;
let runner: Runner;
let runnerFailed: unknown;
const lines: { level: number; msg?: string; dependency?: string }[] = [];
/** What the tasks did, by job: `slept` done without the database, `read` done with it. */
const done: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  direct = new pg.Pool({ connectionString: database.url, max: 2 });
  link = await startCuttableLink({ host: '127.0.0.1', port: Number(new URL(database.url).port) });
  jobs = openJobDatabase(link.via(database.url), { max: 5, onError: () => {} });
  const logger = createLogger(
    { logLevel: 'info', logPretty: false },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  runner = await run({
    pgPool: jobs.pool,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 200,
    logger: createJobLogger(logger),
    taskList: {
      // Work that needs no database, ending while it is away.
      sleep: async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        done.push(`slept ${(payload as { n: number }).n}`);
      },
      // Work that reads the database, meeting the outage (and retried after it).
      read: async (payload, helpers) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await helpers.query('select 1');
        done.push(`read ${(payload as { n: number }).n}`);
      },
    },
  });
  runner.promise.catch((error: unknown) => {
    runnerFailed = error;
  });
});

afterAll(async () => {
  await runner?.stop();
  await jobs?.close();
  await link?.close();
  await direct?.end();
  await database?.drop();
});

const add = (task: string, n: number) =>
  direct.query(`select graphile_worker.add_job($1, $2::json, max_attempts => 5)`, [
    task,
    JSON.stringify({ n }),
  ]);

const waiting = async () =>
  (await direct.query<{ n: number }>('select count(*)::int as n from graphile_worker.jobs')).rows[0]
    ?.n;

const locked = async () =>
  (
    await direct.query<{ n: number }>(
      'select count(*)::int as n from graphile_worker.jobs where locked_at is not null',
    )
  ).rows[0]?.n;

describe('the job worker while PostgreSQL is away', () => {
  it('records the jobs that ended in the outage once it is back, and keeps working', {
    timeout: 60_000,
  }, async () => {
    await add('sleep', 1);
    await add('read', 2);
    await expect.poll(locked, { timeout: 5_000, interval: 50 }).toBe(2);
    await link.cut();
    // Both jobs end in the outage: one done, one failed on the lost connection.
    await expect.poll(() => done.includes('slept 1'), { timeout: 5_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await link.restore();

    // The failed job's retry (graphile-worker's backoff, ~3 s) comes after the worker's own
    // reconnection, which backs off too: on a loaded machine (the whole suite on 2 cores) the two
    // took longer than 12 s once. What is checked is that the queue drains, not how fast.
    await expect.poll(waiting, { timeout: 30_000, interval: 200 }).toBe(0);
    expect(done.filter((what) => what === 'slept 1')).toHaveLength(1);
    expect(done).toContain('read 2');

    await add('sleep', 3);
    await expect.poll(() => done.includes('slept 3'), { timeout: 5_000 }).toBe(true);
    expect(runnerFailed).toBeUndefined();
  });

  it('said so in warnings naming the database, never an error', () => {
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, dependency: 'database' }));
  });
});

describe('openJobDatabase', () => {
  it('reports a connection lost mid-statement as 57P03, which graphile-worker retries', async () => {
    const client = await jobs.pool.connect();
    client.on('error', () => {});
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const running = client.query('select pg_sleep(10)').then(
        () => undefined,
        (error: unknown) => error,
      );
      await direct.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      const lost = (await running) as { code?: string; cause?: { code?: string } };
      expect(lost.code).toBe('57P03');
      expect(lost.cause?.code).toBe('57P01');
    } finally {
      client.release(true);
    }
  });

  it('leaves a statement’s own failure as it is', async () => {
    const failed = await jobs.pool.query('select 1/0').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((failed as { code?: string }).code).toBe('22012');
  });
});
