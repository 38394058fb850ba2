import { z } from 'zod/mini';
import {
  batchMaxItems,
  collectionNameMax,
  elementDescriptionMax,
  elementKinds,
  elementNameMax,
  elementPicturesMax,
  generationStatuses,
  generationWaits,
} from './rules.ts';

/** RFC 9457 problem details; `errors` lists field errors on 400. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().check(z.int()),
  detail: z.optional(z.string()),
  errors: z.optional(z.array(fieldErrorSchema)),
  /** A limit's problem (429): the number it allows (e.g. 8 running generations). */
  limit: z.optional(z.number().check(z.int())),
});
export type Problem = z.infer<typeof problemSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  tokens: z.number().check(z.int()),
  verified: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const modelTypeSchema = z.enum(['image', 'video']);

export const modelListQuerySchema = z.object({ type: z.optional(modelTypeSchema) });
export const modelListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});
export const modelListSchema = z.object({ items: z.array(modelListItemSchema) });
export type ModelListItem = z.infer<typeof modelListItemSchema>;

export const currencySchema = z.enum(['RUB', 'USD']);
export type Currency = z.infer<typeof currencySchema>;
export const packageListQuerySchema = z.object({
  currency: z._default(currencySchema, 'RUB'),
  /** The language of names and descriptions; else the `lang` cookie, then Accept-Language. */
  lang: z.optional(z.enum(['ru', 'en'])),
});
export const tokenPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokens: z.number().check(z.int()),
  priceNumeric: z.number(),
  price: z.string(),
  currency: currencySchema,
  pricePerToken: z.number(),
  description: z.string(),
  popular: z.boolean(),
  savings: z.number(),
});
export const packageListSchema = z.object({ items: z.array(tokenPackageSchema) });
export type TokenPackageItem = z.infer<typeof tokenPackageSchema>;

/**
 * Most keys a request body's object may have: well above any model's parameter count (the largest
 * has about a dozen), far below what a 1 MB body could carry.
 */
export const MAX_REQUEST_KEYS = 64;

/** Whether an object has more than `max` own keys, counting no further than `max + 1`. */
function hasMoreKeysThan(value: object, max: number): boolean {
  let count = 0;
  for (const key in value) {
    if (Object.hasOwn(value, key) && ++count > max) return true;
  }
  return false;
}

/**
 * An object of at most `MAX_REQUEST_KEYS` values of any kind. The count is checked before any
 * per-key work, so a body of 120,000 keys costs one refusal, not 120,000 checks and errors.
 */
function boundedRecord(description: string) {
  const counted = z.unknown().check((ctx) => {
    const value = ctx.value;
    if (value && typeof value === 'object' && hasMoreKeysThan(value, MAX_REQUEST_KEYS)) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'object',
        maximum: MAX_REQUEST_KEYS,
        inclusive: true,
        message: `must have at most ${MAX_REQUEST_KEYS} keys`,
        input: value,
      });
    }
  });
  return z.pipe(counted, z.record(z.string(), z.unknown())).check(
    z.meta({
      type: 'object',
      maxProperties: MAX_REQUEST_KEYS,
      additionalProperties: {},
      description,
    }),
  );
}

/** The parameter values of a request; the catalogue checks names, types and ranges. */
const parametersSchema = boundedRecord('Parameter values by name; the catalogue checks each.');

/**
 * `POST /api/create-image|video`: `model`, `prompt`, `parameters` (or the parameters at the top
 * level), `duration`, `translate_prompt`, `style`. The catalogue checks every field and refuses
 * unknown ones.
 */
export const createGenerationBodySchema = boundedRecord(
  'model, prompt, parameters (or parameters at the top level), duration, translate_prompt.',
);

/** Unknown fields (a `tokens`, a `userId`) are refused, not ignored. */
export const estimateImageBodySchema = z.strictObject({
  model: z.string(),
  /** Empty (or absent) for a tool that takes none. */
  prompt: z._default(z.string(), ''),
  parameters: z._default(parametersSchema, {}),
});
export type EstimateImageBody = z.infer<typeof estimateImageBodySchema>;

