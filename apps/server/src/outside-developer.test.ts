import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeveloperExampleId,
  developerExamples,
} from '../../web/app/features/landing/developer-examples.ts';
import { createTestDatabase } from '../test/database.ts';
import { expectMoneyInvariants } from '../test/money.ts';
import { createFleet, type Node, signInOnNode } from '../test/nodes.ts';
import { createOutsideProject, type OutsideProject } from '../test/outside-project.ts';
import { freePort } from '../test/ports.ts';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';
import { repoRoot } from './config.ts';

/**
 * Kadr's API tried as an outside developer tries it (issue #37's first acceptance point): a separate
 * Node project that installed only the packed `@kadr/client`, against Kadr in demo mode as separate
 * processes — two API nodes and a worker on one PostgreSQL and one S3 bucket. And the developers'
 * page's examples, run exactly as the page shows them (developer-examples.ts makes both): the shell
 * ones with the real curl, the TypeScript ones with Node in that project.
 */

const run = promisify(execFile);
const ORIGIN = 'http://localhost:3000';

let s3: LocalS3;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let fleet: Awaited<ReturnType<typeof createFleet>>;
let api1: Node;
let api2: Node;
let project: OutsideProject;

beforeAll(async () => {
  const [bucket, db, outside] = await Promise.all([
    startLocalS3('kadr-outside'),
    createTestDatabase(),
    createOutsideProject(),
  ]);
  s3 = bucket;
  database = db;
  project = outside;
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const port1 = await freePort();
  fleet = await createFleet({
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${port1}`,
    ALLOWED_ORIGINS: ORIGIN,
    ...s3.env,
    EMULATOR_LATENCY_MS: '300',
    WELCOME_TOKENS: '100',
    // Ten at once from one person: the running cap (a free 429) and the per-key rate limits have
    // their own tests; here they would only slow the run down.
    MAX_RUNNING_GENERATIONS: '0',
    RATE_LIMITS: 'false',
    // The receivers are on this machine (loopback), as a demo's are.
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
  });
  api1 = await fleet.start('api', port1);
  api2 = await fleet.start('api', await freePort());
  await fleet.start('worker', await freePort());
}, 180_000);

afterAll(async () => {
  await fleet?.close();
  await pool?.end();
  await database?.drop();
  await s3?.close();
  await project?.close();
});

/** A person signed in through the demo (the browser's part of acceptance is e2e's). */
async function signIn(node: Node): Promise<string> {
  const email = `outside-${Math.random().toString(36).slice(2, 10)}@example.com`;
  return (await signInOnNode(node, ORIGIN, { email, name: 'Outside Developer' })).cookie;
}

/** A key made as the profile makes it: `POST /api/keys` with the session cookie. */
async function createKey(
  node: Node,
  cookie: string,
  webhookUrl: string,
): Promise<{ id: string; secret: string; webhookSecret: string }> {
  const res = await fetch(`${node.base}/api/keys`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Outside project', webhook_url: webhookUrl }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const made = (await res.json()) as {
    key: { id: string };
    secret: string;
    webhook_secret: string;
  };
  return { id: made.key.id, secret: made.secret, webhookSecret: made.webhook_secret };
}

// The outside project's script: plain JavaScript that knows Kadr only through @kadr/client.
const acceptanceScript = `
import { createServer } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { createKadrClient, verifyWebhook } from '@kadr/client';

const { KADR_URL, KADR_URL_2, KADR_API_KEY, KADR_WEBHOOK_SECRET, RECEIVER_PORT } = process.env;
const nodes = [KADR_URL, KADR_URL_2].map((baseUrl) =>
  createKadrClient({ apiKey: KADR_API_KEY, baseUrl, language: 'en' }),
);
const kadr = nodes[0];

// The receiver: every message verified with the key's signing secret, kept once per webhook-id.
const webhooks = new Map();
let refused = 0;
const receiver = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    const message = await verifyWebhook(KADR_WEBHOOK_SECRET, req.headers, Buffer.concat(chunks));
    webhooks.set(req.headers['webhook-id'], message);
    res.writeHead(204).end();
  } catch {
    refused += 1;
    res.writeHead(400).end();
  }
});
await new Promise((resolve) => receiver.listen(Number(RECEIVER_PORT), '127.0.0.1', resolve));

const model = (await kadr.listModels()).find(
  (entry) => entry.kind === 'model' && entry.type === 'image' && entry.available,
);
const prompt = 'a lighthouse on a cliff at dawn';
const estimate = await kadr.estimate({ model: model.id, prompt });
const before = (await kadr.getBalance()).tokens;

// Ten generations, through both nodes, each with an idempotency key of its own…
const body = (i) => ({ model: model.id, prompt: prompt + ', take ' + i, translate_prompt: false });
const created = [];
for (let i = 0; i < 10; i++) {
  created.push(await nodes[i % 2].createGeneration(body(i), { idempotencyKey: 'acceptance-' + i }));
}
// …and one of them again, as a retry after a timeout would: the same generation, charged once.
const repeated = await nodes[1].createGeneration(body(3), { idempotencyKey: 'acceptance-3' });
const afterCreates = (await kadr.getBalance()).tokens;

const done = await Promise.all(
  created.map((g) => kadr.waitForGeneration(g.id, { intervalMs: 200, timeoutMs: 60000 })),
);

const ended = () => new Set([...webhooks.values()].map((message) => message.data.id)).size;
for (const deadline = Date.now() + 30000; ended() < created.length && Date.now() < deadline; ) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}

