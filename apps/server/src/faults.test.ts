import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { problemTypes } from '@kadr/contract';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { predictionsByRequest } from '../test/emulator.ts';
import {
  type Answer,
  alarmingLines,
  type Call,
  describeAnswer,
  exitedProcess,
  type Language,
  logLines,
  logSummary,
  type Person,
  problemOf,
  refusedDuring,
  replicateOn,
  servedAgain,
  sleep,
  startLoad,
  waitFor as waitUntil,
} from '../test/faults.ts';
import { expectMoneyInvariants, generationOutcomes } from '../test/money.ts';
import { createFleet, type Node, signInOnNode } from '../test/nodes.ts';
import { freePort } from '../test/ports.ts';
import { type OwnPostgres, startOwnPostgres } from '../test/postgres.ts';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';

/**
 * The fault suite (issue #38): Kadr as real processes — an API node (with the demo's Replicate
 * emulator) and a worker, in demo mode — on a PostgreSQL and an S3 of this file's own, while a few
 * people use it. Each of the three parts is taken away for some seconds under that load and brought
 * back: PostgreSQL stopped for real, the S3 server stopped, the model provider answering 503 and
 * then 429. During each, no answer is a 500 and each refusal is an honest 503 (problem+json,
 * Retry-After, in the person's language); afterwards nothing is lost, every generation settles,
 * nothing is charged twice, and every balance is the sum of its ledger. No process exits and none
 * logs at error or fatal.
 */

const ORIGIN = 'http://localhost:3000';
/** The emulator's time for an image, unless a case sets another for a while. */
const LATENCY_MS = 1000;
const MODEL = 'seedream-3';
/** Longer than the database is away (five seconds and its restart). */
const AROUND_LATENCY_MS = 10_000;

const sentences = {
  database: {
    en: 'Kadr is briefly unavailable. Nothing was changed — try again in a few seconds.',
    ru: 'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
  },
  storage: {
    en: 'The file store is briefly unavailable. Nothing was saved — try again in a few seconds.',
    ru: 'Хранилище файлов ненадолго недоступно. Ничего не сохранено — повторите через несколько секунд.',
  },
} as const;

let database: OwnPostgres;
let s3: LocalS3;
let pool: pg.Pool;
let fleet: Awaited<ReturnType<typeof createFleet>>;
let api: Node;
let worker: Node;
let replicate: Awaited<ReturnType<typeof replicateOn>>;
/** The fault's phase the load's requests are asked in: `before`, `outage`…, `after`. */
let phase = 'before';
let picture: Buffer;

beforeAll(async () => {
  // Each kept as soon as it runs, so that afterAll stops whatever started even if another failed.
  const started = await Promise.allSettled([
    startOwnPostgres().then((own) => {
      database = own;
    }),
    startLocalS3('kadr-faults').then((local) => {
      s3 = local;
    }),
  ]);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // Its idle connections end when PostgreSQL stops; the pool replaces them once it is back.
  pool.on('error', () => {});
  const port = await freePort();
  fleet = await createFleet({
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ALLOWED_ORIGINS: ORIGIN,
    ...s3.env,
    EMULATOR_LATENCY_MS: String(LATENCY_MS),
    WELCOME_TOKENS: '1000',
    MAX_RUNNING_GENERATIONS: '0',
    RATE_LIMITS: 'false',
  });
  api = await fleet.start('api', port);
  worker = await fleet.start('worker', await freePort());
  replicate = await replicateOn(api);
}, 120_000);

afterAll(async () => {
  await fleet?.close();
  await pool?.end().catch(() => {});
  await database?.close();
  await s3?.close();
});

/** Waits for a condition of the fleet; gives up at once if one of its processes has exited. */
function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: { timeoutMs: number; everyMs?: number },
): Promise<T> {
  return waitUntil(what, check, { ...options, hopeless: () => exitedProcess([api, worker]) });
}

