import { createHash, randomUUID } from 'node:crypto';
import { type ModelDefinition, type ModelType, priceOf } from '@kadr/catalog';
import type { FieldError } from '@kadr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { createKeyedBatcher } from '../../lib/keyed-batcher.ts';
import { HttpProblem, validationProblem } from '../../lib/problem.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { validateForType } from '../catalog/request-validation.ts';
import type { FileRepository } from '../files/file.repository.ts';
import type { FileUrls } from '../files/file-url.ts';
import { applyLedgerEntry } from '../ledger/ledger.service.ts';
import type { Executor } from '../users/user.repository.ts';
import { toGenerationRecord } from './generation.mapper.ts';
import {
  createGenerationRepository,
  type GenerationRow,
  historyPage,
  insertPaidGenerations,
  type PaidGeneration,
  type PaidGenerationOutcome,
} from './generation.repository.ts';

export interface CreateResponse {
  request_id: string;
  prediction_id: string | null;
  status: GenerationRow['status'];
}

interface FailedCreate {
  outcome: 'failed';
  error: unknown;
}

const RESERVED = new Set(['model', 'prompt', 'translate_prompt', 'duration', 'parameters']);

/** Tells every open realtime stream of the owner (on any node) that a request changed; sent on commit. */
export async function notifyGeneration(tx: Executor, userId: string, id: string): Promise<void> {
  await tx.execute(sql`select pg_notify('kadr_generation', ${`${userId}:${id}`})`);
}

