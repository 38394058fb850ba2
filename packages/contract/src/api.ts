import { z } from 'zod/mini';
import {
  apiKeyLimits,
  elementDescriptionMax,
  elementKinds,
  elementNameMax,
  elementPicturesMax,
  generationWaits,
} from './rules.ts';
import {
  createJoinBodySchema,
  generationErrorCodeSchema,
  generationStatusSchema,
  ledgerEntrySchema,
  modelTypeSchema,
} from './schemas.ts';

/*
 * The Kadr API (issue #37, ADR 040): keys managed in the profile (cookie routes under `/api/keys`,
 * `/api/webhook-deliveries`, `/api/account-events`) and the versioned surface for code under
 * `/api/v1` (bearer keys). Everything a v1 answer carries is declared here; the server serialises
 * from it and the OpenAPI document of v1 (the client package's source) is made from it.
 */

// ---------------------------------------------------------------------------------------------
// Problems

/**
 * The stable machine codes of `/api/v1` problems (the `code` member of every problem+json answer).
 * A code is never renamed or reused within v1; new codes may be added.
 */
export const apiProblemCodes = [
  /**
   * 400: the body, a query or a header is wrong; `errors` lists each field (an element's pictures:
   * `pictures.<i>` with `not_own_picture` or `unreadable`, `pictures` with `too_many` and `limit`).
   */
  'invalid_request',
  /** 401: no key, an unknown key, or a revoked one. */
  'unauthorized',
  /** 403: the key may not do this (a cookie-only route, a model outside its allowed list). */
  'forbidden',
  /** 403: an operator blocked the key's owner. */
  'account_blocked',
  /** 404: no such thing of the key owner's (anyone else's id answers this too). */
  'not_found',
  /** 402: the balance does not cover the price; `required` and `balance` say by how much. */
  'insufficient_tokens',
  /** 402: the key's own spend limit for today (UTC) would be passed; nothing was charged. */
  'spend_limit_daily',
  /** 402: the key's own spend limit for this month (UTC) would be passed; nothing was charged. */
  'spend_limit_monthly',
  /** 409: an operator switched the model off for now. */
  'model_off',
  /** 409: the Idempotency-Key was used with another body. */
  'idempotency_key_reused',
  /** 409: the Idempotency-Key's first request has not answered yet; retry shortly. */
  'idempotency_key_in_progress',
  /**
   * 409: the generation has finished (cancel), or is still running (delete); another of the
   * owner's elements has the name (`errors`: `name`, `taken`).
   */
  'conflict',
  /** 413: the upload is too large. */
  'too_large',
  /** 415: the upload is not a JPEG, PNG, GIF or WebP picture. */
  'unsupported_media_type',
  /** 429: too many requests with this key; Retry-After in seconds. */
  'rate_limited',
  /** 429: the owner's running generations are at the cap; Retry-After in seconds. */
  'too_many_running',
  /** 5xx: our fault; retry with the same Idempotency-Key. */
  'server_error',
  /**
   * 503: a part Kadr needs (its database or file store) is away for a moment; nothing was changed.
   * Retry after Retry-After seconds, with the same Idempotency-Key.
   */
  'unavailable',
] as const;
export type ApiProblemCode = (typeof apiProblemCodes)[number];

/** A v1 problem: RFC 9457 with a stable `code`, and the figures a refusal is about. */
export const apiProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().check(z.int()),
  code: z.enum(apiProblemCodes),
  detail: z.optional(z.string()),
  errors: z.optional(
    z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
  ),
  /**
   * A limit's number (a spend limit in tokens, a rate limit's requests per minute, the cap, the
   * most pictures an element holds).
   */
  limit: z.optional(z.number().check(z.int())),
  /** 402: tokens the request needs. */
  required: z.optional(z.number().check(z.int())),
  /** 402 spend limits: tokens the key has spent in the period so far. */
  spent: z.optional(z.number().check(z.int())),
  /** 402 spend limits: when the period starts again (ISO 8601, UTC). */
  resets_at: z.optional(z.string()),
});
export type ApiProblem = z.infer<typeof apiProblemSchema>;