async function signIn(label: string, language: Language): Promise<Person> {
  const email = `faults-${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { cookie, id } = await signInOnNode(api, ORIGIN, { email, name: `Fault ${label}` });
  return { label, id, email, cookie, language };
}

const headersOf = (person: Person) => ({
  cookie: person.cookie,
  origin: ORIGIN,
  'accept-language': person.language,
});

const createCall = (prompt: string): Call => ({
  what: 'create',
  method: 'POST',
  path: '/api/create-image',
  headers: {
    'content-type': 'application/json',
    'idempotency-key': `faults-${prompt.replaceAll(' ', '-')}`,
  },
  body: () => JSON.stringify({ model: MODEL, prompt, translate_prompt: false }),
});

const uploadCall = (): Call => ({
  what: 'upload',
  method: 'POST',
  path: '/api/upload-image',
  body: () => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'faults.png');
    return form;
  },
});

const reads: Call[] = [
  { what: 'me', path: '/api/me' },
  { what: 'generations', path: '/api/generations' },
];

/** Creates an image as `person` outside the load; answers its id. */
async function create(person: Person, prompt: string): Promise<string> {
  const res = await fetch(`${api.base}/api/create-image`, {
    method: 'POST',
    headers: { ...headersOf(person), 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, prompt, translate_prompt: false }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { request_id: string }).request_id;
}

interface GenerationRecord {
  id: string;
  status: string;
  jsondata: { waiting_for?: string };
  expand: { output_files: { url: string }[] };
}

async function generation(person: Person, id: string): Promise<GenerationRecord> {
  const res = await fetch(`${api.base}/api/generations/${id}`, { headers: headersOf(person) });
  if (res.status !== 200) throw new Error(`generation ${id}: ${res.status} ${await res.text()}`);
  return (await res.json()) as GenerationRecord;
}

/** Waits until the generation completed; answers the address of its first output. */
async function completedOutput(person: Person, id: string): Promise<string> {
  const done = await waitFor(
    `generation ${id} completed`,
    async () => {
      const record = await generation(person, id);
      if (record.status === 'failed') throw new Error(`generation ${id} failed`);
      return record.status === 'completed' ? record : undefined;
    },
    { timeoutMs: 30_000 },
  );
  const url = done.expand.output_files[0]?.url;
  if (!url) throw new Error(`generation ${id} has no output`);
  return url;
}

/** Watches generations through the person's own API, recording each `waiting_for` seen. */
function watchWaits(person: Person, ids: () => string[]) {
  const seen = new Map<string, Set<string>>();
  let watching = true;
  const loop = (async () => {
    while (watching) {
      for (const id of ids()) {
        const record = await generation(person, id).catch(() => undefined);
        const wait = record?.jsondata.waiting_for;
        if (wait) seen.set(id, (seen.get(id) ?? new Set()).add(wait));
      }
      await sleep(150);
    }
  })();
  return {
    seen,
    async stop() {
      watching = false;
      await loop;
      return seen;
    },
  };
}

/** The ids of the generations the load's creates were answered with. */
function createdBy(answers: Answer[]): string[] {
  return answers
    .filter((answer) => answer.what === 'create' && answer.status === 200)
    .map((answer) => (JSON.parse(answer.body) as { request_id: string }).request_id);
}

async function readiness(): Promise<{ status: number; body: { checks: Record<string, string> } }> {
  const res = await fetch(`${api.base}/api/ready`);
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
}

/** Waits (with `wait`) until `/api/ready` answers 503 naming `check` failed; answers that answer. */
function readinessFailed(check: string, wait: typeof waitFor) {
  return wait(
    `/api/ready answering 503 with the ${check} failed`,
    async () => {
      const ready = await readiness();
      return ready.status === 503 && ready.body.checks[check] === 'failed' ? ready : undefined;
    },
    { timeoutMs: 10_000 },
  );
}

/** Every generation of these ids ended: none pending or processing. */
async function settled(ids: string[], timeoutMs: number): Promise<void> {
  await waitFor(
    `${ids.length} generations settled`,
    async () => {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from generation_requests
          where id = any($1::uuid[]) and status in ('pending', 'processing')`,
        [ids],
      );
      return rows[0]?.n === 0 ? true : undefined;
    },
    { timeoutMs, everyMs: 250 },
  );
}

/**
 * Each ended once: completed with its output, or failed with its tokens back once; charged once;
 * at most one prediction asked of the provider (exactly one for a completed one).
 */