export const estimateVideoBodySchema = z.extend(estimateImageBodySchema, {
  /** Seconds as a number; 0 when the model has no duration to choose. */
  duration: z._default(z.number(), 0),
});
export type EstimateVideoBody = z.infer<typeof estimateVideoBodySchema>;

export const estimateResponseSchema = z.object({
  estimation: z.number().check(z.int(), z.nonnegative()),
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});

export const generationStatusSchema = z.enum(generationStatuses);

/**
 * Why a generation failed, as a code the interface translates (the provider's own words are kept
 * for the operator, never shown): the person cancelled it; the model refused the content as unsafe;
 * the model could not make it; it returned nothing; the model service refused the request, lost it,
 * or took too long; the result could not be saved.
 */
export const generationErrorCodes = [
  'canceled',
  'unsafe',
  'model_failed',
  'no_output',
  'not_accepted',
  'lost',
  'timeout',
  'save_failed',
  /** Kadr's own join of clips (ADR 047) could not be made: a clip is gone or unreadable. */
  'join_failed',
] as const;
export const generationErrorCodeSchema = z.enum(generationErrorCodes);
export type GenerationErrorCode = z.infer<typeof generationErrorCodeSchema>;

export const createGenerationResponseSchema = z.object({
  request_id: z.string(),
  prediction_id: z.nullable(z.string()),
  status: generationStatusSchema,
});
export type CreateGenerationResponse = z.infer<typeof createGenerationResponseSchema>;

/** One stored output of a generation, with the URLs our server serves it at. */
export const outputFileSchema = z.object({
  id: z.string(),
  file: z.string(),
  url: z.string(),
  download_url: z.string(),
  /** A small preview: an image's thumbnail or a video's poster frame. */
  thumbnail: z.nullable(z.string()),
  mime: z.string(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  duration_ms: z.nullable(z.number()),
});
export type OutputFile = z.infer<typeof outputFileSchema>;

/** A generation's body (§3): what was asked, as validated, and what came back. */
export const generationJsondataSchema = z.looseObject({
  type: z.optional(modelTypeSchema),
  prompt: z.optional(z.string()),
  /** The validated parameters, `duration` included for videos. */
  input: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  output: z.optional(z.unknown()),
  translate_prompt: z.optional(z.boolean()),
  /** The prompt as sent to the model (translated when asked). */
  sent_prompt: z.optional(z.string()),
  /**
   * The style preset chosen (issue #49, ADR 051), by its catalogue id: its words are added to the
   * prompt when it is sent, and 'Reuse settings' chooses it again.
   */
  style: z.optional(z.string()),
  /**
   * A finishing tool's source picture's size in pixels when it was asked for (ADR 038): what its
   * price and its provider inputs measured in pixels (expand's canvas) were computed from.
   */
  source_size: z.optional(
    z.object({ width: z.number().check(z.int()), height: z.number().check(z.int()) }),
  ),
  /**
   * While a part is away (issue #38): `model` — the model service is not answering or is rate
   * limiting, and the submission is retried with backoff; `storage` — the result is made but the
   * file store is away, and storing it is retried. Absent once it is not waiting.
   */
  waiting_for: z.optional(z.enum(generationWaits)),
  /**
   * The person's library elements it was made with (issue #47), as they were named then: a
   * deleted or renamed element leaves this as it was.
   */
  elements: z.optional(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(elementKinds),
        /** Its description then, which the prompt sent to the model carries (issue #47). */
        description: z.optional(z.string()),
      }),
    ),
  ),
  /** The reference pictures sent for those elements, in order (their Kadr file URLs). */
  references: z.optional(z.array(z.string())),
  /** A trained character's run (ADR 045): the version its training made, and its trigger word. */
  trained: z.optional(z.object({ version: z.string(), trigger_word: z.string() })),
  /**
   * A continuation (ADR 047): the video it continues, whose last frame is its start frame. Once it
   * is made, Kadr joins the two into a new result.
   */
  extend_of: z.optional(z.string()),
  /** A join of clips (ADR 047, `model: 'join'`): the clips as trimmed, in order, and the fade. */
  join: z.optional(
    z.object({
      clips: z.array(
        z.object({
          id: z.string(),
          start_ms: z.number().check(z.int()),
          end_ms: z.number().check(z.int()),
        }),
      ),
      crossfade_ms: z.number().check(z.int()),
      /** Made by continuing a clip: the continuation it joins onto the clip. */
      extension: z.optional(z.string()),
    }),
  ),
});
export type GenerationJsondata = z.infer<typeof generationJsondataSchema>;