// ---------------------------------------------------------------------------------------------
// Keys (the profile's cookie routes)

const tokensLimit = z.nullable(
  z.number().check(z.int(), z.gte(1), z.lte(apiKeyLimits.maxSpendLimit)),
);

/**
 * What a key reads and changes on `/api/v1` (issue #51): `key`, the generations it made itself
 * (the default for a new key), or `account`, every generation of the account — the studio's and
 * other keys' too. Creating with the person's library and balance is the same either way.
 */
export const apiKeyScopes = ['key', 'account'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** An API key as its owner (and an operator) sees it: never the key itself after creation. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`kadr_` and 8 more), to tell keys apart. */
  prefix: z.string(),
  created: z.string(),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
  /** Tokens it may spend per UTC day / calendar month (UTC); null: only the balance limits it. */
  daily_limit: z.nullable(z.number().check(z.int())),
  monthly_limit: z.nullable(z.number().check(z.int())),
  /** Catalogue ids it may create with; null: every model and tool. */
  allowed_models: z.nullable(z.array(z.string())),
  /** What it reads and changes: its own generations (`key`) or the whole account's. */
  scope: z.enum(apiKeyScopes),
  webhook_url: z.nullable(z.string()),
  /** Tokens spent: today (UTC), this month (UTC), ever (refunded generations count nothing). */
  spent_today: z.number().check(z.int()),
  spent_month: z.number().check(z.int()),
  spent_total: z.number().check(z.int()),
  /** Requests made with it today (UTC). */
  requests_today: z.number().check(z.int()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

const keyName = z.string().check(z.trim(), z.minLength(1), z.maxLength(apiKeyLimits.nameMax));
const allowedModels = z.nullable(
  z.array(z.string().check(z.maxLength(100))).check(z.maxLength(apiKeyLimits.allowedModelsMax)),
);
/** An http(s) URL; whether its address may be called is checked when a message is sent. */
const webhookUrl = z.nullable(z.string().check(z.trim(), z.maxLength(apiKeyLimits.webhookUrlMax)));

/** `POST /api/keys`: a new key; unknown fields are refused. */
export const createApiKeyBodySchema = z.strictObject({
  name: keyName,
  daily_limit: z.optional(tokensLimit),
  monthly_limit: z.optional(tokensLimit),
  allowed_models: z.optional(allowedModels),
  /** `key` when absent. */
  scope: z.optional(z.enum(apiKeyScopes)),
  webhook_url: z.optional(webhookUrl),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** `PATCH /api/keys/:id`: what changes (absent fields stay). A revoked key cannot change. */
export const updateApiKeyBodySchema = z.strictObject({
  name: z.optional(keyName),
  daily_limit: z.optional(tokensLimit),
  monthly_limit: z.optional(tokensLimit),
  allowed_models: z.optional(allowedModels),
  scope: z.optional(z.enum(apiKeyScopes)),
  webhook_url: z.optional(webhookUrl),
});
export type UpdateApiKeyBody = z.infer<typeof updateApiKeyBodySchema>;

/** `POST /api/keys`' answer: the key itself, shown this once, and its webhook signing secret. */
export const createdApiKeySchema = z.object({
  key: apiKeySchema,
  /** `kadr_…`: send as `Authorization: Bearer <secret>`. Only its hash is kept. */
  secret: z.string(),
  /** `whsec_…`: verifies the signatures of this key's webhooks (Standard Webhooks). */
  webhook_secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/keys/:id/webhook-secret`: the key's signing secret, shown again on request. */
export const apiKeyWebhookSecretSchema = z.object({ webhook_secret: z.string() });

// ---------------------------------------------------------------------------------------------
// Webhooks out: messages and the delivery log

/** The events a webhook receives. */
export const webhookEventTypes = [
  'generation.completed',
  'generation.failed',
  'generation.refunded',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);

/** One message of the delivery log (`GET /api/webhook-deliveries`). */
export const webhookDeliverySchema = z.object({
  /** The message id (`msg_…`), the `webhook-id` header: the same on every attempt and replay. */
  id: z.string(),
  event_type: webhookEventTypeSchema,
  url: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().check(z.int()),
  /** The receiver's last HTTP status; null when it could not be reached (or was refused). */
  last_status: z.nullable(z.number().check(z.int())),
  /** Why the last attempt did not deliver, in English. */
  last_error: z.nullable(z.string()),
  created: z.string(),
  delivered_at: z.nullable(z.string()),
  /** When it is tried next (pending only). */
  next_attempt_at: z.nullable(z.string()),
  generation_id: z.nullable(z.string()),
  key_id: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A page of the delivery log, newest first; pass `next_cursor` as `cursor` for the next. */
export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  next_cursor: z.nullable(z.string()),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  key: z.optional(z.string().check(z.maxLength(64))),
});

// ---------------------------------------------------------------------------------------------
// The person's own audit

export const accountEventActions = [
  'api_key.created',
  'api_key.changed',
  'api_key.revoked',
  'webhook.replayed',
] as const;

/** One entry of the person's audit (`GET /api/account-events`): who did what to which key. */
export const accountEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(accountEventActions),
  /** `self`, or the operator's e-mail. */
  actor: z.string(),
  subject_id: z.nullable(z.string()),
  /** The fields that moved: `{ field: { before, after } }`, or what was made. */
  details: z.unknown(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

export const accountEventListSchema = z.object({ items: z.array(accountEventSchema) });

// ---------------------------------------------------------------------------------------------
// /api/v1 for code

/** A cursor page's query: at most `limit` items after `cursor` (from the previous page). */
export const apiPageQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

/** A parameter of a model or tool, from the catalogue. */
export const apiParameterSchema = z.object({
  name: z.string(),
  /** `string`, `number`, `integer`, `boolean`, `enum`, or `file` (a Kadr picture URL). */
  type: z.enum(['string', 'number', 'integer', 'boolean', 'enum', 'file']),
  required: z.boolean(),
  nullable: z.boolean(),
  default: z.optional(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
  /** The values of an `enum` (or a number that takes only these). */
  values: z.optional(z.array(z.union([z.string(), z.number()]))),
  /** Shown only when another parameter has a value: `{ param, equals | notEquals | empty }`. */
  when: z.optional(z.unknown()),
  description: z.string(),
});
export type ApiParameter = z.infer<typeof apiParameterSchema>;

/** A model or a finishing tool as v1 lists it. */
export const apiModelSchema = z.object({
  id: z.string(),
  /** `model` (makes a picture or video from a prompt) or `tool` (finishes a picture). */
  kind: z.enum(['model', 'tool']),
  /** A tool's kind: upscale, remove-background, replace-background, expand, inpaint. */
  tool: z.nullable(z.string()),
  type: modelTypeSchema,
  name: z.string(),
  description: z.string(),
  /** `required`, `optional` or `none`. */
  prompt: z.enum(['required', 'optional', 'none']),
  parameters: z.array(apiParameterSchema),
  /** How its price is made, in tokens (the catalogue's rule; estimate for an exact figure). */
  price: z.object({
    rule: z.string(),
    /**
     * The least any request it takes costs: its cheapest offered options at their shortest (a
     * tool's depends on its picture: its smallest price). The summary names only offered options.
     */
    from: z.number().check(z.int()),
    summary: z.string(),
  }),
  /** Usual wall-clock seconds of one generation. */
  typical_seconds: z.object({ min: z.number(), max: z.number() }),
  /** Off for now (an operator's switch): a create answers 409 model_off. */
  available: z.boolean(),
  /**
   * Whether it takes library elements as references (a create's `elements`): at most `max` of
   * them, of these kinds; null when it takes none.
   */
  references: z.nullable(
    z.object({ max: z.number().check(z.int()), kinds: z.array(z.enum(elementKinds)) }),
  ),
});
export type ApiModel = z.infer<typeof apiModelSchema>;

export const apiModelListSchema = z.object({ items: z.array(apiModelSchema) });

/** A style preset (`GET /api/v1/styles`): pass its `id` as a create's `style`. */
export const apiStyleSchema = z.object({
  id: z.string(),
  category: z.enum(['product', 'photo', 'art', 'graphic']),
  /** In the request language. */
  name: z.string(),
  description: z.string(),
  /** The models it suits: a create with another model and this style is refused (400). */
  models: z.array(z.string()),
});
export type ApiStyle = z.infer<typeof apiStyleSchema>;

export const apiStyleListSchema = z.object({ items: z.array(apiStyleSchema) });

/** The parameter values of a request; the catalogue checks names, types and ranges. */
const apiParameters = z.record(z.string(), z.unknown());

/**
 * A continuation (ADR 047): the id of one of the key owner's finished videos. The model — one that
 * starts a video from a picture — starts from that clip's last frame (whatever start frame the
 * parameters name), is priced and charged as any of its generations, and once it is made Kadr joins
 * the clip and the continuation into a new generation (`model: 'join'`), free.
 */
const apiExtend = z
  .string()
  .check(
    z.maxLength(100),
    z.describe(
      "Continue one of the key owner's finished videos (its generation id): the model, one that " +
        "starts a video from a picture, starts from the clip's last frame, whatever start frame " +
        'the parameters name. Priced and charged as any generation of the model; once it is made, ' +
        'Kadr joins the clip and the continuation into a new generation of model `join`, free ' +
        '(find it in `GET /api/v1/generations`: its `source_id` is the clip).',
    ),
  );

export const apiEstimateSchema = z.object({
  model: z.string(),
  /** Tokens a create with this body charges now. */
  cost: z.number().check(z.int(), z.nonnegative()),
  balance: z.number().check(z.int()),
});
export type ApiEstimate = z.infer<typeof apiEstimateSchema>;

/** `POST /api/v1/generations` (honours `Idempotency-Key`). Unknown fields are refused. */
export const apiCreateBodySchema = z.strictObject({
  model: z.string().check(z.maxLength(100)),
  prompt: z._default(z.string(), ''),
  parameters: z._default(apiParameters, {}),
  duration: z.optional(z.number()),
  /** Translate a non-English prompt to English before sending it to the model (default true). */
  translate_prompt: z.optional(z.boolean()),
  /**
   * A style preset's id (`GET /api/v1/styles`): its words are added to the prompt, for the models
   * it suits (else 400 naming `style`). Free: it changes no price.
   */
  style: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  /** Also send this generation's ending here (beside the key's own webhook). */
  webhook_url: z.optional(z.string().check(z.maxLength(apiKeyLimits.webhookUrlMax))),
  /**
   * Library elements (`/api/v1/elements`) whose pictures the model takes as references, for a
   * model that takes them (its `references` in `/api/v1/models`): each element's cover first.
   */
  elements: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(10))),
  /**
   * Continue a clip (ADR 047): one of the key owner's finished videos, whose last frame becomes
   * the model's start frame; the model must start from a picture (else 400 naming `model`,
   * `cannot_extend`). Once made, the clip and the continuation are joined into a free `join`.
   */
  extend: z.optional(apiExtend),
});
export type ApiCreateBody = z.infer<typeof apiCreateBodySchema>;

/**
 * `POST /api/v1/estimate`: what a create with this very body would cost — every field a create
 * takes, checked as a create checks it (a webhook address, a translation switch, a style, elements
 * and a continuation change no price but are refused here as they would be there).
 */
export const apiEstimateBodySchema = z.extend(apiCreateBodySchema, {});
export type ApiEstimateBody = ApiCreateBody;

/**
 * `POST /api/v1/joins` (honours `Idempotency-Key`; ADR 047): 2–6 of the key owner's finished
 * videos, in order, each trimmed (`start_ms` to `end_ms`; the whole clip when absent), joined
 * with an optional cross-fade into one MP4 — a generation of model `join`, free. The body of the
 * studio's `POST /api/joins`, and a create's `webhook_url`. Unknown fields are refused.
 */
export const apiCreateJoinBodySchema = z.extend(createJoinBodySchema, {
  clips: createJoinBodySchema.shape.clips.check(
    z.describe(
      "The clips, in order: 2–6 of the key owner's finished videos, each by its generation `id`, " +
        'kept from `start_ms` to `end_ms` (milliseconds into the clip; its start and its end when ' +
        'absent), at least 500 ms of each.',
    ),
  ),
  crossfade_ms: createJoinBodySchema.shape.crossfade_ms.check(
    z.describe(
      'How long each clip fades into the next, in milliseconds: 0 (the default) is a straight ' +
        'cut; at most 2000 and shorter than every kept clip. The join lasts the kept lengths less ' +
        'one fade per cut.',
    ),
  ),
  /** Also send this join's ending here (beside the key's own webhook). */
  webhook_url: z.optional(z.string().check(z.maxLength(apiKeyLimits.webhookUrlMax))),
});
export type ApiCreateJoinBody = z.infer<typeof apiCreateJoinBodySchema>;

/** One stored output of a v1 generation. */
export const apiOutputSchema = z.object({
  index: z.number().check(z.int()),
  /** Download it with the key (`GET /api/v1/generations/{id}/outputs/{index}`). */
  url: z.string(),
  mime: z.string(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  duration_ms: z.nullable(z.number()),
});

/** A generation as v1 shows it. */
export const apiGenerationSchema = z.object({
  id: z.string(),
  model: z.string(),
  type: modelTypeSchema,
  status: generationStatusSchema,
  /** Tokens charged (refunded in full when it failed: see `refunded`). */
  cost: z.number().check(z.int()),
  refunded: z.boolean(),
  prompt: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  error: z.nullable(z.object({ code: generationErrorCodeSchema, message: z.string() })),
  outputs: z.array(apiOutputSchema),
  /**
   * The generation whose result this was made from (a tool on a result; the clip a continuation
   * continues; a join's first clip), or null.
   */
  source_id: z.nullable(z.string()),
  /** The key it was made with, or null when made in the studio. */
  key_id: z.nullable(z.string()),
  /**
   * While it is not failing but held up (ADR 041): `model` — the model service is not answering or
   * is rate limiting, and its submission is retried; `storage` — its result is made and waits for
   * the file store. Null otherwise.
   */
  waiting_for: z.nullable(z.enum(generationWaits)),
  created: z.string(),
  updated: z.string(),
});
export type ApiGeneration = z.infer<typeof apiGenerationSchema>;

export const apiGenerationListSchema = z.object({
  items: z.array(apiGenerationSchema),
  next_cursor: z.nullable(z.string()),
});
export type ApiGenerationList = z.infer<typeof apiGenerationListSchema>;

export const apiGenerationListQuerySchema = z.extend(apiPageQuerySchema, {
  type: z.optional(modelTypeSchema),
  status: z.optional(generationStatusSchema),
});

/** `POST /api/v1/uploads` (multipart `image`): a picture to use as a model's or tool's input. */
export const apiUploadSchema = z.object({
  /** Pass it as a `file` parameter's value. */
  url: z.string(),
  mime: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type ApiUpload = z.infer<typeof apiUploadSchema>;

/** A recording kept for a talking character (issue #48, ADR 049), always an MP3. */
export const apiRecordingSchema = z.object({
  /** Pass it as the talking character's `audio` parameter. */
  url: z.string(),
  mime: z.string(),
  /** Its length: what the video lasts, and what is charged (whole seconds, rounded up). */
  duration_ms: z.number().check(z.int()),
});
export type ApiRecording = z.infer<typeof apiRecordingSchema>;

// Library elements (issue #47, ADR 043)

/** One reference picture of a library element: the owner's own copy, kept with the element. */
export const apiElementPictureSchema = z.object({
  /** The picture's id (its stored file's). */
  id: z.string(),
  /**
   * Its Kadr file URL, absolute (the form `POST /api/v1/uploads` answers): pass it as a model's
   * or tool's `file` parameter, or as a picture of another element.
   */
  url: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type ApiElementPicture = z.infer<typeof apiElementPictureSchema>;

/** A character or a product of the key owner's library, with its pictures in their order. */
export const apiElementSchema = z.object({
  id: z.string(),
  /** `character` or `product`. */
  kind: z.enum(elementKinds),
  /** Unique among the owner's elements, whatever its case. */
  name: z.string(),
  /** What a prompt may say of it; empty when none. */
  description: z.string(),
  /** The picture shown for it: one of `pictures` (the first unless the owner chose another). */
  cover: z.nullable(apiElementPictureSchema),
  /** 1–20 pictures, in their order. */
  pictures: z.array(apiElementPictureSchema),
  /** Archived in Kadr: kept, but listed only with `archived=true`. */
  archived: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type ApiElement = z.infer<typeof apiElementSchema>;

/** Every element in use (or every archived one), the latest changed first. */
export const apiElementListSchema = z.object({ items: z.array(apiElementSchema) });
export type ApiElementList = z.infer<typeof apiElementListSchema>;

export const apiElementListQuerySchema = z.object({
  /** `true`: the archived elements only; otherwise the ones in use. */
  archived: z.optional(z.enum(['true', 'false'])),
});

/**
 * Pictures by their Kadr URL, each the key owner's: an upload (`POST /api/v1/uploads`'s `url`),
 * an image result (an output's `url`), or a picture of another element. A result is copied.
 */
const apiElementPictureUrls = z
  .array(z.string().check(z.maxLength(2000)))
  .check(z.minLength(1), z.maxLength(elementPicturesMax));

/** `POST /api/v1/elements`: a new element. Unknown fields are refused. */
export const apiCreateElementBodySchema = z.strictObject({
  kind: z.enum(elementKinds),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(elementNameMax)),
  description: z.optional(z.string().check(z.trim(), z.maxLength(elementDescriptionMax))),
  pictures: apiElementPictureUrls,
});
export type ApiCreateElementBody = z.infer<typeof apiCreateElementBodySchema>;

/** `POST /api/v1/elements/{id}/pictures`: pictures added after the last one (20 in all at most). */
export const apiAddElementPicturesBodySchema = z.strictObject({ pictures: apiElementPictureUrls });
export type ApiAddElementPicturesBody = z.infer<typeof apiAddElementPicturesBodySchema>;

export const apiBalanceSchema = z.object({
  tokens: z.number().check(z.int()),
  /** The key's own scope and limits, and what it spent in their periods (null: no limit). */
  key: z.object({
    id: z.string(),
    /** The models and tools the key may run (`/api/v1/models` lists those); null: every one. */
    allowed_models: z.nullable(z.array(z.string())),
    /** What it reads and changes: the generations it made (`key`) or the account's (`account`). */
    scope: z.enum(apiKeyScopes),
    daily_limit: z.nullable(z.number().check(z.int())),
    monthly_limit: z.nullable(z.number().check(z.int())),
    spent_today: z.number().check(z.int()),
    spent_month: z.number().check(z.int()),
  }),
});
export type ApiBalance = z.infer<typeof apiBalanceSchema>;

/** One token movement of the owner's statement (the app's and the API's spending alike). */
export const apiStatementEntrySchema = ledgerEntrySchema;

export const apiStatementSchema = z.object({
  items: z.array(apiStatementEntrySchema),
  next_cursor: z.nullable(z.string()),
});
export type ApiStatement = z.infer<typeof apiStatementSchema>;

/** A webhook message's body (`generation.*`): the event and the generation as v1 shows it. */
export const apiWebhookMessageSchema = z.object({
  type: webhookEventTypeSchema,
  /** When the event happened (ISO 8601). */
  timestamp: z.string(),
  data: apiGenerationSchema,
});
export type ApiWebhookMessage = z.infer<typeof apiWebhookMessageSchema>;

// ---------------------------------------------------------------------------------------------
// The operator console

/** A person's key as the console lists it, with its requests over the last days. */
export const adminApiKeySchema = z.extend(apiKeySchema, {
  /** Requests per UTC day, the last 30 days that had any, newest first. */
  requests: z.array(z.object({ day: z.string(), requests: z.number().check(z.int()) })),
});
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;
export const adminApiKeyListSchema = z.object({ items: z.array(adminApiKeySchema) });
