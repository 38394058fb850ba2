import { problemTypes } from '@kadr/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * The text a person reads for a refusal the server gives a kind (`problemTypes`): limits, in the
 * interface's language with the wait or the count. Undefined for every other error (the caller
 * shows its own).
 */
export function limitMessage(error: unknown, t: TFunction<'common'>): string | undefined {
  const problem = error instanceof ApiError ? error : causeProblem(error);
  if (problem?.status !== 429) return undefined;
  if (problem.type === problemTypes.tooManyRunning) {
    return t('limits.tooManyRunning', { count: problem.limit ?? 8 });
  }
  return t('limits.rateLimited', { count: problem.retryAfter ?? 60 });
}

function causeProblem(error: unknown): ApiError | undefined {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause instanceof ApiError ? cause : undefined;
}
