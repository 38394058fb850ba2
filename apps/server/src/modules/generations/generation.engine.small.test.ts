import type { GenerationErrorCode } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import {
  CallLog,
  fakeFetch,
  fakeRepositories,
  generationRow,
  type Implementations,
  memoryStorage,
  strictFake,
} from '../../../test/fakes.ts';
import type { MediaTools } from '../../providers/media/media.ts';
import {
  type ModelProvider,
  type Prediction,
  ProviderError,
} from '../../providers/replicate/replicate.adapter.ts';
import { type ObjectStorage, StorageUnavailableError } from '../../providers/storage/storage.ts';
import type { Translator } from '../../providers/translate/translator.ts';
import type { Repositories, TransactionRepositories } from '../../repositories.ts';
import type { FileRow } from '../files/file.repository.ts';
import { createFileUrls } from '../files/file-url.ts';
import type { ProviderHealth } from '../provider-health/index.ts';
import { createGenerationEngine, type EngineLogger } from './generation.engine.ts';
import type { GenerationRow } from './generation.repository.ts';

// Small tests: every collaborator is a strict fake (test/fakes.ts); no database, network or disk.

const urls = createFileUrls({ publicUrl: 'https://kadr.test', secret: 'small-test-secret' });
const ROW = generationRow();
const ID = ROW.id;
const OUT0 = 'https://replicate.delivery/xezq/out-0.png';
const OUT1 = 'https://replicate.delivery/xezq/out-1.png';
/** Where a run stores an output: the request's folder, then the run's own copy folder. */
const keyPattern = (name: string) =>
  new RegExp(`^outputs/${ID.slice(0, 2)}/${ID}/[0-9a-f]{8}/${name.replaceAll('.', '\\.')}$`);
const key = (name: string) => expect.stringMatching(keyPattern(name));
const REFUND = { userId: ROW.userId, generationId: ID, tokens: 6 };
const processing = generationRow({ status: 'processing', replicateId: 'p-1' });

const prediction = (status: Prediction['status'], output: unknown = null): Prediction => ({
  id: 'p-1',
  status,
  output,
  error: null,
});

/** Media tools that find every output a 2×2 PNG and make a 4-byte preview. */
const probe: MediaTools['probe'] = async () => ({
  mime: 'image/png',
  width: 2,
  height: 2,
  durationMs: null,
});
const preview: MediaTools['preview'] = async () => ({
  data: Buffer.from('webp'),
  width: 2,
  height: 2,
});
const imageMedia = { probe, preview };

/**
 * The one request the tests move, held in memory. Its transitions are conditional on the status
 * like the repository's SQL: ending a request that has already ended answers undefined.
 */
function request(initial: GenerationRow) {
  let row = initial;
  const active = () => row.status === 'pending' || row.status === 'processing';
  const generations = {
    findById: async (id: string) => (id === row.id ? row : undefined),
    mergeJsondata: async (_id: string, patch: Record<string, unknown>) => {
      row = { ...row, jsondata: { ...row.jsondata, ...patch } };
    },
    markSubmitted: async (
      _id: string,
      predictionId: string,
      deadline: Date,
      status: 'pending' | 'processing',
    ) => {
      if (row.status !== 'pending' || row.replicateId) return undefined;
      const { waiting_for: _, ...jsondata } = row.jsondata;
      row = { ...row, replicateId: predictionId, deadline, status, submittingAt: null, jsondata };
      return row;
    },
    markWaiting: async (
      _id: string,
      waiting: Parameters<TransactionRepositories['generations']['markWaiting']>[1],
    ) => {
      const waits =
        waiting.for === 'model'
          ? row.status === 'pending' && !row.replicateId
          : active() && row.replicateId === waiting.predictionId;
      if (!waits) return undefined;
      row = { ...row, jsondata: { ...row.jsondata, ...waiting.patch, waiting_for: waiting.for } };
      return row;
    },
    claimSubmission: async (_id: string, leaseMs: number) => {
      if (row.status !== 'pending' || row.replicateId) return undefined;
      const previous = row.submittingAt;
      const claimed = !previous || previous.getTime() < Date.now() - leaseMs;
      if (claimed) row = { ...row, submittingAt: new Date() };
      return { claimed, previous };
    },
    releaseSubmission: async () => {
      if (!row.replicateId) row = { ...row, submittingAt: null };
    },
    markFailed: async (_id: string, errorCode: GenerationErrorCode, error: string) => {
      if (!active()) return undefined;
      const { waiting_for: _, provider_output: __, ...jsondata } = row.jsondata;
      row = { ...row, status: 'failed', errorCode, error, jsondata };
      return row;
    },
    markCompleted: async (_id: string, output: unknown[]) => {
      if (!active()) return undefined;
      const { waiting_for: _, provider_output: __, ...jsondata } = row.jsondata;
      row = { ...row, status: 'completed', jsondata: { ...jsondata, output } };
      return row;
    },
    notify: async () => undefined,
  } satisfies Partial<TransactionRepositories['generations']>;
  return {
    generations,
    get row() {
      return row;
    },
    /** Someone else ends the request meanwhile (a cancel, a webhook on another worker). */
    endElsewhere(change: Partial<GenerationRow>) {
      row = { ...row, ...change };
    },
  };
}

