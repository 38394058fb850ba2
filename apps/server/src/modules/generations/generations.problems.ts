import { getModel, videoJoin } from '@kadr/catalog';
import { type FieldError, problemTypes } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import { HttpProblem, validationProblem } from '../../lib/problem.ts';
import { ruGenitive } from '../../lib/schema-problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import type {
  FavoriteChange,
  FreeRetry,
  GenerationCancel,
  GenerationCreate,
  GenerationEditsRead,
  GenerationQuote,
  GenerationRead,
  GenerationRemoval,
} from './generation.service.ts';

/** Every way the generation service refuses (an operator's repeated free retry is admin's to say). */
export type GenerationRefusal = Exclude<
  | GenerationQuote
  | GenerationCreate
  | FreeRetry
  | GenerationRead
  | GenerationEditsRead
  | FavoriteChange
  | GenerationRemoval
  | GenerationCancel,
  {
    outcome:
      | 'priced'
      | 'created'
      | 'replayed'
      | 'retried_before'
      | 'found'
      | 'listed'
      | 'changed'
      | 'removed'
      | 'canceled';
  }
>;

/**
 * What a finishing tool's refusal says in the person's language (ADR 038): the field errors keep
 * their codes and the catalogue's English, which the app translates by code; the detail, shown as
 * it is, is said here. Undefined for any other refusal (the plain "Invalid request: <fields>").
 */
function toolRefusalText(errors: FieldError[], locale: Locale): string | undefined {
  const texts = {
    too_large: {
      en: 'The result would be larger than this tool can make. Choose a smaller scale or picture.',
      ru: 'Результат получится больше, чем может сделать этот инструмент. Выберите меньший масштаб или картинку.',
    },
    nothing_to_do: {
      en: 'The picture already has this shape. Choose another shape or zoom out.',
      ru: 'У картинки уже такая форма. Выберите другую форму или отдалите кадр.',
    },
    size_mismatch: {
      en: 'The mask must be the same size as the picture. Paint it again on this picture.',
      ru: 'Маска должна быть того же размера, что и картинка. Закрасьте область на этой картинке заново.',
    },
    no_prompt: {
      en: 'This tool takes no description: leave it empty.',
      ru: 'Этому инструменту описание не нужно: оставьте поле пустым.',
    },
  } as const;
  for (const error of errors) {
    if (
      error.code === 'too_large' ||
      error.code === 'nothing_to_do' ||
      error.code === 'size_mismatch'
    ) {
      return texts[error.code][locale];
    }
    if (error.field === 'prompt' && error.code === 'not_supported') return texts.no_prompt[locale];
  }
  return undefined;
}

/**
 * What a refusal of a request's library elements says in the person's language (issue #47): the
 * field errors keep their codes and English, which the app translates by code. Undefined when the
 * elements are not what is wrong.
 */
function elementsRefusalText(
  errors: FieldError[],
  modelId: string | undefined,
  locale: Locale,
): string | undefined {
  const model = modelId === undefined ? undefined : getModel(modelId);
  const name = model?.name ?? modelId ?? '';
  for (const error of errors) {
    const onElements = error.field === 'elements' || error.field.startsWith('elements.');
    if (onElements && error.code === 'not_trained') {
      return locale === 'ru'
        ? 'Этот персонаж ещё не обучен: обучите его в библиотеке или выберите другую модель.'
        : 'This character is not trained yet: train it in the library or choose another model.';
    }
    if (model?.trained && error.field === 'elements') {
      return locale === 'ru'
        ? 'Выберите одного своего обученного персонажа.'
        : 'Choose one of your trained characters.';
    }
    if (onElements && error.code === 'not_found') {
      return locale === 'ru'
        ? 'Такого персонажа или товара нет в вашей библиотеке: выберите его заново.'
        : 'That character or product is not in your library: choose it again.';
    }
    if (error.field === 'elements' && error.code === 'not_supported') {
      return locale === 'ru'
        ? `${name} не работает с персонажами и товарами из библиотеки: выберите модель, которая их принимает, или уберите их.`
        : `${name} does not take characters or products from the library: choose a model that does, or remove them.`;
    }
    if (onElements && error.code === 'not_supported') {
      return locale === 'ru'
        ? `${name} не принимает элементы такого вида: уберите их или выберите другую модель.`
        : `${name} does not take elements of this kind: remove them or choose another model.`;
    }
    if (error.field === 'elements' && error.code === 'too_many') {
      const limit = model?.references?.max;
      if (limit === undefined) {
        return locale === 'ru'
          ? 'Слишком много элементов в одном запросе.'
          : 'Too many elements in one request.';
      }
      return locale === 'ru'
        ? `${name} принимает не больше ${limit} ${ruGenitive(limit, 'референса', 'референсов')}: уберите лишние элементы.`
        : `${name} takes at most ${limit} reference ${limit === 1 ? 'picture' : 'pictures'}: remove some elements.`;
    }
    if (error.code === 'conflict' && model?.references?.excludes?.includes(error.field)) {
      const label = model.parameters.find((def) => def.name === error.field)?.label[locale];
      return locale === 'ru'
        ? `${name} не принимает «${label ?? error.field}» вместе с персонажами и товарами: уберите одно из двух.`
        : `${name} does not take “${label ?? error.field}” together with characters or products: remove one of them.`;
    }
  }
  return undefined;
}

