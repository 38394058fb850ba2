import { problemTypes, promptImprovementProblemTypes } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { ImprovementOutcome } from './prompt-improvement.service.ts';

type Text = Record<Locale, string>;

/** A count of credits in the person's language, by its plural form (1 кредит, 2 кредита…). */
function credits(n: number, locale: Locale): string {
  const forms: Record<Locale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
    ru: { one: 'кредит', few: 'кредита', many: 'кредитов', other: 'кредита' },
    en: { one: 'credit', other: 'credits' },
  };
  const words = forms[locale];
  return `${n} ${words[new Intl.PluralRules(locale).select(n)] ?? words.other}`;
}

/** The answer to each refusal or failure of an improvement, in the person's language (ADR 050). */
export function promptImprovementProblem(
  refusal: Exclude<ImprovementOutcome, { outcome: 'improved' | 'replayed' }>,
  locale: Locale,
): HttpProblem {
  const say = (text: Text) => text[locale];
  switch (refusal.outcome) {
    case 'invalid_characters': {
      const text = say({
        ru: 'В промпте есть символы, которые нельзя сохранить: уберите их.',
        en: 'The prompt has characters that cannot be stored: remove them.',
      });
      return new HttpProblem(400, text, {
        errors: [{ field: 'prompt', code: 'invalid_characters', message: text }],
      });
    }
    case 'unknown_model': {
      const text = say({
        ru: 'Для этой модели промпт не улучшить: выберите модель, которая рисует по описанию.',
        en: 'The prompt cannot be improved for this model: choose one that works from a description.',
      });
      return new HttpProblem(400, text, {
        errors: [{ field: 'model', code: 'unknown_model', message: text }],
      });
    }
    case 'unknown_style': {
      const text = say({
        ru: 'Такого стиля нет: выберите стиль заново.',
        en: 'There is no such style: choose the style again.',
      });
      return new HttpProblem(400, text, {
        errors: [{ field: 'style', code: 'unknown_style', message: text }],
      });
    }
    case 'style_unsuited': {
      const { style, model } = refusal;
      const text = say({
        ru: `Стиль «${style.name.ru}» не подходит к модели ${model.name}: выберите другой стиль или модель.`,
        en: `The ${style.name.en} style does not suit ${model.name}: choose another style or model.`,
      });
      return new HttpProblem(400, text, {
        errors: [{ field: 'style', code: 'not_suited', message: text }],
      });
    }
    case 'insufficient_tokens':
      return new HttpProblem(
        402,
        say({
          ru: `Не хватает кредитов: улучшение промпта стоит ${credits(refusal.required, 'ru')}.`,
          en: `Not enough credits: improving a prompt costs ${credits(refusal.required, 'en')}.`,
        }),
        { type: problemTypes.insufficientTokens },
      );
    case 'key_reused':
      return new HttpProblem(
        409,
        'This Idempotency-Key was already used with a different request.',
      );
    case 'key_in_progress':
      return new HttpProblem(
        409,
        say({
          ru: 'Этот промпт уже улучшается: дождитесь ответа.',
          en: 'This prompt is being improved already: wait for the answer.',
        }),
      );
    case 'paused':
      return new HttpProblem(
        503,
        say({
          ru: 'Сервис моделей просит подождать. Ничего не списано — повторите чуть позже.',
          en: 'The model service asks us to wait. Nothing was charged — try again shortly.',
        }),
        {
          type: problemTypes.unavailable,
          headers: { 'retry-after': String(refusal.retryAfterSeconds) },
        },
      );
    case 'failed':
      return refusal.reason === 'unavailable'
        ? new HttpProblem(
            503,
            say({
              ru: 'Сервис моделей сейчас не ответил. Ничего не списано: кредит вернулся на баланс — повторите через несколько секунд.',
              en: 'The model service did not answer just now. Nothing was charged: the credit is back on your balance — try again in a few seconds.',
            }),
            {
              type: problemTypes.unavailable,
              headers: { 'retry-after': String(Math.max(1, refusal.retryAfterSeconds)) },
            },
          )
        : new HttpProblem(
            502,
            say({
              ru: 'Не получилось улучшить промпт. Ничего не списано: кредит вернулся на баланс — попробуйте ещё раз или измените промпт.',
              en: 'The prompt could not be improved. Nothing was charged: the credit is back on your balance — try again or change the prompt.',
            }),
            { type: promptImprovementProblemTypes.failed },
          );
    default:
      return unhandledOutcome(refusal);
  }
}
