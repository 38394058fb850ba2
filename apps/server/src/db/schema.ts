import type { Currency, ModelType } from '@kadr/catalog';
import type {
  BadgeStyle,
  BrandKit,
  CardFont,
  ElementKind,
  GenerationErrorCode,
  GenerationJsondata,
  GenerationStatus,
  PaymentProviderName,
  PaymentStatus,
  PromptImprovementStatus,
  Slide,
  TrainingStatus,
} from '@kadr/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn as AnyColumn } from 'drizzle-orm/pg-core';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One entry of generation_requests.record_files. */
export interface RecordFileEntry {
  id: string;
  kind: 'output' | 'thumbnail' | 'poster';
  storageKey: string;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  position: number;
}

const created = () => timestamp('created', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    avatar: text('avatar'),
    /** The balance; always the sum of the user's token_ledger entries. */
    tokens: integer('tokens').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    referredBy: uuid('referred_by').references((): AnyColumn => users.id, { onDelete: 'set null' }),
    /**
     * The referrer came with the sign-up link (the only way one comes, ADR 034): only then is the
     * deferred sign-up bonus paid, or a purchase's commission. False for referrers that older
     * versions set when a payment was opened.
     */
    referredAtSignup: boolean('referred_at_signup').notNull().default(false),
    locale: text('locale'),
    /** `admin` is granted and revoked only from the command line (`npm run admin`). */
    role: text('role').notNull().default('user').$type<'user' | 'admin'>(),
    /** Set by an operator: a blocked person cannot sign in or create; `blockedReason` says why. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    created: created(),
    updated: updated(),
  },
  (t) => [
    check('users_tokens_non_negative', sql`${t.tokens} >= 0`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const authIdentities = pgTable(
  'auth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    created: created(),
  },
  (t) => [
    uniqueIndex('auth_identities_provider_subject_uq').on(t.provider, t.subject),
    index('auth_identities_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry, slid forward on use. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry: never moves. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const generationRequests = pgTable(
  'generation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<ModelType>(),
    model: text('model').notNull(),
    status: text('status').notNull().default('pending').$type<GenerationStatus>(),
    /**
     * Why a request failed, in the provider's or our own words, for the operator ('Canceled' when
     * the person canceled it). People see `errorCode`, translated.
     */
    error: text('error'),
    /** Why a request failed, as a code of `generationErrorCodes`; null unless failed. */
    errorCode: text('error_code').$type<GenerationErrorCode>(),
    replicateId: text('replicate_id'),
    provider: text('provider').notNull().default('replicate'),
    /** The spec's record body: {type, prompt, input, output} (+ the prompt actually sent). */
    jsondata: jsonb('jsondata').notNull().$type<GenerationJsondata>(),
    /** Tokens debited for this request; refunded in full on failure. */
    cost: integer('cost').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * When a submit last asked the provider to create this request's prediction without the answer
     * recorded yet (null once recorded, or once the provider refused): a later submit looks for that
     * prediction at the provider before creating another.
     */
    submittingAt: timestamp('submitting_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** After this moment a request that has not finished is failed and refunded. */
    deadline: timestamp('deadline', { withTimezone: true }),
    /**
     * The request's files as its record shows them (outputs and their previews: id, kind,
     * storageKey, mime, width, height, durationMs, position), so a history page reads no other
     * table. Derived from `files` by a trigger on that table, in the same transaction
     * (drizzle/0006_record_files_from_files.sql); `files` stays the truth.
     */
    recordFiles: jsonb('record_files').$type<RecordFileEntry[]>(),
    /**
     * The request as a history page lists it (kadr_history_page's item: the columns above, files
     * from `record_files`, timestamps in the API's ISO form), as JSON text. Written with the row by
     * a trigger on every insert and update (ADR 032, src/db/functions/kadr_history_record.sql), so a
     * page reads each item as stored text instead of building it from jsonb on every read. Never
     * null once written; only the trigger writes it and only kadr_history_page uses it.
     */
    historyRecord: json('history_record'),
    /** The person starred it. */
    favorite: boolean('favorite').notNull().default(false),
    /**
     * Lineage (ADR 038): the person's own generation whose output this one was made from (a tool
     * run on a result, or a model given a result as its input image); null when made from an
     * upload or a prompt alone, and set null when the source is deleted.
     */
    sourceGenerationId: uuid('source_generation_id').references(
      (): AnyColumn => generationRequests.id,
      { onDelete: 'set null' },
    ),
    /**
     * The API key it was created with (issue #37; null for the studio): its spend counts against the
     * key's limits, and its endings are sent to the key's webhook. Kept when the key is revoked.
     */
    apiKeyId: uuid('api_key_id').references((): AnyColumn => apiKeys.id, { onDelete: 'set null' }),
    /** A webhook URL given with this one request (issue #37), instead of or beside the key's. */
    webhookUrl: text('webhook_url'),
    created: created(),
    updated: updated(),
  },
  (t) => [
    check(
      'generation_requests_status_check',
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`,
    ),
    check('generation_requests_type_check', sql`${t.type} in ('image', 'video')`),
    check('generation_requests_cost_check', sql`${t.cost} >= 0`),
    index('generation_requests_user_created_idx').on(t.userId, t.created.desc(), t.id.desc()),
    index('generation_requests_user_type_created_idx').on(
      t.userId,
      t.type,
      t.created.desc(),
      t.id.desc(),
    ),
    uniqueIndex('generation_requests_replicate_id_uq')
      .on(t.provider, t.replicateId)
      .where(sql`${t.replicateId} is not null`),
    index('generation_requests_active_idx')
      .on(t.status, t.updated)
      .where(sql`${t.status} in ('pending', 'processing')`),
    // A person's running generations, counted by every create (the running cap).
    index('generation_requests_user_running_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'processing')`),
    // What was made from a result, newest first (GET /api/generations/:id/edits), and the
    // ON DELETE SET NULL of a deleted source.
    index('generation_requests_source_idx')
      .on(t.sourceGenerationId, t.created.desc(), t.id.desc())
      .where(sql`${t.sourceGenerationId} is not null`),
    // A key's spend today and this month (its limits, counted under the owner's lock by
    // kadr_create_generations) and its generations, newest first.
    index('generation_requests_api_key_created_idx')
      .on(t.apiKeyId, t.created.desc())
      .where(sql`${t.apiKeyId} is not null`),
  ],
);

