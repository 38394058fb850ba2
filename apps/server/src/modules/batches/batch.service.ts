import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ModelType } from '@kadr/catalog';
import {
  type Batch,
  type BatchBody,
  type BatchItemInput,
  problemTypes,
  uuidPattern,
} from '@kadr/contract';
import { HttpProblem, validationProblem } from '../../lib/problem.ts';
import type { Transaction } from '../../lib/transaction.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import { downloadName, type FileRepository } from '../files/index.ts';
import type {
  GenerationService,
  Generations,
  IdempotencyKeyRepository,
} from '../generations/index.ts';
import type { UserRepository } from '../users/index.ts';
import type { BatchItemRow, BatchRepository, BatchRow } from './batch.repository.ts';

/** An item as a create body: what POST /api/create-<type> takes (parameters flat). */
function createBody(type: ModelType, item: BatchItemInput): Record<string, unknown> {
  return {
    ...(item.parameters ?? {}),
    model: item.model,
    prompt: item.prompt,
    ...(item.translate_prompt === undefined ? {} : { translate_prompt: item.translate_prompt }),
    ...(type === 'video' ? { duration: item.duration ?? 0 } : {}),
  };
}

/** Each item's idempotency key: however often (and wherever) a release runs, an item starts once. */
const itemKey = (batchId: string, position: number) => `batch:${batchId}:${position}`;

/** What makes two submissions "the same" for an Idempotency-Key: the endpoint and the body. */
const submissionHash = (body: BatchBody) =>
  createHash('sha256')
    .update(`batch\n${JSON.stringify(body)}`)
    .digest('hex');

/** How a submission ended: the route maps each outcome to its answer. */
export type BatchStart =
  | { outcome: 'started'; batch: Batch }
  /** The same Idempotency-Key and body again (a double click, a retry): that batch, not charged. */
  | { outcome: 'replayed'; batch: Batch }
  | { outcome: 'insufficient_tokens'; total: number }
  /** The Idempotency-Key was used for another request. */
  | { outcome: 'key_reused' };

/**
 * Batches: many generations quoted as one, started as ordinary generations while the person's
 * running cap allows (each charged as it starts, refunded on failure, cancellable on its own); the
 * rest wait and are released as running ones finish — by the page that follows the batch and, for
 * a closed page, by the `release_batches` job every minute.
 */