/** The spec's generation request record (§3), `output_files` expanded. */
export const generationRecordSchema = z.object({
  id: z.string(),
  created: z.string(),
  updated: z.string(),
  user: z.string(),
  error: z.string(),
  model: z.string(),
  type: modelTypeSchema,
  replicate_id: z.string(),
  status: generationStatusSchema,
  /** Why it failed (null unless failed); `error` says the same in English. */
  error_code: z.nullable(generationErrorCodeSchema),
  /** Tokens charged (and refunded in full when the generation failed). */
  cost: z.number().check(z.int()),
  jsondata: generationJsondataSchema,
  output_files: z.array(z.string()),
  expand: z.object({ output_files: z.array(outputFileSchema) }),
  /** The person starred it. */
  favorite: z.boolean(),
  /**
   * Lineage (ADR 038): the generation whose result this one was made from — a tool run on a
   * result, or a model given a result as its input image; null when made from an upload or from
   * a prompt alone, and once the source is deleted.
   */
  source_id: z.nullable(z.string()),
});
export type GenerationRecord = z.infer<typeof generationRecordSchema>;

/**
 * `POST /api/joins` (ADR 047): the person's own finished videos, in order, each trimmed (from
 * `start_ms` to `end_ms`; the whole clip when absent), joined with an optional cross-fade. Free.
 */
export const createJoinBodySchema = z.strictObject({
  clips: z.array(
    z.strictObject({
      id: z.string(),
      start_ms: z.optional(z.number().check(z.int(), z.nonnegative())),
      end_ms: z.optional(z.number().check(z.int(), z.positive())),
    }),
  ),
  crossfade_ms: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});
export type CreateJoinBody = z.infer<typeof createJoinBodySchema>;

/** `GET /api/generations/:id/edits`: what was made from this result, newest first. */
export const generationEditsSchema = z.object({ items: z.array(generationRecordSchema) });
export type GenerationEdits = z.infer<typeof generationEditsSchema>;

/** `PUT /api/generations/:id/favorite`. */
export const favoriteBodySchema = z.strictObject({ favorite: z.boolean() });

/** A person's named collection of generations, with how many it holds. */
export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().check(z.int()),
  created: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionListSchema = z.object({ items: z.array(collectionSchema) });
export const createCollectionBodySchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(collectionNameMax)),
});

/** One reference picture of a library element, as stored (its own copy: ADR 043). */
export const elementPictureSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type ElementPicture = z.infer<typeof elementPictureSchema>;

