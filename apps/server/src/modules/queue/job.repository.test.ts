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
