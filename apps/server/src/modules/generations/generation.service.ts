import { createHash } from 'node:crypto';
import { type ModelDefinition, type ModelType, priceOf } from '@kadr/catalog';
import type { FieldError } from '@kadr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { HttpProblem, validationProblem } from '../../lib/problem.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { validateForType } from '../catalog/request-validation.ts';
import type { FileRepository } from '../files/file.repository.ts';
import type { FileUrls } from '../files/file-url.ts';
import { applyLedgerEntry, InsufficientTokensError } from '../ledger/ledger.service.ts';
import type { Executor } from '../users/user.repository.ts';
import { toGenerationRecord } from './generation.mapper.ts';
import {
  createGenerationRepository,
  type GenerationRow,
  historyPage,
} from './generation.repository.ts';

export interface CreateResponse {
  request_id: string;
  prediction_id: string | null;
  status: GenerationRow['status'];
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

  /** Image inputs must be pictures this person uploaded here: never arbitrary URLs. */
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
      if (!file || file.ownerId !== user.id || file.kind !== 'upload') {
        errors.push({
          field: def.name,
          code: 'not_uploaded',
          message: 'must be an image uploaded to Kadr',
        });
      }
    }
    if (errors.length > 0) throw validationProblem(errors);
  }

  function deadlineFor(model: ModelDefinition): Date {
    // Generous: three times the slowest usual run, at least ten minutes.
    return new Date(Date.now() + Math.max(600, model.typicalSeconds.max * 3) * 1000);
  }

  async function withRecord(row: GenerationRow) {
    return toGenerationRecord(row, await deps.files.findByGenerations([row.id]), deps.urls);
  }

  return {
    deadlineFor,

    /**
     * Validates, prices and, in one transaction, debits the balance, records the request as pending
     * and enqueues its submission. A repeated Idempotency-Key with the same body replays the answer.
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
      const requestHash = createHash('sha256')
        .update(`${type}\n${JSON.stringify(body)}`)
        .digest('hex');

      const outcome = await db.transaction(async (tx) => {
        if (idempotencyKey) {
          const [claimed] = await tx
            .insert(idempotencyKeys)
            .values({ userId: user.id, key: idempotencyKey, requestHash })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (!claimed) {
            const [existing] = await tx
              .select()
              .from(idempotencyKeys)
              .where(
                and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)),
              );
            if (existing?.requestHash !== requestHash) {
              throw new HttpProblem(
                409,
                'This Idempotency-Key was already used with a different request.',
              );
            }
            if (!existing.response) {
              throw new HttpProblem(
                409,
                'A request with this Idempotency-Key is still being processed.',
              );
            }
            return existing.response as CreateResponse;
          }
        }
        const repository = createGenerationRepository(tx);
        const row = await repository.insert({
          userId: user.id,
          type,
          model: model.id,
          status: 'pending',
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
        });
        try {
          await applyLedgerEntry(tx, {
            userId: user.id,
            delta: -cost,
            reason: 'generation_debit',
            generationId: row.id,
          });
        } catch (error) {
          if (error instanceof InsufficientTokensError) {
            throw new HttpProblem(402, `Not enough tokens. Required: ${cost} tokens`, {
              type: 'https://kadr.app/problems/insufficient-tokens',
            });
          }
          throw error;
        }
        await enqueue(tx, 'submit_generation', { id: row.id }, { jobKey: `submit:${row.id}` });
        await notifyGeneration(tx, user.id, row.id);
        const response: CreateResponse = {
          request_id: row.id,
          prediction_id: null,
          status: row.status,
        };
        if (idempotencyKey) {
          await tx
            .update(idempotencyKeys)
            .set({ response, statusCode: 200 })
            .where(
              and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)),
            );
        }
        return response;
      });
      return outcome;
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
