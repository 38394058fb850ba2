import type { GenerationErrorCode } from '@kadr/contract';

/**
 * The English sentence of each failure code: what the record's `error` says to API clients (the web
 * app translates the code instead). The provider's own words stay in the database for the operator.
 */
export const generationErrorTexts: Record<GenerationErrorCode, string> = {
  canceled: 'Canceled',
  unsafe: 'The model declined this prompt or picture as unsafe.',
  model_failed: 'The model could not make this generation.',
  no_output: 'The model returned no result.',
  not_accepted: 'The model service did not accept the request.',
  lost: 'The model service lost this generation.',
  timeout: 'The generation took too long and was stopped.',
  save_failed: 'The result could not be saved.',
  join_failed: 'The clips could not be joined.',
};

/** The same sentences in Russian: a v1 answer says a failure in the request's language. */
const russianErrorTexts: Record<GenerationErrorCode, string> = {
  canceled: 'Отменено',
  unsafe: 'Модель отказалась: запрос или картинка сочтены недопустимыми.',
  model_failed: 'Модели не удалось сделать эту генерацию.',
  no_output: 'Модель не вернула результата.',
  not_accepted: 'Сервис модели не принял запрос.',
  lost: 'Сервис модели потерял эту генерацию.',
  timeout: 'Генерация шла слишком долго и остановлена.',
  save_failed: 'Результат не удалось сохранить.',
  join_failed: 'Ролики не удалось склеить.',
};

/** A failure's sentence in a language: English for webhooks and logs, the request's for v1. */
export function generationErrorText(code: GenerationErrorCode, locale: 'ru' | 'en'): string {
  return locale === 'ru' ? russianErrorTexts[code] : generationErrorTexts[code];
}

/** Safety checkers (NSFW filters, content moderation) say so in their error; anything else is the model's failure. */
const unsafeWords = /\b(nsfw|safety|sensitive|flagged|moderation)\b/i;

/** The code of a prediction the provider reports as failed, from its error text. */
export function providerFailureCode(providerError: string | null | undefined): GenerationErrorCode {
  return providerError && unsafeWords.test(providerError) ? 'unsafe' : 'model_failed';
}