const refunds = { refundGeneration: async () => ({ applied: true as const, balance: 100 }) };
const fileRows = {
  insert: async (values: Parameters<TransactionRepositories['files']['insert']>[0]) =>
    ({
      id: values.id ?? 'f-preview',
      generationId: null,
      width: null,
      height: null,
      durationMs: null,
      position: 0,
      created: new Date(0),
      ...values,
    }) satisfies FileRow,
};

function engineWith(
  log: CallLog,
  parts: {
    top: Implementations<Omit<Repositories, 'transaction' | 'ping'>>;
    tx?: Implementations<TransactionRepositories>;
    provider?: Partial<ModelProvider>;
    translator?: Partial<Translator>;
    media?: Partial<MediaTools>;
    storage?: ObjectStorage;
    outputs?: Record<string, string>;
    /** The provider's shared pause: none, unless a test says. */
    health?: Partial<ProviderHealth>;
  },
) {
  return createGenerationEngine({
    repositories: fakeRepositories(log, parts.top, parts.tx),
    provider: strictFake<ModelProvider>('provider', parts.provider ?? {}, log),
    providerHealth: strictFake<ProviderHealth>(
      'health',
      parts.health ?? { pausedUntil: async () => undefined },
      log,
    ),
    // The middle of every jittered wait: 1 s is 1 s.
    random: () => 0.5,
    translator: strictFake<Translator>('translator', parts.translator ?? {}, log),
    storage: parts.storage ?? strictFake<ObjectStorage>('storage', {}, log),
    media: strictFake<MediaTools>('media', parts.media ?? {}, log),
    urls,
    webhookUrlFor: (id) => `https://kadr.test/api/webhooks/replicate?request=${id}`,
    publicUrl: 'https://kadr.test',
    deliveryHosts: (host) => host === 'replicate.delivery',
    limits: { imageBytes: 1_000_000, videoBytes: 10_000_000 },
    // Warnings are part of each sequence below; the info lines (each step's trace) are not.
    logger: {
      info: () => undefined,
      warn: strictFake<EngineLogger>('logger', { warn: () => undefined }, log).warn,
    },
    fetch: fakeFetch(log, parts.outputs ?? {}),
  });
}

const FAIL_AND_REFUND = [
  'transaction',
  'tx.generations.markFailed',
  'tx.ledger.refundGeneration',
  'tx.generations.notify',
  'commit',
];

/** A submission rescheduled: marked waiting, its job added again for later, the person told. */
const WAIT = [
  'transaction',
  'tx.generations.markWaiting',
  'tx.jobs.enqueue',
  'tx.generations.notify',
  'commit',
];

/** The job queue: what is enqueued is in the log. */
const queue = { enqueue: async () => undefined };

/** When a logged enqueue's job is due. */
function runAtOf(enqueue: unknown[] | undefined): Date | undefined {
  return (enqueue?.[2] as { runAt?: Date } | undefined)?.runAt;
}

/** How far after `before` a logged enqueue's job is due. */
function delayOf(enqueue: unknown[] | undefined, before: number): number {
  return (runAtOf(enqueue)?.getTime() ?? Number.NaN) - before;
}
/** Time a test itself may take between reading the clock and the engine's reading it. */
const SLACK = 250;

/** A request just created (its budget whole), with more jsondata if given. */
const fresh = (jsondata: Record<string, unknown> = {}) =>
  generationRow({ created: new Date(), jsondata: { ...ROW.jsondata, ...jsondata } });