/** Where a character's training is (ADR 045): like a generation's, minutes long. */
export const trainingStatusSchema = z.enum([
  'queued',
  'starting',
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

/** A character trained once on its element's pictures (issue #47, ADR 045). */
export const trainingSchema = z.object({
  id: z.string(),
  status: trainingStatusSchema,
  /** The tokens it was charged (given back when it failed or was cancelled: `refunded`). */
  cost: z.number().check(z.int()),
  refunded: z.boolean(),
  /** How many of the element's pictures it learned from. */
  pictures: z.number().check(z.int()),
  /** What went wrong, in the request's language; null unless it failed (the refund is `refunded`). */
  error: z.nullable(z.string()),
  created: z.string(),
  finished: z.nullable(z.string()),
});
export type Training = z.infer<typeof trainingSchema>;

/** A character or a product of the person's library, with its pictures in their order. */
export const elementSchema = z.object({
  id: z.string(),
  kind: z.enum(elementKinds),
  name: z.string(),
  description: z.string(),
  /** The picture shown for it: one of `pictures` (the first unless the person chose another). */
  cover: z.nullable(elementPictureSchema),
  pictures: z.array(elementPictureSchema),
  archived: z.boolean(),
  created: z.string(),
  updated: z.string(),
  /**
   * Its latest training (characters only; null when never trained). A character whose latest
   * succeeded training exists is offered in the studio as the person's own model, `trained_model`.
   */
  training: z.nullable(trainingSchema),
  /** The model that runs it once trained (`flux-character`); null while it is not trained. */
  trained_model: z.nullable(z.string()),
});
export type LibraryElement = z.infer<typeof elementSchema>;
export const elementListSchema = z.object({ items: z.array(elementSchema) });
export type ElementList = z.infer<typeof elementListSchema>;
export const elementListQuerySchema = z.object({
  /** `true`: the archived ones only; otherwise the ones in use. */
  archived: z.optional(z.enum(['true', 'false'])),
});

const elementName = z.string().check(z.trim(), z.minLength(1), z.maxLength(elementNameMax));
const elementDescription = z.string().check(z.trim(), z.maxLength(elementDescriptionMax));
/** Pictures by their Kadr address: an upload of the person's or one of their image results. */
const elementPictureUrls = z
  .array(z.string().check(z.maxLength(2000)))
  .check(z.minLength(1), z.maxLength(elementPicturesMax));

export const createElementBodySchema = z.strictObject({
  kind: z.enum(elementKinds),
  name: elementName,
  description: z.optional(elementDescription),
  pictures: elementPictureUrls,
});
export type CreateElementBody = z.infer<typeof createElementBodySchema>;
export const updateElementBodySchema = z.strictObject({
  name: z.optional(elementName),
  description: z.optional(elementDescription),
  /** One of its pictures' ids. */
  cover: z.optional(z.string().check(z.maxLength(100))),
  archived: z.optional(z.boolean()),
});
export type UpdateElementBody = z.infer<typeof updateElementBodySchema>;
export const addElementPicturesBodySchema = z.strictObject({ pictures: elementPictureUrls });

/** One item of a batch: what one create would send (the parameters nested). */
export const batchItemInputSchema = z.strictObject({
  model: z.string().check(z.maxLength(100)),
  prompt: z.string().check(z.maxLength(2000)),
  parameters: z.optional(z.record(z.string(), z.unknown())),
  duration: z.optional(z.number()),
  translate_prompt: z.optional(z.boolean()),
  /** A style preset's id (ADR 051): its words are added to the item's prompt. */
  style: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  /** Library elements sent as the model's references (issue #47); a model taking none refuses. */
  elements: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(10))),
});
export type BatchItemInput = z.infer<typeof batchItemInputSchema>;

export const batchBodySchema = z.strictObject({
  type: modelTypeSchema,
  items: z.array(batchItemInputSchema).check(z.minLength(1), z.maxLength(batchMaxItems)),
});
export type BatchBody = z.infer<typeof batchBodySchema>;

/** `POST /api/batches/quote`: each item's cost and the one total, before anything starts. */
export const batchQuoteSchema = z.object({
  items: z.array(
    z.object({
      position: z.number().check(z.int()),
      model: z.string(),
      cost: z.number().check(z.int()),
    }),
  ),
  total: z.number().check(z.int()),
});

export const batchItemStateSchema = z.enum(['waiting', 'started', 'not_started', 'canceled']);

/** A batch and where each item stands; a started item is an ordinary generation. */
export const batchSchema = z.object({
  id: z.string(),
  type: modelTypeSchema,
  created: z.string(),
  quote: z.number().check(z.int()),
  items: z.array(
    z.object({
      position: z.number().check(z.int()),
      model: z.string(),
      prompt: z.string(),
      cost: z.number().check(z.int()),
      state: batchItemStateSchema,
      generation_id: z.nullable(z.string()),
      /** Why it did not start: `insufficient_tokens`, `invalid`. */
      problem: z.nullable(z.string()),
    }),
  ),
});
export type Batch = z.infer<typeof batchSchema>;

/** A result's live share link; its `url` carries the owner's referral id. */
export const shareSchema = z.object({
  token: z.string(),
  url: z.string(),
  show_prompt: z.boolean(),
  created: z.string(),
});
export type Share = z.infer<typeof shareSchema>;
export const shareStateSchema = z.object({ share: z.nullable(shareSchema) });
export const shareBodySchema = z.strictObject({ show_prompt: z.boolean() });

