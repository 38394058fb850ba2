import '~/locales/app-styles';
import {
  type ImprovePromptBody,
  type PromptImprovement,
  promptImprovementProblemTypes,
  promptImprovementSchema,
} from '@kadr/contract';
import type { TFunction } from 'i18next';
import { ApiError, apiRequest, isAway } from '~/lib/api';

// The prompt improver's call and its failures' words (issue #49, ADR 050): fetched with the first
// press of "Improve", with the texts of its panel.

const answers = import.meta.env.DEV ? { promptImprovementSchema } : undefined;

/** Rewrites the prompt for the model and style; the same key again answers the same, charged once. */
export function improvePrompt(body: ImprovePromptBody, key: string): Promise<PromptImprovement> {
  return apiRequest('/api/prompts/improve', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key },
    parse: answers?.promptImprovementSchema.parse,
  });
}

/** What to say when an improvement did not come back. */
export function improveFailureText(t: TFunction<'app'>, error: unknown): string {
  if (error instanceof ApiError && error.status === 402) return t('styles.improve.errors.balance');
  if (error instanceof ApiError && error.status === 429) return t('styles.improve.errors.tooMany');
  // The model answered, but not with a usable rewrite (502): the server's sentence says so.
  if (error instanceof ApiError && error.type === promptImprovementProblemTypes.failed) {
    return error.detail ?? t('styles.improve.errors.failed');
  }
  if (isAway(error)) return t('styles.improve.errors.away');
  // The server's own sentence, in the person's language, says whether the token came back.
  if (error instanceof ApiError && error.status >= 400 && error.detail) return error.detail;
  return t('styles.improve.errors.failed');
}
