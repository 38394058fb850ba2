import type { FieldError } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { KeyChange, KeyCreate, KeyFieldError, KeyRevoke } from './key.service.ts';

type KeyRefusal = Exclude<KeyCreate | KeyChange | KeyRevoke, { outcome: 'created' | 'changed' }>;

const keysWord = (n: number, locale: Locale) => {
  if (locale === 'en') return n === 1 ? 'key' : 'keys';
  const rule = new Intl.PluralRules('ru').select(n);
  return rule === 'one' ? 'ключ' : rule === 'few' ? 'ключа' : 'ключей';
};

/** One field error said in the person's language (its code stays for the app). */
function fieldError(error: KeyFieldError, locale: Locale): FieldError {
  const message =
    error.code === 'unknown_model'
      ? locale === 'ru'
        ? `нет такой модели или инструмента: ${error.value}`
        : `no such model or tool: ${error.value}`
      : locale === 'ru'
        ? 'должен быть адресом http:// или https://'
        : 'must be an http:// or https:// address';
  return { field: error.field, code: error.code, message };
}

/** The HTTP answer to each refusal of the key service, in the request's language. */
export function keyProblem(refusal: KeyRefusal, locale: Locale): HttpProblem {
  const ru = locale === 'ru';
  switch (refusal.outcome) {
    case 'invalid': {
      const errors = refusal.errors.map((error) => fieldError(error, locale));
      const unknown = refusal.errors.filter((error) => error.code === 'unknown_model');
      const detail =
        unknown.length > 0
          ? ru
            ? `Неизвестные модели: ${unknown.map((e) => e.value).join(', ')}.`
            : `Unknown models: ${unknown.map((e) => e.value).join(', ')}.`
          : ru
            ? 'Адрес вебхука должен начинаться с http:// или https://.'
            : 'The webhook address must start with http:// or https://.';
      return new HttpProblem(400, detail, { errors });
    }
    case 'too_many_keys':
      return new HttpProblem(
        409,
        ru
          ? `У вас уже ${refusal.limit} ${keysWord(refusal.limit, locale)} — больше нельзя. Отзовите ненужный ключ.`
          : `You already have ${refusal.limit} ${keysWord(refusal.limit, locale)}, the most allowed. Revoke one you no longer use.`,
        { limit: refusal.limit },
      );
    case 'revoked':
      return new HttpProblem(
        409,
        ru
          ? 'Этот ключ отозван, его нельзя изменить.'
          : 'This key is revoked and cannot be changed.',
      );
    case 'not_found':
      return new HttpProblem(404, ru ? 'Ключ не найден.' : 'Key not found.');
    default:
      return unhandledOutcome(refusal);
  }
}