describe('submit: provider errors', () => {
  it('a transient error (503) on attempt 1 of 10: the submission waits for the model 1 s (our backoff), the person is told; nothing failed, refunded or thrown', async () => {
    const log = new CallLog();
    const state = request(fresh());
    const unavailable = new ProviderError('Service Unavailable', 503);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, jobs: queue },
      provider: {
        create: async () => {
          throw unavailable;
        },
      },
    });

    expect(unavailable.permanent).toBe(false);
    const before = Date.now();
    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.create',
      'generations.releaseSubmission',
      'logger.warn',
      ...WAIT,
    ]);
    expect(state.row).toMatchObject({
      status: 'pending',
      jsondata: { waiting_for: 'model', submit_retries: 1 },
    });
    const [job] = log.argsOf('tx.jobs.enqueue');
    expect(job?.slice(0, 2)).toEqual(['submit_generation', { id: ID }]);
    expect(job?.[2]).toMatchObject({ jobKey: `submit:${ID}` });
    expect(delayOf(job, before)).toBeGreaterThanOrEqual(1000);
    expect(delayOf(job, before)).toBeLessThan(1000 + SLACK);
    expect(log.transactionsOf('tx.generations.notify')).toEqual([1]);
  });

  it("on the job's last attempt a transient error still waits: the job's attempts count no provider trouble", async () => {
    const log = new CallLog();
    const state = request(fresh());
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, jobs: queue },
      provider: {
        create: async () => {
          throw new ProviderError('Service Unavailable', 503);
        },
      },
    });

    await engine.submit(ID, { number: 10, max: 10 });
    expect(log.names()).not.toContain('tx.ledger.refundGeneration');
    expect(state.row).toMatchObject({ status: 'pending', jsondata: { waiting_for: 'model' } });
  });

  it('retries wait 1, 2, 4, 8, 15, 30, 30 s, whatever failed (5xx, 408, a timeout, unreachable, findByWebhook); the person is told once', async () => {
    const log = new CallLog();
    const state = request(fresh());
    const failures = [
      new ProviderError('Bad Gateway', 502),
      new ProviderError('Request Timeout', 408),
      new ProviderError('The operation was aborted due to timeout', undefined, { timedOut: true }),
      new ProviderError('fetch failed', undefined),
      new ProviderError('Service Unavailable', 503),
      new ProviderError('Internal Server Error', 500),
      new ProviderError('Service Unavailable', 503),
    ];
    let calls = 0;
    const failNext = async (): Promise<never> => {
      throw failures[calls++] ?? new Error('no more failures');
    };
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, jobs: queue },
      // After a failure with no answer the claim stays: the next submit looks for what it made.
      provider: { create: failNext, findByWebhook: failNext },
    });

    const delays: number[] = [];
    for (const _ of failures) {
      // Each run as the rescheduled job would: its claim's lease long gone.
      state.endElsewhere({
        submittingAt: state.row.submittingAt && new Date(Date.now() - 5 * 60_000),
      });
      const before = Date.now();
      await engine.submit(ID, { number: 1, max: 10 });
      delays.push(Math.round(delayOf(log.argsOf('tx.jobs.enqueue').at(-1), before) / 1000));
    }
    expect(delays).toEqual([1, 2, 4, 8, 15, 30, 30]);
    expect(state.row.jsondata).toMatchObject({ waiting_for: 'model', submit_retries: 7 });
    expect(log.names()).not.toContain('tx.ledger.refundGeneration');
    // One notification: when it began to wait, not at every retry.
    expect(log.argsOf('tx.generations.notify')).toHaveLength(1);
    expect(log.argsOf('provider.findByWebhook').length).toBeGreaterThan(0);
  });

  it('the last retry is made at the end of the budget, never after it', async () => {
    const log = new CallLog();
    // imagen-4-ultra: max(600, 45 × 3) = 600 s from created; 0.5 s of it left.
    const created = new Date(Date.now() - 599_500);
    const state = request(
      generationRow({ created, jsondata: { ...ROW.jsondata, submit_retries: 5 } }),
    );
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, jobs: queue },
      provider: {
        create: async () => {
          throw new ProviderError('Service Unavailable', 503);
        },
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    const runAt = runAtOf(log.argsOf('tx.jobs.enqueue')[0]);
    expect(runAt).toEqual(new Date(created.getTime() + 600_000));
  });

  it('once the budget has ended it fails as timeout, refunded once, naming the provider’s last answer', async () => {
    const log = new CallLog();
    const state = request(generationRow({ created: new Date(Date.now() - 601_000) }));
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, ledger: refunds },
      provider: {
        create: async () => {
          throw new ProviderError('Service Unavailable', 503);
        },
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    // A second run of the same job (a duplicate worker) finds it ended and asks nobody.
    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.create',
      'generations.releaseSubmission',
      'logger.warn',
      'logger.warn',
      ...FAIL_AND_REFUND,
      'generations.findById',
    ]);
    expect(state.row).toMatchObject({
      status: 'failed',
      errorCode: 'timeout',
      error:
        "The generation took too long and was stopped. The model service's last answer: HTTP 503: Service Unavailable",
    });
    expect(state.row.jsondata.waiting_for).toBeUndefined();
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
  });

  it('a submission that waited is recorded as any other: waiting_for goes with the same notification', async () => {
    const log = new CallLog();
    const state = request(
      generationRow({
        created: new Date(),
        jsondata: { ...ROW.jsondata, waiting_for: 'model', submit_retries: 3 },
      }),
    );
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations },
      provider: { create: async () => prediction('starting') },
      translator: { toEnglish: async (text: string) => text },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(state.row.jsondata).not.toHaveProperty('waiting_for');
    expect(state.row).toMatchObject({ status: 'pending', replicateId: 'p-1' });
    expect(log.argsOf('tx.generations.notify')).toEqual([[ROW.userId, ID]]);
  });
});