/**
 * How many generations each person has, per type: the history's totals without counting rows.
 * Maintained by statement-level triggers on generation_requests (insert, delete, truncate; owner and
 * type cannot change), in the same transaction as the rows themselves
 * (drizzle/0002_generation_counts_triggers.sql).
 */
/** A person's named set of generations (history can be filtered by one). */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created: created(),
  },
  (t) => [
    check('collections_name_check', sql`char_length(${t.name}) between 1 and 60`),
    uniqueIndex('collections_user_name_uq').on(t.userId, sql`lower(${t.name})`),
  ],
);

/** Which generations a collection holds; a deleted generation or collection leaves it. */
export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generationRequests.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.generationId] }),
    index('collection_items_generation_idx').on(t.generationId),
  ],
);

/**
 * A person's library element (issue #47, ADR 043): a character or a product kept with its reference
 * pictures, used by the models that take references. Names are unique per person whatever their
 * case, so a prompt can name one. Archived ones stay (and stay the person's) but are not offered.
 */
export const elements = pgTable(
  'elements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<ElementKind>(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** One of its pictures; null only while it has none being written. */
    coverFileId: uuid('cover_file_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    check('elements_kind_check', sql`${t.kind} in ('character', 'product')`),
    check('elements_name_check', sql`char_length(${t.name}) between 1 and 60`),
    check('elements_description_check', sql`char_length(${t.description}) <= 300`),
    uniqueIndex('elements_user_name_uq').on(t.userId, sql`lower(${t.name})`),
  ],
);

/**
 * An element's pictures in order: each its own stored copy (a `files` row of kind `upload`), so
 * deleting the result it came from, or the element, leaves every other use of the picture intact.
 */
