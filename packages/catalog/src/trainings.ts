import type { Localized, ProviderRef, ReferenceKind } from './types.ts';

/**
 * Training a character once (issue #47, ADR 045): Replicate's trainings API with
 * `ostris/flux-dev-lora-trainer` (built from replicate/flux-fine-tuner, its `train.py`). Kadr
 * sends a zip of the element's pictures and a trigger word of its own; the training makes a new
 * version of Kadr's destination model, run afterwards as `flux-character`.
 */
export type TrainingDefinition = {
  id: string;
  name: string;
  description: Localized;
  provider: {
    /** The trainer, pinned by version as Replicate's trainings API requires. */
    ref: Required<Extract<ProviderRef, { version: string }>>;
    /** Every input name the trainer's published schema accepts; a test holds us to it. */
    inputs: readonly string[];
    /** What Kadr always asks for: the trainer's defaults, written down so a change is seen. */
    constants: Readonly<Record<string, string | number | boolean>>;
  };
  /** The elements it trains and how many pictures they need (the trainer advises ten or more). */
  kinds: readonly ReferenceKind[];
  pictures: { min: number; max: number };
  /** The tokens one training costs, charged at the start, refunded once if it fails or stops. */
  price: { tokens: number };
  /** Usual wall-clock time, in minutes. */
  typicalMinutes: { min: number; max: number };
  /** The model that runs what it trained. */
  makes: string;
};

export const characterTraining: TrainingDefinition = {
  id: 'character-training',
  name: 'FLUX.1 [dev] LoRA trainer',
  description: {
    en: 'Learns a face from 10–20 photos once; then it appears in every picture you ask for.',
    ru: 'Один раз запоминает лицо по 10–20 фото — и оно появляется в каждой картинке.',
  },
  provider: {
    ref: {
      model: 'ostris/flux-dev-lora-trainer',
      version: 'e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497',
    },
    inputs: [
      'input_images',
      'trigger_word',
      'autocaption',
      'autocaption_prefix',
      'autocaption_suffix',
      'steps',
      'lora_rank',
      'optimizer',
      'batch_size',
      'resolution',
      'caption_dropout_rate',
      'cache_latents_to_disk',
      'learning_rate',
      'hf_repo_id',
      'hf_token',
      'skip_training_and_use_pretrained_hf_lora_url',
    ],
    constants: {
      steps: 1000,
      lora_rank: 16,
      optimizer: 'adamw8bit',
      batch_size: 1,
      resolution: '512,768,1024',
      learning_rate: 0.0004,
      autocaption: true,
    },
  },
  kinds: ['character'],
  pictures: { min: 10, max: 20 },
  // An H100 at $0.001525/s; 20 pictures at the default 1000 steps took 11 min 22 s ($1.04). Priced
  // for a slower run than that (about 16 min, $1.50) as the studio's models are priced: ADR 045.
  price: { tokens: 150 },
  typicalMinutes: { min: 8, max: 20 },
  makes: 'flux-character',
};

/**
 * The trainer's input for one training: the zip of pictures, the trigger word, and the captions'
 * start — the trigger word and the element's description, so that every caption names the
 * character the way the prompts will.
 */
export function trainingInput(
  training: TrainingDefinition,
  request: { zipUrl: string; triggerWord: string; description: string },
): Record<string, string | number | boolean> {
  const description = request.description.trim();
  return {
    ...training.provider.constants,
    input_images: request.zipUrl,
    trigger_word: request.triggerWord,
    autocaption_prefix: `a photo of ${request.triggerWord}${description ? `, ${description}` : ''}, `,
  };
}

// Consonants only: a trigger word must be a string that is no real word in any language.
const triggerLetters = 'BCDFGHJKLMNPQRSTVWXZ';

/**
 * The trigger word of a training, from its id: `KDR` and six consonants, the same for the same
 * id, so that a training asked for twice (a retried submit) teaches the same word.
 */
export function triggerWordFor(trainingId: string): string {
  const hex = trainingId.replace(/[^0-9a-f]/gi, '');
  let word = 'KDR';
  for (let i = 0; i < 6; i++) {
    word += triggerLetters[Number.parseInt(hex.slice(i * 2, i * 2 + 2) || '0', 16) % 20];
  }
  return word;
}

/**
 * The prompt a trained character is run with: where the prompt names the character (`@Name` or
 * the name as a word), the trigger word stands in for it; otherwise the picture is said to be of
 * the trigger word first. Case-insensitive, so «маша» finds «Маша».
 */
export function withTriggerWord(prompt: string, name: string, triggerWord: string): string {
  if (prompt.includes(triggerWord)) return prompt;
  const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (escaped !== '') {
    // Unicode-aware word edges: a name is not found inside a longer word.
    const named = new RegExp(`@?(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu');
    if (named.test(prompt)) return prompt.replace(named, triggerWord);
  }
  return `a photo of ${triggerWord}, ${prompt}`;
}
