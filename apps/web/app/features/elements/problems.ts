import '~/locales/app-elements-editor';
import { elementDescriptionMax, elementNameMax, elementPicturesMax } from '@kadr/contract';
import type { TFunction } from 'i18next';
import { ClientError } from '~/features/generations/api';
import { isAway } from '~/lib/api';
import { limitMessage } from '~/lib/problem-text';

/**
 * A refusal of the library's server, said next to what caused it: the name, the description, the
 * pictures (one of them, by its place in what was sent), the cover, or the whole form.
 */
export type Refusal = {
  field: 'name' | 'description' | 'pictures' | 'cover' | 'form';
  /** The picture it is about, from 0 in the order sent. */
  picture?: number;
  message: string;
};

const pictureField = /^pictures\.(\d+)$/;

/**
 * What a failed call of the library means for the person, in the interface's language: the
 * server's field codes turned into the screen's own words (a name taken, too long, too many
 * pictures, one that is not theirs, the last one), a limit with its wait, a lost connection;
 * anything else in the server's own sentence, which it says in the person's language too (the
 * calls send `?lang=`), else a plain "something went wrong".
 */
export function refusalOf(
  failure: unknown,
  t: TFunction<'app'>,
  tCommon: TFunction<'common'>,
): Refusal {
  const limited = limitMessage(failure, tCommon);
  if (limited) return { field: 'form', message: limited };
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  if (!problem) return { field: 'form', message: t('elementsEditor.errors.unknown') };
  if (problem.status === 0 || isAway(problem)) {
    return { field: 'form', message: t('elementsEditor.errors.network') };
  }
  if (problem.status === 404)
    return { field: 'form', message: t('elementsEditor.errors.notFound') };

  for (const error of problem.fieldErrors) {
    const { field, code } = error;
    if (field === 'name') {
      if (code === 'taken') return { field, message: t('elementsEditor.name.taken') };
      if (code === 'too_big') {
        return { field, message: t('elementsEditor.name.tooLong', { count: elementNameMax }) };
      }
      return { field, message: t('elementsEditor.name.required') };
    }
    if (field === 'description') {
      return {
        field,
        message: t('elementsEditor.description.tooLong', { count: elementDescriptionMax }),
      };
    }
    if (field === 'pictures') {
      if (code === 'too_small') return { field, message: t('elementsEditor.pictures.required') };
      return {
        field,
        message: t('elementsEditor.pictures.tooMany', {
          count: problem.limit ?? elementPicturesMax,
        }),
      };
    }
    const index = pictureField.exec(field)?.[1];
    if (index !== undefined) {
      const picture = Number(index);
      const number = picture + 1;
      return {
        field: 'pictures',
        picture,
        message:
          code === 'unreadable'
            ? t('elementsEditor.pictures.unreadable', { number })
            : t('elementsEditor.pictures.notOwn', { number }),
      };
    }
    if (field === 'cover') return { field, message: t('elementsEditor.edit.unknownCover') };
  }
  // The one refusal without a field: an element's last picture stays (409).
  if (problem.status === 409) {
    return { field: 'pictures', message: t('elementsEditor.edit.lastPicture') };
  }
  return { field: 'form', message: problem.detail ?? t('elementsEditor.errors.unknown') };
}

/** A refused start or stop of a training, in the person's words; `topUp` when credits are short. */
export type TrainingRefusal = { message: string; topUp?: boolean };

/**
 * What a failed start or stop of a character's training means for the person: too few credits
 * (with the price and the balance, beside the way to more), a limit with its wait, a lost
 * connection, an element gone; anything else (one already under way, none under way, the wrong
 * number of pictures, training unavailable) in the server's own sentence, which it says in the
 * person's language (the calls send `?lang=`).
 */
export function trainingRefusalOf(
  failure: unknown,
  t: TFunction<'app'>,
  tCommon: TFunction<'common'>,
  price: number,
): TrainingRefusal {
  const limited = limitMessage(failure, tCommon);
  if (limited) return { message: limited };
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  if (!problem) return { message: t('elementsEditor.errors.unknown') };
  if (problem.status === 0 || isAway(problem)) {
    return { message: t('elementsEditor.errors.network') };
  }
  if (problem.status === 402) {
    // Not the balance this page knows: the server's refusal says it was less.
    return { message: t('elementsEditor.training.insufficient', { count: price }), topUp: true };
  }
  if (problem.status === 404) return { message: t('elementsEditor.errors.notFound') };
  return { message: problem.detail ?? t('elementsEditor.errors.unknown') };
}
