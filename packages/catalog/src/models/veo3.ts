import type { ModelDefinition } from '../types.ts';
import { demoImages, enhancePrompt, negativePrompt, seed } from './common.ts';

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
    // The price is for 8 seconds with sound, so both are pinned rather than left to defaults.
    constants: { duration: 8, generate_audio: true },
  },
  parameters: [enhancePrompt(true, { order: 1 }), negativePrompt({ order: 2 }), seed({ order: 3 })],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['mp4'],
  maxResolution: '4K',
  typicalSeconds: { min: 60, max: 180 },
  demoImages: demoImages('veo3'),
  maxOutputs: 1,
  price: { kind: 'per-second', tokensPerSecond: 75 },
  fixedDuration: 8,
};
