import { type ApiProblemCode, type FieldError, problemTypes } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem, MAX_LISTED_ERRORS, validationProblem } from '../../lib/problem.ts';
import {
  type Dependency,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDetail,
} from '../../lib/unavailable.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { PictureProblem } from '../elements/index.ts';
import { type GenerationCreate, generationProblem } from '../generations/index.ts';
import { localizeFieldErrors } from './v1.field-texts.ts';
import type { ApiElementDeletion, ApiElementOutcome, ApiOutput } from './v1.service.ts';

/** Each code's status: a code never changes its status within v1. */
const statuses: Record<ApiProblemCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  account_blocked: 403,
  not_found: 404,
  insufficient_tokens: 402,
  spend_limit_daily: 402,
  spend_limit_monthly: 402,
  model_off: 409,
  idempotency_key_reused: 409,
  idempotency_key_in_progress: 409,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_running: 429,
  server_error: 500,
  unavailable: 503,
};

/** What each code says when nothing more particular is known, in both languages. */
const texts: Record<ApiProblemCode, Record<Locale, string>> = {
  invalid_request: { ru: 'Запрос составлен неверно.', en: 'The request is not valid.' },
  unauthorized: {
    ru: 'Нужен действующий ключ API: заголовок Authorization: Bearer kadr_…',
    en: 'A valid API key is required: the header Authorization: Bearer kadr_…',
  },
  forbidden: {
    ru: 'Ключ API действует только на /api/v1; остальной сайт — для входа через браузер.',
    en: 'An API key works on /api/v1 only; the rest of the site is for signing in with a browser.',
  },
  account_blocked: {
    ru: 'Аккаунт владельца ключа заблокирован.',
    en: "The key owner's account is blocked.",
  },
  not_found: { ru: 'Не найдено.', en: 'Not found.' },
  insufficient_tokens: { ru: 'Недостаточно кредитов.', en: 'Not enough tokens.' },
  spend_limit_daily: {
    ru: 'Дневной лимит расходов ключа исчерпан; ничего не списано.',
    en: "The key's daily spend limit would be passed; nothing was charged.",
  },
  spend_limit_monthly: {
    ru: 'Месячный лимит расходов ключа исчерпан; ничего не списано.',
    en: "The key's monthly spend limit would be passed; nothing was charged.",
  },
  model_off: { ru: 'Модель временно недоступна.', en: 'The model is unavailable for now.' },
  idempotency_key_reused: {
    ru: 'Этот Idempotency-Key уже использован с другим запросом.',
    en: 'This Idempotency-Key was already used with a different request.',
  },
  idempotency_key_in_progress: {
    ru: 'Запрос с этим Idempotency-Key ещё выполняется; повторите чуть позже.',
    en: 'A request with this Idempotency-Key is still being processed; retry shortly.',
  },
  conflict: { ru: 'Генерация уже завершена.', en: 'The generation has already finished.' },
  too_large: { ru: 'Файл слишком большой.', en: 'The file is too large.' },
  unsupported_media_type: {
    ru: 'Загрузить можно только картинку JPEG, PNG, GIF или WebP.',
    en: 'Only JPEG, PNG, GIF and WebP pictures can be uploaded.',
  },
  rate_limited: {
    ru: 'Слишком много запросов с этим ключом.',
    en: 'Too many requests with this key.',
  },
  too_many_running: {
    ru: 'Слишком много генераций выполняется одновременно.',
    en: 'Too many generations are running at once.',
  },
  server_error: {
    ru: 'Что-то пошло не так на нашей стороне. Повторите запрос с тем же Idempotency-Key.',
    en: 'Something went wrong on our side. Retry with the same Idempotency-Key.',
  },
  unavailable: {
    ru: unavailableDetail('database', 'ru'),
    en: unavailableDetail('database', 'en'),
  },
};

const plural = (
  n: number,
  locale: Locale,
  forms: Record<'one' | 'few' | 'many' | 'other', string>,
) =>
  forms[new Intl.PluralRules(locale).select(n) as 'one' | 'few' | 'many' | 'other'] ?? forms.other;

