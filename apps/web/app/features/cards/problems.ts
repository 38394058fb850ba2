import '~/locales/app-cards';
import { problemTypes } from '@kadr/contract';
import type { TFunction } from 'i18next';
import { ClientError } from '~/features/generations/api';
import { limitMessage } from '~/lib/problem-text';

/**
 * Why a call of the workshop failed, in the person's language — never the server's English
 * words: a limit (with its wait), too few credits, a tool an operator switched off, a set that is
 * gone, a lost connection, a refusal of what was sent, or anything else.
 */
export function problemText(
  failure: unknown,
  t: TFunction<'app'>,
  tCommon: TFunction<'common'>,
): string {
  const limited = limitMessage(failure, tCommon);
  if (limited) return limited;
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  if (!problem) return t('cards.errors.unknown');
  if (problem.type === problemTypes.insufficientTokens) return t('cards.errors.insufficient');
  if (problem.type === problemTypes.modelOff) return t('cards.errors.modelOff');
  if (problem.status === 0) return t('cards.errors.network');
  if (problem.status === 404) return t('cards.errors.notFound');
  if (problem.status === 400 || problem.status === 409 || problem.status === 422) {
    return t('cards.errors.invalid');
  }
  return t('cards.errors.unknown');
}
