import path from 'node:path';
import { getModel, listModels, listTools, type ModelType, styles } from '@kadr/catalog';
import type {
  ApiBalance,
  ApiCreateBody,
  ApiCreateElementBody,
  ApiCreateJoinBody,
  ApiElement,
  ApiElementList,
  ApiEstimateBody,
  ApiGeneration,
  ApiGenerationList,
  ApiModel,
  ApiRecording,
  ApiStatement,
  ApiStyle,
  ApiUpload,
  FieldError,
  GenerationStatus,
} from '@kadr/contract';
import {
  decodeCursor,
  decodeTimeCursor,
  encodeCursor,
  encodeTimeCursor,
} from '../../lib/cursor.ts';
import type { Locale } from '../../lib/locale.ts';
import type { SendableObject } from '../../lib/send-object.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import type { ModelSwitchService } from '../catalog/index.ts';
import type { ElementDeletion, ElementOutcome, ElementService } from '../elements/index.ts';
import { type FileRow, type FileUrls, sendable } from '../files/index.ts';
import {
  type GenerationCreate,
  type GenerationService,
  toApiGeneration,
} from '../generations/index.ts';
import { type ApiKeyContext, type ApiKeyRepository, isWebhookUrl } from '../keys/index.ts';
import type { StatementService } from '../statement/index.ts';
import type { ImageStore, RecordingStore, UploadService } from '../uploads/index.ts';
import type { UserRepository } from '../users/index.ts';
import { toApiElement, toApiModel } from './v1.mapper.ts';

type NotFound = { outcome: 'not_found' };
type Invalid = { outcome: 'invalid'; errors: FieldError[] };

export type ApiEstimateOutcome =
  | { outcome: 'priced'; model: string; cost: number; balance: number }
  | Invalid
  | { outcome: 'model_off'; modelName: string }
  /** The key's allowed-models list leaves the model out (as its create would be refused). */
  | { outcome: 'model_not_allowed'; model: string };

export type ApiCreateOutcome =
  | { outcome: 'created'; generation: ApiGeneration }
  | { outcome: 'replayed'; generation: ApiGeneration }
  | Exclude<GenerationCreate, { outcome: 'created' | 'replayed' }>;

export type ApiRead = { outcome: 'found'; generation: ApiGeneration } | NotFound;
export type ApiCancel = ApiRead | { outcome: 'finished' };
export type ApiOutput =
  | { outcome: 'found'; mime: string; name: string; object: SendableObject }
  /** The generation is the owner's but has no such output: what it is instead. */
  | { outcome: 'not_ready'; status: GenerationStatus }
  | { outcome: 'no_outputs'; error: ApiGeneration['error'] }
  | { outcome: 'no_such_output'; count: number }
  | NotFound;

/** An element as v1 shows it, or why the library refused (said by v1.problems.ts). */
export type ApiElementOutcome =
  | { outcome: 'done'; element: ApiElement }
  | Exclude<ElementOutcome, { outcome: 'done' }>;
export type ApiElementDeletion = ElementDeletion;