const tokens = (n: number, locale: Locale) =>
  `${n} ${
    locale === 'ru'
      ? plural(n, locale, { one: 'кредит', few: 'кредита', many: 'кредитов', other: 'кредита' })
      : plural(n, locale, { one: 'token', few: 'tokens', many: 'tokens', other: 'tokens' })
  }`;

const seconds = (n: number, locale: Locale) =>
  `${n} ${
    locale === 'ru'
      ? plural(n, locale, { one: 'секунду', few: 'секунды', many: 'секунд', other: 'секунды' })
      : plural(n, locale, { one: 'second', few: 'seconds', many: 'seconds', other: 'seconds' })
  }`;

/** A v1 problem: its code's status and type, a detail in the request's language. */
export function apiProblem(
  code: ApiProblemCode,
  locale: Locale,
  options: {
    detail?: string;
    errors?: FieldError[];
    headers?: Record<string, string>;
    members?: Record<string, unknown>;
    limit?: number;
  } = {},
): HttpProblem {
  return new HttpProblem(statuses[code], options.detail ?? texts[code][locale], {
    type: `https://kadr.app/problems/${code.replaceAll('_', '-')}`,
    ...(options.errors
      ? { errors: localizeFieldErrors(options.errors.slice(0, MAX_LISTED_ERRORS), locale) }
      : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    members: { code, ...options.members },
  });
}

/** A 400 naming the fields at fault. */
export function invalidRequest(errors: FieldError[], locale: Locale): HttpProblem {
  const fields = [...new Set(errors.map((error) => error.field))].join(', ');
  return apiProblem('invalid_request', locale, {
    detail:
      locale === 'ru' ? `Неверные поля запроса: ${fields}.` : `Invalid request fields: ${fields}.`,
    errors,
  });
}

/** A 429 with Retry-After, for a rate limit or the running cap. */
export function tooMany(
  code: 'rate_limited' | 'too_many_running',
  locale: Locale,
  retryAfter: number,
  limit: number,
): HttpProblem {
  const wait = seconds(retryAfter, locale);
  return apiProblem(code, locale, {
    detail:
      code === 'rate_limited'
        ? locale === 'ru'
          ? `Слишком много запросов с этим ключом (не больше ${limit} в минуту). Повторите через ${wait}.`
          : `Too many requests with this key (at most ${limit} a minute). Retry in ${wait}.`
        : locale === 'ru'
          ? `Выполняется ${limit} генераций — это предел. Следующая начнётся, когда одна закончится; повторите через ${wait}.`
          : `${limit} generations are running, the most at once. Retry in ${wait}, when one has finished.`,
    headers: { 'retry-after': String(retryAfter) },
    limit,
  });
}

/** A 503 `unavailable`: a part (the database, the file store) is away; retry after Retry-After. */
export function unavailable(dependency: Dependency, locale: Locale): HttpProblem {
  return apiProblem('unavailable', locale, {
    detail: unavailableDetail(dependency, locale),
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });
}

/** When a spend period starts again: the next UTC midnight, or the first of next month (UTC). */
function resetsAt(period: 'daily' | 'monthly', now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return (
    period === 'daily' ? new Date(Date.UTC(y, m, d + 1)) : new Date(Date.UTC(y, m + 1, 1))
  ).toISOString();
}

/** The refusals of a create or a join as v1 says them (the key's spend is filled in by the route). */
export function createProblem(
  refusal: Exclude<GenerationCreate, { outcome: 'created' | 'replayed' }>,
  locale: Locale,
  spend: { spent: number; now: Date },
): HttpProblem {
  const ru = locale === 'ru';
  switch (refusal.outcome) {
    case 'invalid': {
      // What the generation service says of a refusal it knows — a clip to continue or join, the
      // library's elements, a tool's picture — in the request's language; else the fields at fault.
      const said = generationProblem(refusal, locale).detail;
      return said === undefined || said === validationProblem(refusal.errors).detail
        ? invalidRequest(refusal.errors, locale)
        : apiProblem('invalid_request', locale, { detail: said, errors: refusal.errors });
    }
    case 'model_off':
      return apiProblem('model_off', locale, {
        detail: ru
          ? `Модель ${refusal.modelName} временно недоступна. Выберите другую модель.`
          : `${refusal.modelName} is unavailable for now. Please choose another model.`,
      });
    case 'insufficient_tokens':
      return apiProblem('insufficient_tokens', locale, {
        detail: ru
          ? `Недостаточно кредитов: нужно ${tokens(refusal.required, locale)}.`
          : `Not enough tokens: ${tokens(refusal.required, locale)} needed.`,
        members: { required: refusal.required },
      });
    case 'too_many_running':
      return tooMany('too_many_running', locale, 10, refusal.limit);
    case 'key_reused':
      return apiProblem('idempotency_key_reused', locale);
    case 'key_in_progress':
      return apiProblem('idempotency_key_in_progress', locale);
    case 'model_not_allowed':
      return apiProblem('forbidden', locale, {
        detail: ru
          ? `Этому ключу не разрешена модель ${refusal.model}; ничего не списано.`
          : `This key may not use ${refusal.model}; nothing was charged.`,
      });
    case 'spend_limit': {
      const code = refusal.period === 'daily' ? 'spend_limit_daily' : 'spend_limit_monthly';
      const at = resetsAt(refusal.period, spend.now);
      const detail =
        refusal.period === 'daily'
          ? ru
            ? `Дневной лимит ключа — ${tokens(refusal.limit, locale)}, сегодня потрачено ${spend.spent}; ничего не списано. Лимит обновится в ${at}.`
            : `The key's daily limit is ${tokens(refusal.limit, locale)} and ${spend.spent} are spent today; nothing was charged. It resets at ${at}.`
          : ru
            ? `Месячный лимит ключа — ${tokens(refusal.limit, locale)}, в этом месяце потрачено ${spend.spent}; ничего не списано. Лимит обновится в ${at}.`
            : `The key's monthly limit is ${tokens(refusal.limit, locale)} and ${spend.spent} are spent this month; nothing was charged. It resets at ${at}.`;
      return apiProblem(code, locale, {
        detail,
        limit: refusal.limit,
        members: { spent: spend.spent, resets_at: at },
      });
    }
    default:
      return unhandledOutcome(refusal);
  }
}

/** What a field error says of a picture the library would not take. */
const pictureTexts: Record<PictureProblem['code'], Record<Locale, string>> = {
  not_own_picture: {
    ru: 'должна быть ваша картинка в Кадре: адрес из POST /api/v1/uploads, одного из ваших результатов или элементов',
    en: 'must be a picture of yours in Kadr: the url of POST /api/v1/uploads, of one of your results or elements',
  },
  unreadable: {
    ru: 'эту картинку не удалось прочитать: загрузите её ещё раз',
    en: 'this picture could not be read: upload it again',
  },
};

/** "картинки" after 1, 21…; "картинок" otherwise (the genitive after "не больше"). */
const picturesRu = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? 'картинки' : 'картинок');

