import type { ModelDefinition } from '../types.ts';
import {
  aspectRatio,
  demoImages,
  enhancePrompt,
  generateAudio,
  negativePrompt,
  perSecondBySound,
  seed,
  videoResolution,
} from './common.ts';
import { veo3ProviderInputs } from './veo3.ts';

export const veo3Fast: ModelDefinition = {
  id: 'veo3-fast',
  type: 'video',
  name: 'Veo 3 Fast',
  description: {
    en: 'A faster, cheaper Veo 3: 8-second clips with sound, up to 1080p.',
    ru: 'Быстрая и недорогая Veo 3: 8-секундные ролики со звуком, до 1080p.',
  },
  provider: {
    ref: { model: 'google/veo-3-fast' },
    inputs: veo3ProviderInputs,
    constants: { duration: 8 },
  },
  parameters: [
    // Replicate's schema takes 16:9 and 9:16 (integrations.md §B.2): a vertical clip for Stories
    // and Reels (issue #49's formats).
    aspectRatio(['16:9', '9:16'], '16:9', { order: 0 }),
    enhancePrompt(true, { order: 1 }),
    negativePrompt({ order: 2 }),
    videoResolution(['480p', '720p', '1080p'], '720p', { order: 3 }),
    generateAudio({ order: 4 }),
    seed({ order: 5 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['mp4'],
  maxResolution: '1080p',
  typicalSeconds: { min: 30, max: 60 },
  demoImages: demoImages('veo3-fast'),
  maxOutputs: 1,
  // With sound 320 for 8 s; without, two thirds rounded up (216), as Veo 3's (ADR 048).
  price: perSecondBySound(40, 27),
  fixedDuration: 8,
};