export const elementPictures = pgTable(
  'element_pictures',
  {
    elementId: uuid('element_id')
      .notNull()
      .references(() => elements.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.elementId, t.fileId] }),
    index('element_pictures_file_idx').on(t.fileId),
  ],
);

/**
 * A character trained once on its element's pictures (issue #47, ADR 045): Replicate's trainings
 * API, followed like a generation. `cost` is charged when it is asked for and refunded once when
 * it fails or is cancelled (the ledger's training entries); `version` is what it made, run by
 * `flux-character`. At most one training of an element is under way at a time.
 */
export const trainings = pgTable(
  'trainings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the element is deleted: a training under way is then stopped and refunded. */
    elementId: uuid('element_id').references(() => elements.id, { onDelete: 'set null' }),
    status: text('status').notNull().$type<TrainingStatus>().default('queued'),
    cost: integer('cost').notNull(),
    pictures: integer('pictures').notNull(),
    triggerWord: text('trigger_word').notNull(),
    /** The provider's training id, once it was asked. */
    providerId: text('provider_id'),
    /** `owner/name:version` of what it trained, once it succeeded. */
    version: text('version'),
    weights: text('weights'),
    /** The provider's error, for the operator; the person sees a sentence of ours. */
    error: text('error'),
    /** The person asked to stop it; the poll cancels it at the provider. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    created: created(),
    updated: updated(),
    started: timestamp('started', { withTimezone: true }),
    finished: timestamp('finished', { withTimezone: true }),
  },
  (t) => [
    check(
      'trainings_status_check',
      sql`${t.status} in ('queued', 'starting', 'processing', 'succeeded', 'failed', 'canceled')`,
    ),
    check('trainings_cost_check', sql`${t.cost} >= 0`),
    check('trainings_version_check', sql`(${t.status} = 'succeeded') = (${t.version} is not null)`),
    index('trainings_element_idx').on(t.elementId, t.created.desc()),
    uniqueIndex('trainings_active_uq')
      .on(t.elementId)
      .where(sql`${t.status} in ('queued', 'starting', 'processing')`),
  ],
);

/**
 * A prompt improvement (issue #49, ADR 050): the person's prompt, the model and style it was
 * rewritten for, the rewrite once the language model answered. Charged at the ask
 * (`prompt_improvement_debit`, keyed by it in `token_ledger.prompt_improvement_id`), refunded once
 * in the transaction that fails it (`prompt_improvement_refund`); one still `running` long after
 * its ask (a node that died while waiting) is failed and refunded by the reconcile job.
 */
export const promptImprovements = pgTable(
  'prompt_improvements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalogue model it was written for. */
    model: text('model').notNull(),
    /** The style preset's id, when one was chosen. */
    style: text('style'),
    prompt: text('prompt').notNull(),
    /** The rewrite, once it succeeded. */
    improved: text('improved'),
    status: text('status').notNull().$type<PromptImprovementStatus>().default('running'),
    cost: integer('cost').notNull(),
    /** What went wrong, for the operator (the provider's words or ours); the person sees a sentence. */
    error: text('error'),
    created: created(),
    finished: timestamp('finished', { withTimezone: true }),
  },
  (t) => [
    check(
      'prompt_improvements_status_check',
      sql`${t.status} in ('running', 'succeeded', 'failed')`,
    ),
    check('prompt_improvements_cost_check', sql`${t.cost} > 0`),
    check(
      'prompt_improvements_improved_check',
      sql`(${t.status} = 'succeeded') = (${t.improved} is not null)`,
    ),
    index('prompt_improvements_user_idx').on(t.userId, t.created.desc()),
    // The reconcile job's look for improvements left running.
    index('prompt_improvements_running_idx').on(t.created).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * A private, unguessable link to one result (`/s/<token>`): it shows only the output, the model
 * and, if the owner chose, the prompt. Revoked links stay (revoked_at) so an old address keeps
 * answering 404; at most one live link per generation.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    token: text('token').primaryKey(),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generationRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    showPrompt: boolean('show_prompt').notNull().default(false),
    created: created(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('share_links_live_uq').on(t.generationId).where(sql`${t.revokedAt} is null`)],
);

/**
 * One submission of many generations: its items start as ordinary generations (charged when each
 * starts) while the person's running cap allows; the rest wait here.
 */
export const batches = pgTable('batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull().$type<ModelType>(),
  /** The total quoted before it started (the catalogue's prices of every item). */
  quote: integer('quote').notNull(),
  created: created(),
});

