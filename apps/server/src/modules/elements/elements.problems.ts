import type { FieldError } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { ruGenitive } from '../../lib/schema-problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type { ElementDeletion, ElementOutcome, PictureProblem } from './element.service.ts';

type Text = Record<Locale, string>;

/** Every way the library turns a request down. */
export type ElementRefusal = Exclude<
  ElementOutcome | ElementDeletion,
  { outcome: 'done' | 'deleted' }
>;

const pictureTexts: Record<PictureProblem['code'], Text> = {
  not_own_picture: {
    ru: 'должна быть ваша картинка в Кадре: загрузите её или выберите свой результат',
    en: 'must be a picture of yours in Kadr: upload it or pick one of your results',
  },
  unreadable: {
    ru: 'эту картинку не удалось прочитать: загрузите её ещё раз',
    en: 'this picture could not be read: upload it again',
  },
};

/** The answer to each refusal, in the person's language. */
export function elementProblem(refusal: ElementRefusal, locale: Locale): HttpProblem {
  const say = (text: Text) => text[locale];
  switch (refusal.outcome) {
    case 'not_found':
      return new HttpProblem(
        404,
        say({ ru: 'Элемент библиотеки не найден.', en: 'Library element not found.' }),
      );
    case 'name_taken': {
      const message = say({ ru: 'уже занято', en: 'is already used' });
      return new HttpProblem(
        409,
        say({
          ru: 'У вас уже есть элемент с таким названием: выберите другое.',
          en: 'You already have an element with this name: choose another.',
        }),
        { errors: [{ field: 'name', code: 'taken', message }] },
      );
    }
    case 'invalid_pictures': {
      const errors: FieldError[] = refusal.problems.map((problem) => ({
        field: `pictures.${problem.index}`,
        code: problem.code,
        message: say(pictureTexts[problem.code]),
      }));
      const first = refusal.problems[0];
      const count = refusal.problems.length;
      return new HttpProblem(
        400,
        say({
          ru:
            count === 1 && first
              ? `Картинка ${first.index + 1}: ${pictureTexts[first.code].ru}.`
              : `Картинки ${refusal.problems.map((p) => p.index + 1).join(', ')} нельзя добавить: ${pictureTexts[first?.code ?? 'not_own_picture'].ru}.`,
          en:
            count === 1 && first
              ? `Picture ${first.index + 1}: ${pictureTexts[first.code].en}.`
              : `Pictures ${refusal.problems.map((p) => p.index + 1).join(', ')} cannot be added: ${pictureTexts[first?.code ?? 'not_own_picture'].en}.`,
        }),
        { errors },
      );
    }
    case 'too_many_pictures': {
      const { limit } = refusal;
      const text = say({
        ru: `В элементе может быть не больше ${limit} ${ruGenitive(limit, 'картинки', 'картинок')}.`,
        en: `An element holds at most ${limit} pictures.`,
      });
      return new HttpProblem(400, text, {
        limit,
        errors: [{ field: 'pictures', code: 'too_many', message: text }],
      });
    }
    case 'last_picture':
      return new HttpProblem(
        409,
        say({
          ru: 'Это последняя картинка элемента: у элемента должна остаться хотя бы одна. Если он больше не нужен, удалите его.',
          en: 'This is the element’s last picture: an element keeps at least one. If you no longer need it, delete it.',
        }),
      );
    case 'unknown_cover': {
      const message = say({
        ru: 'это не картинка этого элемента',
        en: 'is not one of its pictures',
      });
      return new HttpProblem(
        400,
        say({
          ru: 'Обложкой может быть только одна из картинок элемента.',
          en: 'The cover must be one of the element’s pictures.',
        }),
        { errors: [{ field: 'cover', code: 'unknown', message }] },
      );
    }
    default:
      return unhandledOutcome(refusal);
  }
}
