import { z } from 'zod/mini';
import {
  currencySchema,
  generationStatusSchema,
  ledgerEntrySchema,
  modelTypeSchema,
  paymentProviderSchema,
  paymentStatusSchema,
} from './schemas.ts';

/** A person as the operator console lists them. */
export const adminPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  tokens: z.number().check(z.int()),
  role: z.enum(['user', 'admin']),
  created: z.string(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** `GET /api/admin/people?q=`: people whose e-mail, name or id matches, newest first. */
export const adminPeopleSchema = z.object({ items: z.array(adminPersonSchema) });

export const adminPeopleQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
});

/** `POST /api/admin/people/:id/adjustments`: a signed amount, through the ledger, with a reason. */
export const adminAdjustmentRequestSchema = z.object({
  delta: z.number().check(
    z.int(),
    z.refine((delta) => delta !== 0, 'must not be zero'),
    z.refine((delta) => Math.abs(delta) <= 1_000_000, 'must be at most 1,000,000 either way'),
  ),
  reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)),
});

export const adminAdjustmentSchema = z.object({
  user_id: z.string(),
  delta: z.number().check(z.int()),
  balance_before: z.number().check(z.int()),
  balance_after: z.number().check(z.int()),
});

/** One operator action of the audit log. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.nullable(z.string()),
  actor: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditQuerySchema = z.object({
  action: z.optional(z.string().check(z.maxLength(64))),
  subject: z.optional(z.string().check(z.maxLength(64))),
  /** Part of the operator's e-mail (or `cli`). */
  actor: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** From this UTC day on (YYYY-MM-DD). */
  from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});

export const adminAuditSchema = z.object({ items: z.array(adminAuditEntrySchema) });

/** Why an operator acts: every action that changes something names it (kept in the audit log). */
export const adminReasonSchema = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));
export const adminReasonBodySchema = z.object({ reason: adminReasonSchema });