export const batchItemStates = ['waiting', 'started', 'not_started', 'canceled'] as const;

export const batchItems = pgTable(
  'batch_items',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    model: text('model').notNull(),
    /** The create body of this item (model, prompt, parameters, duration). */
    body: jsonb('body').notNull().$type<Record<string, unknown>>(),
    cost: integer('cost').notNull(),
    state: text('state').notNull().default('waiting').$type<(typeof batchItemStates)[number]>(),
    generationId: uuid('generation_id').references(() => generationRequests.id, {
      onDelete: 'set null',
    }),
    /** Why it did not start (insufficient_tokens, invalid…), when it did not. */
    problem: text('problem'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.position] }),
    check(
      'batch_items_state_check',
      sql`${t.state} in ('waiting', 'started', 'not_started', 'canceled')`,
    ),
    index('batch_items_waiting_idx').on(t.batchId).where(sql`${t.state} = 'waiting'`),
  ],
);

export const generationCounts = pgTable(
  'generation_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<'image' | 'video'>(),
    total: integer('total').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('generation_counts_total_check', sql`${t.total} >= 0`),
  ],
);

export const fileKinds = ['output', 'upload', 'thumbnail', 'poster'] as const;

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id').references(() => generationRequests.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull().$type<(typeof fileKinds)[number]>(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    /** Position among a generation's outputs. */
    position: integer('position').notNull().default(0),
    created: created(),
  },
  (t) => [
    check('files_kind_check', sql`${t.kind} in ('output', 'upload', 'thumbnail', 'poster')`),
    uniqueIndex('files_storage_key_uq').on(t.storageKey),
    index('files_generation_idx').on(t.generationId),
    index('files_owner_idx').on(t.ownerId, t.created.desc()),
  ],
);