await mkdir('outputs', { recursive: true });
const downloads = [];
for (const generation of done) {
  for (const output of generation.outputs) {
    const file = await nodes[downloads.length % 2].downloadOutput(generation.id, output.index);
    await writeFile('outputs/' + file.filename, file.bytes);
    downloads.push({ id: generation.id, filename: file.filename, bytes: file.bytes.byteLength });
  }
}

const balance = (await kadr.getBalance()).tokens;
const statement = [];
for (let cursor = null; ; ) {
  const page = await kadr.getStatement(cursor ? { limit: 100, cursor } : { limit: 100 });
  statement.push(...page.items);
  if (!page.next_cursor) break;
  cursor = page.next_cursor;
}
receiver.close();

console.log(JSON.stringify({
  estimate: estimate.cost,
  before,
  afterCreates,
  created: created.map((g) => g.id),
  repeated: repeated.id,
  statuses: done.map((g) => g.status),
  webhooks: [...webhooks.values()].map((m) => ({ type: m.type, id: m.data.id, status: m.data.status })),
  refused,
  downloads,
  balance,
  statement: statement.map((e) => ({ reason: e.reason, delta: e.delta, generation: e.generation_id, after: e.balance_after })),
}));
`;

interface AcceptanceSummary {
  estimate: number;
  before: number;
  afterCreates: number;
  created: string[];
  repeated: string;
  statuses: string[];
  webhooks: { type: string; id: string; status: string }[];
  refused: number;
  downloads: { id: string; filename: string; bytes: number }[];
  balance: number;
  statement: { reason: string; delta: number; generation: string | null; after: number }[];
}

const v1Status = async (node: Node, secret: string) =>
  (await fetch(`${node.base}/api/v1/balance`, { headers: { authorization: `Bearer ${secret}` } }))
    .status;

describe('an outside developer with the packed @kadr/client', () => {
  it('creates ten generations (one repeated), gets their signed webhooks, downloads them, reads balance and statement; a revoked key is 401 on every node at once (the other node at its notification)', async () => {
    const cookie = await signIn(api1);
    const receiverPort = await freePort();
    const key = await createKey(api1, cookie, `http://127.0.0.1:${receiverPort}/kadr-webhooks`);
    await writeFile(path.join(project.dir, 'acceptance.mjs'), acceptanceScript);

    const { stdout } = await project.node('acceptance.mjs', {
      KADR_URL: api1.base,
      KADR_URL_2: api2.base,
      KADR_API_KEY: key.secret,
      KADR_WEBHOOK_SECRET: key.webhookSecret,
      RECEIVER_PORT: String(receiverPort),
    });
    const run = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as AcceptanceSummary;

    // Ten generations, the repeat answered with the same one, charged once each.
    expect(new Set(run.created).size).toBe(10);
    expect(run.repeated).toBe(run.created[3]);
    expect(run.estimate).toBeGreaterThan(0);
    expect(run.before - run.afterCreates).toBe(10 * run.estimate);
    expect(run.statuses).toEqual(Array(10).fill('completed'));

    // Each ending arrived once, signed, verified by the client's verifyWebhook; none refused.
    expect(run.refused).toBe(0);
    expect(run.webhooks.map((message) => message.id).sort()).toEqual([...run.created].sort());
    expect(new Set(run.webhooks.map((m) => `${m.type} ${m.status}`))).toEqual(
      new Set(['generation.completed completed']),
    );

    // Every output is in the project's folder under the name Kadr gave it.
    expect(new Set(run.downloads.map((download) => download.id)).size).toBe(10);
    for (const download of run.downloads) {
      const file = await stat(path.join(project.dir, 'outputs', download.filename));
      expect(file.size).toBe(download.bytes);
      expect(file.size).toBeGreaterThan(100);
    }

    // The balance is the statement's sum (the welcome credit and ten debits), and the ledger's.
    expect(run.balance).toBe(run.afterCreates);
    expect(run.statement.reduce((sum, entry) => sum + entry.delta, 0)).toBe(run.balance);
    expect(run.statement[0]?.after).toBe(run.balance);
    for (const id of run.created) {
      expect(
        run.statement.filter((e) => e.generation === id && e.reason === 'generation_debit'),
      ).toEqual([expect.objectContaining({ delta: -run.estimate })]);
    }
    await expectMoneyInvariants(pool);

    // Revoked in the profile (through one node): at once, neither node takes the key.
    expect([await v1Status(api1, key.secret), await v1Status(api2, key.secret)]).toEqual([
      200, 200,
    ]);
    const revoked = await fetch(`${api2.base}/api/keys/${key.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: ORIGIN },
    });
    expect(revoked.status).toBe(200);
    // The node that revoked forgot the key before answering; the other forgets it when the
    // revocation's notification arrives, at commit: milliseconds, though a loaded machine was seen
    // to answer one request in between. One second is far inside the 10 s a cached key would live
    // without the notification.
    expect(await v1Status(api2, key.secret)).toBe(401);
    await expect.poll(() => v1Status(api1, key.secret), { timeout: 1_000, interval: 20 }).toBe(401);
    expect(await v1Status(api2, key.secret)).toBe(401);
  });
});

/** Runs a shell example exactly as the page prints it. */
async function shell(code: string, cwd: string, env: Record<string, string>) {
  const { stdout } = await run('sh', ['-c', code], { cwd, env: { ...process.env, ...env } });
  return stdout;
}

const hasCurl = existsSync('/usr/bin/curl') || existsSync('/bin/curl');
const withCurl = it.skipIf(!hasCurl); // skipped only where no curl binary is installed to run them

describe('the developers’ page’s examples, as written', () => {
  withCurl(
    'the curl examples estimate, create once per Idempotency-Key, read, download and read the balance and statement',
    async () => {
      const cookie = await signIn(api2);
      const key = await createKey(api2, cookie, 'http://127.0.0.1:9/unused');
      const examples = developerExamples({ origin: api1.base, receiverPort: 0 });
      const env = { KADR_API_KEY: key.secret };
      const code = (id: DeveloperExampleId) => examples[id].code;
      const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

      const estimate = json(await shell(code('curlEstimate'), project.dir, env));
      expect(estimate).toMatchObject({ cost: expect.any(Number), balance: 100 });
      const created = json(await shell(code('curlCreate'), project.dir, env));
      expect(created).toMatchObject({ status: 'pending', cost: estimate.cost });
      const again = json(await shell(code('curlCreate'), project.dir, env));
      expect(again.id).toBe(created.id);

      const withId = { ...env, GENERATION_ID: String(created.id) };
      await expect
        .poll(async () => json(await shell(code('curlRead'), project.dir, withId)).status, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe('completed');
      const read = json(await shell(code('curlRead'), project.dir, withId)) as {
        outputs: { mime: string }[];
      };
      const downloads = path.join(project.dir, 'curl-downloads');
      await mkdir(downloads, { recursive: true });
      await shell(code('curlDownload'), downloads, withId);
      const [file] = await readdir(downloads);
      expect(file).toMatch(/\.\w+$/);
      expect((await stat(path.join(downloads, file ?? ''))).size).toBeGreaterThan(100);
      expect(read.outputs[0]?.mime).toMatch(/^image\//);

      const [balance, statement] = (await shell(code('curlBalance'), project.dir, env))
        .trim()
        .split('\n')
        .map(json);
      expect(balance).toMatchObject({ tokens: 100 - Number(estimate.cost) });
      expect((statement as { items: unknown[] }).items).toHaveLength(2);
      await expectMoneyInvariants(pool);
    },
  );

  it('the TypeScript examples type-check against the published client, run, and the receiver verifies the webhook', async () => {
    const cookie = await signIn(api1);
    const receiverPort = await freePort();
    const key = await createKey(api1, cookie, `http://127.0.0.1:${receiverPort}/`);
    const examples = developerExamples({ origin: api2.base, receiverPort });
    await writeFile(path.join(project.dir, 'quick-start.ts'), examples.typescriptQuickStart.code);
    await writeFile(path.join(project.dir, 'webhook.ts'), examples.typescriptWebhook.code);

    // As an editor would check them: strict TypeScript against the tarball's declarations.
    await run(
      path.join(repoRoot, 'node_modules/.bin/tsc'),
      [
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        '--types',
        'node',
        '--typeRoots',
        path.join(repoRoot, 'node_modules/@types'),
        'quick-start.ts',
        'webhook.ts',
      ],
      { cwd: project.dir },
    );

    const receiver = spawn(process.execPath, ['webhook.ts'], {
      cwd: project.dir,
      env: { ...process.env, KADR_WEBHOOK_SECRET: key.webhookSecret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    receiver.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    try {
      // The receiver is a process of its own: on a loaded machine it listens after a few seconds.
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${receiverPort}/`).then(
              (res) => res.status,
              () => 0,
            ),
          { timeout: 20_000 },
        )
        .toBe(400);

      const { stdout } = await project.node('quick-start.ts', { KADR_API_KEY: key.secret });
      const saved = /Saved (\S+)/.exec(stdout)?.[1] ?? '';
      expect(stdout).toMatch(/^Costs \d+ of 100 tokens$/m);
      expect((await stat(path.join(project.dir, saved))).size).toBeGreaterThan(100);

      const listed = (await (
        await fetch(`${api1.base}/api/v1/generations?limit=1`, {
          headers: { authorization: `Bearer ${key.secret}` },
        })
      ).json()) as { items: { id: string }[] };
      const id = listed.items[0]?.id;
      await expect
        .poll(() => printed, { timeout: 20_000 })
        .toContain(`generation.completed ${id} completed`);
    } finally {
      receiver.kill('SIGTERM');
    }
    await expectMoneyInvariants(pool);
  });
});
