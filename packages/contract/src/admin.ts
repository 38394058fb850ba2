import { z } from 'zod';

/** A person as the operator console lists them. */
export const adminPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  tokens: z.number().int(),
  role: z.enum(['user', 'admin']),
  created: z.string(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** `GET /api/admin/people?q=`: people whose e-mail, name or id matches, newest first. */
export const adminPeopleSchema = z.object({ items: z.array(adminPersonSchema) });

export const adminPeopleQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
});

/** `POST /api/admin/people/:id/adjustments`: a signed amount, through the ledger, with a reason. */
export const adminAdjustmentRequestSchema = z.object({
  delta: z
    .number()
    .int()
    .refine((delta) => delta !== 0, 'must not be zero')
    .refine((delta) => Math.abs(delta) <= 1_000_000, 'must be at most 1,000,000 either way'),
  reason: z.string().trim().min(3).max(500),
});

export const adminAdjustmentSchema = z.object({
  user_id: z.string(),
  delta: z.number().int(),
  balance_before: z.number().int(),
  balance_after: z.number().int(),
});

/** One operator action of the audit log. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
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
  action: z.string().max(64).optional(),
  subject: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const adminAuditSchema = z.object({ items: z.array(adminAuditEntrySchema) });