/**
 * One purchase of a token package: recorded `pending` before the provider is asked, then closed as
 * the provider confirms it (modules/payments, ADR 013). Only `payment.service.ts`'s settle moves it
 * on, under `for update`, together with the ledger entries it causes.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().$type<PaymentProviderName>(),
    /** The provider's id (YooKassa payment, Stripe Checkout Session), once it answered. */
    providerPaymentId: text('provider_payment_id'),
    /** Sent with the one provider call that opened this payment: a retry opens nothing new. */
    idempotencyKey: text('idempotency_key').notNull(),
    packageId: text('package_id').notNull(),
    /** The price in whole units ('1300.00'), as shown; `amount_minor` is what providers compare. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().$type<Currency>(),
    tokens: integer('tokens').notNull(),
    status: text('status').notNull().default('pending').$type<PaymentStatus>(),
    /** The buyer's language: the provider's page and the item's name are in it. */
    locale: text('locale').notNull().$type<'ru' | 'en'>(),
    /** The referral the buyer's browser sent with the purchase, as received. */
    referral: text('referral'),
    /** Why it closed unpaid: the provider's reason, 'timeout', 'abandoned' or 'provider_error'. */
    cancelReason: text('cancel_reason'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** When it stopped being pending (succeeded or canceled). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When the provider was last asked about it (a read of a pending payment, at most once per few
     * seconds; the reconciliation, ADR 034). The epoch means "ask again at the next run".
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The address the 54-FZ receipt went to, when the account had none (asked at purchase). */
    receiptEmail: text('receipt_email'),
    /**
     * Steps of taking back or giving back tokens so far: each step's ledger entries carry
     * `ref = s<step>`, so a reversal that grows, shrinks and grows again never repeats a key.
     */
    reversalSteps: integer('reversal_steps').notNull().default(0),
    /** The payer's referrer when it was credited (a snapshot), who got `commission_tokens`. */
    referrerId: uuid('referrer_id').references((): AnyColumn => users.id, {
      onDelete: 'set null',
    }),
    commissionTokens: integer('commission_tokens').notNull().default(0),
    /** Money the provider reports taken back (refunds, disputes), cumulative, minor units. */
    reversedMinor: integer('reversed_minor').notNull().default(0),
    /** Tokens taken back from the payer for it, and what could not be (already spent). */
    reversedTokens: integer('reversed_tokens').notNull().default(0),
    shortfallTokens: integer('shortfall_tokens').notNull().default(0),
    /** The same for the referrer's commission. */
    commissionReversedTokens: integer('commission_reversed_tokens').notNull().default(0),
    commissionShortfallTokens: integer('commission_shortfall_tokens').notNull().default(0),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq')
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    uniqueIndex('payments_idempotency_key_uq').on(t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.created.desc()),
    index('payments_pending_idx').on(t.created).where(sql`${t.status} = 'pending'`),
    // The reconciliation walks payments by when they were last asked about (ADR 034).
    index('payments_check_due_idx').on(sql`coalesce(${t.checkedAt}, ${t.created})`),
    check('payments_tokens_check', sql`${t.tokens} > 0`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'canceled', 'review')`,
    ),
    check('payments_provider_check', sql`${t.provider} in ('yookassa', 'stripe')`),
    check('payments_currency_check', sql`${t.currency} in ('RUB', 'USD')`),
    check('payments_locale_check', sql`${t.locale} in ('ru', 'en')`),
    check(
      'payments_amount_check',
      sql`${t.amountMinor} > 0 and ${t.amount} * 100 = ${t.amountMinor}`,
    ),
    check(
      'payments_reversal_check',
      sql`${t.reversedMinor} between 0 and ${t.amountMinor}
          and ${t.reversedTokens} >= 0 and ${t.shortfallTokens} >= 0
          and ${t.reversedTokens} + ${t.shortfallTokens} <= ${t.tokens}
          and ${t.commissionTokens} >= 0 and ${t.commissionReversedTokens} >= 0
          and ${t.commissionShortfallTokens} >= 0
          and ${t.commissionReversedTokens} + ${t.commissionShortfallTokens} <= ${t.commissionTokens}`,
    ),
    check(
      'payments_closed_check',
      sql`(${t.status} = 'pending') = (${t.closedAt} is null)
          and (${t.status} = 'succeeded') = (${t.succeededAt} is not null)`,
    ),
  ],
);

/** Append-only: every change of a balance, with why. A debit, refund or credit happens at most once. */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    generationId: uuid('generation_id').references(() => generationRequests.id, {
      onDelete: 'set null',
    }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** A character's training (ADR 045): its charge and its refund. */
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
    /** A prompt improvement (ADR 050): its charge and its refund. */
    promptImprovementId: uuid('prompt_improvement_id').references(() => promptImprovements.id, {
      onDelete: 'set null',
    }),
    /** The friend whose sign-up earned a referral bonus. */
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Tells apart the entries of one payment and reason that may repeat: each step of a refund
     * (the cumulative refunded amount it reached). Empty for every entry that happens once.
     */
    ref: text('ref').notNull().default(''),
    /** The operator who made an `adjustment`, and why. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    created: created(),
  },
  (t) => [
    check('token_ledger_delta_check', sql`${t.delta} <> 0`),
    uniqueIndex('token_ledger_generation_reason_uq')
      .on(t.generationId, t.reason)
      .where(sql`${t.generationId} is not null`),
    uniqueIndex('token_ledger_payment_reason_uq')
      .on(t.paymentId, t.reason, t.ref)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('token_ledger_training_reason_uq')
      .on(t.trainingId, t.reason)
      .where(sql`${t.trainingId} is not null`),
    uniqueIndex('token_ledger_prompt_improvement_reason_uq')
      .on(t.promptImprovementId, t.reason)
      .where(sql`${t.promptImprovementId} is not null`),
    uniqueIndex('token_ledger_referred_reason_uq')
      .on(t.referredUserId, t.reason)
      .where(sql`${t.referredUserId} is not null`),
    uniqueIndex('token_ledger_welcome_uq').on(t.userId).where(sql`${t.reason} = 'welcome'`),
    index('token_ledger_user_idx').on(t.userId, t.created.desc()),
    // The token statement: a person's entries in the order they were written.
    index('token_ledger_user_id_idx').on(t.userId, t.id),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    received: timestamp('received', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_uq').on(t.provider, t.eventId)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_created_idx').on(t.created),
  ],
);

/**
 * Every operator action, append-only (a trigger refuses updates and deletes): who (the operator's
 * account, or `cli` for the command line), what, on whom, the state before and after, and why.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's e-mail when they acted (kept when the account goes), or `cli`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at.desc()),
    index('admin_audit_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/**
 * Models an operator switched off (issue #16): absent from the studio's list, a create for one is
 * refused. A model without a row is on; what already runs is not affected.
 */
export const modelSwitches = pgTable('model_switches', {
  model: text('model').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updated: updated(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A seller's brand kit for marketplace cards (ADR 039): one per person, reused on every card. No
 * row means the default kit.
 */
export const brandKits = pgTable('brand_kits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  font: text('font').notNull().$type<CardFont>(),
  /** text, accent and panel, each `#rrggbb`. */
  colours: jsonb('colours').notNull().$type<BrandKit['colours']>(),
  /** A Kadr file address of the person's own picture, or null for no logo. */
  logo: text('logo'),
  badgeStyle: text('badge_style').notNull().$type<BadgeStyle>(),
  updated: updated(),
});

