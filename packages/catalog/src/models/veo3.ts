import type { ModelDefinition } from '../types.ts';
import {
  aspectRatio,
  demoImages,
  enhancePrompt,
  generateAudio,
  negativePrompt,
  perSecondBySound,
  seed,
} from './common.ts';

/**
 * Veo 3 and Veo 3 Fast accept these inputs; `enhance_prompt` comes from the model's first
 * schema, the rest from the current one (integrations.md §B.2).
 */
export const veo3ProviderInputs = [
  'prompt',
  'aspect_ratio',
  'duration',
  'image',
  'negative_prompt',
  'resolution',
  'generate_audio',
  'seed',
  'enhance_prompt',
] as const;

export const veo3: ModelDefinition = {
  id: 'veo3',
  type: 'video',
  name: 'Veo 3',
  description: {
    en: 'Google’s flagship video model: 8-second clips with native sound, speech and effects.',
    ru: 'Флагманская видеомодель Google: 8-секундные ролики со звуком, речью и эффектами.',
  },
  provider: {
    ref: { model: 'google/veo-3' },
    inputs: veo3ProviderInputs,
    // The price is for 8 seconds, so the length is pinned rather than left to the default.
    constants: { duration: 8 },
  },
  parameters: [
    // Replicate's schema takes 16:9 and 9:16 (integrations.md §B.2): a vertical clip for Stories
    // and Reels (issue #49's formats).
    aspectRatio(['16:9', '9:16'], '16:9', { order: 0 }),
    enhancePrompt(true, { order: 1 }),
    negativePrompt({ order: 2 }),
    generateAudio({ order: 3 }),
    seed({ order: 4 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['mp4'],
  maxResolution: '4K',
  typicalSeconds: { min: 60, max: 180 },
  demoImages: demoImages('veo3'),
  maxOutputs: 1,
  // The spec's 75 is with sound (600 for 8 s); without it two thirds, rounded up (400): fal's
  // published ratio for Veo 3 Fast, as Replicate's page shows one price only (ADR 048).
  price: perSecondBySound(75, 50),
  fixedDuration: 8,
};
