import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  checkReferences,
  checkToolSource,
  extensionModels,
  getModel,
  getStyle,
  isTool,
  joinedDurationMs,
  type ModelDefinition,
  type ModelType,
  priceOf,
  referencePictures,
  type Size,
  styleSuits,
  takesAudio,
  type ValidatedRequest,
  videoJoin,
} from '@kadr/catalog';
import {
  type CreateGenerationResponse,
  type CreateJoinBody,
  type FieldError,
  type GenerationEdits,
  type GenerationJsondata,
  type GenerationList,
  type GenerationRecord,
  uuidPattern,
} from '@kadr/contract';
import { createKeyedBatcher } from '../../lib/keyed-batcher.ts';
import type { Transaction } from '../../lib/transaction.ts';
import type { MediaTools } from '../../providers/media/media.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import type { ModelSwitchService } from '../catalog/index.ts';
import { validateForType } from '../catalog/index.ts';
import type { ElementService, UsedElement } from '../elements/index.ts';
import type { FileRepository, FileRow, FileUrls } from '../files/index.ts';
import type { UploadService } from '../uploads/index.ts';
import type { GenerationEngine } from './generation.engine.ts';
import { toGenerationRecord } from './generation.mapper.ts';
import type {
  ApiPageRow,
  GenerationRepository,
  GenerationRow,
  Generations,
  HistoryFilters,
  PaidGeneration,
  PaidGenerationOutcome,
  RecordFile,
  RecordRow,
} from './generation.repository.ts';
import type { IdempotencyKeyRepository } from './idempotency-key.repository.ts';

interface FailedCreate {
  outcome: 'failed';
  error: unknown;
}

/** None of the person's generations has this id (anyone else's is not theirs: never "forbidden"). */
type NotFound = { outcome: 'not_found' };

/** Why a create body cannot go ahead before anything is charged. */
type Unchecked =
  /**
   * The catalogue refuses it (or an input image or element is not the person's own): every field
   * at fault, and for a refusal of its elements the model, whose limits the answer says.
   */
  | { outcome: 'invalid'; errors: FieldError[]; modelId?: string }
  /** An operator switched its model off (what runs already goes on). */
  | { outcome: 'model_off'; modelName: string };

/** What a create body would cost: the routes map the refusals to answers. */
export type GenerationQuote = { outcome: 'priced'; cost: number } | Unchecked;

/** How a create ended: the routes map each outcome to its answer. */
/**
 * A request as its row stands the moment it is created (pending, no files), so a caller can show
 * it without reading it back (the API's answer). Its source is the one checked before the create
 * statement, which keeps it unless that generation was deleted in between.
 */
type CreatedGeneration = Pick<
  GenerationRow,
  | 'id'
  | 'type'
  | 'model'
  | 'status'
  | 'errorCode'
  | 'jsondata'
  | 'cost'
  | 'sourceGenerationId'
  | 'apiKeyId'
  | 'created'
  | 'updated'
>;

export type GenerationCreate =
  | { outcome: 'created'; response: CreateGenerationResponse; row: CreatedGeneration }
  /** The same Idempotency-Key and body again: the first request's answer, not charged again. */
  | { outcome: 'replayed'; response: CreateGenerationResponse }
  | Unchecked
  | { outcome: 'insufficient_tokens'; required: number }
  /** The person's running cap is reached: the next can start when one finishes. */
  | { outcome: 'too_many_running'; limit: number }
  /** The Idempotency-Key was used with another body. */
  | { outcome: 'key_reused' }
  /** The Idempotency-Key's first request has not answered yet. */
  | { outcome: 'key_in_progress' }
  /** An API key's allowed-models list leaves this model out: nothing was charged. */
  | { outcome: 'model_not_allowed'; model: string }
  /** The API key's spend limit for the UTC day or month would be passed: nothing was charged. */
  | { outcome: 'spend_limit'; period: 'daily' | 'monthly'; limit: number };

/** What a create made with an API key carries (issue #37): the key's limits and a webhook. */
export interface ApiCreateContext {
  apiKey: {
    id: string;
    dailyLimit: number | null;
    monthlyLimit: number | null;
    /** Catalogue ids the key may create with; null: all. */
    allowedModels: readonly string[] | null;
    /**
     * What the key reads (issue #51): with `key`, a clip it continues or joins must be one it made;
     * with `account`, any of the person's.
     */
    scope: 'key' | 'account';
  };
  /** This request's own webhook address (beside the key's). */
  webhookUrl: string | null;
}