export function createGenerationService(deps: {
  db: Database;
  pool: pg.Pool;
  files: FileRepository;
  urls: FileUrls;
}) {
  const { db } = deps;
  const generations = createGenerationRepository(db);

  /** The spec's payload: model, translate_prompt, prompt, the parameter fields flat, duration. */
  function parsePayload(type: ModelType, body: Record<string, unknown>) {
    const errors: FieldError[] = [];
    const model = typeof body.model === 'string' ? body.model : '';
    const translate = body.translate_prompt ?? true;
    if (typeof translate !== 'boolean') {
      errors.push({
        field: 'translate_prompt',
        code: 'invalid_type',
        message: 'must be true or false',
      });
    }
    const nested = body.parameters;
    const parameters: Record<string, unknown> =
      nested && typeof nested === 'object' && !Array.isArray(nested) ? { ...nested } : {};
    for (const [key, value] of Object.entries(body)) {
      if (!RESERVED.has(key)) parameters[key] = value;
    }
    const { value, model: definition } = validateForType(
      type,
      model,
      { prompt: body.prompt, parameters, duration: body.duration ?? 0 },
      errors,
    );
    return { validated: value, model: definition, translate: translate === true };
  }

  /**
   * Image inputs must be pictures this person has here — uploaded, or an image they generated
   * ('Animate') — never arbitrary URLs.
   */
  async function checkImageInputs(
    user: SessionUser,
    model: ModelDefinition,
    values: Record<string, unknown>,
  ) {
    const errors: FieldError[] = [];
    for (const def of model.parameters) {
      const value = values[def.name];
      if (def.type !== 'file' || typeof value !== 'string' || value === '') continue;
      const own = deps.urls.parseOwn(value);
      const file = own ? await deps.files.findById(own.id) : undefined;
      const usable =
        file?.ownerId === user.id &&
        (file.kind === 'upload' || (file.kind === 'output' && file.mime.startsWith('image/')));
      if (!usable) {
        errors.push({
          field: def.name,
          code: 'not_uploaded',
          message: 'must be an image uploaded to Kadr',
        });
      }
    }
    if (errors.length > 0) throw validationProblem(errors);
  }

  /** What makes two requests "the same" for an Idempotency-Key: the endpoint and the body. */
  function requestHash(type: ModelType, body: Record<string, unknown>): string {
    return createHash('sha256')
      .update(`${type}\n${JSON.stringify(body)}`)
      .digest('hex');
  }

  function deadlineFor(model: ModelDefinition): Date {
    // Generous: three times the slowest usual run, at least ten minutes.
    return new Date(Date.now() + Math.max(600, model.typicalSeconds.max * 3) * 1000);
  }

  /**
   * A person's concurrent creates go to the database together (one statement, one commit) while the
   * previous batch of theirs runs; a lone create goes at once. See insertPaidGenerations.
   */
  const creates = createKeyedBatcher<PaidGeneration, PaidGenerationOutcome | FailedCreate>({
    maxBatch: 64,
    run: async (userId, items) => {
      try {
        return await insertPaidGenerations(deps.pool, userId, items);
      } catch (error) {
        // The server refused the statement (an ERROR, not a broken connection): its implicit
        // transaction rolled back and nothing of the batch was written, so each item is tried on
        // its own and only a bad one fails. When the outcome is unknown, nothing is retried.
        if (items.length === 1 || (error as { severity?: string }).severity !== 'ERROR')
          throw error;
        const outcomes: (PaidGenerationOutcome | FailedCreate)[] = [];
        for (const item of items) {
          try {
            outcomes.push(...(await insertPaidGenerations(deps.pool, userId, [item])));
          } catch (itemError) {
            outcomes.push({ outcome: 'failed', error: itemError });
          }
        }
        return outcomes;
      }
    },
  });

  async function withRecord(row: GenerationRow) {
    return toGenerationRecord(row, await deps.files.findByGenerations([row.id]), deps.urls);
  }

  return {
    deadlineFor,

    /**
     * Validates, prices and, in one statement (`insertPaidGenerations`), debits the balance, records
     * the request as pending and enqueues its submission. A repeated Idempotency-Key with the same
     * body replays the answer; another body is a 409.
     */
    async create(
      user: SessionUser,
      type: ModelType,
      body: Record<string, unknown>,
      idempotencyKey: string | undefined,
    ): Promise<CreateResponse> {
      const { validated, model, translate } = parsePayload(type, body);
      await checkImageInputs(user, model, validated.parameters);
      const cost = priceOf(model.id, validated);
      const hash = idempotencyKey ? requestHash(type, body) : '';
      const id = randomUUID();
      const response: CreateResponse = { request_id: id, prediction_id: null, status: 'pending' };
      const result = await creates.submit(user.id, {
        id,
        type,
        model: model.id,
        cost,
        jsondata: {
          type,
          prompt: validated.prompt,
          input: {
            ...validated.parameters,
            ...(type === 'video' ? { duration: validated.duration } : {}),
          },
          output: null,
          translate_prompt: translate,
        },
        idempotency: idempotencyKey
          ? { key: idempotencyKey, requestHash: hash, response }
          : undefined,
      });
      if (result.outcome === 'failed') throw result.error;
      if (result.outcome === 'created') return response;
      if (result.outcome === 'insufficient_tokens') {
        throw new HttpProblem(402, `Not enough tokens. Required: ${cost} tokens`, {
          type: 'https://kadr.app/problems/insufficient-tokens',
        });
      }
      // The key was claimed before, by a request that has committed: replay it or refuse.
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey ?? '')),
        );
      if (existing?.requestHash !== hash) {
        throw new HttpProblem(
          409,
          'This Idempotency-Key was already used with a different request.',
        );
      }
      if (!existing.response) {
        throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed.');
      }
      return existing.response as CreateResponse;
    },

    /** The user's own request; anyone else's (or none) is a 404, never a 403. */
    async getOwned(user: SessionUser, id: string): Promise<GenerationRow> {
      const row = await generations.findOwned(user.id, id);
      if (!row) throw new HttpProblem(404, 'Generation not found.');
      return row;
    },

    async read(user: SessionUser, id: string) {
      return withRecord(await this.getOwned(user, id));
    },

    async list(
      user: SessionUser,
      options: { page: number; perPage: number; type?: ModelType | undefined },
    ) {
      const { rows, total } = await historyPage(deps.pool, user.id, options);
      return {
        page: options.page,
        perPage: options.perPage,
        totalItems: total,
        totalPages: Math.ceil(total / options.perPage),
        items: rows.map((row) => toGenerationRecord(row, row.files, deps.urls)),
      };
    },

    /** Ends an active request as failed and gives every token back — at most once, whoever calls. */
    async failAndRefund(id: string, error: string): Promise<GenerationRow | undefined> {
      return db.transaction(async (tx) => {
        const row = await createGenerationRepository(tx).markFailed(id, error.slice(0, 2000));
        if (!row) return undefined;
        if (row.cost > 0)
          await applyLedgerEntry(tx, {
            userId: row.userId,
            delta: row.cost,
            reason: 'generation_refund',
            generationId: row.id,
          });
        await notifyGeneration(tx, row.userId, row.id);
        return row;
      });
    },

    withRecord,
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