/** The library's refusals as v1 says them (`/api/v1/elements…`). */
export function elementProblem(
  refusal: Exclude<ApiElementOutcome | ApiElementDeletion, { outcome: 'done' | 'deleted' }>,
  locale: Locale,
): HttpProblem {
  const ru = locale === 'ru';
  switch (refusal.outcome) {
    case 'not_found':
      return apiProblem('not_found', locale, {
        detail: ru ? 'Элемент библиотеки не найден.' : 'Library element not found.',
      });
    case 'name_taken':
      return apiProblem('conflict', locale, {
        detail: ru
          ? 'У вас уже есть элемент с таким названием: выберите другое.'
          : 'You already have an element with this name: choose another.',
        errors: [{ field: 'name', code: 'taken', message: ru ? 'уже занято' : 'is already used' }],
      });
    case 'invalid_pictures': {
      const places = refusal.problems.map((problem) => problem.index + 1).join(', ');
      const [first] = refusal.problems;
      const why = pictureTexts[first?.code ?? 'not_own_picture'][locale];
      return apiProblem('invalid_request', locale, {
        detail:
          refusal.problems.length === 1
            ? ru
              ? `Картинка ${places}: ${why}.`
              : `Picture ${places}: ${why}.`
            : ru
              ? `Картинки ${places} нельзя добавить: ${why}.`
              : `Pictures ${places} cannot be added: ${why}.`,
        errors: refusal.problems.map((problem) => ({
          field: `pictures.${problem.index}`,
          code: problem.code,
          message: pictureTexts[problem.code][locale],
        })),
      });
    }
    case 'too_many_pictures': {
      const detail = ru
        ? `В элементе может быть не больше ${refusal.limit} ${picturesRu(refusal.limit)}; ничего не добавлено.`
        : `An element holds at most ${refusal.limit} pictures; nothing was added.`;
      return apiProblem('invalid_request', locale, {
        detail,
        limit: refusal.limit,
        errors: [
          {
            field: 'pictures',
            code: 'too_many',
            message: ru
              ? `вместе с картинками элемента — не больше ${refusal.limit}`
              : `at most ${refusal.limit} with the element's own`,
          },
        ],
      });
    }
    // Not answered by the routes v1 has (no picture is taken out, no cover chosen), but said if so.
    case 'last_picture':
      return apiProblem('conflict', locale, {
        detail: ru
          ? 'Это последняя картинка элемента: у элемента должна остаться хотя бы одна.'
          : "This is the element's last picture: an element keeps at least one.",
      });
    case 'unknown_cover':
      return invalidRequest(
        [
          {
            field: 'cover',
            code: 'unknown',
            message: ru ? 'это не картинка этого элемента' : 'is not one of its pictures',
          },
        ],
        locale,
      );
    default:
      return unhandledOutcome(refusal);
  }
}