/** The key whose own generations alone count as the person's, for a key scoped to them. */
function madeByOf(context: ApiCreateContext | undefined): string | undefined {
  return context?.apiKey.scope === 'key' ? context.apiKey.id : undefined;
}

/** One of the person's generations as `/api/v1` shows it: the row with its files and key. */
export type ApiGenerationRead =
  | { outcome: 'found'; row: RecordRow & { apiKeyId: string | null }; files: RecordFile[] }
  | NotFound;

/** How an operator's free retry ended. */
export type FreeRetry =
  | { outcome: 'created'; id: string }
  /** The failed request was retried before (at most once). */
  | { outcome: 'retried_before' }
  /** Its model has left the catalogue. */
  | { outcome: 'model_gone'; modelId: string }
  | { outcome: 'model_off'; modelName: string };

export type GenerationRead = { outcome: 'found'; record: GenerationRecord } | NotFound;

/** What was made from one of the person's generations (its edits), newest first. */
export type GenerationEditsRead = { outcome: 'listed'; edits: GenerationEdits } | NotFound;

/** At most this many edits of one result are listed (a person makes a handful). */
export const MAX_LISTED_EDITS = 100;

export type FavoriteChange = { outcome: 'changed'; record: GenerationRecord } | NotFound;

export type GenerationRemoval =
  | { outcome: 'removed' }
  | NotFound
  /** It is still running: it must be cancelled first. */
  | { outcome: 'running' };

export type GenerationCancel =
  /** Its record once ended (failed as canceled, or completed if the provider had finished it). */
  | { outcome: 'canceled'; record: GenerationRecord }
  | NotFound
  /** It had finished already. */
  | { outcome: 'finished' };

const RESERVED = new Set([
  'model',
  'prompt',
  'translate_prompt',
  'duration',
  'parameters',
  'elements',
  'extend',
  'style',
]);

/** The most library elements one request may name: the most references any model takes. */
const MAX_ELEMENTS = 10;

/** The `elements` of a body: ids of the person's library elements (issue #47), or what is wrong. */
function readElementIds(raw: unknown): { ids: string[]; errors: FieldError[] } {
  if (raw === undefined || raw === null) return { ids: [], errors: [] };
  if (!Array.isArray(raw) || !raw.every((id): id is string => typeof id === 'string')) {
    return {
      ids: [],
      errors: [
        { field: 'elements', code: 'invalid_type', message: 'must be a list of element ids' },
      ],
    };
  }
  if (raw.length > MAX_ELEMENTS) {
    return {
      ids: [],
      errors: [
        {
          field: 'elements',
          code: 'too_many',
          message: `at most ${MAX_ELEMENTS} elements in one request`,
        },
      ],
    };
  }
  return { ids: [...new Set(raw)], errors: [] };
}

/**
 * The `style` of a body (issue #49, ADR 051): a preset of the catalogue's that suits the model, or
 * nothing. An unknown id or one the model does not take is refused before anything is charged.
 */
function readStyle(raw: unknown, model: string): { id?: string; error?: FieldError } {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') {
    return { error: { field: 'style', code: 'invalid_type', message: 'must be a style id' } };
  }
  const style = getStyle(raw);
  if (!style) {
    return { error: { field: 'style', code: 'unknown_style', message: `is not a style: ${raw}` } };
  }
  if (model !== '' && getModel(model) && !styleSuits(style, model)) {
    return {
      error: {
        field: 'style',
        code: 'not_suited',
        message: `${style.name.en} does not suit ${getModel(model)?.name ?? model}`,
      },
    };
  }
  return { id: style.id };
}

