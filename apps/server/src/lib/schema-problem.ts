import type { FieldError } from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type Locale, requestLocale } from './locale.ts';
import { HttpProblem, MAX_LISTED_ERRORS } from './problem.ts';

/** "символа" after "не длиннее 1", "символов" after "не длиннее 5" or "21"… (the genitive). */
export function ruGenitive(n: number, one: string, many: string): string {
  return n % 10 === 1 && n % 100 !== 11 ? one : many;
}

/** A body or query the contract's schema refuses, said in the person's language. */
function schemaProblem(error: Error, locale: Locale): HttpProblem {
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return new HttpProblem(400, locale === 'ru' ? 'Неверный запрос.' : 'Invalid request.');
  }
  const errors = error.validation.slice(0, MAX_LISTED_ERRORS).map((issue): FieldError => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const params = issue.params as { maximum?: unknown; origin?: unknown; keys?: unknown };
    return { field, code: issue.keyword, message: issueText(issue.keyword, params, locale) };
  });
  const fields = [...new Set(errors.map((e) => e.field))].join(', ');
  return new HttpProblem(
    400,
    locale === 'ru' ? `Проверьте поля: ${fields}.` : `Check these fields: ${fields}.`,
    { errors },
  );
}

/** What a schema issue says, by zod's code, in the person's language. */
export function issueText(
  code: string,
  params: { maximum?: unknown; origin?: unknown; keys?: unknown },
  locale: Locale,
): string {
  const max = typeof params.maximum === 'number' ? params.maximum : undefined;
  switch (code) {
    case 'too_big':
      if (max !== undefined && params.origin === 'string') {
        return locale === 'ru'
          ? `не длиннее ${max} ${ruGenitive(max, 'символа', 'символов')}`
          : `at most ${max} characters`;
      }
      if (max !== undefined && params.origin === 'array') {
        return locale === 'ru' ? `не больше ${max}` : `at most ${max}`;
      }
      return locale === 'ru' ? 'слишком большое значение' : 'is too large';
    case 'too_small':
      return locale === 'ru' ? 'не заполнено или слишком мало' : 'is empty or too small';
    case 'invalid_type':
      return locale === 'ru' ? 'значение не того типа' : 'has the wrong type';
    case 'invalid_value':
      return locale === 'ru' ? 'такого варианта нет' : 'is not one of the allowed values';
    case 'invalid_format':
      return locale === 'ru' ? 'неверный формат' : 'has the wrong format';
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? params.keys.join(', ') : '';
      return locale === 'ru' ? `лишние поля: ${keys}` : `unknown fields: ${keys}`;
    }
    default:
      return locale === 'ru' ? 'неверное значение' : 'is invalid';
  }
}

/**
 * Throws the schema's refusal of a route validated with `attachValidation`, said in the person's
 * language rather than by the shared English answer; a request the schema took passes.
 */
export function checked(request: FastifyRequest): void {
  if (request.validationError) {
    throw schemaProblem(request.validationError, requestLocale(request));
  }
}
