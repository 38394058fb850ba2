import { Logger, run } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { enqueue } from './job.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function runAt(key: string): Promise<Date | undefined> {
  const result = await t.database.pool.query<{ run_at: Date }>(
    'select run_at from graphile_worker._private_jobs where key = $1',
    [key],
  );
  return result.rows[0]?.run_at;
}

async function jobs(key: string) {
  const result = await t.database.pool.query<{ task: string; payload: unknown; attempts: number }>(
    `select t.identifier as task, j.payload, j.max_attempts as attempts
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where j.key = $1`,
    [key],
  );
  return result.rows;
}

describe('enqueue', () => {
  it('adds the job with its payload, and a key keeps one waiting job', async () => {
    const key = `submit:${crypto.randomUUID()}`;
    await enqueue(t.database.db, 'submit_generation', { id: 'a' }, { jobKey: key, maxAttempts: 3 });
    await enqueue(t.database.db, 'submit_generation', { id: 'b' }, { jobKey: key, maxAttempts: 3 });
    expect(await jobs(key)).toEqual([
      { task: 'submit_generation', payload: { id: 'b' }, attempts: 3 },
    ]);
  });

  it('rolls back with the caller’s transaction', async () => {
    const key = `submit:${crypto.randomUUID()}`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueue(tx, 'submit_generation', { id: 'c' }, { jobKey: key });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await jobs(key)).toEqual([]);
  });

  it('plans the queue’s statements for the values at hand, in creates and every other enqueue', async () => {
    // A generic plan cached while the queue was small scans the whole queue on every enqueue once
    // it has grown (ADR 009); these functions must not use one.
    const result = await t.database.pool.query<{ name: string; config: string[] | null }>(
      `select proname as name, proconfig as config from pg_proc
        where proname in ('kadr_add_job', 'kadr_create_generations') order by proname`,
    );
    expect(result.rows).toEqual([
      { name: 'kadr_add_job', config: ['plan_cache_mode=force_custom_plan'] },
      {
        name: 'kadr_create_generations',
        config: expect.arrayContaining(['plan_cache_mode=force_custom_plan']),
      },
    ]);
  });
});

describe('a job that schedules itself again (issue #38: the engine retries a submission later)', () => {
  it('adding its own key from inside its run: this run completes, the new one runs at its time, nothing fails', async () => {
    const key = `submit:${crypto.randomUUID()}`;
    const runs: { id: string; at: number }[] = [];
    const started = Date.now();
    await enqueue(t.database.db, 'submit_generation', { id: 'first' }, { jobKey: key });
    const worker = await run({
      connectionString: t.database.url,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 100,
      logger: new Logger(() => () => {}),
      taskList: {
        submit_generation: async (payload) => {
          const { id } = payload as { id: string };
          // Other tests' jobs wait in this database too: only this test's are counted.
          if (id !== 'first' && id !== 'second') return;
          runs.push({ id, at: Date.now() - started });
          if (id === 'first') {
            await enqueue(
              t.database.db,
              'submit_generation',
              { id: 'second' },
              { jobKey: key, runAt: new Date(Date.now() + 700) },
            );
          }
        },
      },
    });
    try {
      await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(2);
    } finally {
      await worker.stop();
    }
    expect(runs.map((r) => r.id)).toEqual(['first', 'second']);
    expect((runs[1]?.at ?? 0) - (runs[0]?.at ?? 0)).toBeGreaterThanOrEqual(600);
    // Both runs ended well: nothing is left in the queue, failed or waiting, under the key or not.
    const left = await t.database.pool.query(
      `select j.key, j.attempts, j.max_attempts, j.payload from graphile_worker._private_jobs j
        where j.payload->>'id' in ('first', 'second')`,
    );
    expect(left.rows).toEqual([]);
  });

  it("preserve_run_at keeps a waiting job's time; replace brings it forward", async () => {
    const key = `ingest:${crypto.randomUUID()}`;
    const later = new Date(Date.now() + 60_000);
    const payload = { requestId: 'r', predictionId: 'p' };
    await enqueue(t.database.db, 'ingest_prediction', payload, { jobKey: key, runAt: later });
    await enqueue(t.database.db, 'ingest_prediction', payload, {
      jobKey: key,
      jobKeyMode: 'preserve_run_at',
    });
    expect(await runAt(key)).toEqual(later);
    await enqueue(t.database.db, 'ingest_prediction', payload, { jobKey: key });
    expect((await runAt(key))?.getTime()).toBeLessThan(later.getTime() - 50_000);
  });
});
