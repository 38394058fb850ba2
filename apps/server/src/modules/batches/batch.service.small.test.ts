import { describe, expect, it } from 'vitest';
import { CallLog, fakeRepositories, strictFake } from '../../../test/fakes.ts';
import type {
  GenerationCreate,
  GenerationQuote,
  GenerationService,
} from '../generations/generation.service.ts';
import type { BatchItemRow, BatchRow } from './batch.repository.ts';
import { createBatchService } from './batch.service.ts';

// Small tests: the repositories and the generation service are strict fakes; no database. They show
// that a batch decides from the generation service's outcomes by name.

const person = { id: '0a0b0c0d-0000-4000-8000-000000000002' };
const BATCH: BatchRow = {
  id: '0b0b0b0b-0000-4000-8000-000000000003',
  userId: person.id,
  type: 'image',
  quote: 24,
  created: new Date('2025-01-01T12:00:00Z'),
};
const waiting = (position: number): BatchItemRow => ({
  batchId: BATCH.id,
  position,
  model: 'imagen-4-ultra',
  body: { model: 'imagen-4-ultra', prompt: `picture ${position}` },
  cost: 6,
  state: 'waiting',
  generationId: null,
  problem: null,
});
const started = (request_id: string): GenerationCreate => ({
  outcome: 'created',
  response: { request_id, prediction_id: null, status: 'pending' },
  row: {
    id: request_id,
    type: 'image',
    model: 'imagen-4-ultra',
    status: 'pending',
    errorCode: null,
    jsondata: { type: 'image', prompt: 'picture', input: {}, output: null },
    cost: 6,
    sourceGenerationId: null,
    apiKeyId: null,
    created: new Date('2026-01-01T00:00:00Z'),
    updated: new Date('2026-01-01T00:00:00Z'),
  },
});

/** A batch service whose generation service answers `creates` (one per call) and `quote`. */
function serviceWith(
  log: CallLog,
  generations: Partial<Pick<GenerationService, 'quote' | 'create'>>,
  items: BatchItemRow[] = [],
) {
  return createBatchService({
    repositories: fakeRepositories(log, {
      batches: {
        findOwned: async () => BATCH,
        items: async () => items,
        settle: async () => true,
      },
    }),
    generations: strictFake<Pick<GenerationService, 'quote' | 'create'>>(
      'generations',
      generations,
      log,
    ),
    storage: strictFake('storage', {}, log),
  });
}

/** A method answering the given outcomes in turn, one per call. */
function inTurn<T>(...outcomes: T[]) {
  return async () => {
    const outcome = outcomes.shift();
    if (!outcome) throw new Error('called more than expected');
    return outcome;
  };
}
const creating = (...outcomes: GenerationCreate[]) => ({ create: inTurn(...outcomes) });

describe('release', () => {
  it('starts items, marks the ones a create refuses for good, and stops at the running cap', async () => {
    const log = new CallLog();
    const service = serviceWith(
      log,
      creating(
        started('0c0c0c0c-0000-4000-8000-000000000001'),
        { outcome: 'insufficient_tokens', required: 6 },
        { outcome: 'invalid', errors: [{ field: 'prompt', code: 'too_long', message: 'x' }] },
        { outcome: 'too_many_running', limit: 4 },
      ),
      [0, 1, 2, 3, 4].map(waiting),
    );

    await expect(service.release(person, BATCH.id)).resolves.toMatchObject({ outcome: 'found' });
    expect(log.argsOf('batches.settle')).toEqual([
      [BATCH.id, 0, { state: 'started', generationId: '0c0c0c0c-0000-4000-8000-000000000001' }],
      [BATCH.id, 1, { state: 'not_started', problem: 'insufficient_tokens' }],
      [BATCH.id, 2, { state: 'not_started', problem: 'invalid' }],
    ]);
    // Item 3 met the cap: it and item 4 wait for the next turn.
    expect(log.argsOf('generations.create').map((args) => args[3])).toEqual([
      `batch:${BATCH.id}:0`,
      `batch:${BATCH.id}:1`,
      `batch:${BATCH.id}:2`,
      `batch:${BATCH.id}:3`,
    ]);
  });

  it.each<GenerationCreate>([
    { outcome: 'key_in_progress' },
    { outcome: 'key_reused' },
    { outcome: 'model_off', modelName: 'Imagen 4 Ultra' },
  ])('waits for the next turn when a create answers $outcome', async (refusal) => {
    const log = new CallLog();
    const service = serviceWith(log, creating(refusal), [0, 1].map(waiting));

    await service.release(person, BATCH.id);
    expect(log.argsOf('generations.create')).toHaveLength(1);
    expect(log.argsOf('batches.settle')).toEqual([]);
  });

  it('a replayed item counts as started', async () => {
    const log = new CallLog();
    const replayed: GenerationCreate = {
      outcome: 'replayed',
      response: {
        request_id: '0c0c0c0c-0000-4000-8000-000000000002',
        prediction_id: null,
        status: 'pending',
      },
    };
    const service = serviceWith(log, creating(replayed), [waiting(0)]);

    await service.release(person, BATCH.id);
    expect(log.argsOf('batches.settle')).toEqual([
      [BATCH.id, 0, { state: 'started', generationId: '0c0c0c0c-0000-4000-8000-000000000002' }],
    ]);
  });
});

describe('quote', () => {
  const body = {
    type: 'image' as const,
    items: [
      { model: 'imagen-4-ultra', prompt: 'one' },
      { model: 'imagen-4-ultra', prompt: '' },
      { model: 'imagen-4-ultra', prompt: 'three' },
    ],
  };

  it("names each invalid field by its item and lists every item's", async () => {
    const log = new CallLog();
    const service = serviceWith(log, {
      quote: inTurn<GenerationQuote>(
        { outcome: 'priced', cost: 6 },
        {
          outcome: 'invalid',
          errors: [{ field: 'prompt', code: 'required', message: 'is required' }],
        },
        {
          outcome: 'invalid',
          errors: [{ field: 'aspect_ratio', code: 'invalid', message: 'is not allowed' }],
        },
      ),
    });

    await expect(service.quote(person, body)).resolves.toEqual({
      outcome: 'invalid',
      errors: [
        { field: 'items[1].prompt', code: 'required', message: 'is required' },
        { field: 'items[2].aspect_ratio', code: 'invalid', message: 'is not allowed' },
      ],
    });
  });

  it('stops at the first item whose model is switched off', async () => {
    const log = new CallLog();
    const service = serviceWith(log, {
      quote: async () => ({ outcome: 'model_off', modelName: 'Imagen 4 Ultra' }),
    });

    await expect(service.quote(person, body)).resolves.toEqual({
      outcome: 'model_off',
      modelName: 'Imagen 4 Ultra',
    });
    expect(log.names()).toEqual(['generations.quote']);
  });

  it('prices each item and totals them', async () => {
    const log = new CallLog();
    const service = serviceWith(log, { quote: async () => ({ outcome: 'priced', cost: 6 }) });

    await expect(service.quote(person, body)).resolves.toEqual({
      outcome: 'quoted',
      items: body.items.map((item, position) => ({ position, model: item.model, cost: 6 })),
      total: 18,
    });
  });
});