export function createBatchService(deps: {
  repositories: {
    batches: BatchRepository;
    generations: Generations;
    files: FileRepository;
    idempotencyKeys: IdempotencyKeyRepository;
    transaction: Transaction<{
      batches: BatchRepository;
      users: UserRepository;
      idempotencyKeys: IdempotencyKeyRepository;
    }>;
  };
  generations: Pick<GenerationService, 'quote' | 'create'>;
  storage: Pick<ObjectStorage, 'open'>;
}) {
  const { batches, idempotencyKeys, generations: generationRows } = deps.repositories;

  async function quoteItems(user: SessionUser, body: BatchBody) {
    const costs: number[] = [];
    const errors: { field: string; code: string; message: string }[] = [];
    for (const [index, item] of body.items.entries()) {
      try {
        costs.push(await deps.generations.quote(user, body.type, createBody(body.type, item)));
      } catch (error) {
        if (!(error instanceof HttpProblem) || error.status !== 400) throw error;
        for (const fieldError of error.errors ?? []) {
          errors.push({ ...fieldError, field: `items[${index}].${fieldError.field}` });
        }
        costs.push(0);
      }
    }
    if (errors.length > 0) throw validationProblem(errors);
    return costs;
  }

  function toBatch(batch: BatchRow, items: BatchItemRow[]): Batch {
    return {
      id: batch.id,
      type: batch.type,
      created: batch.created.toISOString(),
      quote: batch.quote,
      items: items.map((item) => ({
        position: item.position,
        model: item.model,
        prompt: String(item.body.prompt ?? ''),
        cost: item.cost,
        state: item.state,
        generation_id: item.generationId,
        problem: item.problem,
      })),
    };
  }

  async function owned(user: SessionUser, id: string): Promise<BatchRow> {
    const batch = uuidPattern.test(id) ? await batches.findOwned(user.id, id) : undefined;
    if (!batch) throw new HttpProblem(404, 'Batch not found.');
    return batch;
  }

  /** Starts waiting items in order until the running cap refuses; the rest keep waiting. */
  async function release(batch: BatchRow): Promise<void> {
    const user = { id: batch.userId };
    for (const item of await batches.items(batch.id)) {
      if (item.state !== 'waiting') continue;
      try {
        const created = await deps.generations.create(
          user,
          batch.type,
          item.body,
          itemKey(batch.id, item.position),
        );
        await batches.settle(batch.id, item.position, {
          state: 'started',
          generationId: created.request_id,
        });
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        // At the cap, or the same item being started elsewhere right now: wait for the next turn.
        if (error.status === 429 || error.status === 409) return;
        await batches.settle(batch.id, item.position, {
          state: 'not_started',
          problem:
            error.type === problemTypes.insufficientTokens ? 'insufficient_tokens' : 'invalid',
        });
      }
    }
  }

  return {
    /** Each item's price and the one total, after every check a create makes. */
    async quote(user: SessionUser, body: BatchBody) {
      const costs = await quoteItems(user, body);
      return {
        items: body.items.map((item, position) => ({
          position,
          model: item.model,
          cost: costs[position] ?? 0,
        })),
        total: costs.reduce((sum, cost) => sum + cost, 0),
      };
    },

    /**
     * Quotes, checks the balance covers the whole batch, records it and starts what it can. With an
     * Idempotency-Key, the key is claimed in the transaction that records the batch: a repeat with
     * the same body (also one racing this one) answers the batch it made and charges nothing; one
     * with another body is refused.
     */
    async create(user: SessionUser, body: BatchBody, key?: string): Promise<BatchStart> {
      const costs = await quoteItems(user, body);
      const total = costs.reduce((sum, cost) => sum + cost, 0);
      const hash = key === undefined ? '' : submissionHash(body);
      const recorded = await deps.repositories.transaction(
        ['batches', 'users', 'idempotencyKeys'],
        async (tx): Promise<BatchRow | { taken: true } | { short: true }> => {
          // The batch's id is chosen first, so the claim can name it as the answer to replay.
          const id = randomUUID();
          if (key !== undefined && !(await tx.idempotencyKeys.claim(user.id, key, hash, { id }))) {
            return { taken: true };
          }
          const balance = (await tx.users.findById(user.id))?.tokens ?? 0;
          if (balance < total) {
            if (key !== undefined) await tx.idempotencyKeys.release(user.id, key);
            return { short: true };
          }
          return tx.batches.insert(
            user.id,
            body.type,
            total,
            body.items.map((item, position) => ({
              model: item.model,
              body: createBody(body.type, item),
              cost: costs[position] ?? 0,
            })),
            id,
          );
        },
      );
      if ('short' in recorded) return { outcome: 'insufficient_tokens', total };
      if ('taken' in recorded) {
        const claim = await idempotencyKeys.find(user.id, key ?? '');
        const earlier = claim?.response as { id?: unknown } | null | undefined;
        const batch =
          claim?.requestHash === hash && typeof earlier?.id === 'string'
            ? await batches.findOwned(user.id, earlier.id)
            : undefined;
        if (!batch) return { outcome: 'key_reused' };
        return { outcome: 'replayed', batch: toBatch(batch, await batches.items(batch.id)) };
      }
      await release(recorded);
      return { outcome: 'started', batch: toBatch(recorded, await batches.items(recorded.id)) };
    },

    async read(user: SessionUser, id: string): Promise<Batch> {
      const batch = await owned(user, id);
      return toBatch(batch, await batches.items(batch.id));
    },

    /** Starts what the cap now allows (the page that follows a batch asks as its items finish). */
    async release(user: SessionUser, id: string): Promise<Batch> {
      const batch = await owned(user, id);
      await release(batch);
      return toBatch(batch, await batches.items(batch.id));
    },

    /** Cancels the items still waiting (started ones are cancelled one by one, as generations). */
    async cancel(user: SessionUser, id: string): Promise<Batch> {
      const batch = await owned(user, id);
      await batches.cancelWaiting(batch.id);
      return toBatch(batch, await batches.items(batch.id));
    },

    /** Job `release_batches`: every batch with waiting items gets its turn. */
    async releaseAll(limit = 200): Promise<number> {
      const waiting = await batches.waiting(limit);
      for (const { id, userId } of waiting) {
        const batch = await batches.findOwned(userId, id);
        if (batch) await release(batch);
      }
      return waiting.length;
    },

    /** The files of a batch's completed items, named after their position, model and prompt. */
    async files(user: SessionUser, id: string) {
      const batch = await owned(user, id);
      const entries: { name: string; bytes: number; open: () => Promise<Readable> }[] = [];
      for (const item of await batches.items(batch.id)) {
        if (!item.generationId) continue;
        const generation = await generationRows.findOwned(user.id, item.generationId);
        if (generation?.status !== 'completed') continue;
        const files = await deps.repositories.files.findByGenerations([generation.id]);
        for (const file of files.filter((f) => f.kind === 'output')) {
          const saveAs = downloadName(
            {
              model: generation.model,
              prompt: String(generation.jsondata.prompt ?? ''),
              created: generation.created,
            },
            { name: path.posix.basename(file.storageKey), position: file.position },
          );
          entries.push({
            name: `${String(item.position + 1).padStart(3, '0')}-${saveAs}`,
            bytes: file.bytes,
            open: () => deps.storage.open(file.storageKey),
          });
        }
      }
      return { batch, entries };
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