/** A person's account as the console opens it. */
export const adminAccountSchema = z.extend(adminPersonSchema, {
  verified: z.boolean(),
  locale: z.nullable(z.string()),
  /** When an operator blocked them, and why; null when they are not blocked. */
  blocked_at: z.nullable(z.string()),
  blocked_reason: z.nullable(z.string()),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** One entry of a person's token statement, with the operator and note of an adjustment. */
export const adminLedgerEntrySchema = z.extend(ledgerEntrySchema, {
  actor_id: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** A generation as the console lists it. */
export const adminGenerationSchema = z.object({
  id: z.string(),
  created: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  type: modelTypeSchema,
  model: z.string(),
  status: generationStatusSchema,
  cost: z.number().check(z.int()),
  /** Tokens given back for it so far (a failure's refund or an operator's). */
  refunded: z.number().check(z.int()),
  error_code: z.nullable(z.string()),
  prompt: z.string(),
});
export type AdminGeneration = z.infer<typeof adminGenerationSchema>;

/** One generation opened: what was asked, the provider's prediction, timings, errors, outputs. */
export const adminGenerationDetailSchema = z.extend(adminGenerationSchema, {
  updated: z.string(),
  provider: z.string(),
  prediction_id: z.nullable(z.string()),
  error: z.nullable(z.string()),
  submitted_at: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  deadline: z.nullable(z.string()),
  jsondata: z.unknown(),
  outputs: z.array(
    z.object({ id: z.string(), kind: z.string(), mime: z.string(), url: z.string() }),
  ),
  ledger: z.array(adminLedgerEntrySchema),
  /** The generation this one retried (an operator's free retry), when it is one. */
  retry_of: z.nullable(z.string()),
});
export type AdminGenerationDetail = z.infer<typeof adminGenerationDetailSchema>;

const dateText = z.optional(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')),
);

export const adminGenerationsQuerySchema = z.object({
  status: z.optional(generationStatusSchema),
  model: z.optional(z.string().check(z.maxLength(100))),
  /** A person's id or e-mail. */
  person: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: dateText,
  to: dateText,
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
});

export const adminGenerationListSchema = z.object({
  items: z.array(adminGenerationSchema),
  page: z.number().check(z.int()),
  has_more: z.boolean(),
});

/** A payment as the console lists it. */
export const adminPaymentSchema = z.object({
  id: z.string(),
  created: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  provider: paymentProviderSchema,
  provider_payment_id: z.nullable(z.string()),
  status: paymentStatusSchema,
  amount: z.string(),
  currency: currencySchema,
  tokens: z.number().check(z.int()),
  reversed_tokens: z.number().check(z.int()),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentDetailSchema = z.extend(adminPaymentSchema, {
  updated: z.string(),
  package_id: z.string(),
  cancel_reason: z.nullable(z.string()),
  succeeded_at: z.nullable(z.string()),
  closed_at: z.nullable(z.string()),
  /** Money the provider reports taken back, in minor units, and tokens that could not be. */
  reversed_minor: z.number().check(z.int()),
  amount_minor: z.number().check(z.int()),
  shortfall_tokens: z.number().check(z.int()),
  referrer_id: z.nullable(z.string()),
  commission_tokens: z.number().check(z.int()),
  /** Its credits and take-backs in the ledger (the payer's and the referrer's). */
  ledger: z.array(adminLedgerEntrySchema),
  /** What operators did to it. */
  events: z.array(adminAuditEntrySchema),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

/**
 * `POST /api/admin/payments/:id/refund`: the payment after the refund, and the refund as the
 * provider recorded it. `pending`: the provider accepted it and is still sending the money;
 * `tokens_settled` false: the refund was made but the payment's state could not be read back yet,
 * so the tokens are taken back by the next reconciliation (within minutes), not now.
 */
export const adminPaymentRefundSchema = z.extend(adminPaymentDetailSchema, {
  refund: z.object({
    status: z.enum(['succeeded', 'pending', 'failed']),
    amount_minor: z.number().check(z.int()),
    tokens_settled: z.boolean(),
  }),
});
export type AdminPaymentRefund = z.infer<typeof adminPaymentRefundSchema>;

export const adminPaymentsQuerySchema = z.object({
  provider: z.optional(paymentProviderSchema),
  status: z.optional(paymentStatusSchema),
  person: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: dateText,
  to: dateText,
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
});

export const adminPaymentListSchema = z.object({
  items: z.array(adminPaymentSchema),
  page: z.number().check(z.int()),
  has_more: z.boolean(),
});

/** A person opened: account, statement, generations, payments, identities, referrals, sessions. */
export const adminPersonDetailSchema = z.object({
  person: adminAccountSchema,
  statement: z.array(adminLedgerEntrySchema),
  generations: z.array(adminGenerationSchema),
  payments: z.array(adminPaymentSchema),
  identities: z.array(
    z.object({
      provider: z.string(),
      email: z.nullable(z.string()),
      email_verified: z.boolean(),
      created: z.string(),
    }),
  ),
  referrals: z.object({
    referred_by: z.nullable(z.object({ id: z.string(), email: z.string(), name: z.string() })),
    brought: z.array(
      z.object({ id: z.string(), email: z.string(), name: z.string(), created: z.string() }),
    ),
  }),
  sessions: z.array(
    z.object({
      created: z.string(),
      last_seen: z.string(),
      expires_at: z.string(),
      user_agent: z.nullable(z.string()),
      ip: z.nullable(z.string()),
    }),
  ),
});
export type AdminPersonDetail = z.infer<typeof adminPersonDetailSchema>;

/** A model and whether people may use it. */
export const adminModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: modelTypeSchema,
  enabled: z.boolean(),
  updated: z.nullable(z.string()),
});
export type AdminModel = z.infer<typeof adminModelSchema>;
export const adminModelListSchema = z.object({ items: z.array(adminModelSchema) });
export const adminModelSwitchBodySchema = z.object({
  enabled: z.boolean(),
  reason: adminReasonSchema,
});

/** One period of the overview: today (UTC), the last 7 or the last 30 days. */
export const adminPeriodSchema = z.object({
  signups: z.number().check(z.int()),
  generations: z.object({
    pending: z.number().check(z.int()),
    processing: z.number().check(z.int()),
    completed: z.number().check(z.int()),
    /** Failed by themselves: not the ones their person cancelled. */
    failed: z.number().check(z.int()),
    /** Cancelled by their person (failed with `canceled`): neither a success nor an error. */
    canceled: z.number().check(z.int()),
  }),
  models: z.array(
    z.object({
      model: z.string(),
      total: z.number().check(z.int()),
      failed: z.number().check(z.int()),
      canceled: z.number().check(z.int()),
      /** Failed ÷ (completed + failed), cancellations left out (0 when none finished). */
      failure_rate: z.number(),
      /** Median milliseconds from create to result, over completed ones; null when none. */
      median_ms: z.nullable(z.number()),
    }),
  ),
  tokens: z.object({
    debited: z.number().check(z.int()),
    refunded: z.number().check(z.int()),
    credited: z.number().check(z.int()),
  }),
  purchases: z.array(
    z.object({ currency: currencySchema, count: z.number().check(z.int()), revenue: z.string() }),
  ),
});
export type AdminPeriod = z.infer<typeof adminPeriodSchema>;

/**
 * The model provider's health as the workers have seen it (issue #38): `ok` — its last call
 * answered; `failing` — its calls fail (5xx, timeouts, unreachable) since `last_error`'s time;
 * `rate_limited` — it answered 429 and every submission waits until `paused_until`; `unknown` —
 * no call yet. `waiting`: generations whose submission is waiting for it; `storing`: results made
 * and waiting for the file store.
 */
export const adminProviderHealthSchema = z.object({
  provider: z.string(),
  status: z.enum(['ok', 'failing', 'rate_limited', 'unknown']),
  last_ok: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  /** The last failure in short (`HTTP 503`, `timeout`, `unreachable`, `HTTP 429`). */
  error: z.nullable(z.string()),
  /** Failed calls in a row since the last one that answered. */
  failures: z.number().check(z.int()),
  paused_until: z.nullable(z.string()),
  waiting: z.number().check(z.int()),
  storing: z.number().check(z.int()),
});
export type AdminProviderHealth = z.infer<typeof adminProviderHealthSchema>;

export const adminOverviewSchema = z.object({
  provider: adminProviderHealthSchema,
  today: adminPeriodSchema,
  week: adminPeriodSchema,
  month: adminPeriodSchema,
  /** The last 30 days (UTC), oldest first: the small charts. */
  days: z.array(
    z.object({
      day: z.string(),
      signups: z.number().check(z.int()),
      generations: z.number().check(z.int()),
      failed: z.number().check(z.int()),
      revenue_rub: z.string(),
      revenue_usd: z.string(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminAckSchema = z.object({ ok: z.literal(true) });

export const adminRetrySchema = z.object({ ok: z.literal(true), id: z.string() });
