import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { expectMoneyInvariants } from '../test/money.ts';
import { freePort } from '../test/ports.ts';

// The acceptance test of #4 taken literally: the real server process (API, job worker and, in demo
// mode, the Replicate emulator all in one) is killed with SIGKILL while requests are processing,
// and started again on the same database. Everything that was running must end completed, or
// failed with every token back — exactly once — and nothing may stay pending.

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const TERMINAL = new Set(['completed', 'failed']);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;

const base = () => `http://127.0.0.1:${port}`;

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base(),
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      WELCOME_TOKENS: '100',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${base()}/api/ready`).catch(() => undefined);
    if (ready?.ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within a minute: ${stderr}`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function api(cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base()}${url}`, {
    method,
    headers: {
      cookie,
      origin: base(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-crash-'));
  port = await freePort();
});

afterAll(async () => {
  if (server) await stop(server, 'SIGTERM');
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a server killed while requests are processing', () => {
  it('ends every request after a restart: completed, or failed and refunded once', async () => {
    server = await start();
    const signIn = await fetch(`${base()}/api/auth/demo`, {
      method: 'POST',
      headers: { origin: base(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', name: 'Crash Test', referral: null }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const userId = String(((await signIn.json()) as { id: string }).id);

    const prompts = ['a lighthouse #slow', 'a harbour at night #slow', 'a red kite over a hill'];
    const ids: string[] = [];
    for (const prompt of prompts) {
      const created = await api(cookie, 'POST', '/api/create-image', {
        model: 'seedream-3',
        prompt,
        translate_prompt: false,
      });
      expect(created.status).toBe(200);
      ids.push(String(created.body.request_id));
    }
    // Wait until the two slow ones run at the provider, then kill the whole process at once.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const statuses = await Promise.all(
        ids
          .slice(0, 2)
          .map(async (id) => (await api(cookie, 'GET', `/api/generations/${id}`)).body),
      );
      if (statuses.every((g) => g.status === 'processing')) break;
      if (Date.now() > deadline) throw new Error(`never processing: ${JSON.stringify(statuses)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop(server, 'SIGKILL');

    server = await start();
    const ended = new Map<string, Record<string, unknown>>();
    const until = Date.now() + 120_000;
    while (ended.size < ids.length) {
      if (Date.now() > until)
        throw new Error(`still running: ${ids.filter((id) => !ended.has(id))}`);
      for (const id of ids) {
        if (ended.has(id)) continue;
        const { body } = await api(cookie, 'GET', `/api/generations/${id}`);
        if (TERMINAL.has(String(body.status))) ended.set(id, body);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const records = ids.map(
      (id) => ended.get(id) as { status: string; cost: number; error: string },
    );
    // The slow ones were running inside the killed process's emulator: gone, so failed.
    expect(records[0]?.status).toBe('failed');
    expect(records[1]?.status).toBe('failed');
    for (const record of records) {
      if (record.status === 'failed') expect(record.error).not.toBe('');
    }
    const spent = records
      .filter((record) => record.status === 'completed')
      .reduce((sum, record) => sum + record.cost, 0);

    const me = await api(cookie, 'GET', '/api/me');
    expect(me.body.tokens).toBe(100 - spent);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const ledger = await client.query<{ sum: number; refunds: number; debits: number }>(
        `select coalesce(sum(delta), 0)::int as sum,
                count(*) filter (where reason = 'generation_refund')::int as refunds,
                count(*) filter (where reason = 'generation_debit')::int as debits
           from token_ledger where user_id = $1`,
        [userId],
      );
      expect(ledger.rows[0]).toEqual({
        sum: 100 - spent,
        refunds: records.filter((record) => record.status === 'failed').length,
        debits: ids.length,
      });
      const open = await client.query(
        `select id from generation_requests where status in ('pending', 'processing')`,
      );
      expect(open.rows).toEqual([]);
      await expectMoneyInvariants(client);
    } finally {
      await client.end();
    }
  }, 180_000);
});