/** `GET /api/generations/:id/collections`: the ids of the collections that hold it. */
export const generationCollectionsSchema = z.object({ ids: z.array(z.string()) });

export const generationListSchema = z.object({
  page: z.number().check(z.int()),
  perPage: z.number().check(z.int()),
  totalItems: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
  items: z.array(generationRecordSchema),
});
export type GenerationList = z.infer<typeof generationListSchema>;

/** An upload: where it is served, and its size in pixels (a tool's price may depend on it). */
export const uploadResponseSchema = z.object({
  urls: z.object({ get: z.string() }),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** A recording kept for a talking character (issue #48): its address and its length. */
export const recordingUploadResponseSchema = z.object({
  urls: z.object({ get: z.string() }),
  duration_ms: z.number().check(z.int()),
});
export type RecordingUploadResponse = z.infer<typeof recordingUploadResponseSchema>;

/** An answer with no body (204). */
export const noContentSchema = z.null().check(z.describe('No content.'));

/** A redirect (302): the browser goes on to the address in the Location header. */
export const redirectSchema = z
  .null()
  .check(z.describe('Redirect to the address in the Location header.'));

/** The content types of the files Kadr stores and serves (uploads, outputs and their previews). */
export const storedFileTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
] as const;

/** A stored file's bytes, in the file's own content type (ranges give 206 with a part of them). */
export const fileBytesSchema = z.string().check(z.meta({ format: 'binary' }));

/**
 * `GET /api/realtime`: server-sent events. `user` carries the person's record (on open and
 * whenever it or the balance changes), `generation` a generation record whenever one of theirs
 * changes, `payment` a payment record whenever one of theirs changes state (succeeded, canceled,
 * or tokens taken back), `models` a ModelSwitchEvent to everyone whenever an operator switches a
 * model off or on; comment lines are heartbeats.
 */
export const realtimeStreamSchema = z
  .string()
  .check(
    z.describe(
      'text/event-stream: `user` events (a User), `generation` events (a GenerationRecord), ' +
        '`payment` events (a PaymentRecord), `models` events (a ModelSwitchEvent: the models ' +
        'on offer changed, ask `GET /api/models` again).',
    ),
  );

/**
 * A realtime `models` event: the model an operator switched off or on. It says only which; what is
 * on offer now is `GET /api/models`'s answer.
 */
export const modelSwitchEventSchema = z.object({ id: z.string() });
export type ModelSwitchEvent = z.infer<typeof modelSwitchEventSchema>;

/**
 * A purchase's state: `pending` until the provider confirms it, then paid, or closed unpaid; or
 * `review` when the provider reports it paid but not as opened (another amount or currency): the
 * money is with the provider, nothing is credited, and an operator settles it by hand.
 */
export const paymentStatusSchema = z.enum(['pending', 'succeeded', 'canceled', 'review']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentProviderSchema = z.enum(['yookassa', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/**
 * `POST /api/create-payment` (spec §7): `amount` is the package's token amount as a string
 * ('600'); the server finds the package and its price itself. `referral` is the locally stored
 * referrer id or null; it is kept on the payment for the record, but a referrer comes only from
 * the sign-up link (ADR 034). The currency follows the interface language unless given.
 */
export const createPaymentBodySchema = z.strictObject({
  amount: z.string(),
  referral: z._default(z.nullable(z.string()), null),
  currency: z.optional(currencySchema),
  /**
   * Where the 54-FZ receipt goes, for an account without an e-mail when the shop sends receipts
   * (a 400 naming `email` with code `email_required` asks for it); ignored otherwise.
   */
  email: z.optional(z.string()),
});
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;

/** The provider's payment page to send the person to. */
export const createPaymentResponseSchema = z.object({ url: z.string() });
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** One purchase as its owner sees it (`GET /api/payments/:id`, the top-up dialog). */
export const paymentRecordSchema = z.object({
  id: z.string(),
  created: z.string(),
  updated: z.string(),
  provider: paymentProviderSchema,
  status: paymentStatusSchema,
  /** The package's tokens: what a succeeded payment credits. */
  tokens: z.number().check(z.int()),
  /** The price, in whole currency units as a decimal string ('1300.00', '12.99'). */
  amount: z.string(),
  currency: currencySchema,
  /** Tokens taken back after refunds or disputes (0 when none). */
  reversed_tokens: z.number().check(z.int()),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** Why a balance moved: one entry of the token statement. */
export const ledgerReasonSchema = z.enum([
  'welcome',
  'referral_bonus',
  'generation_debit',
  'generation_refund',
  /** A character's training (ADR 045): charged at its start, refunded once if it fails or stops. */
  'training_debit',
  'training_refund',
  /** A prompt improvement (ADR 050): charged when asked, refunded once if the model fails. */
  'prompt_improvement_debit',
  'prompt_improvement_refund',
  'payment_credit',
  'referral_commission',
  'payment_reversal',
  'commission_reversal',
  /** Tokens given back after a reversal shrank: a dispute won, a refund that failed. */
  'payment_reinstatement',
  'commission_reinstatement',
  'adjustment',
]);
export type LedgerReasonName = z.infer<typeof ledgerReasonSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  created: z.string(),
  reason: ledgerReasonSchema,
  /** Positive credits, negative debits. */
  delta: z.number().check(z.int()),
  /** The balance right after this entry. */
  balance_after: z.number().check(z.int()),
  generation_id: z.nullable(z.string()),
  payment_id: z.nullable(z.string()),
});
export type LedgerEntryRecord = z.infer<typeof ledgerEntrySchema>;

/** The person's own payment behind an entry: the package they bought and what they paid. */
export const statementPaymentSchema = z.object({
  provider: paymentProviderSchema,
  /** The package's credits. */
  tokens: z.number().check(z.int()),
  /** The price in whole currency units as a decimal string ('1300.00'). */
  amount: z.string(),
  currency: currencySchema,
});
export type StatementPayment = z.infer<typeof statementPaymentSchema>;

/**
 * An entry of the person's own statement with what it was for, so far as it is theirs to see: the
 * generation's model and the start of its prompt (their own generation only; null once deleted),
 * their own payment's package, the friend's name (never anything else of the friend's).
 */
export const statementEntrySchema = z.extend(ledgerEntrySchema, {
  /** The generation's catalogue model id. */
  model: z.nullable(z.string()),
  /** The generation's prompt, cut to `statementPromptExcerpt` characters with an ellipsis. */
  prompt: z.nullable(z.string()),
  payment: z.nullable(statementPaymentSchema),
  /** The invited friend's display name (a bonus, a share of their purchase); null when unnamed. */
  friend: z.nullable(z.string()),
  /**
   * The library elements it was for, by name as they were then: those a generation used, or the
   * character a training taught (issue #47). Empty for everything else.
   */
  elements: z.array(z.string()),
});
export type StatementEntryRecord = z.infer<typeof statementEntrySchema>;

export const ledgerQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 20),
});

/** `GET /api/ledger`: the person's token statement, newest first. */
export const ledgerPageSchema = z.object({
  page: z.number().check(z.int()),
  perPage: z.number().check(z.int()),
  totalItems: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
  items: z.array(statementEntrySchema),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/**
 * `GET /api/ledger.csv`: the reader's language (anything but `en` or `ru` counts as unsaid) and
 * IANA time zone (the browser's; an unknown one counts as unsaid).
 */
export const ledgerCsvQuerySchema = z.object({
  lang: z.optional(z.string().check(z.maxLength(16))),
  tz: z.optional(z.string().check(z.maxLength(64))),
});

/**
 * `GET /api/ledger.csv`: the whole statement as a download that spreadsheets open as columns —
 * UTF-8 with a BOM, a header row, newest first. Russian: `;` between fields (Russian Excel's list
 * separator, since `,` is its decimal comma) and dates as `dd.mm.yyyy hh:mm:ss`; English: `,` and
 * `yyyy-mm-dd hh:mm:ss`. Times are in the reader's zone (`tz`, else Moscow for Russian, UTC for
 * English), named in the date column's header. Columns: date, operation, details, credits,
 * balance after, generation id, payment id.
 */
export const ledgerCsvSchema = z
  .string()
  .check(
    z.describe(
      'text/csv: date, operation, details, credits, balance after, generation id, payment id.',
    ),
  );