/** A cursor that is not one of ours (or from another list). */
type BadCursor = { outcome: 'bad_cursor' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The generation cursor: `[created as PostgreSQL wrote it, id]` of the page's last item. */
function generationCursor(cursor: string): { at: string; id: string } | undefined {
  const position = decodeTimeCursor(cursor, UUID);
  return position && { at: position.created, id: position.id };
}

/** The statement cursor: `{ e: <the last entry's id> }`. */
function statementCursor(cursor: string): number | undefined {
  const value = decodeCursor(cursor) as { e?: unknown } | undefined;
  return typeof value?.e === 'number' && Number.isSafeInteger(value.e) && value.e > 0
    ? value.e
    : undefined;
}

/** The path of a v1 output's address: `/api/v1/generations/{id}/outputs/{index}`. */
const OUTPUT_PATH = /^\/api\/v1\/generations\/([0-9a-f-]{36})\/outputs\/(\d{1,2})$/i;

/** A create's type is its model's (a tool makes an image); an unknown id is the catalogue's to refuse. */
const typeOf = (model: string): ModelType => getModel(model)?.type ?? 'image';

/** The catalogue body of a v1 create or estimate, as the generation service reads it. */
function catalogueBody(body: ApiCreateBody): Record<string, unknown> {
  return {
    model: body.model,
    prompt: body.prompt,
    parameters: body.parameters,
    ...(body.duration === undefined ? {} : { duration: body.duration }),
    ...(body.translate_prompt === undefined ? {} : { translate_prompt: body.translate_prompt }),
    ...(body.elements === undefined ? {} : { elements: body.elements }),
    ...(body.style === undefined || body.style === null ? {} : { style: body.style }),
    // A continuation (ADR 047): the service checks the clip, and at a create reads its last frame.
    ...(body.extend === undefined ? {} : { extend: body.extend }),
  };
}

/** A create's own webhook address, or why it is refused (an http(s) URL or nothing). */
function webhookOf(
  asked: string | undefined,
): { outcome: 'valid'; webhookUrl: string | null } | Invalid {
  const webhookUrl = asked?.trim() || null;
  if (webhookUrl !== null && !isWebhookUrl(webhookUrl)) {
    return {
      outcome: 'invalid',
      errors: [{ field: 'webhook_url', code: 'invalid_url', message: 'must be an http(s) URL' }],
    };
  }
  return { outcome: 'valid', webhookUrl };
}

/** What a create made with the key carries: its limits, its allowed models and a webhook. */
function contextOf(
  key: ApiKeyContext,
  webhookUrl: string | null,
): Parameters<GenerationService['create']>[4] {
  return {
    apiKey: {
      id: key.id,
      dailyLimit: key.dailyLimit,
      monthlyLimit: key.monthlyLimit,
      allowedModels: key.allowedModels,
      scope: key.scope,
    },
    webhookUrl,
  };
}

/** The key whose own generations alone it reads, when it is scoped to them (issue #51). */
function madeBy(key: Pick<ApiKeyContext, 'id' | 'scope'>): string | undefined {
  return key.scope === 'key' ? key.id : undefined;
}

/**
 * A v1 Idempotency-Key as stored: kept apart per API key (issue #51), so two keys of one account
 * never answer each other's requests, and apart from the studio's own keys.
 */
function keyedIdempotency(key: Pick<ApiKeyContext, 'id'>, asked: string | undefined) {
  return asked === undefined ? undefined : `v1:${key.id}:${asked}`;
}

/**
 * `/api/v1` (ADR 040): the studio's own services seen through a key. Creates go through the
 * generation service's create with the key's context (its allowed models, its spend limits counted
 * under the owner's lock, its webhook); reads answer only the key owner's own generations.
 */
export function createApiV1Service(deps: {
  generations: Pick<
    GenerationService,
    'quote' | 'create' | 'createJoin' | 'readForApi' | 'cursorPage' | 'cancel' | 'ownFiles'
  >;
  statement: Pick<StatementService, 'before'>;
  uploads: Pick<UploadService, 'storeImage' | 'storeRecording'>;
  elements: Pick<ElementService, 'list' | 'get' | 'create' | 'addPictures' | 'remove'>;
  modelSwitches: Pick<ModelSwitchService, 'off'>;
  repositories: {
    users: Pick<UserRepository, 'findById'>;
    apiKeys: Pick<ApiKeyRepository, 'findById'>;
  };
  storage: Pick<ObjectStorage, 'open'>;
  urls: Pick<FileUrls, 'absolute'>;
  publicUrl: string;
}) {
  const { publicUrl } = deps;

  async function balanceOf(user: SessionUser): Promise<number> {
    return (await deps.repositories.users.findById(user.id))?.tokens ?? 0;
  }

  /**
   * One of the owner's generations, a failure said in `locale` (the request's). A key scoped to
   * its own generations meets any other as one that does not exist.
   */
  async function read(
    user: SessionUser,
    id: string,
    locale: Locale,
    key: Pick<ApiKeyContext, 'id' | 'scope'> | undefined,
  ): Promise<ApiRead> {
    const found = await deps.generations.readForApi(user, id);
    if (found.outcome !== 'found') return found;
    const only = key ? madeBy(key) : undefined;
    if (only !== undefined && found.row.apiKeyId !== only) return { outcome: 'not_found' };
    return {
      outcome: 'found',
      generation: toApiGeneration(found.row, found.files, publicUrl, { locale }),
    };
  }

  /** A create's (or a join's) answer as v1 gives it: the generation it made, or its refusal. */
  async function answered(
    user: SessionUser,
    created: GenerationCreate,
    locale: Locale,
  ): Promise<ApiCreateOutcome> {
    if (created.outcome === 'created') {
      // Answered from what the create statement wrote (pending, no files yet), not read back:
      // the same mapping a read makes of the same row.
      return {
        outcome: 'created',
        generation: toApiGeneration(created.row, [], publicUrl, { locale }),
      };
    }
    if (created.outcome !== 'replayed') return created;
    // A replay answers the generation as it stands now (it may have finished since).
    const found = await read(user, created.response.request_id, locale, undefined);
    // Replayed from the person's own key claim: it is theirs.
    if (found.outcome !== 'found') throw new Error('a replayed generation could not be read');
    return { outcome: 'replayed', generation: found.generation };
  }

  /** Whether the key reads this generation: any of the owner's, or for a scoped key its own. */
  async function visible(
    user: SessionUser,
    id: string,
    key: Pick<ApiKeyContext, 'id' | 'scope'>,
  ): Promise<boolean> {
    const only = madeBy(key);
    if (only === undefined) return true;
    const found = await deps.generations.readForApi(user, id);
    return found.outcome === 'found' && found.row.apiKeyId === only;
  }

  /** Output `index` (0-based, in the generation's order) of a generation the key reads. */
  async function outputFile(
    user: SessionUser,
    id: string,
    index: number,
    key: Pick<ApiKeyContext, 'id' | 'scope'>,
  ) {
    if (!(await visible(user, id, key))) return undefined;
    const stored = await deps.generations.ownFiles(user, id);
    return stored
      ?.filter((candidate) => candidate.kind === 'output')
      .sort((a, b) => a.position - b.position)[index];
  }

  /** The generation and index a v1 output's address names (absolute on our origin, or its path). */
  function outputOf(address: string): { id: string; index: number } | undefined {
    let pathname = address;
    if (!address.startsWith('/')) {
      if (!URL.canParse(address)) return undefined;
      const url = new URL(address);
      if (url.origin !== new URL(publicUrl).origin || url.search !== '') return undefined;
      pathname = url.pathname;
    }
    const match = OUTPUT_PATH.exec(pathname);
    return match?.[1] && match[2] ? { id: match[1], index: Number(match[2]) } : undefined;
  }

  /**
   * The pictures as the library reads them, one for one: an output's v1 address (how code knows
   * its results) becomes its file's address when the output is the person's; anything else is
   * passed as it is, for the library to take (an upload's, a result's file address) or refuse.
   */
  function libraryAddresses(
    user: SessionUser,
    key: Pick<ApiKeyContext, 'id' | 'scope'>,
    addresses: readonly string[],
  ): Promise<string[]> {
    return Promise.all(
      addresses.map(async (address) => {
        const output = outputOf(address);
        const file: FileRow | undefined =
          output && (await outputFile(user, output.id, output.index, key));
        return file ? deps.urls.absolute(file.id, path.posix.basename(file.storageKey)) : address;
      }),
    );
  }

  const asApiElement = (outcome: ElementOutcome): ApiElementOutcome =>
    outcome.outcome === 'done'
      ? { outcome: 'done', element: toApiElement(outcome.element, publicUrl) }
      : outcome;

  return {
    /**
     * The catalogue's models and tools the key may run (all of them for a key with no list), with
     * whether an operator switched each off.
     */
    async models(locale: Locale, key: Pick<ApiKeyContext, 'allowedModels'>): Promise<ApiModel[]> {
      const off = await deps.modelSwitches.off();
      const allowed = key.allowedModels;
      return [...listModels(), ...listTools()]
        .filter((model) => !allowed || allowed.includes(model.id))
        .map((model) => toApiModel(model, !off.has(model.id), locale));
    },

    /** The style presets (ADR 051), in the request language, with the models each suits. */
    styles(locale: Locale): ApiStyle[] {
      return styles.map((style) => ({
        id: style.id,
        category: style.category,
        name: style.name[locale],
        description: style.description[locale],
        models: [...style.models],
      }));
    },

    async estimate(
      user: SessionUser,
      key: Pick<ApiKeyContext, 'id' | 'allowedModels' | 'scope'>,
      body: ApiEstimateBody,
    ): Promise<ApiEstimateOutcome> {
      if (key.allowedModels && !key.allowedModels.includes(body.model)) {
        return { outcome: 'model_not_allowed', model: body.model };
      }
      // The create's own checks, so that an estimate never passes a body its create refuses.
      const webhook = webhookOf(body.webhook_url);
      if (webhook.outcome === 'invalid') return webhook;
      const quoted = await deps.generations.quote(
        user,
        typeOf(body.model),
        catalogueBody(body),
        madeBy(key),
      );
      if (quoted.outcome !== 'priced') return quoted;
      return {
        outcome: 'priced',
        model: body.model,
        cost: quoted.cost,
        balance: await balanceOf(user),
      };
    },

    async create(
      user: SessionUser,
      key: ApiKeyContext,
      body: ApiCreateBody,
      idempotencyKey: string | undefined,
      locale: Locale,
    ): Promise<ApiCreateOutcome> {
      const webhook = webhookOf(body.webhook_url);
      if (webhook.outcome === 'invalid') return webhook;
      const created = await deps.generations.create(
        user,
        typeOf(body.model),
        catalogueBody(body),
        keyedIdempotency(key, idempotencyKey),
        contextOf(key, webhook.webhookUrl),
      );
      return answered(user, created, locale);
    },

    /**
     * A join of the owner's finished videos (ADR 047): Kadr's own work, free, so allowed with every
     * key whatever its allowed models; a key's spend is not moved by it. Answered as a create is.
     */
    async createJoin(
      user: SessionUser,
      key: ApiKeyContext,
      body: ApiCreateJoinBody,
      idempotencyKey: string | undefined,
      locale: Locale,
    ): Promise<ApiCreateOutcome> {
      const { webhook_url: asked, ...join } = body;
      const webhook = webhookOf(asked);
      if (webhook.outcome === 'invalid') return webhook;
      const created = await deps.generations.createJoin(
        user,
        join,
        keyedIdempotency(key, idempotencyKey),
        contextOf(key, webhook.webhookUrl),
      );
      return answered(user, created, locale);
    },

    read,

    async list(
      user: SessionUser,
      key: Pick<ApiKeyContext, 'id' | 'scope'>,
      query: {
        cursor?: string | undefined;
        limit: number;
        type?: ModelType | undefined;
        status?: GenerationStatus | undefined;
      },
      locale: Locale,
    ): Promise<{ outcome: 'listed'; list: ApiGenerationList } | BadCursor> {
      const before = query.cursor === undefined ? undefined : generationCursor(query.cursor);
      if (query.cursor !== undefined && before === undefined) return { outcome: 'bad_cursor' };
      const rows = await deps.generations.cursorPage(user, {
        before,
        limit: query.limit + 1,
        type: query.type,
        status: query.status,
        apiKeyId: madeBy(key),
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        outcome: 'listed',
        list: {
          items: page.map((row) => toApiGeneration(row, row.files, publicUrl, { locale })),
          next_cursor:
            rows.length > query.limit && last ? encodeTimeCursor(last.at, last.id) : null,
        },
      };
    },

    async cancel(
      user: SessionUser,
      key: Pick<ApiKeyContext, 'id' | 'scope'>,
      id: string,
      locale: Locale,
    ): Promise<ApiCancel> {
      if (!(await visible(user, id, key))) return { outcome: 'not_found' };
      const canceled = await deps.generations.cancel(user, id);
      if (canceled.outcome === 'finished' || canceled.outcome === 'not_found') return canceled;
      return read(user, id, locale, key);
    },

    /** Output `index` (0-based, in the generation's order) of one of the person's generations. */
    async output(
      user: SessionUser,
      key: Pick<ApiKeyContext, 'id' | 'scope'>,
      id: string,
      index: number,
      locale: Locale,
    ): Promise<ApiOutput> {
      const file = await outputFile(user, id, index, key);
      if (!file) {
        // Why not, said as what the generation is: running, failed, or made fewer outputs.
        const found = await read(user, id, locale, key);
        if (found.outcome !== 'found') return found;
        const { status, error, outputs } = found.generation;
        if (status === 'failed') return { outcome: 'no_outputs', error };
        if (status !== 'completed') return { outcome: 'not_ready', status };
        return { outcome: 'no_such_output', count: outputs.length };
      }
      const extension = file.storageKey.split('.').pop() ?? 'bin';
      return {
        outcome: 'found',
        mime: file.mime,
        name: `kadr-${id.slice(0, 8)}-${index}.${extension}`,
        object: sendable(deps.storage, file),
      };
    },

    async upload(
      user: SessionUser,
      bytes: Buffer,
    ): Promise<
      { outcome: 'stored'; upload: ApiUpload } | Exclude<ImageStore, { outcome: 'stored' }>
    > {
      const stored = await deps.uploads.storeImage(user.id, bytes);
      if (stored.outcome !== 'stored') return stored;
      const name = stored.file.storageKey.split('/').pop() ?? '';
      return {
        outcome: 'stored',
        upload: {
          url: deps.urls.absolute(stored.file.id, name),
          mime: stored.file.mime,
          width: stored.file.width ?? 0,
          height: stored.file.height ?? 0,
        },
      };
    },

    /** A recording for a talking character (ADR 049): checked, kept as an MP3, with its length. */
    async record(
      user: SessionUser,
      bytes: Buffer,
    ): Promise<
      | { outcome: 'stored'; recording: ApiRecording }
      | Exclude<RecordingStore, { outcome: 'stored' }>
    > {
      const stored = await deps.uploads.storeRecording(user.id, bytes);
      if (stored.outcome !== 'stored') return stored;
      const name = stored.file.storageKey.split('/').pop() ?? '';
      return {
        outcome: 'stored',
        recording: {
          url: deps.urls.absolute(stored.file.id, name),
          mime: stored.file.mime,
          duration_ms: stored.file.durationMs ?? 0,
        },
      };
    },

    /** The owner's elements in use, or the archived ones, the latest changed first. */
    async elements(user: SessionUser, archived: boolean): Promise<ApiElementList> {
      const { items } = await deps.elements.list(user.id, archived);
      return { items: items.map((element) => toApiElement(element, publicUrl)) };
    },

    async element(user: SessionUser, id: string): Promise<ApiElementOutcome> {
      return asApiElement(await deps.elements.get(user.id, id));
    },

    /** A new element from the owner's pictures (uploads, results — copied — or other elements'). */
    async createElement(
      user: SessionUser,
      key: Pick<ApiKeyContext, 'id' | 'scope'>,
      body: ApiCreateElementBody,
    ): Promise<ApiElementOutcome> {
      const pictures = await libraryAddresses(user, key, body.pictures);
      return asApiElement(await deps.elements.create(user.id, { ...body, pictures }));
    },

    async addElementPictures(
      user: SessionUser,
      key: Pick<ApiKeyContext, 'id' | 'scope'>,
      id: string,
      pictures: readonly string[],
    ): Promise<ApiElementOutcome> {
      const addresses = await libraryAddresses(user, key, pictures);
      return asApiElement(await deps.elements.addPictures(user.id, id, addresses));
    },

    /** Deletes the element; its pictures' files, and results made with it, stay. */
    deleteElement(user: SessionUser, id: string): Promise<ApiElementDeletion> {
      return deps.elements.remove(user.id, id);
    },

    /** What the key spent today and this month (UTC), as its limits count it. */
    async spent(key: Pick<ApiKeyContext, 'id'>): Promise<{ today: number; month: number }> {
      const row = await deps.repositories.apiKeys.findById(key.id);
      return { today: row?.spentToday ?? 0, month: row?.spentMonth ?? 0 };
    },

    async balance(user: SessionUser, key: ApiKeyContext): Promise<ApiBalance> {
      const [tokens, spent] = await Promise.all([balanceOf(user), this.spent(key)]);
      return {
        tokens,
        key: {
          id: key.id,
          allowed_models: key.allowedModels ? [...key.allowedModels] : null,
          scope: key.scope,
          daily_limit: key.dailyLimit,
          monthly_limit: key.monthlyLimit,
          spent_today: spent.today,
          spent_month: spent.month,
        },
      };
    },

    async statement(
      user: SessionUser,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<{ outcome: 'listed'; statement: ApiStatement } | BadCursor> {
      const before = query.cursor === undefined ? undefined : statementCursor(query.cursor);
      if (query.cursor !== undefined && before === undefined) return { outcome: 'bad_cursor' };
      const { items, more } = await deps.statement.before(user, before, query.limit);
      const last = items[items.length - 1];
      return {
        outcome: 'listed',
        statement: {
          items,
          next_cursor: more && last ? encodeCursor({ e: Number(last.id) }) : null,
        },
      };
    },
  };
}

export type ApiV1Service = ReturnType<typeof createApiV1Service>;