export function createGenerationService(deps: {
  repositories: {
    generations: Generations;
    idempotencyKeys: IdempotencyKeyRepository;
    files: FileRepository;
    transaction: Transaction<{ generations: GenerationRepository }>;
  };
  engine: Pick<GenerationEngine, 'cancel'>;
  urls: FileUrls;
  /** Where a deleted generation's files are removed from (and a clip read to continue it). */
  storage: Pick<ObjectStorage, 'delete' | 'withLocalFile'>;
  /**
   * A continuation's start frame (ADR 047): read from the clip (media) and kept as the person's
   * own picture (uploads). Absent: a request to continue a clip is refused.
   */
  frames?: { media: Pick<MediaTools, 'lastFrame'>; uploads: Pick<UploadService, 'storeImage'> };
  logger?:
    | { info(details: object, message: string): void; warn(details: object, message: string): void }
    | undefined;
  /** The most generations one person may have running at once (undefined: no cap). */
  maxRunning?: number | undefined;
  /** Which models an operator switched off: a create for one is refused. */
  modelSwitches?: Pick<ModelSwitchService, 'off'> | undefined;
  /** The library: the elements a request names (absent: a request naming any is refused). */
  elements?: Pick<ElementService, 'usedBy'> | undefined;
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
    const elements = readElementIds(body.elements);
    errors.push(...elements.errors);
    const style = readStyle(body.style, model);
    if (style.error) errors.push(style.error);
    const checked = validateForType(
      type,
      model,
      { prompt: body.prompt, parameters, duration: body.duration ?? 0 },
      errors,
    );
    if (checked.outcome === 'invalid') return checked;
    return {
      outcome: 'valid' as const,
      validated: checked.value,
      model: checked.model,
      translate: translate === true,
      elementIds: elements.ids,
      style: style.id,
    };
  }

  /**
   * The library elements a request names (issue #47): each the person's own, of a kind the model
   * takes, no more than its limit, and none of the parameters it refuses beside them; answers them
   * with the reference pictures chosen for the model (covers first, then in turns).
   */
  async function referencesOf(
    user: SessionUser,
    model: ModelDefinition,
    validated: ValidatedRequest,
    ids: readonly string[],
  ): Promise<{
    errors: FieldError[];
    used: UsedElement[];
    references: string[];
    trained?: { version: string; triggerWord: string };
  }> {
    if (model.trained) return trainedOf(user, model, ids);
    if (ids.length === 0) return { errors: [], used: [], references: [] };
    const use = deps.elements
      ? await deps.elements.usedBy(user.id, ids)
      : { outcome: 'not_found' as const, indexes: ids.map((_, index) => index) };
    if (use.outcome === 'not_found') {
      return {
        errors: use.indexes.map((index) => ({
          field: `elements.${index}`,
          code: 'not_found',
          message: 'is not an element of yours',
        })),
        used: [],
        references: [],
      };
    }
    const errors = checkReferences(
      model,
      use.elements.map((element) => ({ kind: element.kind, pictures: element.pictures.length })),
      validated.parameters,
    );
    if (errors.length > 0) return { errors, used: [], references: [] };
    return {
      errors: [],
      used: use.elements,
      references: referencePictures(
        model,
        use.elements.map((element) => element.pictures),
      ),
    };
  }

  /**
   * The one trained character a trained model runs (ADR 045): the person's own, trained, named
   * alone. Answers its version and trigger word, which the engine sends.
   */
  async function trainedOf(user: SessionUser, model: ModelDefinition, ids: readonly string[]) {
    const refused = (error: FieldError) => ({ errors: [error], used: [], references: [] });
    if (ids.length === 0) {
      return refused({
        field: 'elements',
        code: 'required',
        message: `${model.id} runs one of your trained characters: name it in elements`,
      });
    }
    if (ids.length > 1) {
      return refused({
        field: 'elements',
        code: 'too_many',
        message: `${model.id} runs one trained character at a time`,
      });
    }
    const use = deps.elements ? await deps.elements.usedBy(user.id, ids) : undefined;
    if (!use || use.outcome === 'not_found') {
      return refused({
        field: 'elements.0',
        code: 'not_found',
        message: 'is not an element of yours',
      });
    }
    const [element] = use.elements;
    if (!element?.trained || !model.trained?.kinds.includes(element.kind)) {
      return refused({
        field: 'elements.0',
        code: 'not_trained',
        message: 'is not a trained character of yours',
      });
    }
    return { errors: [], used: [element], references: [], trained: element.trained };
  }

  /**
   * Image inputs must be pictures this person has here — uploaded, or an image they generated
   * ('Animate', a tool on a result) — never arbitrary URLs; a recording (a talking character's
   * voice) must be one they uploaded. Answers the files by parameter.
   */
  async function imageInputs(
    user: SessionUser,
    model: ModelDefinition,
    values: Record<string, unknown>,
  ): Promise<{ errors: FieldError[]; files: Map<string, FileRow> }> {
    const errors: FieldError[] = [];
    const found = new Map<string, FileRow>();
    for (const def of model.parameters) {
      const value = values[def.name];
      if (def.type !== 'file' || typeof value !== 'string' || value === '') continue;
      const own = deps.urls.parseOwn(value);
      const file = own ? await files.findById(own.id) : undefined;
      const audio = takesAudio(def);
      const usable =
        file?.ownerId === user.id &&
        (audio
          ? file.kind === 'upload' && file.mime.startsWith('audio/')
          : file.mime.startsWith('image/') && (file.kind === 'upload' || file.kind === 'output'));
      if (usable) {
        found.set(def.name, file);
      } else {
        errors.push({
          field: def.name,
          code: 'not_uploaded',
          message: audio
            ? 'must be a recording uploaded to Kadr'
            : 'must be an image uploaded to Kadr',
        });
      }
    }
    return { errors, files: found };
  }

  /**
   * A talking character's length (ADR 049): its recording's, in whole seconds rounded up, read
   * from the stored file — what the video lasts and what is charged. Null for other models.
   */
  function spokenSeconds(
    model: ModelDefinition,
    inputs: Map<string, FileRow>,
  ): { errors: FieldError[]; seconds?: number } {
    if (!model.speech) return { errors: [] };
    const field = model.speech.audioParam;
    const durationMs = inputs.get(field)?.durationMs ?? 0;
    const seconds = Math.ceil(durationMs / 1000);
    if (seconds <= 0) {
      return {
        errors: [{ field, code: 'not_uploaded', message: "the recording's length is unknown" }],
      };
    }
    if (seconds > model.speech.maxSeconds) {
      return {
        errors: [
          {
            field,
            code: 'too_long',
            message: `must last at most ${model.speech.maxSeconds} s`,
          },
        ],
      };
    }
    return { errors: [], seconds };
  }

  /**
   * Lineage (ADR 038): the generation whose output this request is made from — a tool's source
   * picture, else the model's image input (`imageParam` first, then any other picture) — when that
   * picture is one of the person's results; null for uploads and prompts alone.
   */
  function sourceGenerationOf(model: ModelDefinition, inputs: Map<string, FileRow>): string | null {
    const first = model.tool?.sourceParam ?? model.imageParam;
    const names = [
      ...(first === undefined ? [] : [first]),
      ...(model.tool ? [] : [...inputs.keys()].filter((name) => name !== first)),
    ];
    for (const name of names) {
      const file = inputs.get(name);
      if (file?.kind === 'output' && file.generationId) return file.generationId;
    }
    return null;
  }

  /**
   * A tool's source picture's size, read from its stored file, and the checks only that size
   * allows (a result too large, a request that changes nothing): errors on the source field.
   */
  function toolSource(
    model: ModelDefinition,
    validated: ValidatedRequest,
    inputs: Map<string, FileRow>,
  ): { errors: FieldError[]; source?: Size } {
    if (!isTool(model)) return { errors: [] };
    const field = model.tool.sourceParam;
    const file = inputs.get(field);
    if (!file?.width || !file.height) {
      // Validation requires the source, and an own picture always has its size; an old file may not.
      return {
        errors: [{ field, code: 'not_uploaded', message: "the picture's size is unknown" }],
      };
    }
    const source = { width: file.width, height: file.height };
    // The other pictures' sizes, for those that must match the source (an inpainting mask).
    const pictures: Record<string, Size> = {};
    for (const [name, picture] of inputs) {
      if (picture.width && picture.height) {
        pictures[name] = { width: picture.width, height: picture.height };
      }
    }
    return { errors: checkToolSource(model, validated.parameters, source, pictures), source };
  }

  /** The clip's stored video, when it is one of the person's finished videos. */
  async function finishedVideo(
    user: SessionUser,
    id: unknown,
    madeBy: string | undefined,
  ): Promise<{ row: GenerationRow; file: FileRow } | 'not_found' | 'not_finished' | 'not_video'> {
    if (typeof id !== 'string' || !uuidPattern.test(id)) return 'not_found';
    const row = await generations.findOwned(user.id, id);
    // A key that reads only its own generations meets another's as one that does not exist.
    if (!row || (madeBy !== undefined && row.apiKeyId !== madeBy)) return 'not_found';
    if (row.type !== 'video') return 'not_video';
    if (row.status !== 'completed') return 'not_finished';
    const file = (await files.findByGenerations([row.id])).find(
      (candidate) =>
        candidate.kind === 'output' &&
        candidate.position === 0 &&
        candidate.mime.startsWith('video/') &&
        (candidate.durationMs ?? 0) > 0,
    );
    return file ? { row, file } : 'not_finished';
  }

  const clipRefusals = {
    not_found: 'must be one of your videos',
    not_video: 'must be a video, not a picture',
    not_finished: 'must be a finished video',
  } as const;

  /**
   * A continuation (ADR 047): `extend` names one of the person's finished videos, and the model
   * starts from a picture. `materialize` (a create, not a quote) reads the clip's last frame and
   * keeps it as the person's picture, which becomes the model's start frame.
   */
  async function continuationOf(
    user: SessionUser,
    model: ModelDefinition,
    extend: unknown,
    materialize: boolean,
    madeBy: string | undefined,
  ): Promise<{ errors: FieldError[]; clip?: GenerationRow; frameUrl?: string }> {
    if (extend === undefined || extend === null) return { errors: [] };
    const imageParam = model.imageParam;
    if (!imageParam || !extensionModels().some((candidate) => candidate.id === model.id)) {
      return {
        errors: [
          {
            field: 'model',
            code: 'cannot_extend',
            message: `${model.name} cannot continue a clip: it does not start from a picture`,
          },
        ],
      };
    }
    const clip = await finishedVideo(user, extend, madeBy);
    if (typeof clip === 'string') {
      return { errors: [{ field: 'extend', code: clip, message: clipRefusals[clip] }] };
    }
    if (!materialize) return { errors: [], clip: clip.row };
    if (!deps.frames) {
      return {
        errors: [{ field: 'extend', code: 'not_supported', message: 'clips cannot be continued' }],
      };
    }
    const { media, uploads } = deps.frames;
    const frame = await deps.storage.withLocalFile(clip.file.storageKey, (local) =>
      media.lastFrame(local),
    );
    const stored = await uploads.storeImage(user.id, frame);
    if (stored.outcome !== 'stored')
      throw new Error(`the last frame was not kept: ${stored.outcome}`);
    return {
      errors: [],
      clip: clip.row,
      frameUrl: deps.urls.absolute(stored.file.id, path.posix.basename(stored.file.storageKey)),
    };
  }

  /** A model an operator switched off takes no new requests (what runs already goes on). */
  async function isOff(model: ModelDefinition): Promise<boolean> {
    return deps.modelSwitches !== undefined && (await deps.modelSwitches.off()).has(model.id);
  }

  /**
   * The checks a create makes before it is priced: the body, the model's switch, image inputs,
   * and for a tool its source picture's size. Answers what pricing and the record need.
   */
  async function check(
    user: SessionUser,
    type: ModelType,
    body: Record<string, unknown>,
    materialize = false,
    madeBy?: string,
  ) {
    const parsed = parsePayload(type, body);
    if (parsed.outcome === 'invalid') return parsed;
    if (await isOff(parsed.model)) {
      return { outcome: 'model_off' as const, modelName: parsed.model.name };
    }
    const continued = await continuationOf(user, parsed.model, body.extend, materialize, madeBy);
    if (continued.errors.length > 0) {
      return { outcome: 'invalid' as const, errors: continued.errors };
    }
    const imageParam = parsed.model.imageParam;
    if (continued.frameUrl && imageParam) {
      // The continuation starts where the clip ends, whatever start frame was given.
      parsed.validated.parameters[imageParam] = continued.frameUrl;
    }
    const inputs = await imageInputs(user, parsed.model, parsed.validated.parameters);
    if (inputs.errors.length > 0) return { outcome: 'invalid' as const, errors: inputs.errors };
    const tool = toolSource(parsed.model, parsed.validated, inputs.files);
    if (tool.errors.length > 0) return { outcome: 'invalid' as const, errors: tool.errors };
    const spoken = spokenSeconds(parsed.model, inputs.files);
    if (spoken.errors.length > 0) return { outcome: 'invalid' as const, errors: spoken.errors };
    if (spoken.seconds !== undefined) parsed.validated.duration = spoken.seconds;
    const references = await referencesOf(user, parsed.model, parsed.validated, parsed.elementIds);
    if (references.errors.length > 0) {
      return { outcome: 'invalid' as const, errors: references.errors, modelId: parsed.model.id };
    }
    return {
      ...parsed,
      source: tool.source,
      sourceId: continued.clip?.id ?? sourceGenerationOf(parsed.model, inputs.files),
      extendOf: continued.clip?.id,
      used: references.used,
      references: references.references,
      trained: references.trained,
    };
  }

  /** The catalogue price; a tool's needs its source picture's size (upscale: per megapixel). */
  function priceFor(checked: {
    model: ModelDefinition;
    validated: ValidatedRequest;
    source: Size | undefined;
  }): number {
    const { model, validated, source } = checked;
    return priceOf(model.id, source ? { ...validated, source } : validated);
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

  /** A new request's id and the answer a create gives for it (and a repeat replays). */
  function newRequest(): { id: string; response: CreateGenerationResponse } {
    const id = randomUUID();
    return { id, response: { request_id: id, prediction_id: null, status: 'pending' } };
  }

  /**
   * Writes a checked, priced request in one statement (`insertPaidGenerations`, through the
   * per-person batcher): its debit (none at cost 0), its row and its submission job; answers how
   * it went. A repeated Idempotency-Key with the same body replays the answer.
   */
  async function insertRequest(
    user: SessionUser,
    request: {
      type: ModelType;
      model: string;
      cost: number;
      jsondata: GenerationJsondata;
      sourceId: string | null;
    },
    idempotency: { key: string; hash: string } | undefined,
    context: ApiCreateContext | undefined,
  ): Promise<GenerationCreate> {
    const { type, model, cost, jsondata, sourceId } = request;
    const { id, response } = newRequest();
    const result = await creates.submit(user.id, {
      id,
      type,
      model,
      cost,
      jsondata,
      sourceId,
      idempotency: idempotency
        ? { key: idempotency.key, requestHash: idempotency.hash, response }
        : undefined,
      apiKey: context?.apiKey,
      webhookUrl: context?.webhookUrl,
    });
    if (result.outcome === 'failed') throw result.error;
    if (result.outcome === 'created') {
      // The first step of the generation's trace (submitted, started, completed or failed follow).
      deps.logger?.info(
        { generation: id, step: 'created', model, cost, user: user.id },
        'generation created',
      );
      return {
        outcome: 'created',
        response,
        row: {
          id,
          type,
          model,
          status: 'pending',
          errorCode: null,
          jsondata,
          cost,
          sourceGenerationId: sourceId,
          apiKeyId: context?.apiKey.id ?? null,
          created: result.created,
          updated: result.created,
        },
      };
    }
    if (result.outcome === 'insufficient_tokens') {
      return { outcome: 'insufficient_tokens', required: cost };
    }
    if (result.outcome === 'too_many_running') {
      return { outcome: 'too_many_running', limit: deps.maxRunning ?? 0 };
    }
    if (result.outcome === 'key_daily_limit') {
      return { outcome: 'spend_limit', period: 'daily', limit: context?.apiKey.dailyLimit ?? 0 };
    }
    if (result.outcome === 'key_monthly_limit') {
      return {
        outcome: 'spend_limit',
        period: 'monthly',
        limit: context?.apiKey.monthlyLimit ?? 0,
      };
    }
    // The key was claimed before, by a request that has committed: replay it or refuse.
    const existing = await idempotencyKeys.find(user.id, idempotency?.key ?? '');
    if (!existing || existing.requestHash !== idempotency?.hash) return { outcome: 'key_reused' };
    if (!existing.response) return { outcome: 'key_in_progress' };
    return { outcome: 'replayed', response: existing.response as CreateGenerationResponse };
  }

  async function withRecord(row: GenerationRow): Promise<GenerationRecord> {
    return toGenerationRecord(row, await files.findByGenerations([row.id]), deps.urls);
  }

  /** The user's own request; anyone else's (or none) is not found, never forbidden. */
  async function findOwned(user: SessionUser, id: string): Promise<GenerationRow | undefined> {
    return uuidPattern.test(id) ? generations.findOwned(user.id, id) : undefined;
  }

  return {
    /**
     * The catalogue price of a create body, after the same checks a create makes; `madeBy`: a
     * key that reads only its own generations (a clip to continue must be one it made).
     */
    async quote(
      user: SessionUser,
      type: ModelType,
      body: Record<string, unknown>,
      madeBy?: string,
    ): Promise<GenerationQuote> {
      const checked = await check(user, type, body, false, madeBy);
      if (checked.outcome !== 'valid') return checked;
      return { outcome: 'priced', cost: priceFor(checked) };
    },

    /**
     * Validates, prices and, in one statement (`insertPaidGenerations`), debits the balance, records
     * the request as pending and enqueues its submission. A repeated Idempotency-Key with the same
     * body replays the answer; another body is refused.
     */
    async create(
      user: SessionUser,
      type: ModelType,
      body: Record<string, unknown>,
      idempotencyKey: string | undefined,
      context?: ApiCreateContext,
    ): Promise<GenerationCreate> {
      const allowed = context?.apiKey.allowedModels;
      if (allowed && !allowed.includes(String(body.model))) {
        return { outcome: 'model_not_allowed', model: String(body.model) };
      }
      const checked = await check(user, type, body, true, madeByOf(context));
      if (checked.outcome !== 'valid') return checked;
      const {
        validated,
        model,
        translate,
        source,
        sourceId,
        used,
        references,
        trained,
        extendOf,
        style,
      } = checked;
      const cost = priceFor(checked);
      const hashed = context?.webhookUrl ? { ...body, webhook_url: context.webhookUrl } : body;
      const hash = idempotencyKey ? requestHash(type, hashed) : '';
      const jsondata: GenerationJsondata = {
        type,
        prompt: validated.prompt,
        input: {
          ...validated.parameters,
          ...(type === 'video' ? { duration: validated.duration } : {}),
        },
        output: null,
        translate_prompt: translate,
        // The style preset's words are added when it is sent (ADR 051).
        ...(style ? { style } : {}),
        // A tool's provider inputs measured in pixels (expand's canvas) need it at submit.
        ...(source ? { source_size: source } : {}),
        // The library elements it names and the pictures sent for them (issue #47, ADR 044).
        ...(used.length > 0
          ? {
              elements: used.map(({ id, name, kind, description }) => ({
                id,
                name,
                kind,
                ...(description ? { description } : {}),
              })),
              references,
            }
          : {}),
        // A trained character's version and trigger word, run as they are now (ADR 045).
        ...(trained
          ? { trained: { version: trained.version, trigger_word: trained.triggerWord } }
          : {}),
        // A continuation: once made, it is joined onto the clip it continues (ADR 047).
        ...(extendOf ? { extend_of: extendOf } : {}),
      };
      return insertRequest(
        user,
        { type, model: model.id, cost, jsondata, sourceId },
        idempotencyKey ? { key: idempotencyKey, hash } : undefined,
        context,
      );
    },

    /**
     * Joins the person's own finished videos, each trimmed, with an optional cross-fade (ADR 047):
     * Kadr's own work, free (no ledger entry). Recorded as a pending request of `model: 'join'`
     * whose submission job renders it; the first clip is its source (lineage).
     */
    async createJoin(
      user: SessionUser,
      body: CreateJoinBody,
      idempotencyKey: string | undefined,
      context?: ApiCreateContext,
    ): Promise<GenerationCreate> {
      const errors: FieldError[] = [];
      const { min, max } = videoJoin.clips;
      if (body.clips.length < min || body.clips.length > max) {
        errors.push({
          field: 'clips',
          code: body.clips.length < min ? 'too_few' : 'too_many',
          message: `from ${min} to ${max} clips`,
        });
        return { outcome: 'invalid', errors };
      }
      const clips: NonNullable<GenerationJsondata['join']>['clips'] = [];
      for (const [index, asked] of body.clips.entries()) {
        const found = await finishedVideo(user, asked.id, madeByOf(context));
        if (typeof found === 'string') {
          errors.push({ field: `clips.${index}.id`, code: found, message: clipRefusals[found] });
          continue;
        }
        const length = found.file.durationMs ?? 0;
        const start = asked.start_ms ?? 0;
        const end = Math.min(asked.end_ms ?? length, length);
        if (end - start < videoJoin.minClipMs) {
          errors.push({
            field: `clips.${index}`,
            code: 'too_short',
            message: `keep at least ${videoJoin.minClipMs} ms of a clip ${length} ms long`,
          });
          continue;
        }
        clips.push({ id: found.row.id, start_ms: start, end_ms: end });
      }
      const shortest = Math.min(...clips.map((clip) => clip.end_ms - clip.start_ms));
      if (body.crossfade_ms > videoJoin.crossfade.maxMs || body.crossfade_ms >= shortest) {
        errors.push({
          field: 'crossfade_ms',
          code: 'too_long',
          message: `at most ${Math.min(videoJoin.crossfade.maxMs, shortest - 1)} ms`,
        });
      }
      const total = joinedDurationMs(
        clips.map((clip) => ({ startMs: clip.start_ms, endMs: clip.end_ms })),
        body.crossfade_ms,
      );
      if (total > videoJoin.maxDurationMs) {
        errors.push({
          field: 'clips',
          code: 'too_long',
          message: `the joined video may last at most ${videoJoin.maxDurationMs} ms`,
        });
      }
      if (errors.length > 0) return { outcome: 'invalid', errors };
      const jsondata: GenerationJsondata = {
        type: 'video',
        prompt: '',
        input: {},
        output: null,
        join: { clips, crossfade_ms: body.crossfade_ms },
      };
      const sourceId = clips[0]?.id ?? null;
      const hash = idempotencyKey
        ? requestHash('video', { join: body, webhook_url: context?.webhookUrl ?? null })
        : '';
      return insertRequest(
        user,
        { type: 'video', model: videoJoin.id, cost: 0, jsondata, sourceId },
        idempotencyKey ? { key: idempotencyKey, hash } : undefined,
        context,
      );
    },

    /**
     * An operator's retry of a failed request at no charge: a new request of the same person with
     * the same model, prompt and input, costing nothing (no ledger entry), at most once per failed
     * request (the idempotency key `retry:<id>`).
     */
    async retryFree(source: GenerationRow): Promise<FreeRetry> {
      const model = getModel(source.model);
      if (!model) return { outcome: 'model_gone', modelId: source.model };
      if (await isOff(model)) return { outcome: 'model_off', modelName: model.name };
      const { id, response } = newRequest();
      const [inserted] = await generations.insertPaid(source.userId, [
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
            ...(source.jsondata.style ? { style: source.jsondata.style } : {}),
            ...(source.jsondata.source_size ? { source_size: source.jsondata.source_size } : {}),
            retry_of: source.id,
          },
          sourceId: source.sourceGenerationId,
          idempotency: { key: `retry:${source.id}`, requestHash: 'retry', response },
        },
      ]);
      if (inserted?.outcome === 'key_taken') return { outcome: 'retried_before' };
      if (inserted?.outcome !== 'created') {
        throw new Error(`a free retry was not created: ${inserted?.outcome}`);
      }
      deps.logger?.info(
        { generation: id, step: 'created', model: source.model, cost: 0, retryOf: source.id },
        'generation created (a free retry)',
      );
      return { outcome: 'created', id };
    },

    /** One of the person's own requests with its files, as `/api/v1` maps it. */
    async readForApi(user: SessionUser, id: string): Promise<ApiGenerationRead> {
      const row = uuidPattern.test(id) ? await generations.findOwnedRecord(user.id, id) : undefined;
      if (!row) return { outcome: 'not_found' };
      return { outcome: 'found', row, files: row.files };
    },

    /** The stored files of one of the person's requests (undefined: not theirs, or none such). */
    async ownFiles(user: SessionUser, id: string): Promise<FileRow[] | undefined> {
      const row = await findOwned(user, id);
      return row ? files.findByGenerations([row.id]) : undefined;
    },

    /** A cursor page of the person's requests, newest first (`/api/v1`). */
    cursorPage: (
      user: SessionUser,
      options: Parameters<Generations['cursorPage']>[1],
    ): Promise<ApiPageRow[]> => generations.cursorPage(user.id, options),

    /** One of the user's own requests as its record. */
    async read(user: SessionUser, id: string): Promise<GenerationRead> {
      const row = await findOwned(user, id);
      if (!row) return { outcome: 'not_found' };
      return { outcome: 'found', record: await withRecord(row) };
    },

    /**
     * What the person made from one of their generations (lineage, ADR 038): its edits, newest
     * first, at most MAX_LISTED_EDITS; an edit's own edits are listed under it, not here.
     */
    async edits(user: SessionUser, id: string): Promise<GenerationEditsRead> {
      const row = await findOwned(user, id);
      if (!row) return { outcome: 'not_found' };
      const rows = await generations.findEdits(user.id, row.id, MAX_LISTED_EDITS);
      return {
        outcome: 'listed',
        edits: { items: rows.map((edit) => toGenerationRecord(edit, edit.files, deps.urls)) },
      };
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

    /** Stars or unstars one of the person's requests (their pages hear of it). */
    async setFavorite(user: SessionUser, id: string, favorite: boolean): Promise<FavoriteChange> {
      const row = uuidPattern.test(id)
        ? await generations.setFavorite(user.id, id, favorite)
        : undefined;
      if (!row) return { outcome: 'not_found' };
      await generations.notify(row.userId, row.id);
      return { outcome: 'changed', record: await withRecord(row) };
    },

    /**
     * Deletes one of the person's finished generations: its records go at once, its stored files
     * right after; its ledger entries stay (the money moved). A running one must be cancelled first.
     */
    async remove(user: SessionUser, id: string): Promise<GenerationRemoval> {
      const deleted = uuidPattern.test(id)
        ? await deps.repositories.transaction(['generations'], (tx) =>
            tx.generations.deleteFinished(user.id, id),
          )
        : undefined;
      if (deleted === undefined) return { outcome: 'not_found' };
      if (deleted === 'running') return { outcome: 'running' };
      await Promise.all(
        deleted.map((key) =>
          deps.storage.delete(key).catch((error: unknown) => {
            deps.logger?.warn(
              { err: error, key },
              'a deleted generation’s file could not be removed',
            );
          }),
        ),
      );
      return { outcome: 'removed' };
    },

    /**
     * The person stops one of their running requests: it is cancelled at the provider, failed as
     * 'Canceled' and refunded (or, if the provider had already finished it, completed).
     */
    async cancel(user: SessionUser, id: string): Promise<GenerationCancel> {
      const row = await findOwned(user, id);
      if (!row) return { outcome: 'not_found' };
      if (row.status === 'completed' || row.status === 'failed') return { outcome: 'finished' };
      const ended = await deps.engine.cancel(row);
      return { outcome: 'canceled', record: await withRecord(ended ?? row) };
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