/** The v1 code of a problem another part of the server raised (a plugin, Fastify itself). */
export function codeForStatus(status: number, type: string): ApiProblemCode {
  if (status === 429)
    return type.endsWith('too-many-running') ? 'too_many_running' : 'rate_limited';
  if (status === 401) return 'unauthorized';
  if (status === 403) return type.endsWith('account-blocked') ? 'account_blocked' : 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 402) return 'insufficient_tokens';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 503 && type === problemTypes.unavailable) return 'unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

/** The texts of a code, for answers built without a problem (the error handler's fallbacks). */
export function codeText(code: ApiProblemCode, locale: Locale): string {
  return texts[code][locale];
}

/**
 * Why an output of the owner's own generation cannot be read (issue #51), said as what the
 * generation is: still running (409, retry when it completes), failed or canceled (409, it has
 * none), or completed with fewer outputs (404, how many it has).
 */
export function outputProblem(
  refusal: Exclude<ApiOutput, { outcome: 'found' | 'not_found' }>,
  locale: Locale,
): HttpProblem {
  const ru = locale === 'ru';
  switch (refusal.outcome) {
    case 'not_ready':
      return apiProblem('conflict', locale, {
        detail: ru
          ? `Генерация ещё не готова (статус ${refusal.status}): результаты появятся, когда она завершится.`
          : `The generation is not finished yet (status ${refusal.status}): its outputs come when it completes.`,
      });
    case 'no_outputs': {
      const why = refusal.error?.message;
      return apiProblem('conflict', locale, {
        detail:
          refusal.error?.code === 'canceled'
            ? ru
              ? 'Генерация отменена: результатов у неё нет.'
              : 'The generation was canceled: it has no outputs.'
            : ru
              ? `Генерация не удалась, результатов у неё нет${why ? `: ${why}` : '.'}`
              : `The generation failed and has no outputs${why ? `: ${why}` : '.'}`,
      });
    }
    case 'no_such_output':
      return apiProblem('not_found', locale, {
        detail: ru
          ? `У этой генерации ${refusal.count} ${plural(refusal.count, locale, { one: 'результат', few: 'результата', many: 'результатов', other: 'результата' })}: номера с 0 по ${refusal.count - 1}.`
          : `This generation has ${refusal.count} ${refusal.count === 1 ? 'output' : 'outputs'}: indexes 0 to ${refusal.count - 1}.`,
      });
    default:
      return unhandledOutcome(refusal);
  }
}
