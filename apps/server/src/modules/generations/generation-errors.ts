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

/** Safety checkers (NSFW filters, content moderation) say so in their error; anything else is the model's failure. */
const unsafeWords = /\b(nsfw|safety|sensitive|flagged|moderation)\b/i;

/** The code of a prediction the provider reports as failed, from its error text. */
export function providerFailureCode(providerError: string | null | undefined): GenerationErrorCode {
  return providerError && unsafeWords.test(providerError) ? 'unsafe' : 'model_failed';
}