describe('submit: a 429 slows submissions for everyone', () => {
  it("records a pause for the provider's Retry-After and waits until it ends (+ ≤ 2 s)", async () => {
    const log = new CallLog();
    const state = request(fresh());
    const until = new Date(Date.now() + 7000);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, jobs: queue },
      provider: {
        create: async () => {
          throw new ProviderError('Request was throttled', 429, { retryAfterMs: 7000 });
        },
      },
      health: { pausedUntil: async () => undefined, rateLimited: async () => until },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.create',
      'generations.releaseSubmission',
      'health.rateLimited',
      'logger.warn',
      ...WAIT,
    ]);
    expect(log.argsOf('health.rateLimited')).toEqual([[7000]]);
    const runAt = runAtOf(log.argsOf('tx.jobs.enqueue')[0]);
    // random() = 0.5: half the spread after the pause's end.
    expect(runAt).toEqual(new Date(until.getTime() + 1000));
    expect(state.row.jsondata).toMatchObject({ waiting_for: 'model', submit_retries: 1 });
  });

  it('another submission finds the pause and waits for its end without asking the provider, using up no retry', async () => {
    const log = new CallLog();
    const state = request(fresh({ submit_retries: 2 }));
    const until = new Date(Date.now() + 30_000);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, jobs: queue },
      health: { pausedUntil: async () => until },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    // The strict provider and translator were not called: any call would fail the test.
    expect(log.names()).toEqual(['generations.findById', 'health.pausedUntil', ...WAIT]);
    const runAt = runAtOf(log.argsOf('tx.jobs.enqueue')[0]);
    expect(runAt).toEqual(new Date(until.getTime() + 1000));
    expect(state.row.jsondata).toMatchObject({ waiting_for: 'model', submit_retries: 2 });
  });

  it('the budget still applies while paused: past it the request fails as timeout, refunded once', async () => {
    const log = new CallLog();
    const state = request(generationRow({ created: new Date(Date.now() - 700_000) }));
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, ledger: refunds },
      health: { pausedUntil: async () => new Date(Date.now() + 60_000) },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'logger.warn',
      ...FAIL_AND_REFUND,
    ]);
    expect(state.row).toMatchObject({ status: 'failed', errorCode: 'timeout' });
    expect(state.row.error).toContain('HTTP 429');
  });
});

describe('submit: provider errors, permanent', () => {
  it("fails a permanent error at once, with the provider's message, refunded and notified in one transaction", async () => {
    const log = new CallLog();
    const state = request(ROW);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, ledger: refunds },
      provider: {
        create: async () => {
          throw new ProviderError('Invalid input: aspect_ratio', 422);
        },
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.create',
      'generations.releaseSubmission',
      'logger.warn',
      ...FAIL_AND_REFUND,
    ]);
    const [sent] = log.argsOf('provider.create')[0] ?? [];
    expect(sent).toMatchObject({
      ref: { model: 'google/imagen-4-ultra' },
      input: { prompt: 'a lighthouse at dawn', aspect_ratio: '1:1' },
      webhook: `https://kadr.test/api/webhooks/replicate?request=${ID}`,
    });
    expect(log.argsOf('tx.generations.markFailed')).toEqual([
      [
        ID,
        'not_accepted',
        'The model service did not accept the request. Invalid input: aspect_ratio',
      ],
    ]);
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
    expect(log.argsOf('tx.generations.notify')).toEqual([[ROW.userId, ID]]);
    const inside = [
      'tx.generations.markFailed',
      'tx.ledger.refundGeneration',
      'tx.generations.notify',
    ];
    expect(inside.flatMap((name) => log.transactionsOf(name))).toEqual([1, 1, 1]);
    expect(state.row.status).toBe('failed');
  });
});

