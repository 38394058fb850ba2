import type { ModelProvider } from '../replicate/replicate.adapter.ts';
import { terminalStatuses } from '../replicate/replicate.adapter.ts';

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
 * prediction by polling briefly: translations take a second or two.
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
      let prediction = await options.provider.create({
        ref: { model: options.model },
        input: {
          prompt: `<text>${text}</text>`,
          system_prompt: SYSTEM,
          max_tokens: 512,
          temperature: 0,
        },
      });
      const started = Date.now();
      while (!terminalStatuses.has(prediction.status)) {
        if (Date.now() - started > timeoutMs) throw new Error('translation timed out');
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        const next = await options.provider.get(prediction.id);
        if (!next) throw new Error('translation prediction disappeared');
        prediction = next;
      }
      if (prediction.status !== 'succeeded') {
        throw new Error(`translation failed: ${prediction.error ?? prediction.status}`);
      }
      const output = prediction.output;
      const joined = Array.isArray(output)
        ? output.join('')
        : typeof output === 'string'
          ? output
          : '';
      const translated = joined.trim();
      if (!translated) throw new Error('translation came back empty');
      return translated;
    },
  };
}
