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
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { Translator } from '../../providers/translate/translator.ts';
import type { Repositories, TransactionRepositories } from '../../repositories.ts';
import type { FileRow } from '../files/file.repository.ts';
import { createFileUrls } from '../files/file-url.ts';
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
      row = { ...row, replicateId: predictionId, deadline, status, submittingAt: null };
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
      row = { ...row, status: 'failed', errorCode, error };
      return row;
    },
    markCompleted: async (_id: string, output: unknown[]) => {
      if (!active()) return undefined;
      row = { ...row, status: 'completed', jsondata: { ...row.jsondata, output } };
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
  },
) {
  return createGenerationEngine({
    repositories: fakeRepositories(log, parts.top, parts.tx),
    provider: strictFake<ModelProvider>('provider', parts.provider ?? {}, log),
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

describe('submit: provider errors', () => {
  it('throws a transient error on attempt 1 of 10 (the job retries); nothing is failed or refunded', async () => {
    const log = new CallLog();
    const state = request(ROW);
    const unavailable = new ProviderError('Service Unavailable', 503);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      provider: {
        create: async () => {
          throw unavailable;
        },
      },
    });

    expect(unavailable.permanent).toBe(false);
    await expect(engine.submit(ID, { number: 1, max: 10 })).rejects.toBe(unavailable);
    expect(log.names()).toEqual([
      'generations.findById',
      'generations.claimSubmission',
      'provider.create',
      'generations.releaseSubmission',
    ]);
    expect(state.row.status).toBe('pending');
  });

  it('fails and refunds once when a transient error happens on the last attempt', async () => {
    const log = new CallLog();
    const state = request(ROW);
    const engine = engineWith(log, {
      top: { generations: state.generations },
      tx: { generations: state.generations, ledger: refunds },
      provider: {
        create: async () => {
          throw new ProviderError('Service Unavailable', 503);
        },
      },
    });

    await engine.submit(ID, { number: 10, max: 10 });
    expect(log.names()).toEqual([
      'generations.findById',
      'generations.claimSubmission',
      'provider.create',
      'generations.releaseSubmission',
      'logger.warn',
      ...FAIL_AND_REFUND,
    ]);
    expect(state.row).toMatchObject({
      status: 'failed',
      error: 'The model service did not accept the request. Service Unavailable',
    });
    expect(log.argsOf('tx.ledger.refundGeneration')).toEqual([[REFUND]]);
  });

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
    expect(log.names().slice(0, 4)).toEqual([
      'generations.findById',
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