describe('ingest: storage fails after the download', () => {
  function setup(attempt: { number: number; max: number }, failingKey: RegExp) {
    const log = new CallLog();
    const state = request(processing);
    const memory = memoryStorage(log);
    memory.failPut(failingKey);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, ledger: refunds },
      storage: memory.storage,
      media: imageMedia,
      outputs: { [OUT0]: 'png-0', [OUT1]: 'png-1' },
    });
    const run = () =>
      engine.ingest(
        { requestId: ID, predictionId: 'p-1' },
        prediction('succeeded', [OUT0, OUT1]),
        attempt,
      );
    return { log, state, objects: memory.objects, run };
  }

  it('on the last attempt removes every object written, fails the request and refunds it once', async () => {
    const { log, state, objects, run } = setup({ number: 5, max: 5 }, keyPattern('1.preview.webp'));

    await run();
    const keys = [key('0.png'), key('0.preview.webp'), key('1.png'), key('1.preview.webp')];
    expect(log.argsOf('storage.put').map(([written]) => written)).toEqual(keys);
    expect(objects.size).toBe(0);
    const names = log.names();
    expect(names.slice(names.indexOf('storage.delete'))).toEqual([
      ...keys.map(() => 'storage.delete'),
      'logger.warn',
      ...FAIL_AND_REFUND,
    ]);
    expect(log.argsOf('storage.delete')).toEqual(keys.map((deleted) => [deleted]));
    expect(state.row).toMatchObject({
      status: 'failed',
      errorCode: 'save_failed',
      error: 'The result could not be saved.',
    });
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
  });

  it('on an earlier attempt removes every object written and throws for a retry, without a refund', async () => {
    const { log, state, objects, run } = setup({ number: 1, max: 5 }, keyPattern('1.png'));

    await expect(run()).rejects.toThrow(/no space left/);
    expect(log.argsOf('storage.delete')).toEqual([
      [key('0.png')],
      [key('0.preview.webp')],
      [key('1.png')],
    ]);
    expect(objects.size).toBe(0);
    expect(log.names()).not.toContain('transaction');
    expect(state.row.status).toBe('processing');
  });

  it('fails and refunds at once, on the first attempt, when an output is on a host we do not download from', async () => {
    const log = new CallLog();
    const state = request(processing);
    const memory = memoryStorage(log);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, ledger: refunds },
      storage: memory.storage,
    });

    await engine.ingest(
      { requestId: ID, predictionId: 'p-1' },
      prediction('succeeded', ['https://evil.example/out-0.png']),
      { number: 1, max: 5 },
    );
    // Nothing was fetched (the strict fetch knows no URL); the key reserved for it is removed.
    expect(log.names()).toEqual([
      'generations.findById',
      'storage.delete',
      'logger.warn',
      ...FAIL_AND_REFUND,
    ]);
    expect(memory.objects.size).toBe(0);
    expect(state.row).toMatchObject({
      status: 'failed',
      errorCode: 'save_failed',
      error: 'The result could not be saved.',
    });
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
  });
});

