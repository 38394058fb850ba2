import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { predictionsByRequest } from '../test/emulator.ts';
import { expectMoneyInvariants, generationOutcomes } from '../test/money.ts';
import { createFleet, type Node, signInOnNode } from '../test/nodes.ts';
import { freePort } from '../test/ports.ts';
import { parsePrometheus, seriesOf } from '../test/prometheus.ts';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';
import { openStream } from '../test/sse.ts';
import { createS3Storage } from './providers/storage/s3.storage.ts';

/**
 * Kadr scaled out, as separate OS processes: two API nodes and one worker on one PostgreSQL and one
 * S3 bucket (s3rver). The public address is API 1's (in production, the load balancer's): the
 * demo's Replicate stand-in lives there and its webhooks arrive there. A person's stream on one node
 * hears what happens on the other and in the worker; files and sessions work on either node.
 */

const ORIGIN = 'http://localhost:3000';
const TERMINAL = new Set(['completed', 'failed']);
const METRICS_TOKEN = 'fleet-metrics-token-0123456789';
let workerMetricsPort = 0;
let port2 = 0;

let s3: LocalS3;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let fleet: Awaited<ReturnType<typeof createFleet>>;
let api1: Node;
let api2: Node;
let worker: Node;

beforeAll(async () => {
  s3 = await startLocalS3('kadr-fleet');
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const port1 = await freePort();
  port2 = await freePort();
  fleet = await createFleet({
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${port1}`,
    ALLOWED_ORIGINS: ORIGIN,
    ...s3.env,
    // Long enough that twenty generations are still running when the worker is killed.
    EMULATOR_LATENCY_MS: '2500',
    WELCOME_TOKENS: '100',
    MAX_RUNNING_GENERATIONS: '0',
    RATE_LIMITS: 'false',
    METRICS_TOKEN: METRICS_TOKEN,
    // A stopping API node says 503 on /api/ready for a second before it stops listening.
    SHUTDOWN_DRAIN_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: '20',
  });
  api1 = await fleet.start('api', port1);
  api2 = await fleet.start('api', port2);
  worker = await fleet.start('worker', await freePort());
}, 120_000);

afterAll(async () => {
  await fleet?.close();
  await pool?.end();
  await database?.drop();
  await s3?.close();
});

function signIn(node: Node): Promise<{ cookie: string; id: string }> {
  const email = `fleet-${Math.random().toString(36).slice(2, 10)}@example.com`;
  return signInOnNode(node, ORIGIN, { email, name: 'Fleet Person' });
}

async function create(node: Node, cookie: string, prompt: string): Promise<string> {
  const res = await fetch(`${node.base}/api/create-image`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'seedream-3', prompt, translate_prompt: false }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { request_id: string }).request_id;
}

interface GenerationEvent {
  id: string;
  status: string;
  output_files: string[];
  expand: { output_files: { url: string }[] };
}

describe('two API nodes and a worker', () => {
  it('a stream on API 1 hears every change of a generation created through API 2; files and sessions work on both', async () => {
    const person = await signIn(api1);
    // The session made on API 1 is known to API 2.
    const me = await fetch(`${api2.base}/api/me`, { headers: { cookie: person.cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(person.id);

    const stream1 = await openStream(api1.base, person.cookie);
    const stream2 = await openStream(api2.base, person.cookie);
    await stream1.waitFor((e) => e.event === 'user');
    await stream2.waitFor((e) => e.event === 'user');

    const id = await create(api2, person.cookie, 'a lighthouse at dusk');
    const done = (
      await stream1.waitFor(
        (e) =>
          e.event === 'generation' &&
          (e.data as GenerationEvent).id === id &&
          TERMINAL.has((e.data as GenerationEvent).status),
        30_000,
      )
    ).data as GenerationEvent;
    expect(done.status).toBe('completed');
    // Every status it went through reached API 1's stream, in order, and the balance moved there too.
    const seen = stream1.events
      .filter((e) => e.event === 'generation' && (e.data as GenerationEvent).id === id)
      .map((e) => (e.data as GenerationEvent).status)
      .filter((status, i, all) => status !== all[i - 1]);
    expect(seen).toEqual(['pending', 'processing', 'completed']);
    await stream1.waitFor((e) => e.event === 'user' && (e.data as { tokens: number }).tokens < 100);

    // The output is in the bucket, and either node serves it.
    const url = done.expand.output_files[0]?.url ?? '';
    const { rows } = await pool.query<{ storage_key: string }>(
      'select storage_key from files where id = $1',
      [done.output_files[0]],
    );
    const stored = await createS3Storage(s3.settings).read(rows[0]?.storage_key ?? '');
    for (const node of [api1, api2]) {
      const res = await fetch(new URL(url, node.base), { headers: { cookie: person.cookie } });
      expect(res.status, node.base).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
    }

    // Signing out on API 2 ends the session's streams on both nodes, and API 1 no longer knows it.
    const logout = await fetch(`${api2.base}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: person.cookie, origin: ORIGIN },
    });
    expect(logout.status).toBeLessThan(300);
    const within = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms, 'timeout'));
    expect(await Promise.race([stream1.ended.then(() => 'ended'), within(3000)])).toBe('ended');
    expect(await Promise.race([stream2.ended.then(() => 'ended'), within(3000)])).toBe('ended');
    expect(
      (await fetch(`${api1.base}/api/me`, { headers: { cookie: person.cookie } })).status,
    ).toBe(401);
    await expectMoneyInvariants(pool);
  }, 60_000);

  it('a worker killed (SIGKILL) in the middle of 20 running generations: another one ends them all, each charged once, one prediction each', async () => {
    const person = await signIn(api2);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await create(i % 2 ? api1 : api2, person.cookie, `a paper boat ${i}`));
    }
    // Kill the worker once most of them are with the provider, none finished.
    const running = async () => {
      const { rows } = await pool.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from generation_requests
          where id = any($1::uuid[]) group by status`,
        [ids],
      );
      return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
    };
    const deadline = Date.now() + 20_000;
    while (((await running()).processing ?? 0) < 10) {
      if (Date.now() > deadline)
        throw new Error(`never 10 running: ${JSON.stringify(await running())}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const atKill = await running();
    expect(atKill.completed ?? 0).toBe(0);
    expect(await worker.stop('SIGKILL')).toBe('SIGKILL');
    worker = await fleet.start('worker', await freePort());

    // And again while outputs are being saved: some done, the rest being fetched, probed and
    // stored. What the dead worker held stays locked to it; the reconcile job picks it up.
    const saving = Date.now() + 30_000;
    for (;;) {
      const now = await running();
      if ((now.completed ?? 0) >= 1 && (now.completed ?? 0) + (now.failed ?? 0) < ids.length) break;
      if (Date.now() > saving) throw new Error(`never caught saving: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await worker.stop('SIGKILL')).toBe('SIGKILL');
    workerMetricsPort = await freePort();
    worker = await fleet.start('worker', await freePort(), {
      METRICS_PORT: String(workerMetricsPort),
    });
    const end = Date.now() + 120_000;
    for (;;) {
      const now = await running();
      if ((now.completed ?? 0) + (now.failed ?? 0) === ids.length) break;
      if (Date.now() > end) throw new Error(`still open: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const rows = await generationOutcomes(pool, ids);
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row.debits, row.id).toBe(1);
      expect(row.refunds, row.id).toBe(row.status === 'failed' ? 1 : 0);
    }
    // The provider (API 1's stand-in) was asked once per generation.
    const { replicateToken } = JSON.parse(
      await readFile(path.join(api1.dataDir, 'secrets.json'), 'utf8'),
    ) as { replicateToken: string };
    const asked = await predictionsByRequest(`${api1.base}/emulators/replicate/v1`, replicateToken);
    for (const id of ids) expect(asked.get(id), id).toBe(1);
    await expectMoneyInvariants(pool);
  }, 180_000);

  it('a scrape of /metrics on either node matches the database; the worker has its own port', async () => {
    const sql = async (query: string) => (await pool.query(query)).rows;
    const generations = Object.fromEntries(
      (
        await sql('select model, status, count(*)::int as n from generation_requests group by 1, 2')
      ).map((row) => [`${row.model}/${row.status}`, row.n]),
    );
    const ledger = Object.fromEntries(
      (await sql('select reason, sum(delta)::int as tokens from token_ledger group by 1')).map(
        (row) => [row.reason, row.tokens],
      ),
    );
    expect(generations['seedream-3/completed']).toBeGreaterThanOrEqual(1);
    for (const node of [api1, api2]) {
      const res = await fetch(`${node.base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      const samples = parsePrometheus(await res.text());
      expect(seriesOf(samples, 'kadr_generations', ['model', 'status'])).toEqual(generations);
      expect(seriesOf(samples, 'kadr_ledger_tokens', ['reason'])).toEqual(ledger);
      expect(seriesOf(samples, 'kadr_jobs', ['task', 'state'])).not.toHaveProperty(
        'submit_generation/waiting',
      );
    }
    // Webhooks arrive at API 1 (the public address); API 2 took creates.
    const api1Samples = parsePrometheus(
      await (
        await fetch(`${api1.base}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).text(),
    );
    const routes = seriesOf(
      api1Samples,
      'kadr_http_request_duration_seconds_count',
      ['method', 'route', 'status'],
      ' ',
    );
    const webhooks = Object.entries(routes)
      .filter(([key]) => /^POST \/api\/webhooks\/replicate 2\d\d$/.test(key))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(webhooks).toBeGreaterThanOrEqual(20);
    // The worker answers on its internal port without a token, counting the jobs it ran.
    const workerSamples = parsePrometheus(
      await (await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`)).text(),
    );
    const runs = seriesOf(workerSamples, 'kadr_job_runs_total', ['task', 'outcome']);
    expect(runs['ingest_prediction/completed']).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${api1.base}/metrics`)).status).toBe(404);
  });

  it('a rolling restart of API 2 under load loses no request and no generation', async () => {
    const person = await signIn(api1);
    // The load balancer of the test: round robin over the nodes whose /api/ready says 200, and a
    // request refused at connect (nothing reached the node) goes to the other node — as nginx's
    // proxy_next_upstream does. Creates carry an Idempotency-Key, so even a retried one counts once.
    const up = new Map<Node, boolean>([
      [api1, true],
      [api2, true],
    ]);
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const node of [api1, api2]) {
          const ready = await fetch(`${node.base}/api/ready`).catch(() => undefined);
          up.set(node, ready?.status === 200);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    let turn = 0;
    const send = async (route: string, init: RequestInit): Promise<Response> => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const healthy = [api1, api2].filter((node) => up.get(node));
        const node = healthy[turn++ % Math.max(healthy.length, 1)] ?? api1;
        try {
          return await fetch(`${node.base}${route}`, init);
        } catch {
          up.set(node, false);
        }
      }
      throw new Error(`${route}: no node took it`);
    };

    const answers: number[] = [];
    const created: string[] = [];
    let sending = true;
    const load = (async () => {
      for (let n = 0; sending; n++) {
        const res =
          n % 10 === 0
            ? await send('/api/create-image', {
                method: 'POST',
                headers: {
                  cookie: person.cookie,
                  origin: ORIGIN,
                  'content-type': 'application/json',
                  'idempotency-key': `rolling-${n}`,
                },
                body: JSON.stringify({
                  model: 'seedream-3',
                  prompt: `a windmill ${n}`,
                  translate_prompt: false,
                }),
              })
            : await send('/api/me', { headers: { cookie: person.cookie } });
        answers.push(res.status);
        if (n % 10 === 0 && res.ok)
          created.push(((await res.json()) as { request_id: string }).request_id);
        else await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();

    // A stream on API 2 is told to come back (elsewhere) when the node stops.
    const stream = await openStream(api2.base, person.cookie);
    await stream.waitFor((e) => e.event === 'user');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const stopping = Date.now();
    const code = await api2.stop('SIGTERM');
    const took = Date.now() - stopping;
    expect(code).toBe(0);
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(20_000);
    await stream.ended;
    expect(stream.retries.at(-1)).toBe(1000);
    expect(stream.events.at(-1)).toEqual({ event: 'closed', data: { reason: 'restarting' } });

    await new Promise((resolve) => setTimeout(resolve, 500));
    api2 = await fleet.start('api', port2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    sending = false;
    await load;
    polling = false;
    await poller;

    // Every request was answered, and answered well.
    expect(answers.length).toBeGreaterThan(50);
    expect(created.length).toBeGreaterThan(5);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    // Every create is one generation, and each ends once, charged once.
    const { rows } = await pool.query<{ id: string }>(
      'select id from generation_requests where user_id = $1',
      [person.id],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...new Set(created)].sort());
    const deadline = Date.now() + 30_000;
    for (;;) {
      const open = await pool.query<{ n: number }>(
        `select count(*)::int as n from generation_requests
          where user_id = $1 and status in ('pending', 'processing')`,
        [person.id],
      );
      if (open.rows[0]?.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.rows[0]?.n} generations never ended`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const debits = await pool.query<{ n: number }>(
      `select count(*)::int as n from token_ledger l join generation_requests g on g.id = l.generation_id
        where g.user_id = $1 and l.reason = 'generation_debit'`,
      [person.id],
    );
    expect(debits.rows[0]?.n).toBe(rows.length);
    await expectMoneyInvariants(pool);
  }, 90_000);
});