/**
 * A card set (ADR 039): one product's slides for a marketplace preset. It stores what the seller
 * typed and the ids of the tool generations that made its pictures; the slides are laid out and
 * rendered from this row on every read, so editing text or switching the preset re-runs nothing.
 */
export const cardSets = pgTable(
  'card_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A marketplace preset id of the catalogue. */
    preset: text('preset').notNull(),
    /** A Kadr file address of the product photo (an upload or an image result). */
    photo: text('photo').notNull(),
    /** The remove-background generation (or an upscale of one) the cut-out comes from. */
    cutoutGenerationId: uuid('cutout_generation_id').references(() => generationRequests.id, {
      onDelete: 'set null',
    }),
    /** The replace-background generation (or an upscale of one) the scene comes from. */
    sceneGenerationId: uuid('scene_generation_id').references(() => generationRequests.id, {
      onDelete: 'set null',
    }),
    /** A scene id of the catalogue: drawn behind the cut-out, or the prompt the scene was made with. */
    backdrop: text('backdrop').notNull(),
    slides: jsonb('slides').notNull().$type<Slide[]>(),
    /** For a set made from a CSV: the batch that cuts its product out, and its item's position. */
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    batchPosition: integer('batch_position'),
    created: created(),
    updated: updated(),
  },
  (t) => [
    // The person's sets, most recently changed first.
    index('card_sets_user_updated_idx').on(t.userId, t.updated.desc(), t.id.desc()),
    // One set per batch item, so a replayed CSV submission makes no second set.
    uniqueIndex('card_sets_batch_item_uq')
      .on(t.batchId, t.batchPosition)
      .where(sql`${t.batchId} is not null`),
    // The ON DELETE SET NULL of a deleted generation finds its sets by index.
    index('card_sets_cutout_idx')
      .on(t.cutoutGenerationId)
      .where(sql`${t.cutoutGenerationId} is not null`),
    index('card_sets_scene_idx')
      .on(t.sceneGenerationId)
      .where(sql`${t.sceneGenerationId} is not null`),
  ],
);