describe('ingest: the store is away (issue #38)', () => {
  const deadline = () => new Date(Date.now() + 600_000);

  /** Storage in memory that refuses every write and removal while `away`, as S3 unreachable does. */
  function flakyStorage(log: CallLog) {
    // The memory behind it logs apart: `log` shows each call once, as the engine made it.
    const memory = memoryStorage(new CallLog());
    const state = { away: true };
    const unavailable = () =>
      new StorageUnavailableError('the file store did not answer (ECONNREFUSED)');
    const inner = memory.storage;
    const storage = strictFake<ObjectStorage>(
      'storage',
      {
        async put(key, body, options) {
          if (state.away) {
            // The body is read and dropped, as a refused upload does.
            if (!Buffer.isBuffer(body))
              for await (const _ of body) {
              }
            throw unavailable();
          }
          return inner.put(key, body, options);
        },
        async delete(key) {
          if (state.away) throw unavailable();
          return inner.delete(key);
        },
        withLocalFile: (key, use) => inner.withLocalFile(key, use),
      },
      log,
    );
    return { storage, objects: memory.objects, state };
  }

  it('removes what it wrote (a removal the store refuses is logged), keeps the result and waits 1 s for the store; the person is told; nothing thrown or refunded', async () => {
    const log = new CallLog();
    const state = request({ ...processing, deadline: deadline() });
    const store = flakyStorage(log);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, jobs: queue },
      storage: store.storage,
      media: imageMedia,
      outputs: { [OUT0]: 'png-0' },
    });

    const before = Date.now();
    await engine.ingest({ requestId: ID, predictionId: 'p-1' }, prediction('succeeded', [OUT0]), {
      number: 1,
      max: 10,
    });
    expect(log.names()).toEqual([
      'generations.findById',
      'fetch',
      'storage.put',
      'storage.delete',
      'logger.warn',
      ...WAIT,
      'logger.warn',
    ]);
    const [warned] = log.argsOf('logger.warn');
    expect(warned?.[1]).toBe('a partly saved output could not be removed');
    expect(state.row).toMatchObject({
      status: 'processing',
      jsondata: { waiting_for: 'storage', store_retries: 1, provider_output: [OUT0] },
    });
    const [job] = log.argsOf('tx.jobs.enqueue');
    expect(job?.slice(0, 2)).toEqual(['ingest_prediction', { requestId: ID, predictionId: 'p-1' }]);
    expect(job?.[2]).toMatchObject({ jobKey: 'ingest:p-1' });
    expect(delayOf(job, before)).toBeGreaterThanOrEqual(1000);
    expect(delayOf(job, before)).toBeLessThan(1000 + SLACK);
    expect(store.objects.size).toBe(0);
  });

  it('the retry stores the kept result without asking the provider, and completes; waiting_for and the kept result go', async () => {
    const log = new CallLog();
    const state = request({
      ...processing,
      deadline: deadline(),
      jsondata: {
        ...processing.jsondata,
        waiting_for: 'storage',
        store_retries: 2,
        provider_output: [OUT0],
      },
    });
    const store = flakyStorage(log);
    store.state.away = false;
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, files: fileRows },
      storage: store.storage,
      media: imageMedia,
      outputs: { [OUT0]: 'png-0' },
    });

    // As the rescheduled job runs it: no prediction at hand, and the strict provider has no `get`.
    await engine.ingest({ requestId: ID, predictionId: 'p-1' }, undefined, { number: 1, max: 10 });
    expect(state.row.status).toBe('completed');
    expect(state.row.jsondata).not.toHaveProperty('waiting_for');
    expect(state.row.jsondata).not.toHaveProperty('provider_output');
    expect(state.row.jsondata.output).toHaveLength(1);
    expect([...store.objects.keys()]).toEqual([key('0.png'), key('0.preview.webp')]);
    expect(log.argsOf('tx.generations.notify')).toEqual([[ROW.userId, ID]]);
  });

  it('at the deadline it fails as save_failed, refunded once, the kept result dropped', async () => {
    const log = new CallLog();
    const state = request({
      ...processing,
      deadline: new Date(Date.now() - 1000),
      jsondata: {
        ...processing.jsondata,
        waiting_for: 'storage',
        store_retries: 20,
        provider_output: [OUT0],
      },
    });
    const store = flakyStorage(log);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, ledger: refunds },
      storage: store.storage,
      media: imageMedia,
      outputs: { [OUT0]: 'png-0' },
    });

    await engine.ingest({ requestId: ID, predictionId: 'p-1' }, undefined, { number: 1, max: 10 });
    await engine.ingest({ requestId: ID, predictionId: 'p-1' }, undefined, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'fetch',
      'storage.put',
      'storage.delete',
      'logger.warn',
      'logger.warn',
      ...FAIL_AND_REFUND,
      'generations.findById',
    ]);
    expect(state.row).toMatchObject({ status: 'failed', errorCode: 'save_failed' });
    expect(state.row.error).toContain('The file store: the file store did not answer');
    expect(state.row.jsondata).not.toHaveProperty('provider_output');
    expect(state.row.jsondata).not.toHaveProperty('waiting_for');
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
  });

  it('the reconcile job fails one past its deadline as save_failed, and only makes sure of a job for one still waiting', async () => {
    const log = new CallLog();
    const long = new Date(Date.now() - 10 * 60_000);
    const waitingFor = {
      ...processing.jsondata,
      waiting_for: 'storage' as const,
      provider_output: [OUT0],
    };
    const late = request(
      generationRow({
        id: 'late',
        status: 'processing',
        replicateId: 'p-late',
        deadline: long,
        updated: long,
        jsondata: waitingFor,
      }),
    );
    const waiting = generationRow({
      id: 'waiting',
      status: 'processing',
      replicateId: 'p-waiting',
      deadline: deadline(),
      updated: long,
      jsondata: waitingFor,
    });
    const engine = engineWith(log, {
      top: {
        generations: { findQuiet: async () => [late.row, waiting], touch: async () => undefined },
        jobs: queue,
      },
      tx: { generations: late.generations, ledger: refunds },
      provider: { cancel: async () => prediction('succeeded', [OUT0]) },
    });

    expect(await engine.reconcile()).toBe(2);
    expect(late.row).toMatchObject({ status: 'failed', errorCode: 'save_failed' });
    expect(log.argsOf('jobs.enqueue')).toEqual([
      [
        'ingest_prediction',
        { requestId: 'waiting', predictionId: 'p-waiting' },
        { jobKey: 'ingest:p-waiting', jobKeyMode: 'preserve_run_at' },
      ],
    ]);
  });
});