/**
 * What a refusal to continue or join clips says in the person's language (ADR 047); undefined when
 * the clips are not what is wrong.
 */
function clipsRefusalText(errors: FieldError[], locale: Locale): string | undefined {
  const ru = locale === 'ru';
  for (const error of errors) {
    const onClip = error.field === 'extend' || error.field.startsWith('clips.');
    if (error.code === 'cannot_extend') {
      return ru
        ? 'Эта модель не продолжает ролики: выберите модель, которая начинает видео с картинки.'
        : 'This model cannot continue a clip: choose one that starts a video from a picture.';
    }
    if (onClip && error.code === 'not_found') {
      return ru
        ? 'Такого ролика нет среди ваших результатов: выберите его заново.'
        : 'That clip is not among your results: choose it again.';
    }
    if (onClip && error.code === 'not_video') {
      return ru
        ? 'Это картинка, а не ролик: выберите видео.'
        : 'That is a picture: choose a video.';
    }
    if (onClip && error.code === 'not_finished') {
      return ru
        ? 'Ролик ещё не готов: дождитесь результата.'
        : 'That clip is not finished yet: wait for it.';
    }
    if (error.field.startsWith('clips.') && error.code === 'too_short') {
      return ru
        ? 'От ролика должно остаться хотя бы полсекунды: сдвиньте границы обрезки.'
        : 'Keep at least half a second of each clip: move the trim points.';
    }
    if (error.field === 'clips' && (error.code === 'too_few' || error.code === 'too_many')) {
      const { min, max } = videoJoin.clips;
      return ru
        ? `Склеить можно от ${min} до ${max} ${ruGenitive(max, 'ролика', 'роликов')}.`
        : `You can join from ${min} to ${max} clips.`;
    }
    if (error.field === 'clips' && error.code === 'too_long') {
      const minutes = videoJoin.maxDurationMs / 60_000;
      return ru
        ? `Склеенный ролик может длиться не больше ${minutes} ${ruGenitive(minutes, 'минуты', 'минут')}: обрежьте клипы.`
        : `A joined video may last at most ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}: trim the clips.`;
    }
    if (error.field === 'crossfade_ms') {
      const fade = videoJoin.crossfade.maxMs / 1000;
      return ru
        ? `Переход должен быть короче каждого клипа и не длиннее ${fade} ${ruGenitive(fade, 'секунды', 'секунд')}.`
        : `The cross-fade must be shorter than every clip and at most ${fade} ${fade === 1 ? 'second' : 'seconds'}.`;
    }
  }
  return undefined;
}

/**
 * The HTTP answer to each refusal of the generation service. `locale` is the language a switched-off
 * model is named in (the request's, for a person's create).
 */
export function generationProblem(refusal: GenerationRefusal, locale: Locale): HttpProblem {
  switch (refusal.outcome) {
    case 'invalid': {
      const said =
        elementsRefusalText(refusal.errors, refusal.modelId, locale) ??
        clipsRefusalText(refusal.errors, locale) ??
        toolRefusalText(refusal.errors, locale);
      return said === undefined
        ? validationProblem(refusal.errors)
        : new HttpProblem(400, said, { errors: refusal.errors });
    }
    case 'model_off':
      return new HttpProblem(
        409,
        locale === 'ru'
          ? `Модель ${refusal.modelName} временно недоступна. Выберите другую модель.`
          : `${refusal.modelName} is unavailable for now. Please choose another model.`,
        { type: problemTypes.modelOff },
      );
    case 'model_gone':
      return new HttpProblem(409, `${refusal.modelId} is no longer in the catalogue.`);
    case 'insufficient_tokens':
      return new HttpProblem(402, `Not enough tokens. Required: ${refusal.required} tokens`, {
        type: problemTypes.insufficientTokens,
      });
    case 'too_many_running':
      return new HttpProblem(
        429,
        `${refusal.limit} generations are running; the next can start when one finishes.`,
        {
          type: problemTypes.tooManyRunning,
          headers: { 'retry-after': '10' },
          limit: refusal.limit,
        },
      );
    case 'key_reused':
      return new HttpProblem(
        409,
        'This Idempotency-Key was already used with a different request.',
      );
    case 'key_in_progress':
      return new HttpProblem(409, 'A request with this Idempotency-Key is still being processed.');
    case 'not_found':
      return new HttpProblem(404, 'Generation not found.');
    case 'running':
      return new HttpProblem(409, 'This generation is still running; cancel it first.');
    case 'finished':
      return new HttpProblem(409, 'This generation has already finished.');
    // Only a create made with an API key meets these; `/api/v1` answers them itself.
    case 'model_not_allowed':
      return new HttpProblem(403, `This key may not use ${refusal.model}.`);
    case 'spend_limit':
      return new HttpProblem(402, `The key's ${refusal.period} spend limit would be passed.`, {
        limit: refusal.limit,
      });
    default:
      return unhandledOutcome(refusal);
  }
}
