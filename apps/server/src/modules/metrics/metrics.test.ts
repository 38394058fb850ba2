import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildGeneration, signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { parsePrometheus, seriesOf } from '../../../test/prometheus.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const ORIGIN = 'http://localhost:3000';

let t: LiveApp;
beforeAll(async () => {
  t = await buildLiveTestApp({ METRICS_TOKEN: TOKEN, MAX_RUNNING_GENERATIONS: '0' });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

async function scrape() {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parsePrometheus(res.body);
}

async function waitForEnd(cookie: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ url: `/api/generations/${id}`, headers: { cookie } });
    const status = (res.json() as { status: string }).status;
    if (status === 'completed' || status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`generation ${id} never ended`);
}

describe('GET /metrics', () => {
  it('is not there without the token, or with a wrong one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token-at-all' },
    });
    expect(wrong.statusCode).toBe(404);
    // Without METRICS_TOKEN the main port has no /metrics at all.
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts what the database holds, and what this process did', async () => {
    const { cookie } = await signInDemo(t.app);
    const ids: string[] = [];
    for (const prompt of ['a red kite', 'a failing kite #fail', 'a blue kite']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-image',
        headers: { cookie, origin: ORIGIN },
        payload: { model: 'seedream-3', prompt, translate_prompt: false },
      });
      expect(res.statusCode).toBe(200);
      ids.push((res.json() as { request_id: string }).request_id);
    }
    for (const id of ids) await waitForEnd(cookie, id);
    await t.app.inject({ url: `/api/generations/${ids[0]}`, headers: { cookie } });

    const samples = await scrape();
    const sql = async (query: string) => (await t.database.pool.query(query)).rows;

    const generations = Object.fromEntries(
      (
        await sql('select model, status, count(*)::int as n from generation_requests group by 1, 2')
      ).map((row) => [`${row.model}/${row.status}`, row.n]),
    );
    expect(seriesOf(samples, 'kadr_generations', ['model', 'status'])).toEqual(generations);
    expect(generations['seedream-3/completed']).toBe(2);
    expect(generations['seedream-3/failed']).toBe(1);

    const ledger = await sql(
      'select reason, count(*)::int as n, sum(delta)::int as tokens from token_ledger group by 1',
    );
    expect(seriesOf(samples, 'kadr_ledger_entries', ['reason'])).toEqual(
      Object.fromEntries(ledger.map((row) => [row.reason, row.n])),
    );
    expect(seriesOf(samples, 'kadr_ledger_tokens', ['reason'])).toEqual(
      Object.fromEntries(ledger.map((row) => [row.reason, row.tokens])),
    );

    // Latency by route template, never by the address with its id.
    const routes = samples
      .filter((s) => s.name === 'kadr_http_request_duration_seconds_count')
      .map((s) => `${s.labels.method} ${s.labels.route} ${s.labels.status}`);
    expect(routes).toContain('GET /api/generations/:id 200');
    expect(routes).toContain('POST /api/create-image 200');
    expect(routes.some((route) => route.includes(ids[0] ?? 'x'))).toBe(false);

    // The provider was asked (create, and the webhook's get), and the jobs ran.
    const calls = seriesOf(samples, 'kadr_provider_call_duration_seconds_count', [
      'operation',
      'outcome',
    ]);
    expect(calls['create/ok']).toBeGreaterThanOrEqual(3);
    const runs = seriesOf(samples, 'kadr_job_runs_total', ['task', 'outcome']);
    expect(runs['submit_generation/completed']).toBeGreaterThanOrEqual(3);
    expect(runs['ingest_prediction/completed']).toBeGreaterThanOrEqual(2);

    const pool = seriesOf(samples, 'kadr_db_pool_connections', ['state']);
    expect(pool.total).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
  });

  it('counts open realtime streams', async () => {
    const { cookie } = await signInDemo(t.app);
    const controller = new AbortController();
    const res = await fetch(`${t.base}/api/realtime`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const streams = () =>
      scrape().then((samples) => seriesOf(samples, 'kadr_realtime_streams', [])['']);
    expect(await streams()).toBe(1);
    controller.abort();
    for (let i = 0; i < 50 && (await streams()) !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await streams()).toBe(0);
  });

  it('reports what waits for the model or the store, and the provider’s pause, as the database holds them', async () => {
    const { user } = await signInDemo(t.app);
    // Written as the engine leaves them, with no job: nothing moves them during the test.
    const waiting = async (status: 'pending' | 'processing', waitingFor: 'model' | 'storage') => {
      const id = await buildGeneration(t.database, user, { status });
      await t.database.pool.query(
        `update generation_requests set jsondata = jsondata || jsonb_build_object('waiting_for', $2::text)
          where id = $1`,
        [id, waitingFor],
      );
    };
    await waiting('pending', 'model');
    await waiting('pending', 'model');
    await waiting('processing', 'storage');
    const ended = await buildGeneration(t.database, user, { status: 'failed' });
    await t.database.pool.query(
      `update generation_requests set jsondata = jsondata || '{"waiting_for":"model"}' where id = $1`,
      [ended],
    );
    await t.database.pool.query(
      `insert into provider_health (provider, failures, paused_until)
       values ('replicate', 3, now() + interval '30 seconds')
       on conflict (provider) do update set failures = 3, paused_until = excluded.paused_until`,
    );

    // A scrape reads the provider's row once for its two gauges (kept a second): the earlier
    // tests' scrapes are left behind first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const samples = await scrape();
    // Only unfinished generations wait.
    expect(seriesOf(samples, 'kadr_generations_waiting', ['for'])).toEqual({
      model: 2,
      storage: 1,
    });
    const paused = seriesOf(samples, 'kadr_provider_paused', ['provider']).replicate ?? 0;
    expect(paused).toBeGreaterThan(20);
    expect(paused).toBeLessThanOrEqual(30);
    expect(seriesOf(samples, 'kadr_provider_failures', ['provider'])).toEqual({ replicate: 3 });

    await t.database.pool.query(
      `update provider_health set paused_until = now() - interval '1 minute', failures = 0`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await scrape();
    expect(seriesOf(after, 'kadr_provider_paused', ['provider'])).toEqual({ replicate: 0 });
  });
});