describe('submit: prompt translation', () => {
  const russian = generationRow({
    jsondata: { ...ROW.jsondata, prompt: 'маяк на рассвете', translate_prompt: true },
  });

  it('sends the original prompt, and notes the failure, when the translator throws; the request is submitted', async () => {
    const log = new CallLog();
    const state = request(russian);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations },
      translator: {
        toEnglish: async () => {
          throw new Error('translation timed out');
        },
      },
      provider: { create: async () => prediction('starting') },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'translator.toEnglish',
      'logger.warn',
      'generations.mergeJsondata',
      'generations.claimSubmission',
      'provider.create',
      'transaction',
      'tx.generations.markSubmitted',
      'tx.generations.notify',
      'commit',
    ]);
    expect(log.argsOf('generations.mergeJsondata')).toEqual([
      [ID, { sent_prompt: 'маяк на рассвете', translation_failed: true }],
    ]);
    expect(log.argsOf('provider.create')[0]?.[0]).toMatchObject({
      input: { prompt: 'маяк на рассвете' },
    });
    expect(state.row).toMatchObject({ status: 'pending', replicateId: 'p-1', error: null });
  });

  it('sends the translation when the translator answers', async () => {
    const log = new CallLog();
    const state = request(russian);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations },
      translator: { toEnglish: async () => 'a lighthouse at dawn' },
      provider: { create: async () => prediction('processing') },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.argsOf('generations.mergeJsondata')).toEqual([
      [ID, { sent_prompt: 'a lighthouse at dawn' }],
    ]);
    expect(log.argsOf('provider.create')[0]?.[0]).toMatchObject({
      input: { prompt: 'a lighthouse at dawn' },
    });
    expect(state.row).toMatchObject({ status: 'processing', replicateId: 'p-1' });
  });
});

describe('a cancel racing a completion', () => {
  it('the completion wins: the provider answers the cancel with a finished prediction, so the request completes with its files and nothing is refunded', async () => {
    const log = new CallLog();
    const state = request(processing);
    const memory = memoryStorage(log);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, files: fileRows },
      provider: { cancel: async () => prediction('succeeded', OUT0) },
      storage: memory.storage,
      media: imageMedia,
      outputs: { [OUT0]: 'png-0' },
    });

    const ended = await engine.cancel(processing);
    expect(ended?.status).toBe('completed');
    expect(log.argsOf('provider.cancel')).toEqual([['p-1']]);
    expect([...memory.objects.keys()]).toEqual([key('0.png'), key('0.preview.webp')]);
    const names = log.names();
    expect(names.slice(names.indexOf('transaction'))).toEqual([
      'transaction',
      'tx.generations.markCompleted',
      'tx.files.insert',
      'tx.files.insert',
      'tx.generations.notify',
      'commit',
      'generations.findById',
    ]);
    const [output, thumbnail] = log.argsOf('tx.files.insert').map(([values]) => values);
    expect(output).toMatchObject({
      kind: 'output',
      ownerId: ROW.userId,
      generationId: ID,
      storageKey: key('0.png'),
      mime: 'image/png',
      bytes: 5,
      position: 0,
    });
    expect(thumbnail).toMatchObject({ kind: 'thumbnail', storageKey: key('0.preview.webp') });
    const fileId = (output as { id: string }).id;
    expect(log.argsOf('tx.generations.markCompleted')).toEqual([
      [ID, [urls.path(fileId, '0.png')]],
    ]);
  });

  it('the cancel wins: when the request has ended meanwhile, the completion records no file, removes its objects and refunds nothing', async () => {
    const log = new CallLog();
    const state = request(processing);
    const memory = memoryStorage(log);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: { markCompleted: state.generations.markCompleted } },
      storage: memory.storage,
      media: {
        probe,
        // The person's cancel lands while the outputs are being copied.
        preview: async (file, type) => {
          state.endElsewhere({ status: 'failed', errorCode: 'canceled', error: 'Canceled' });
          return preview(file, type);
        },
      },
      outputs: { [OUT0]: 'png-0' },
    });

    await engine.ingest({ requestId: ID, predictionId: 'p-1' }, prediction('succeeded', [OUT0]));
    const names = log.names();
    expect(names.slice(names.indexOf('transaction'))).toEqual([
      'transaction',
      'tx.generations.markCompleted',
      'commit',
      'storage.delete',
      'storage.delete',
    ]);
    expect(memory.objects.size).toBe(0);
    expect(state.row).toMatchObject({ status: 'failed', errorCode: 'canceled', error: 'Canceled' });
  });

  it("both at once (the person's cancel and the webhook's ingest job): the loser removes only its own copy, never the winner's files", async () => {
    const log = new CallLog();
    const state = request(processing);
    const memory = memoryStorage(log);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, files: fileRows },
      provider: {
        cancel: async () => prediction('succeeded', [OUT0]),
        get: async () => prediction('succeeded', [OUT0]),
      },
      storage: memory.storage,
      media: imageMedia,
      outputs: { [OUT0]: 'png-0' },
    });

    const [ended] = await Promise.all([
      engine.cancel(processing),
      engine.ingest({ requestId: ID, predictionId: 'p-1' }, undefined, { number: 1, max: 10 }),
    ]);
    expect(ended?.status).toBe('completed');
    // Both copied the outputs and tried to complete; one won.
    expect(log.argsOf('tx.generations.markCompleted')).toHaveLength(2);
    const recorded = log.argsOf('tx.files.insert').map(([values]) => values);
    expect(recorded).toHaveLength(2);
    for (const file of recorded) {
      const storageKey = (file as { storageKey: string }).storageKey;
      expect(memory.objects.has(storageKey), storageKey).toBe(true);
    }
    expect([...memory.objects.keys()]).toHaveLength(2);
  });

  it('a cancel that loses to the completion refunds nothing: markFailed answers undefined', async () => {
    const log = new CallLog();
    // The person's cancel read the request while it ran; the completion committed since.
    const state = request({ ...processing, status: 'completed' });
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: { markFailed: state.generations.markFailed } },
      provider: { cancel: async () => prediction('canceled') },
    });

    const ended = await engine.cancel(processing);
    expect(log.names()).toEqual([
      'provider.cancel',
      'transaction',
      'tx.generations.markFailed',
      'commit',
      'generations.findById',
    ]);
    expect(ended?.status).toBe('completed');
  });

  it("a person's cancel while the provider is away still ends the request here and refunds it, once", async () => {
    const log = new CallLog();
    const state = request(processing);
    const engine = engineWith(log, {
      top: { generations: { findById: state.generations.findById } },
      tx: { generations: state.generations, ledger: refunds },
      provider: {
        cancel: async () => {
          throw new ProviderError('fetch failed', undefined);
        },
      },
    });

    const ended = await engine.cancel(processing);
    expect(log.names()).toEqual([
      'provider.cancel',
      'logger.warn',
      ...FAIL_AND_REFUND,
      'generations.findById',
    ]);
    expect(ended).toMatchObject({ status: 'failed', errorCode: 'canceled' });
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
  });

  it('a cancel landing while submitting: the new prediction is canceled at the provider and nothing is refunded here', async () => {
    const log = new CallLog();
    const state = request(ROW);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: { markSubmitted: state.generations.markSubmitted } },
      provider: {
        create: async () => {
          state.endElsewhere({ status: 'failed', errorCode: 'canceled', error: 'Canceled' });
          return prediction('starting');
        },
        cancel: async () => prediction('canceled'),
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.create',
      'transaction',
      'tx.generations.markSubmitted',
      'commit',
      'generations.findById',
      'provider.cancel',
    ]);
    expect(log.argsOf('provider.cancel')).toEqual([['p-1']]);
  });
});

