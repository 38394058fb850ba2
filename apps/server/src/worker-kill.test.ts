import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '../test/builders.ts';
import { predictionsByRequest } from '../test/emulator.ts';
import { buildLiveTestApp, type LiveApp } from '../test/live.ts';
import { expectMoneyInvariants, generationOutcomes } from '../test/money.ts';
import { RECONCILE_QUIET_MS } from './modules/generations/generation.engine.ts';

/**
 * Attack: a job worker killed with SIGKILL in the middle of its jobs, 20 times over, while people
 * keep creating. The API and the Replicate emulator live in this test process and survive every
 * kill (the emulator counts what it was asked); the worker is the real server started as
 * `ROLE=worker` on the same database, killed at a random moment of each life. Afterwards one last
 * worker runs undisturbed. Every generation must end exactly once — completed, or failed with its
 * tokens back once — and the provider must have been asked for exactly one prediction per
 * generation, however often a submit was cut off between asking and recording the answer.
 */

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const slowAnswers = fileURLToPath(new URL('../test/slow-provider-answers.ts', import.meta.url));
const KILLS = 20;

let t: LiveApp;
let dataDir: string;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  // Images take 1.5 s at the emulator: kills land while predictions run and outputs download.
  t = await buildLiveTestApp({ EMULATOR_LATENCY_MS: '1500', MAX_RUNNING_GENERATIONS: '0' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-worker-kill-'));
  // The worker's data folder holds the API's secrets: the same signing key and emulator token.
  await writeFile(
    path.join(dataDir, 'secrets.json'),
    JSON.stringify({
      signing: t.config.signingSecret,
      replicateToken: t.config.replicate.token,
      replicateWebhookSecret: t.config.replicate.webhookSecret,
      yookassaSecretKey: 'test_worker_kill_unused',
      stripeSecretKey: 'sk_test_workerKillUnused',
      stripeWebhookSecret: 'whsec_workerKillUnused',
      oauthClientSecret: 'worker-kill-unused-secret',
    }),
    { mode: 0o600 },
  );
});

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) {
    const exited = new Promise((resolve) => worker?.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
  }
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', slowAnswers, main], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ROLE: 'worker',
      DATABASE_URL: t.database.url,
      PUBLIC_URL: t.base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      JOB_CONCURRENCY: '4',
      // Each create's answer takes 0.7 s to come back: kills often land between ask and answer.
      SLOW_CREATE_ANSWER_MS: '700',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Jobs a live worker holds right now. */
async function lockedJobs(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    `select count(*)::int as n from graphile_worker._private_jobs
      where locked_at > now() - interval '1 hour'`,
  );
  return rows[0]?.n ?? 0;
}

describe('a worker killed mid-job 20 times', () => {
  it('ends every generation once, with one prediction each', { timeout: 300_000 }, async () => {
    const cookie = await buildSession(t.container, await buildUser(t.container, { tokens: 500 }));
    const ids: string[] = [];
    const create = async (n: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-image',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: {
          model: 'seedream-3',
          prompt: `a kite over a hill ${n}`,
          translate_prompt: false,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push((res.json() as { request_id: string }).request_id);
    };

    let midJob = 0;
    for (let life = 0; life < KILLS; life++) {
      await create(3 * life);
      worker = startWorker();
      await create(3 * life + 1);
      await create(3 * life + 2);
      // Kill once this life has taken a job, at a random moment of it: a submit holds its job for
      // at least the 0.7 s its answer takes, so a kill within 0.6 s of the lock lands before the
      // ask or between the ask and the answer (a wider window let slow machines kill between jobs
      // more often than not).
      const started = Date.now();
      while (Date.now() - started < 15_000 && (await lockedJobs()) === 0) await sleep(25);
      await sleep(Math.floor(Math.random() * 600));
      if ((await lockedJobs()) > 0) midJob++;
      await kill(worker);
      // What the dead worker held comes back: graphile-worker frees a dead worker's jobs after
      // 4 hours; the test moves their locks back rather than wait.
      await t.database.pool.query(
        `update graphile_worker._private_jobs set locked_at = now() - interval '5 hours'
          where locked_at is not null`,
      );
    }
    // Most kills landed while a job was running (the rest between jobs).
    expect(midJob).toBeGreaterThanOrEqual(KILLS / 2);

    // One last worker, left alone. What the killed ones held stays locked to them: the reconcile
    // job (at start, after RECONCILE_QUIET_MS, then every minute) picks those requests up again.
    worker = startWorker();
    const deadline = Date.now() + 240_000;
    let open = ids.length;
    while (open > 0) {
      if (Date.now() > deadline) throw new Error(`${open} generations never ended`);
      await sleep(1000);
      const { rows } = await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from generation_requests
          where id = any($1::uuid[]) and status in ('pending', 'processing')`,
        [ids],
      );
      open = rows[0]?.n ?? 0;
    }
    await kill(worker);
    expect(RECONCILE_QUIET_MS).toBeGreaterThan(0);

    const rows = await generationOutcomes(t.database.pool, ids);
    expect(rows).toHaveLength(3 * KILLS);
    const asked = await predictionsByRequest(t.config.replicate.baseUrl, t.config.replicate.token);
    for (const row of rows) {
      expect(row.debits, row.id).toBe(1);
      if (row.status === 'completed') {
        expect(row.refunds, row.id).toBe(0);
        expect(row.outputs, row.id).toBe(1);
      } else {
        expect(row.status, row.id).toBe('failed');
        expect(row.refunds, row.id).toBe(1);
        expect(row.outputs, row.id).toBe(0);
      }
      // Exactly one prediction asked for, whatever the kills cut off.
      expect(asked.get(row.id) ?? 0, row.id).toBe(1);
    }
    // Kills cost no results: the emulator made every image, so every generation completed.
    expect(rows.filter((row) => row.status === 'completed').length).toBe(rows.length);
    await expectMoneyInvariants(t.database.pool);
  });
});