async function expectEachSettledOnce(
  ids: string[],
): Promise<Awaited<ReturnType<typeof generationOutcomes>>> {
  const rows = await generationOutcomes(pool, ids);
  expect(rows).toHaveLength(new Set(ids).size);
  const asked = await predictionsByRequest(replicate.baseUrl, replicate.token);
  for (const row of rows) {
    expect(row.debits, row.id).toBe(1);
    expect(row.refunds, row.id).toBe(row.status === 'failed' ? 1 : 0);
    expect(['completed', 'failed'], row.id).toContain(row.status);
    if (row.status === 'completed') {
      expect(row.outputs, row.id).toBe(1);
      expect(asked.get(row.id), row.id).toBe(1);
    } else {
      expect(asked.get(row.id) ?? 0, row.id).toBeLessThanOrEqual(1);
    }
  }
  return rows;
}

/** Where each process's output was when a case began, so a case reads only what it caused. */
function logMarks() {
  // At a line's start: a line still being written belongs to the case that reads on.
  const at = (text: string) => text.lastIndexOf('\n') + 1;
  const marks = new Map(
    fleet.nodes.map((node) => [node, { out: at(node.stdout()), err: at(node.stderr()) }]),
  );
  return {
    /** Its logger's lines (stdout), then anything else it wrote (stderr) as lines of text. */
    lines: (node: Node) => [
      ...logLines(node.stdout().slice(marks.get(node)?.out ?? 0)),
      ...logLines(node.stderr().slice(marks.get(node)?.err ?? 0)).map((line) => ({
        text: `stderr: ${line.text}`,
      })),
    ],
  };
}

/** What each process logged since `marks`, kept for the reader when KADR_FAULT_LOGS names a folder. */
async function keepLogs(marks: ReturnType<typeof logMarks>, fault: string) {
  const folder = process.env.KADR_FAULT_LOGS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  for (const node of [api, worker]) {
    const lines = marks.lines(node);
    await writeFile(
      path.join(folder, `${fault}-${node.role}.txt`),
      `${logSummary(lines).join('\n')}\n\n${lines.map((line) => line.text).join('\n')}\n`,
    );
  }
}

/** No process exited, and none logged at error or fatal (or anything not its logger's). */
function expectCalmProcesses(marks: ReturnType<typeof logMarks>) {
  for (const node of [api, worker]) {
    expect(node.child.exitCode, `${node.role} exited`).toBeNull();
    expect(node.child.signalCode, `${node.role} killed`).toBeNull();
    expect(alarmingLines(marks.lines(node)), `${node.role} logged at error level`).toEqual([]);
  }
}

/**
 * Every answer was given (none refused, cut off or hung) and none was a server error but a 503. The
 * wrong ones are shown grouped: `outage GET /api/me → 500 ×12: {body}`.
 */
function expectHonestAnswers(answers: Answer[]) {
  const wrong = new Map<string, number>();
  for (const answer of answers) {
    if (answer.status !== 0 && (answer.status < 300 || answer.status === 503)) continue;
    const key = describeAnswer({ ...answer, who: answer.what });
    wrong.set(key, (wrong.get(key) ?? 0) + 1);
  }
  expect(
    [...wrong].map(([key, n]) => `${key} ×${n}`),
    'every answer is a 2xx or a 503 (no 500, no 4xx, none left unanswered)',
  ).toEqual([]);
}

/** A 503 as the plan says: problem+json of the unavailable type, Retry-After, the person's words. */
function expectUnavailable(answer: Answer, part: keyof typeof sentences) {
  const problem = problemOf(answer);
  expect(problem, describeAnswer(answer)).toMatchObject({
    type: problemTypes.unavailable,
    title: 'Service Unavailable',
    status: 503,
    detail: sentences[part][answer.language],
  });
  expect(answer.headers['retry-after'], describeAnswer(answer)).toMatch(/^[1-9]\d*$/);
}