describe('submit: a submission whose answer was lost (no idempotency key at the provider)', () => {
  const webhook = `https://kadr.test/api/webhooks/replicate?request=${ID}`;

  it('adopts the prediction an earlier, crashed submit made instead of creating a second', async () => {
    const log = new CallLog();
    const state = request(generationRow({ submittingAt: new Date(Date.now() - 5 * 60_000) }));
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations },
      provider: {
        findByWebhook: async (url: string) =>
          url.startsWith(webhook) ? prediction('processing') : undefined,
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.findByWebhook',
      'transaction',
      'tx.generations.markSubmitted',
      'tx.generations.notify',
      'commit',
    ]);
    expect(state.row).toMatchObject({ status: 'processing', replicateId: 'p-1' });
  });

  it('waits (the job retries) while another submit is still waiting for its answer', async () => {
    const log = new CallLog();
    const state = request(generationRow({ submittingAt: new Date() }));
    const engine = engineWith(log, {
      top: { generations: state.generations },
      provider: { findByWebhook: async () => undefined },
    });

    await expect(engine.submit(ID, { number: 1, max: 10 })).rejects.toThrow(
      /being submitted by another worker/,
    );
    expect(log.names()).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.findByWebhook',
    ]);
    expect(state.row).toMatchObject({ status: 'pending', replicateId: null });
  });

  it('creates once the earlier claim has expired and the provider has nothing for it', async () => {
    const log = new CallLog();
    const state = request(generationRow({ submittingAt: new Date(Date.now() - 5 * 60_000) }));
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations },
      provider: {
        findByWebhook: async () => undefined,
        create: async () => prediction('starting'),
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names().slice(0, 5)).toEqual([
      'generations.findById',
      'health.pausedUntil',
      'generations.claimSubmission',
      'provider.findByWebhook',
      'provider.create',
    ]);
    expect(state.row).toMatchObject({ status: 'pending', replicateId: 'p-1', submittingAt: null });
  });

  it('two submits that adopted the same prediction: the one that lost the race cancels nothing', async () => {
    const log = new CallLog();
    const state = request(generationRow({ submittingAt: new Date(Date.now() - 5 * 60_000) }));
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations },
      provider: {
        findByWebhook: async () => {
          // The other submit records the very same prediction meanwhile.
          state.endElsewhere({ replicateId: 'p-1', submittingAt: null });
          return prediction('starting');
        },
      },
    });

    await engine.submit(ID, { number: 1, max: 10 });
    expect(log.names()).not.toContain('provider.cancel');
    expect(log.names()).not.toContain('provider.create');
  });
});
