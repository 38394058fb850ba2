import { describe, expect, it } from 'vitest';
import {
  CallLog,
  fakeRepositories,
  generationRow,
  type Implementations,
  strictFake,
} from '../../../test/fakes.ts';
import type { Repositories } from '../../repositories.ts';
import type { FileRow } from '../files/file.repository.ts';
import { createFileUrls } from '../files/file-url.ts';
import type { GenerationEngine } from './generation.engine.ts';
import type { PaidGeneration, PaidGenerationOutcome } from './generation.repository.ts';
import { createGenerationService } from './generation.service.ts';

// Small tests: the repositories and the engine are strict fakes (test/fakes.ts); no database.

const urls = createFileUrls({ publicUrl: 'https://kadr.test', secret: 'small-test-secret' });
const ROW = generationRow();
const person = { id: ROW.userId };
const image = { model: 'imagen-4-ultra', prompt: 'a lighthouse at dawn', aspect_ratio: '16:9' };

function serviceWith(
  log: CallLog,
  repositories: Implementations<Omit<Repositories, 'transaction' | 'ping'>>,
  engine: Partial<Pick<GenerationEngine, 'cancel'>> = {},
) {
  return createGenerationService({
    repositories: fakeRepositories(log, repositories),
    engine: strictFake<Pick<GenerationEngine, 'cancel'>>('engine', engine, log),
    urls,
    storage: strictFake<{
      delete(key: string): Promise<void>;
      withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
    }>('storage', {}, log),
  });
}

/** insertPaid answering the given outcomes, one per call (one item per call here). */
function paid(...outcomes: PaidGenerationOutcome[]) {
  return async (_userId: string, items: PaidGeneration[]) => {
    const outcome = outcomes.shift();
    if (!outcome || items.length !== 1) throw new Error('insertPaid called more than expected');
    return [outcome];
  };
}

describe('create', () => {
  it('answers invalid for an invalid body before any repository is called', async () => {
    const log = new CallLog();
    const service = serviceWith(log, {});

    await expect(
      service.create(person, 'image', { ...image, prompt: '', aspect_ratio: '7:3' }, undefined),
    ).resolves.toMatchObject({
      outcome: 'invalid',
      errors: expect.arrayContaining([expect.objectContaining({ field: 'aspect_ratio' })]),
    });
    expect(log.calls).toEqual([]);
  });

  it("answers insufficient_tokens with the price when the person's tokens do not cover it", async () => {
    const log = new CallLog();
    const service = serviceWith(log, {
      generations: { insertPaid: paid({ outcome: 'insufficient_tokens', balance: 2 }) },
    });

    await expect(service.create(person, 'image', image, undefined)).resolves.toEqual({
      outcome: 'insufficient_tokens',
      required: 6,
    });
    expect(log.names()).toEqual(['generations.insertPaid']);
    const [userId, items] = log.argsOf('generations.insertPaid')[0] ?? [];
    expect(userId).toBe(person.id);
    expect(items).toMatchObject([{ type: 'image', model: 'imagen-4-ultra', cost: 6 }]);
  });

  it('replays the stored answer for a repeated Idempotency-Key with the same body', async () => {
    const log = new CallLog();
    const stored: { requestHash: string; response: unknown }[] = [];
    const service = serviceWith(log, {
      generations: {
        insertPaid: async (_userId, items) => {
          const claim = items[0]?.idempotency;
          // The first request claims the key; the repeat finds it taken.
          if (claim && stored.length === 0) {
            stored.push(claim);
            return [{ outcome: 'created', balance: 94, created: new Date('2026-01-01T00:00:00Z') }];
          }
          return [{ outcome: 'key_taken' }];
        },
      },
      idempotencyKeys: {
        find: async (userId, key) =>
          stored[0] && userId === person.id && key === 'key-1'
            ? { userId, key, statusCode: 200, created: new Date(0), ...stored[0] }
            : undefined,
      },
    });

    const first = await service.create(person, 'image', image, 'key-1');
    const again = await service.create(person, 'image', { ...image }, 'key-1');
    expect(first).toMatchObject({
      outcome: 'created',
      response: { status: 'pending', prediction_id: null },
    });
    expect(again).toEqual({
      outcome: 'replayed',
      response: first.outcome === 'created' ? first.response : undefined,
    });
    expect(log.names()).toEqual([
      'generations.insertPaid',
      'generations.insertPaid',
      'idempotencyKeys.find',
    ]);
  });

  it('answers key_reused when the Idempotency-Key was used with another body', async () => {
    const log = new CallLog();
    const service = serviceWith(log, {
      generations: { insertPaid: paid({ outcome: 'key_taken' }) },
      idempotencyKeys: {
        find: async (userId, key) => ({
          userId,
          key,
          requestHash: 'the hash of another body',
          statusCode: 200,
          response: { request_id: 'another', prediction_id: null, status: 'pending' },
          created: new Date(0),
        }),
      },
    });

    await expect(service.create(person, 'image', image, 'key-1')).resolves.toEqual({
      outcome: 'key_reused',
    });
    expect(log.names()).toEqual(['generations.insertPaid', 'idempotencyKeys.find']);
  });

  it("answers invalid (not_uploaded) for an input image that is not the person's, and charges nothing", async () => {
    const log = new CallLog();
    const fileId = '0c0c0c0c-0000-4000-8000-000000000009';
    const strangers: FileRow = {
      id: fileId,
      ownerId: '0d0d0d0d-0000-4000-8000-00000000000a',
      generationId: null,
      kind: 'upload',
      storageKey: `uploads/${fileId}/cat.png`,
      mime: 'image/png',
      bytes: 10,
      width: 2,
      height: 2,
      durationMs: null,
      position: 0,
      created: new Date(0),
    };
    const service = serviceWith(log, {
      files: { findById: async (id) => (id === fileId ? strangers : undefined) },
    });
    const body = { model: 'flux-kontext-pro', prompt: 'make it blue' };

    for (const input_image of [
      urls.absolute(fileId, 'cat.png'),
      'https://elsewhere.example/cat.png',
    ]) {
      await expect(
        service.create(person, 'image', { ...body, input_image }, undefined),
      ).resolves.toMatchObject({
        outcome: 'invalid',
        errors: [{ field: 'input_image', code: 'not_uploaded' }],
      });
    }
    // Only our own URL is looked up; a foreign one is refused without a call.
    expect(log.names()).toEqual(['files.findById']);
  });
});