describe('the database away', () => {
  it('answers 503 in the person’s language while PostgreSQL is stopped, is not ready, and serves again by itself with nothing lost', async () => {
    const marks = logMarks();
    onTestFinished(() => keepLogs(marks, 'database'));
    const [en, ru, maker] = await Promise.all([
      signIn('reader-en', 'en'),
      signIn('reader-ru', 'ru'),
      signIn('maker', 'en'),
    ]);
    const output = await completedOutput(maker, await create(maker, 'a lighthouse before'));

    // Generations at the provider when PostgreSQL stops (those made before it, and by the load
    // until it stops) finish after it is back: a result that met the outage would wait for the
    // minute's reconcile, its webhooks refused while the database was away.
    await replicate.latency(AROUND_LATENCY_MS);
    const around = [
      await create(maker, 'a harbour at night 1'),
      await create(maker, 'a harbour at night 2'),
    ];
    await waitFor(
      'the generations around the outage submitted',
      async () => {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from generation_requests
            where id = any($1::uuid[]) and replicate_id is not null`,
          [around],
        );
        return rows[0]?.n === around.length ? true : undefined;
      },
      { timeoutMs: 20_000 },
    );

    phase = 'before';
    const load = startLoad({
      base: api.base,
      origin: ORIGIN,
      phase: () => phase,
      pauseMs: 100,
      people: [
        { person: en, calls: (n) => reads[n % reads.length] },
        { person: ru, calls: (n) => reads[n % reads.length] },
        {
          person: maker,
          calls: (n) =>
            n % 4 === 0
              ? createCall(`a boat ${n}`)
              : n % 4 === 2
                ? { what: 'download', path: output }
                : reads[n % reads.length],
        },
      ],
    });
    // Whatever fails, the load ends and the database is back for the cases after this one.
    onTestFinished(async () => {
      await load.stop();
      await database.start();
      await replicate.latency(LATENCY_MS);
    });
    await sleep(800);
    // One more made just before the stop: its submission meets the outage.
    around.push(await create(maker, 'a harbour at night 3'));

    phase = 'outage';
    const stopped = Date.now();
    await database.stop();
    // What people were answered is judged first, whatever else goes wrong meanwhile (a process
    // that dies is the next assertion's business): these waits do not give up when one exits.
    const notReady = await readinessFailed('database', waitUntil);
    await waitUntil(
      'answers for each person during the outage',
      async () =>
        [en, ru, maker].every(
          (person) =>
            load.answers.filter(
              (answer) => answer.who === person.label && answer.phase === 'outage',
            ).length >= 3,
        )
          ? true
          : undefined,
      { timeoutMs: 15_000 },
    );
    // Away for at least five seconds, as the first try was.
    await sleep(Math.max(0, 5000 - (Date.now() - stopped)));

    phase = 'after';
    await database.start();
    await replicate.latency(LATENCY_MS);
    await waitUntil(
      '/api/ready answering 200 again',
      async () => ((await readiness()).status === 200 ? true : undefined),
      { timeoutMs: 15_000 },
    );
    // Served again without restarting anything: every person's reads, a create and a download.
    await waitUntil(
      'every kind of request answered 2xx after the restart',
      async () => servedAgain(load.answers, 'after', ['me', 'generations', 'create', 'download']),
      { timeoutMs: 20_000 },
    );
    const answers = await load.stop();

    expectHonestAnswers(answers);
    const refused = answers.filter((answer) => answer.status === 503);
    for (const answer of refused) expectUnavailable(answer, 'database');
    // Each person felt the outage, in their own language.
    for (const person of [en, ru, maker]) {
      expect(
        refused.filter((answer) => answer.who === person.label).length,
        person.label,
      ).toBeGreaterThan(0);
    }
    expect(notReady.body.checks.database).toBe('failed');

    const ids = [...around, ...createdBy(answers)];
    await settled(ids, 100_000);
    await expectEachSettledOnce(ids);
    await expectMoneyInvariants(pool);
    expectCalmProcesses(marks);
  }, 180_000);
});

describe('the store away', () => {
  it('refuses uploads and downloads 503 with nothing half-written, keeps finished results waiting for the store, and stores them once it is back', async () => {
    const marks = logMarks();
    onTestFinished(() => keepLogs(marks, 'storage'));
    const [en, ru, maker] = await Promise.all([
      signIn('uploader-en', 'en'),
      signIn('uploader-ru', 'ru'),
      signIn('store-maker', 'en'),
    ]);
    const output = await completedOutput(maker, await create(maker, 'a windmill before'));

    phase = 'before';
    const load = startLoad({
      base: api.base,
      origin: ORIGIN,
      phase: () => phase,
      pauseMs: 150,
      people: [
        { person: en, calls: (n) => (n % 2 === 0 ? uploadCall() : reads[0]) },
        { person: ru, calls: (n) => (n % 2 === 0 ? uploadCall() : reads[1]) },
        {
          person: maker,
          calls: (n) => (n % 2 === 0 ? { what: 'download', path: output } : reads[(n % 4) >> 1]),
        },
      ],
    });
    onTestFinished(async () => {
      await load.stop();
      await s3.start();
    });
    await sleep(600);

    phase = 'outage';
    const stopped = Date.now();
    await s3.stop();
    // Made while the store is away: the provider finishes them, their results wait for the store.
    const during = [
      await create(maker, 'a windmill in the storm 1'),
      await create(maker, 'a windmill in the storm 2'),
    ];
    const watch = watchWaits(maker, () => during);
    onTestFinished(async () => {
      await watch.stop();
    });
    const notReady = await readinessFailed('storage', waitFor);
    await waitFor(
      'every generation made during the outage waiting for the store',
      async () => (during.every((id) => watch.seen.get(id)?.has('storage')) ? true : undefined),
      { timeoutMs: 30_000 },
    );
    await waitFor(
      'an upload refused for each person and a download refused',
      async () =>
        refusedDuring(load.answers, 'outage', [
          { who: en.label, what: 'upload' },
          { who: ru.label, what: 'upload' },
          { who: maker.label, what: 'download' },
        ]),
      { timeoutMs: 15_000 },
    );
    await sleep(Math.max(0, 6000 - (Date.now() - stopped)));

    phase = 'after';
    await s3.start();
    await waitFor(
      '/api/ready answering 200 again',
      async () => ((await readiness()).status === 200 ? true : undefined),
      { timeoutMs: 15_000 },
    );
    await settled(during, 60_000);
    await waitFor(
      'an upload and a download answered 2xx after the store is back',
      async () => servedAgain(load.answers, 'after', ['upload', 'download']),
      { timeoutMs: 20_000 },
    );
    const answers = await load.stop();
    const seen = await watch.stop();

    expectHonestAnswers(answers);
    const refused = answers.filter((answer) => answer.status === 503);
    for (const answer of refused) {
      expect(['upload', 'download'], describeAnswer(answer)).toContain(answer.what);
      expectUnavailable(answer, 'storage');
    }
    expect(notReady.body.checks).toMatchObject({ storage: 'failed', database: 'ok' });

    // Nothing half-written: an object under uploads/ for each upload row and a row for each object;
    // each person has a row for each upload answered 200, none for those refused.
    const keys = await s3.keys('uploads/');
    const { rows: uploads } = await pool.query<{ storage_key: string; owner_id: string }>(
      `select storage_key, owner_id from files where kind = 'upload'`,
    );
    expect(keys.sort()).toEqual(uploads.map((row) => row.storage_key).sort());
    for (const person of [en, ru]) {
      const accepted = answers.filter(
        (answer) =>
          answer.who === person.label && answer.what === 'upload' && answer.status === 200,
      );
      expect(
        uploads.filter((row) => row.owner_id === person.id),
        person.label,
      ).toHaveLength(accepted.length);
    }

    // The results that waited for the store are stored, once, and readable; their folders hold
    // exactly the objects their rows name (no orphan of an attempt the outage cut off).
    for (const id of during) expect([...(seen.get(id) ?? [])], id).toEqual(['storage']);
    for (const id of during) {
      const objects = await s3.keys(`outputs/${id.slice(0, 2)}/${id}/`);
      const { rows: files } = await pool.query<{ storage_key: string }>(
        'select storage_key from files where generation_id = $1',
        [id],
      );
      expect(objects.sort(), id).toEqual(files.map((file) => file.storage_key).sort());
    }
    const rows = await expectEachSettledOnce(during);
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed']);
    for (const id of during) {
      const record = await generation(maker, id);
      expect(record.jsondata.waiting_for, id).toBeUndefined();
      const url = record.expand.output_files[0]?.url ?? '';
      const file = await fetch(`${api.base}${url}`, { headers: headersOf(maker) });
      expect(file.status, url).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    await expectMoneyInvariants(pool);
    expectCalmProcesses(marks);
  }, 150_000);
});

describe('the model provider away', () => {
  it('accepts creates while it answers 503 and then 429, shows them waiting for the model and the provider’s health in the console, and completes each once when it is back', async () => {
    const marks = logMarks();
    onTestFinished(() => keepLogs(marks, 'provider'));
    const [maker, reader, operator] = await Promise.all([
      signIn('provider-maker', 'ru'),
      signIn('provider-reader', 'en'),
      signIn('operator', 'en'),
    ]);
    // An operator, as `npm run admin -- grant` makes one: the role, then a new session.
    await pool.query(`update users set role = 'admin' where id = $1`, [operator.id]);
    const operatorCookie = (
      await signInOnNode(api, ORIGIN, { email: operator.email, name: 'Fault operator' })
    ).cookie;
    const overview = async () => {
      const res = await fetch(`${api.base}/api/admin/overview`, {
        headers: { cookie: operatorCookie },
      });
      if (res.status !== 200) throw new Error(`overview: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { provider: { status: string; waiting: number } }).provider;
    };

    phase = 'before';
    const load = startLoad({
      base: api.base,
      origin: ORIGIN,
      phase: () => phase,
      pauseMs: 150,
      people: [
        { person: reader, calls: (n) => reads[n % reads.length] },
        {
          person: maker,
          calls: (n) => (n % 3 === 0 ? createCall(`a kite ${n}`) : reads[n % reads.length]),
        },
      ],
    });
    const watched: string[] = [];
    const watch = watchWaits(maker, () => watched);
    onTestFinished(async () => {
      await Promise.all([load.stop(), watch.stop()]);
      await replicate.outage({ status: null });
    });
    // A result the provider makes while its API is away: submitted just before, finished during it;
    // its webhook arrives, and reading the prediction back meets the outage.
    const readyDuring = await create(maker, 'a kite at dawn');
    await waitFor(
      'the generation made before the outage submitted',
      async () => {
        const { rows } = await pool.query<{ submitted: boolean }>(
          'select replicate_id is not null as submitted from generation_requests where id = $1',
          [readyDuring],
        );
        return rows[0]?.submitted ? true : undefined;
      },
      { timeoutMs: 20_000 },
    );

    phase = 'outage 503';
    let switched = Date.now();
    await replicate.outage({ status: 503 });
    watched.push(
      await create(maker, 'a kite in the rain 1'),
      await create(maker, 'a kite in the rain 2'),
    );
    await waitFor(
      'the console showing the provider failing with generations waiting',
      async () => {
        const provider = await overview();
        return provider.status === 'failing' && provider.waiting > 0 ? provider : undefined;
      },
      { timeoutMs: 20_000 },
    );
    await waitFor(
      'the generations made during the 503s waiting for the model',
      async () => (watched.every((id) => watch.seen.get(id)?.has('model')) ? true : undefined),
      { timeoutMs: 20_000 },
    );

    // A few seconds of each, whatever the checks above took.
    await sleep(Math.max(0, 3000 - (Date.now() - switched)));
    phase = 'outage 429';
    switched = Date.now();
    await replicate.outage({ status: 429, retry_after: 2 });
    watched.push(await create(maker, 'a kite in the rain 3'));
    await waitFor(
      'the console showing the provider rate limiting with generations waiting',
      async () => {
        const provider = await overview();
        return provider.status === 'rate_limited' && provider.waiting > 0 ? provider : undefined;
      },
      { timeoutMs: 20_000 },
    );
    await waitFor(
      'the generation made during the 429s waiting for the model',
      async () => (watch.seen.get(watched[2] ?? '')?.has('model') ? true : undefined),
      { timeoutMs: 20_000 },
    );

    await sleep(Math.max(0, 3000 - (Date.now() - switched)));
    phase = 'after';
    await replicate.outage({ status: null });
    const ids = () => [readyDuring, ...watched, ...createdBy(load.answers)];
    await settled(ids(), 90_000);
    await waitFor(
      'the console showing the provider ok, nothing waiting',
      async () => {
        const provider = await overview();
        return provider.status === 'ok' && provider.waiting === 0 ? provider : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const answers = await load.stop();
    const seen = await watch.stop();

    // Every request was answered 2xx: the provider being away is no reason to refuse anyone.
    expectHonestAnswers(answers);
    expect(answers.filter((answer) => answer.status !== 200).map(describeAnswer)).toEqual([]);
    expect(
      answers.filter((answer) => answer.what === 'create' && answer.phase.startsWith('outage')),
      'creates of the load while the provider was away',
    ).not.toHaveLength(0);
    for (const id of watched) expect([...(seen.get(id) ?? [])], id).toEqual(['model']);

    // None refunded, none with two predictions, each charged once.
    const all = [readyDuring, ...watched, ...createdBy(answers)];
    await settled(all, 60_000);
    const rows = await expectEachSettledOnce(all);
    expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
    await expectMoneyInvariants(pool);
    expectCalmProcesses(marks);
  }, 180_000);
});
