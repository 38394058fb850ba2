// The server's own time per finishing-tool request (ADR 038), measured in a process of its own with
// --expose-gc: the real application (every plugin, the route, the generation service, the
// catalogue, PostgreSQL with fsync on, the engine's submit and ingest, disk storage, sharp) with the
// model provider replaced by an instant stand-in, so no model's or emulator's time is counted.
//
// (a) create → provider call: `POST /api/create-image` for a tool on a 2 MP upload (the session,
//     validation, the source's size from its file, the tool's checks, pricing, kadr_create_generations)
//     then the `submit_generation` job's function up to the moment it calls the provider. The job's
//     pickup by a worker is measured by `job-pickup`, not here.
// (b) provider output → stored file and preview: the `ingest_prediction` job's function for a
//     succeeded prediction whose output is a 2 MP PNG with alpha, served over HTTP from this
//     process: download (streamed to storage), probe, preview (WebP, alpha kept), the files' rows and
//     the completed status committed.
//
// Requests run one after another (each one's own time, not a queue's), after a warm-up. Memory:
// RSS and heap before and after each request (heap after a full collection), and the RSS peak over
// the run above its start. Answers `{ type: 'run' }` over the IPC channel with every figure.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  buildApp,
  createContainer,
  openDatabase,
  repoRoot,
  runMigrations,
  startEmbeddedPostgres,
} from '@kadr/server';
import { benchConfig, silentLogger } from './node.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const requests = Number(process.env.BENCH_TOOL_REQUESTS ?? 60);
const warmup = 8;

/** A PNG (8-bit RGBA) of `width` × `height`, each pixel from `pixel(x, y)`: no image library. */
function png(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 2 MP, as the issue asks: 1732 × 1155. */
const size = { width: 1732, height: 1155 };
const inDisc = (x: number, y: number, r: number) =>
  (x - size.width / 2) ** 2 + (y - size.height / 2) ** 2 < r * r;
// The provider's output, served from here: a 2 MP PNG with an alpha channel, a noisy gradient disc
// on transparency, as a background removal returns it (noise, so it compresses like a photo).
const output = png(size.width, size.height, (x, y) =>
  inDisc(x, y, 520)
    ? [(x * 255) / size.width, (y * 255) / size.height, (x * y) % 251, 255].map((v, i) =>
        i < 3 ? Math.min(255, v + ((x * 7 + y * 13) % 17)) : v,
      )
    : [0, 0, 0, 0],
);
const outputSize = size;
const files = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': output.length });
  response.end(output);
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const filesAddress = files.address();
const filesPort = typeof filesAddress === 'object' && filesAddress ? filesAddress.port : 0;

// Demo-mode settings (no Replicate token), so outputs may come from this process's own address
// (the emulator's delivery host is the public address); the provider itself is the stand-in below.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-bench-tools-'));
const webDir = path.join(dataDir, 'web');
await mkdir(path.join(webDir, 'assets'), { recursive: true });
await writeFile(path.join(webDir, 'index.html'), '<title>bench</title>');
await writeFile(path.join(webDir, '__spa-fallback.html'), '<title>bench</title>');
const config = benchConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: `http://127.0.0.1:${filesPort}`,
  ALLOWED_ORIGINS: `http://127.0.0.1:${filesPort}`,
  REPLICATE_API_TOKEN: '',
  DATA_DIR: dataDir,
  WEB_DIR: webDir,
  RATE_LIMITS: 'false',
  MAX_RUNNING_GENERATIONS: '0',
});

const pgDir = path.join(repoRoot, '.tmp', 'bench-pg');
await rm(pgDir, { recursive: true, force: true });
const pg = await startEmbeddedPostgres({
  dir: pgDir,
  port: Number(process.env.BENCH_PG_PORT ?? 54_390),
  database: 'kadr',
});
const database = openDatabase(pg.url, { max: 10, onError: () => {} });
await runMigrations(database.pool);

/** When the stand-in provider was called for each request (its webhook names the request). */
const providerCalls = new Map<string, bigint>();
const container = createContainer(config, database, silentLogger, {
  provider: {
    async create(request) {
      const id = new URL(request.webhook ?? 'http://x').searchParams.get('request') ?? '';
      providerCalls.set(id, process.hrtime.bigint());
      return { id: `bench-${randomUUID()}`, status: 'starting', output: null, error: null };
    },
    get: async () => undefined,
    cancel: async () => undefined,
    findByWebhook: async () => undefined,
  },
  translator: { toEnglish: async (text) => text },
});
const app = await buildApp({ container, logger: false });
await app.ready();

const { user } = await container.accounts.signIn(
  {
    provider: 'bench',
    subject: 'tools',
    email: 'tools@bench.local',
    emailVerified: false,
    name: 'tools',
    avatar: null,
  },
  null,
);
await database.pool.query(
  `with e as (insert into token_ledger (user_id, delta, reason) values ($1, 1000000, 'adjustment'))
   update users set tokens = tokens + 1000000 where id = $1`,
  [user.id],
);
const cookie = `kadr_session=${(await container.sessions.issue(user.id, {})).token}`;