describe('read and cancel', () => {
  it("answers not_found for someone else's request (the repository finds none of theirs)", async () => {
    const log = new CallLog();
    const service = serviceWith(log, { generations: { findOwned: async () => undefined } });

    await expect(service.read(person, ROW.id)).resolves.toEqual({ outcome: 'not_found' });
    await expect(service.read(person, 'not-a-uuid')).resolves.toEqual({ outcome: 'not_found' });
    expect(log.argsOf('generations.findOwned')).toEqual([[person.id, ROW.id]]);
    expect(log.names()).toEqual(['generations.findOwned']);
  });

  it('answers finished for a request that has already finished, and never calls the engine', async () => {
    const log = new CallLog();
    const done = generationRow({ status: 'completed', replicateId: 'p-1' });
    const service = serviceWith(log, { generations: { findOwned: async () => done } });

    await expect(service.cancel(person, done.id)).resolves.toEqual({ outcome: 'finished' });
    expect(log.names()).toEqual(['generations.findOwned']);
  });

  it("cancels a running request through the engine and answers the ended request's record", async () => {
    const log = new CallLog();
    const running = generationRow({ status: 'processing', replicateId: 'p-1' });
    const service = serviceWith(
      log,
      {
        generations: { findOwned: async () => running },
        files: { findByGenerations: async () => [] },
      },
      {
        cancel: async (row) => ({
          ...row,
          status: 'failed',
          errorCode: 'canceled',
          error: 'Canceled',
        }),
      },
    );

    const canceled = await service.cancel(person, running.id);
    expect(canceled).toMatchObject({
      outcome: 'canceled',
      record: { id: running.id, status: 'failed', error_code: 'canceled', error: 'Canceled' },
    });
    expect(log.names()).toEqual([
      'generations.findOwned',
      'engine.cancel',
      'files.findByGenerations',
    ]);
  });
});
