import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ModelType } from '@kadr/catalog';
import {
  type Batch,
  type BatchBody,
  type BatchItemInput,
  type FieldError,
  uuidPattern,
} from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
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
    ...(item.style === undefined || item.style === null ? {} : { style: item.style }),
    ...(type === 'video' ? { duration: item.duration ?? 0 } : {}),
    // Library elements as the model's references (ADR 044), checked as a create checks them.
    ...(item.elements === undefined ? {} : { elements: item.elements }),
  };
}

/** Each item's idempotency key: however often (and wherever) a release runs, an item starts once. */
const itemKey = (batchId: string, position: number) => `batch:${batchId}:${position}`;

/** What makes two submissions "the same" for an Idempotency-Key: the endpoint and the body. */
const submissionHash = (body: BatchBody) =>
  createHash('sha256')
    .update(`batch\n${JSON.stringify(body)}`)
    .digest('hex');

/** Why a batch cannot be quoted: what a create would answer for one of its items. */
type Unquoted =
  /** Every field at fault, each named by its item (`items[2].prompt`). */
  | { outcome: 'invalid'; errors: FieldError[] }
  /** An item names a model an operator switched off (the first such item's). */
  | { outcome: 'model_off'; modelName: string };

/** None of the person's batches has this id. */
type NotFound = { outcome: 'not_found' };

/** Each item's price and the one total, or why not: the route maps each outcome to its answer. */
export type BatchQuote =
  | {
      outcome: 'quoted';
      items: { position: number; model: string; cost: number }[];
      total: number;
    }
  | Unquoted;

/** How a submission ended: the route maps each outcome to its answer. */
export type BatchStart =
  | { outcome: 'started'; batch: Batch }
  /** The same Idempotency-Key and body again (a double click, a retry): that batch, not charged. */
  | { outcome: 'replayed'; batch: Batch }
  | Unquoted
  | { outcome: 'insufficient_tokens'; total: number }
  /** The Idempotency-Key was used for another request. */
  | { outcome: 'key_reused' };

/** One of the person's batches (after a read, a release or a cancel), or none. */
export type BatchLookup = { outcome: 'found'; batch: Batch } | NotFound;

/** A completed item's file in a batch's zip: its name there, its size, and how to read it. */
interface ZipEntry {
  name: string;
  bytes: number;
  open: () => Promise<Readable>;
}

/** The files of a batch's completed items, or no such batch. */
export type BatchFiles = { outcome: 'found'; batch: BatchRow; entries: ZipEntry[] } | NotFound;

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

  /** Each item's price; every item's field errors together, or the first switched-off model. */
  async function quoteItems(
    user: SessionUser,
    body: BatchBody,
  ): Promise<{ outcome: 'quoted'; costs: number[] } | Unquoted> {
    const costs: number[] = [];
    const errors: FieldError[] = [];
    for (const [index, item] of body.items.entries()) {
      const quoted = await deps.generations.quote(user, body.type, createBody(body.type, item));
      switch (quoted.outcome) {
        case 'priced':
          costs.push(quoted.cost);
          break;
        case 'invalid':
          for (const fieldError of quoted.errors) {
            errors.push({ ...fieldError, field: `items[${index}].${fieldError.field}` });
          }
          costs.push(0);
          break;
        case 'model_off':
          return quoted;
        default:
          return unhandledOutcome(quoted);
      }
    }
    if (errors.length > 0) return { outcome: 'invalid', errors };
    return { outcome: 'quoted', costs };
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

  async function owned(user: SessionUser, id: string): Promise<BatchRow | undefined> {
    return uuidPattern.test(id) ? batches.findOwned(user.id, id) : undefined;
  }

  /** The batch as its record, with its items as they are now. */
  async function found(batch: BatchRow): Promise<BatchLookup> {
    return { outcome: 'found', batch: toBatch(batch, await batches.items(batch.id)) };
  }

  /** Starts waiting items in order until the running cap refuses; the rest keep waiting. */
  async function release(batch: BatchRow): Promise<void> {
    const user = { id: batch.userId };
    for (const item of await batches.items(batch.id)) {
      if (item.state !== 'waiting') continue;
      const created = await deps.generations.create(
        user,
        batch.type,
        item.body,
        itemKey(batch.id, item.position),
      );
      switch (created.outcome) {
        case 'created':
        case 'replayed':
          await batches.settle(batch.id, item.position, {
            state: 'started',
            generationId: created.response.request_id,
          });
          break;
        // At the cap, the same item being started elsewhere right now, or its model switched off
        // for now: wait for the next turn.
        case 'too_many_running':
        case 'key_in_progress':
        case 'key_reused':
        case 'model_off':
          return;
        case 'insufficient_tokens':
          await batches.settle(batch.id, item.position, {
            state: 'not_started',
            problem: 'insufficient_tokens',
          });
          break;
        case 'invalid':
          await batches.settle(batch.id, item.position, {
            state: 'not_started',
            problem: 'invalid',
          });
          break;
        // A batch is made in the studio, never with an API key (whose refusals these are).
        case 'model_not_allowed':
        case 'spend_limit':
          throw new Error(`a batch item met an API key's refusal: ${created.outcome}`);
        default:
          return unhandledOutcome(created);
      }
    }
  }

  return {
    /** Each item's price and the one total, after every check a create makes. */
    async quote(user: SessionUser, body: BatchBody): Promise<BatchQuote> {
      const quoted = await quoteItems(user, body);
      if (quoted.outcome !== 'quoted') return quoted;
      const { costs } = quoted;
      return {
        outcome: 'quoted',
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
      const quoted = await quoteItems(user, body);
      if (quoted.outcome !== 'quoted') return quoted;
      const { costs } = quoted;
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

    async read(user: SessionUser, id: string): Promise<BatchLookup> {
      const batch = await owned(user, id);
      if (!batch) return { outcome: 'not_found' };
      return found(batch);
    },

    /** Starts what the cap now allows (the page that follows a batch asks as its items finish). */
    async release(user: SessionUser, id: string): Promise<BatchLookup> {
      const batch = await owned(user, id);
      if (!batch) return { outcome: 'not_found' };
      await release(batch);
      return found(batch);
    },

    /** Cancels the items still waiting (started ones are cancelled one by one, as generations). */
    async cancel(user: SessionUser, id: string): Promise<BatchLookup> {
      const batch = await owned(user, id);
      if (!batch) return { outcome: 'not_found' };
      await batches.cancelWaiting(batch.id);
      return found(batch);
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
    async files(user: SessionUser, id: string): Promise<BatchFiles> {
      const batch = await owned(user, id);
      if (!batch) return { outcome: 'not_found' };
      const entries: ZipEntry[] = [];
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
      return { outcome: 'found', batch, entries };
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
