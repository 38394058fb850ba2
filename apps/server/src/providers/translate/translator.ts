import type { ModelProvider } from '../replicate/replicate.adapter.ts';
import { runLlm } from './llm.ts';

export interface Translator {
  /** The text in English, or the text itself when it already is English. */
  toEnglish(text: string): Promise<string>;
}

/** Letters outside Latin mean the prompt is (at least partly) not English. */
export function needsTranslation(text: string): boolean {
  return /\p{L}/u.test(text.replace(/[\p{Script=Latin}]/gu, ''));
}

const SYSTEM =
  'Translate the text inside <text></text> into English for an image or video generation model. ' +
  'Reply with the translation only, keep names, numbers, #tags and style words, add nothing.';

/**
 * Translation by a language model hosted on the same provider (no extra vendor). It waits for the
 * prediction by polling briefly (`runLlm`): translations take a second or two.
 */
export function createLlmTranslator(options: {
  provider: ModelProvider;
  model: string;
  timeoutMs?: number;
  pollMs?: number;
}): Translator {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;
  return {
    async toEnglish(text) {
      if (!needsTranslation(text)) return text;
      return runLlm(
        options.provider,
        {
          model: options.model,
          input: {
            prompt: `<text>${text}</text>`,
            system_prompt: SYSTEM,
            max_tokens: 512,
            temperature: 0,
          },
        },
        { task: 'translation', timeoutMs, pollMs },
      );
    },
  };
}
