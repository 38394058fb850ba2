import { createHash, randomUUID } from 'node:crypto';
import { getModel, type ModelDefinition, type ModelType, priceOf } from '@kadr/catalog';
import {
  type CreateGenerationResponse,
  type FieldError,
  type GenerationList,
  type GenerationRecord,
  problemTypes,
  uuidPattern,
} from '@kadr/contract';
import { createKeyedBatcher } from '../../lib/keyed-batcher.ts';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem, validationProblem } from '../../lib/problem.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { Repositories } from '../../repositories.ts';
import type { SessionUser } from '../auth/session.service.ts';
import type { ModelSwitchService } from '../catalog/model-switch.service.ts';
import { validateForType } from '../catalog/request-validation.ts';
import type { FileUrls } from '../files/file-url.ts';
import type { GenerationEngine } from './generation.engine.ts';
import { toGenerationRecord } from './generation.mapper.ts';
import type {
  GenerationRow,
  HistoryFilters,
  PaidGeneration,
  PaidGenerationOutcome,
} from './generation.repository.ts';

interface FailedCreate {
  outcome: 'failed';
  error: unknown;
}

const RESERVED = new Set(['model', 'prompt', 'translate_prompt', 'duration', 'parameters']);

export function createGenerationService(deps: {
  repositories: Pick<Repositories, 'generations' | 'idempotencyKeys' | 'files' | 'transaction'>;
  engine: Pick<GenerationEngine, 'cancel'>;
  urls: FileUrls;
  /** Where a deleted generation's files are removed from. */
  storage: Pick<ObjectStorage, 'delete'>;
  logger?:
    | { info(details: object, message: string): void; warn(details: object, message: string): void }
    | undefined;
  /** The most generations one person may have running at once (undefined: no cap). */
  maxRunning?: number | undefined;
  /** Which models an operator switched off: a create for one is refused. */
  modelSwitches?: Pick<ModelSwitchService, 'off'> | undefined;
}) {
  const { generations, files, idempotencyKeys } = deps.repositories;

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
    const checked = validateForType(
      type,
      model,
      { prompt: body.prompt, parameters, duration: body.duration ?? 0 },
      errors,
    );
    if (checked.outcome === 'invalid') throw validationProblem(checked.errors);
    return { validated: checked.value, model: checked.model, translate: translate === true };
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
      const file = own ? await files.findById(own.id) : undefined;
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

  /** A model an operator switched off takes no new requests (what runs already goes on). */
  async function checkModelOn(model: ModelDefinition, locale: Locale) {
    if (!deps.modelSwitches || !(await deps.modelSwitches.off()).has(model.id)) return;
    throw new HttpProblem(
      409,
      locale === 'ru'
        ? `Модель ${model.name} временно недоступна. Выберите другую модель.`
        : `${model.name} is unavailable for now. Please choose another model.`,
      { type: problemTypes.modelOff },
    );
  }

  /** What makes two requests "the same" for an Idempotency-Key: the endpoint and the body. */
  function requestHash(type: ModelType, body: Record<string, unknown>): string {
    return createHash('sha256')
      .update(`${type}\n${JSON.stringify(body)}`)
      .digest('hex');
  }

  /**
   * A person's concurrent creates go to the database together (one statement, one commit) while the
   * previous batch of theirs runs; a lone create goes at once. See insertPaidGenerations.
   */
  const creates = createKeyedBatcher<PaidGeneration, PaidGenerationOutcome | FailedCreate>({
    maxBatch: 64,
    run: async (userId, items) => {
      try {
        return await generations.insertPaid(userId, items, { maxRunning: deps.maxRunning });
      } catch (error) {
        // The server refused the statement (an ERROR, not a broken connection): its implicit
        // transaction rolled back and nothing of the batch was written, so each item is tried on
        // its own and only a bad one fails. When the outcome is unknown, nothing is retried.
        if (items.length === 1 || (error as { severity?: string }).severity !== 'ERROR')
          throw error;
        const outcomes: (PaidGenerationOutcome | FailedCreate)[] = [];
        for (const item of items) {
          try {
            outcomes.push(
              ...(await generations.insertPaid(userId, [item], { maxRunning: deps.maxRunning })),
            );
          } catch (itemError) {
            outcomes.push({ outcome: 'failed', error: itemError });
          }
        }
        return outcomes;
      }
    },
  });

  async function withRecord(row: GenerationRow): Promise<GenerationRecord> {
    return toGenerationRecord(row, await files.findByGenerations([row.id]), deps.urls);
  }

  /** The user's own request; anyone else's (or none) is a 404, never a 403. */
  async function getOwned(user: SessionUser, id: string): Promise<GenerationRow> {
    const row = uuidPattern.test(id) ? await generations.findOwned(user.id, id) : undefined;
    if (!row) throw new HttpProblem(404, 'Generation not found.');
    return row;
  }

  return {
    /**
     * Validates, prices and, in one statement (`insertPaidGenerations`), debits the balance, records
     * the request as pending and enqueues its submission. A repeated Idempotency-Key with the same
     * body replays the answer; another body is a 409.
     */
    /** The catalogue price of a create body, after the same checks a create makes (400 if invalid). */
    async quote(
      user: SessionUser,
      type: ModelType,
      body: Record<string, unknown>,
    ): Promise<number> {
      const { validated, model } = parsePayload(type, body);
      await checkModelOn(model, 'en');
      await checkImageInputs(user, model, validated.parameters);
      return priceOf(model.id, validated);
    },

    async create(
      user: SessionUser,
      type: ModelType,
      body: Record<string, unknown>,
      idempotencyKey: string | undefined,
      locale: Locale = 'en',
    ): Promise<CreateGenerationResponse> {
      const { validated, model, translate } = parsePayload(type, body);
      await checkModelOn(model, locale);
      await checkImageInputs(user, model, validated.parameters);
      const cost = priceOf(model.id, validated);
      const hash = idempotencyKey ? requestHash(type, body) : '';
      const id = randomUUID();
      const response: CreateGenerationResponse = {
        request_id: id,
        prediction_id: null,
        status: 'pending',
      };
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
      if (result.outcome === 'created') {
        // The first step of the generation's trace (submitted, started, completed or failed follow).
        deps.logger?.info(
          { generation: id, step: 'created', model: model.id, cost, user: user.id },
          'generation created',
        );
        return response;
      }
      if (result.outcome === 'insufficient_tokens') {
        throw new HttpProblem(402, `Not enough tokens. Required: ${cost} tokens`, {
          type: problemTypes.insufficientTokens,
        });
      }
      if (result.outcome === 'too_many_running') {
        const running = deps.maxRunning ?? 0;
        throw new HttpProblem(
          429,
          `${running} generations are running; the next can start when one finishes.`,
          {
            type: problemTypes.tooManyRunning,
            headers: { 'retry-after': '10' },
            limit: running,
          },
        );
      }
      // The key was claimed before, by a request that has committed: replay it or refuse.
      const existing = await idempotencyKeys.find(user.id, idempotencyKey ?? '');
      if (existing?.requestHash !== hash) {
        throw new HttpProblem(
          409,
          'This Idempotency-Key was already used with a different request.',
        );
      }
      if (!existing.response) {
        throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed.');
      }
      return existing.response as CreateGenerationResponse;
    },

    /**
     * An operator's retry of a failed request at no charge: a new request of the same person with
     * the same model, prompt and input, costing nothing (no ledger entry), at most once per failed
     * request (the idempotency key `retry:<id>`). Undefined when it was retried before.
     */
    async retryFree(source: GenerationRow): Promise<{ id: string } | undefined> {
      const model = getModel(source.model);
      if (!model) throw new HttpProblem(409, `${source.model} is no longer in the catalogue.`);
      await checkModelOn(model, 'en');
      const id = randomUUID();
      const response: CreateGenerationResponse = {
        request_id: id,
        prediction_id: null,
        status: 'pending',
      };
      const [outcome] = await generations.insertPaid(source.userId, [
        {
          id,
          type: source.type,
          model: source.model,
          cost: 0,
          jsondata: {
            type: source.type,
            prompt: source.jsondata.prompt ?? '',
            input: source.jsondata.input ?? {},
            output: null,
            translate_prompt: source.jsondata.translate_prompt ?? false,
            retry_of: source.id,
          },
          idempotency: { key: `retry:${source.id}`, requestHash: 'retry', response },
        },
      ]);
      if (outcome?.outcome === 'key_taken') return undefined;
      if (outcome?.outcome !== 'created') {
        throw new Error(`a free retry was not created: ${outcome?.outcome}`);
      }
      deps.logger?.info(
        { generation: id, step: 'created', model: source.model, cost: 0, retryOf: source.id },
        'generation created (a free retry)',
      );
      return { id };
    },

    /** One of the user's own requests as its record. */
    async read(user: SessionUser, id: string): Promise<GenerationRecord> {
      return withRecord(await getOwned(user, id));
    },

    /**
     * A page of the user's requests, newest first, with the exact total; narrowed by stars, a
     * collection or words of the prompt when asked.
     */
    async list(
      user: SessionUser,
      options: HistoryFilters & { page: number; perPage: number },
    ): Promise<GenerationList> {
      const narrowed = options.favorite || options.collection || options.q;
      const { rows, total } = narrowed
        ? await generations.filteredPage(user.id, options)
        : await generations.historyPage(user.id, options);
      return {
        page: options.page,
        perPage: options.perPage,
        totalItems: total,
        totalPages: Math.ceil(total / options.perPage),
        items: rows.map((row) => toGenerationRecord(row, row.files, deps.urls)),
      };
    },

    /**
     * The person stops one of their running requests: it is cancelled at the provider, failed as
     * 'Canceled' and refunded (or, if the provider had already finished it, completed).
     */
    async setFavorite(user: SessionUser, id: string, favorite: boolean): Promise<GenerationRecord> {
      const row = uuidPattern.test(id)
        ? await generations.setFavorite(user.id, id, favorite)
        : undefined;
      if (!row) throw new HttpProblem(404, 'Generation not found.');
      await generations.notify(row.userId, row.id);
      return withRecord(row);
    },

    /**
     * Deletes one of the person's finished generations: its records go at once, its stored files
     * right after; its ledger entries stay (the money moved). A running one must be cancelled first.
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const outcome = uuidPattern.test(id)
        ? await deps.repositories.transaction(['generations'], (tx) =>
            tx.generations.deleteFinished(user.id, id),
          )
        : undefined;
      if (outcome === undefined) throw new HttpProblem(404, 'Generation not found.');
      if (outcome === 'running') {
        throw new HttpProblem(409, 'This generation is still running; cancel it first.');
      }
      await Promise.all(
        outcome.map((key) =>
          deps.storage.delete(key).catch((error: unknown) => {
            deps.logger?.warn(
              { err: error, key },
              'a deleted generation’s file could not be removed',
            );
          }),
        ),
      );
    },

    async cancel(user: SessionUser, id: string): Promise<GenerationRecord> {
      const row = await getOwned(user, id);
      if (row.status === 'completed' || row.status === 'failed') {
        throw new HttpProblem(409, 'This generation has already finished.');
      }
      const ended = await deps.engine.cancel(row);
      return withRecord(ended ?? row);
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