/** A 2 MP upload of this person's, as the upload route stores it (re-encoded by sharp). */
async function upload(pixel: (x: number, y: number) => number[]): Promise<string> {
  const stored = await container.uploads.storeImage(user.id, png(size.width, size.height, pixel));
  if (stored.outcome !== 'stored') throw new Error(`upload: ${stored.outcome}`);
  const name = stored.file.storageKey.split('/').pop() ?? '';
  return container.fileUrls.absolute(stored.file.id, name);
}
const picture = await upload((x, y) =>
  inDisc(x, y, 400) ? [32, 48, 96, 255] : [208, 208, 208, 255],
);
const mask = await upload((x, y) =>
  x > 600 && x < 1100 && y > 400 && y < 750 ? [255, 255, 255, 255] : [0, 0, 0, 255],
);

const tools: Record<string, Record<string, unknown>> = {
  upscale: { model: 'upscale', image: picture, scale: 2 },
  'remove-background': { model: 'remove-background', image: picture },
  'replace-background': { model: 'replace-background', image: picture, prompt: 'a quiet beach' },
  expand: { model: 'expand', image: picture, aspect_ratio: '16:9', position_x: 30 },
  inpaint: { model: 'inpaint', image: picture, mask, prompt: 'a yellow flower' },
};

const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
const memory = () => {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};
const settled = () => {
  gc?.();
  return memory();
};

/** (a) for one tool's body: the create's answer, then the submit job's function to the call. */
async function createToProvider(body: Record<string, unknown>) {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-image',
    headers: { cookie, origin: config.publicUrl },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { request_id: string }).request_id;
  await container.engine.submit(id, { number: 1, max: 5 });
  const called = providerCalls.get(id);
  if (called === undefined) throw new Error(`the provider was not called for ${id}`);
  const row = await container.repositories.generations.findById(id);
  return { ms: ms(started, called), id, predictionId: row?.replicateId ?? '' };
}

/** (b) for one submitted request: the ingest job's function for its succeeded prediction. */
async function outputToStored(request: { id: string; predictionId: string }) {
  const started = process.hrtime.bigint();
  await container.engine.ingest(
    { requestId: request.id, predictionId: request.predictionId },
    {
      id: request.predictionId,
      status: 'succeeded',
      output: [`${config.publicUrl}/out/${request.id}.png`],
      error: null,
    },
  );
  const took = ms(started, process.hrtime.bigint());
  const row = await container.repositories.generations.findById(request.id);
  if (row?.status !== 'completed') throw new Error(`ingest left ${request.id} ${row?.status}`);
  return took;
}

type Sample = { ms: number; rss: number; heap: number };
async function measure<T>(
  count: number,
  one: (i: number) => Promise<{ ms: number; value: T }>,
): Promise<{ samples: Sample[]; values: T[]; rssPeakGrowth: number }> {
  for (let i = 0; i < warmup; i++) await one(-1 - i);
  const start = settled();
  let rssPeak = start.rss;
  const samples: Sample[] = [];
  const values: T[] = [];
  for (let i = 0; i < count; i++) {
    const before = settled();
    const { ms: took, value } = await one(i);
    rssPeak = Math.max(rssPeak, memory().rss);
    const after = settled();
    samples.push({ ms: took, rss: after.rss - before.rss, heap: after.heapUsed - before.heapUsed });
    values.push(value);
  }
  return { samples, values, rssPeakGrowth: rssPeak - start.rss };
}

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'run') return;
  void (async () => {
    const results: Record<string, unknown> = { type: 'run', requests, collected: gc !== undefined };
    const submitted: { id: string; predictionId: string }[] = [];
    const create: Record<string, unknown> = {};
    for (const [tool, body] of Object.entries(tools)) {
      const run = await measure(requests, async () => {
        const made = await createToProvider(body);
        return { ms: made.ms, value: made };
      });
      create[tool] = run;
      submitted.push(...run.values);
    }
    results.create = create;
    // Each ingest takes a request submitted above (its own prediction), first the warm-up's.
    let next = 0;
    const spare = async () => {
      const made = submitted[next++] ?? (await createToProvider(tools.upscale ?? {}));
      return made;
    };
    const ingest = await measure(requests, async () => {
      const request = await spare();
      return { ms: await outputToStored(request), value: null };
    });
    results.ingest = { ...ingest, values: undefined, outputSize, outputBytes: output.length };
    process.send?.(results);
  })().catch((error: unknown) => {
    process.send?.({ type: 'run', error: String(error) });
  });
});

process.stdout.write(`${JSON.stringify({ port: filesPort })}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await pg.stop();
    files.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