/**
 * API keys (issue #37, ADR 040): a person's keys for `/api/v1`. Only the SHA-256 of a key is kept;
 * the key itself is shown once. A revoked key stays (its generations and spend keep their name).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`kadr_` and 8 more), shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    created: created(),
    /** Written at most once a minute per node. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Tokens the key may spend per UTC day / calendar month (UTC); null: no limit of its own. */
    dailyLimit: integer('daily_limit'),
    monthlyLimit: integer('monthly_limit'),
    /** Catalogue ids the key may create with; null: every model and tool. */
    allowedModels: text('allowed_models').array(),
    /**
     * What the key reads and changes on v1 (issue #51): `key`, the generations it made; `account`,
     * every generation of the account. Keys made before the choice existed are `account`.
     */
    scope: text('scope', { enum: ['key', 'account'] })
      .notNull()
      .default('key'),
    /** Where this key's generations' endings are sent (Standard Webhooks); null: nowhere. */
    webhookUrl: text('webhook_url'),
    /** The Standard Webhooks signing secret (`whsec_…`), one per key. */
    webhookSecret: text('webhook_secret').notNull(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_user_created_idx').on(t.userId, t.created.desc()),
    check('api_keys_daily_limit_check', sql`${t.dailyLimit} is null or ${t.dailyLimit} > 0`),
    check('api_keys_monthly_limit_check', sql`${t.monthlyLimit} is null or ${t.monthlyLimit} > 0`),
    check('api_keys_scope_check', sql`${t.scope} in ('key', 'account')`),
  ],
);

/** Requests made with each key per UTC day (the console's "requests per key"), added in batches. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

/**
 * Webhooks out (issue #37): one message per generation ending (or refund) per URL, signed with the
 * key's secret (Standard Webhooks). `id` is the message id (`msg_…`), the same on every attempt and
 * replay. Retried with backoff until `expires` (24 h after it was made).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    generationId: uuid('generation_id').references(() => generationRequests.id, {
      onDelete: 'set null',
    }),
    /** `generation.completed`, `generation.failed`, `generation.refunded`. */
    eventType: text('event_type').notNull(),
    url: text('url').notNull(),
    /** The JSON body sent, exactly. */
    payload: jsonb('payload').notNull(),
    /** pending (waiting for its next attempt), delivered, failed (gave up or refused). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The receiver's last HTTP status, or null when it could not be reached. */
    lastStatus: integer('last_status'),
    /** Why the last attempt did not deliver, in English (a refused address, a timeout…). */
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    created: created(),
  },
  (t) => [
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
    // One message per generation, event and URL: a settle replayed makes no second message.
    uniqueIndex('webhook_deliveries_event_uq')
      .on(t.generationId, t.eventType, t.url)
      .where(sql`${t.generationId} is not null`),
    index('webhook_deliveries_user_created_idx').on(t.userId, t.created.desc(), t.id.desc()),
  ],
);

/**
 * A person's own audit (issue #37): what was done to their account's keys and webhooks, by them or
 * an operator. Append-only. Shown in the profile and the console.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `api_key.created`, `api_key.revoked`, `api_key.changed`, `webhook.replayed`. */
    action: text('action').notNull(),
    /** Who did it: `self`, or the operator's e-mail. */
    actor: text('actor').notNull(),
    /** The key (or delivery) it was about. */
    subjectId: text('subject_id'),
    /** What changed: before and after of the fields that moved. */
    details: jsonb('details'),
    ip: text('ip'),
  },
  (t) => [index('account_events_user_at_idx').on(t.userId, t.at.desc(), t.id.desc())],
);

/**
 * The model provider's health as every worker has seen it (issue #38): one row per provider,
 * written when a call fails, on the first success after failures and at most every 30 s otherwise
 * (modules/provider-health). `paused_until` is a pause of every submission after a 429 (the
 * provider's Retry-After, else 5 s doubling with `rate_limits` up to 60 s); the console's overview
 * and the metrics read it.
 */
export const providerHealth = pgTable('provider_health', {
  provider: text('provider').primaryKey(),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** The last failure in short: `HTTP 503`, `timeout`, `unreachable`. */
  lastError: text('last_error'),
  /** Failed calls since the last one that answered. */
  failures: integer('failures').notNull().default(0),
  /** 429 answers in a row, each met after the previous pause had ended: the pause doubles with them. */
  rateLimits: integer('rate_limits').notNull().default(0),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
