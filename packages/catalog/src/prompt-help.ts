// The prompt improver (issue #49, point 2; ADR 050): a short prompt rewritten into a detailed one
// for the chosen model and style by a language model on Replicate, in the person's own language.
// Its price, the language model and its published inputs, and what the model is told.
import { type StyleDefinition, type StyleFamily, styleFamily } from './styles.ts';
import type { ModelDefinition } from './types.ts';

/**
 * What one improvement costs, charged when it is asked for and refunded once if the language model
 * fails or takes too long (ADR 050). Shown on the button.
 */
export const promptImprovementTokens = 1;

/** The languages the improver writes in: the person's own, told from their prompt. */
export type PromptLanguage = 'ru' | 'en';

type PromptImproverDefinition = {
  provider: {
    /** The language model, run by name (an official model); `IMPROVE_MODEL` may name another. */
    ref: { model: string };
    /**
     * Every input name its published schema accepts (Replicate's schema of
     * meta/meta-llama-3-70b-instruct: no `system_prompt`, the instructions go in the template).
     */
    inputs: readonly string[];
  };
  /**
   * The first words of every improver's instructions. The demo's emulator tells an improvement
   * from a translation by them, so they never change without the emulator (`IMPROVER_MARK` there).
   */
  marker: string;
  /** The most the answer may be, in the language model's tokens (a Russian word is 3–5). */
  maxTokens: number;
  /** How long the server waits for the answer before refunding it, in milliseconds. */
  timeoutMs: number;
};

export const promptImprover: PromptImproverDefinition = {
  provider: {
    ref: { model: 'meta/meta-llama-3-70b-instruct' },
    inputs: [
      'prompt',
      'prompt_template',
      'max_tokens',
      'min_tokens',
      'temperature',
      'top_p',
      'top_k',
      'presence_penalty',
      'frequency_penalty',
    ],
  },
  marker: 'Kadr prompt improver v1.',
  maxTokens: 700,
  timeoutMs: 30_000,
};

/**
 * The person's language, from their prompt: Russian when it has at least as many Cyrillic letters
 * as Latin ones (`кот, 4k`), English otherwise (`a cat named Мурка`).
 */
export function promptLanguage(text: string): PromptLanguage {
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return cyrillic > 0 && cyrillic >= latin ? 'ru' : 'en';
}

const languageNames: Record<PromptLanguage, string> = { ru: 'Russian', en: 'English' };

/** What each family of models reads, as the improver is told to write for it. */
const briefs: Record<StyleFamily, { kind: string; write: string }> = {
  image: {
    kind: 'a still picture made from a description',
    write:
      'Describe one still picture: the subject and its details (materials, colours, texture, ' +
      'expression, pose), the setting and background, the light and time of day, and the ' +
      'composition (shot size, angle, lens, depth of field).',
  },
  edit: {
    kind: 'an instruction that changes the person’s picture, or makes one',
    write:
      'Write one instruction for changing the picture, starting with a verb: what to change and ' +
      'how it should look afterwards, and what to keep exactly as it is (the subject, its shape, ' +
      'its identity, the framing). Do not describe the whole picture again.',
  },
  video: {
    kind: 'a short video clip made from a description',
    write:
      'Describe one continuous shot of about five to ten seconds: the subject and its details, ' +
      'the setting, what moves and how, the camera’s movement (dolly-in, pan, orbit, tracking, ' +
      'handheld or locked-off), the light, and the pace.',
  },
};

/** Braces would be read as slots of the template the instructions travel in (`{prompt}`). */
const unbraced = (text: string) => text.replace(/[{}]/g, '');

/**
 * What the language model is told (English: it follows English instructions best), with the
 * request's facts on lines of their own — `Kind:`, `Language:`, `Style:` — which the demo's
 * emulator reads too.
 */
export function promptImproverInstructions(request: {
  model: Pick<ModelDefinition, 'id' | 'type' | 'name'>;
  style?: StyleDefinition | undefined;
  language: PromptLanguage;
}): string {
  const { model, style, language } = request;
  const family = styleFamily(model);
  const brief = briefs[family];
  const lines = [
    promptImprover.marker,
    `You rewrite a person’s short prompt for an AI model into one detailed prompt that this model will read. The person’s prompt comes inside <prompt></prompt>.`,
    '',
    `Model: ${model.name}, ${brief.kind}.`,
    `Kind: ${family}`,
    `Language: ${languageNames[language]}`,
  ];
  if (style) {
    lines.push(
      `Style: ${style.name.en} (in the person’s language: ${style.name[language]})`,
      `Style description: ${style.description[language]}`,
      `Style keywords: ${style.prompt[family]}`,
    );
  }
  lines.push(
    '',
    `Write the whole rewrite in ${languageNames[language]}, the person’s language, so that they can read and edit it. Keep names, brands, numbers, any text in quotes and #tags exactly as written.`,
    brief.write,
    ...(style
      ? [
          'Give it the look of the style: work the description into the prompt in the person’s language. Kadr adds the style keywords itself when it generates, so do not copy them.',
        ]
      : []),
    'Keep everything the person asked for and do not change what they want; add only details that fit it.',
    'Answer with the rewritten prompt only: one paragraph of 40 to 100 words, at most 900 characters, with no title, no preamble such as “Here is”, no quotes around it, no notes and no lists.',
  );
  return unbraced(lines.join('\n'));
}

/**
 * Llama 3's chat format with the instructions as its system message; Replicate substitutes the
 * `prompt` input for `{prompt}` (the published `prompt_template` input).
 */
function llama3Template(system: string): string {
  return (
    `<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n${unbraced(system)}<|eot_id|>` +
    '<|start_header_id|>user<|end_header_id|>\n\n{prompt}<|eot_id|>' +
    '<|start_header_id|>assistant<|end_header_id|>\n\n'
  );
}

/**
 * The language model's input for one improvement: the person's prompt inside `<prompt>` tags (any
 * such tags of theirs taken out), the instructions in the template, and the sampling Kadr uses —
 * only names of the published schema (`promptImprover.provider.inputs`).
 */
export function promptImprovementInput(request: {
  prompt: string;
  model: Pick<ModelDefinition, 'id' | 'type' | 'name'>;
  style?: StyleDefinition | undefined;
}): Record<string, string | number> {
  const prompt = request.prompt.replace(/<\/?prompt>/gi, ' ').trim();
  const language = promptLanguage(prompt);
  return {
    prompt: `<prompt>${prompt}</prompt>`,
    prompt_template: llama3Template(
      promptImproverInstructions({ model: request.model, style: request.style, language }),
    ),
    max_tokens: promptImprover.maxTokens,
    temperature: 0.5,
    top_p: 0.9,
    // The published defaults (1.15 and 0.2) push the model away from the person's own words.
    presence_penalty: 0,
    frequency_penalty: 0,
  };
}
