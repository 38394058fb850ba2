// The prompt improver's HTTP shapes (issue #49, point 2; ADR 050): `POST /api/prompts/improve`.
import { z } from 'zod/mini';

/**
 * The longest prompt the improver takes, after trimming: the studio's prompt limit
 * (`promptMaxLength` of @kadr/catalog, which the contract does not import; a server test holds the
 * two equal).
 */
export const promptImprovementMaxLength = 2000;

/**
 * 502 of `POST /api/prompts/improve`: the language model failed or answered nothing usable; the
 * charge was refunded (a proxy's own 502 has no such type). Its 503 when the model service is away
 * is `problemTypes.unavailable`, with Retry-After.
 */
export const promptImprovementProblemTypes = {
  failed: 'https://kadr.app/problems/prompt-improvement-failed',
} as const;

/** Where an improvement is: asked of the language model, rewritten, or failed (and refunded). */
export const promptImprovementStatuses = ['running', 'succeeded', 'failed'] as const;
export type PromptImprovementStatus = (typeof promptImprovementStatuses)[number];

/**
 * `POST /api/prompts/improve` (honours `Idempotency-Key`): the person's prompt (Russian or English,
 * trimmed, 1 to 2000 characters), the catalogue model it is for, and optionally a style preset
 * that suits that model. Unknown fields are refused.
 */
export const improvePromptBodySchema = z.strictObject({
  prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(promptImprovementMaxLength)),
  model: z.string().check(z.minLength(1), z.maxLength(100)),
  style: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
});
export type ImprovePromptBody = z.infer<typeof improvePromptBodySchema>;

/**
 * The improvement: the prompt as sent (`prompt`, before) and its rewrite (`improved`, after, in the
 * same language, one paragraph of at most 2000 characters), what it cost and the balance after.
 * Nothing replaces the person's prompt until they keep the rewrite.
 */
export const promptImprovementSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  improved: z.string(),
  model: z.string(),
  style: z.nullable(z.string()),
  /** Tokens charged for it (the catalogue's `promptImprovementTokens`). */
  cost: z.number().check(z.int()),
  /** The person's balance after it. */
  balance: z.number().check(z.int()),
});
export type PromptImprovement = z.infer<typeof promptImprovementSchema>;
