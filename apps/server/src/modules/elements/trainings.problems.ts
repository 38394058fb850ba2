import { problemTypes } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { TrainingOutcome } from './training.service.ts';

type Text = Record<Locale, string>;

/** A count's word in the person's language, by its plural form (1 фотография, 2 фотографии…). */
function counted(
  n: number,
  locale: Locale,
  forms: Record<Locale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>,
): string {
  const words = forms[locale];
  return `${n} ${words[new Intl.PluralRules(locale).select(n)] ?? words.other}`;
}

const photos = {
  ru: { one: 'фотография', few: 'фотографии', many: 'фотографий', other: 'фотографии' },
  en: { one: 'photo', other: 'photos' },
};
const credits = {
  ru: { one: 'кредит', few: 'кредита', many: 'кредитов', other: 'кредита' },
  en: { one: 'credit', other: 'credits' },
};

/** The answer to each refusal of a training, in the person's language (ADR 045). */
export function trainingProblem(
  refusal: Exclude<TrainingOutcome, { outcome: 'done' }>,
  locale: Locale,
): HttpProblem {
  const say = (text: Text) => text[locale];
  switch (refusal.outcome) {
    case 'not_found':
      return new HttpProblem(
        404,
        say({ ru: 'Элемент библиотеки не найден.', en: 'Library element not found.' }),
      );
    case 'not_trainable':
      return new HttpProblem(
        422,
        say({
          ru: 'Обучить можно только персонажа: товар используйте как референс.',
          en: 'Only a character can be trained: use a product as a reference instead.',
        }),
      );
    case 'wrong_picture_count': {
      const { count, min, max } = refusal;
      const text = say({
        ru: `Для обучения нужно от ${min} до ${max} фотографий персонажа, а у него ${counted(count, 'ru', photos)}.`,
        en: `Training needs ${min} to ${max} photos of the character; it has ${counted(count, 'en', photos)}.`,
      });
      return new HttpProblem(422, text, {
        errors: [{ field: 'pictures', code: count < min ? 'too_few' : 'too_many', message: text }],
      });
    }
    case 'running':
      return new HttpProblem(
        409,
        say({
          ru: 'Этот персонаж уже обучается: дождитесь конца или остановите обучение.',
          en: 'This character is being trained already: wait for it to end or stop it.',
        }),
      );
    case 'not_running':
      return new HttpProblem(
        409,
        say({
          ru: 'Сейчас этот персонаж не обучается.',
          en: 'This character is not being trained right now.',
        }),
      );
    case 'insufficient_tokens':
      return new HttpProblem(
        402,
        say({
          ru: `Не хватает кредитов: обучение стоит ${counted(refusal.required, 'ru', credits)}.`,
          en: `Not enough credits: the training costs ${counted(refusal.required, 'en', credits)}.`,
        }),
        { type: problemTypes.insufficientTokens },
      );
    case 'unavailable':
      return new HttpProblem(
        503,
        say({
          ru: 'Обучение персонажей здесь сейчас недоступно.',
          en: 'Character training is not available here right now.',
        }),
      );
    default:
      return unhandledOutcome(refusal);
  }
}
