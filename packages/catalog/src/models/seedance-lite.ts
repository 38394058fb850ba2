import type { ModelDefinition } from '../types.ts';
import { demoImages } from './common.ts';
import { seedanceGroups, seedanceParameters, seedanceProviderInputs } from './seedance.ts';

export const seedanceLite: ModelDefinition = {
  id: 'seedance-lite',
  type: 'video',
  name: 'Seedance 1 Lite',
  description: {
    en: 'The quicker, cheaper Seedance: lively 720p clips from a prompt or a picture.',
    ru: 'Быстрая и недорогая Seedance: живые ролики в 720p по промпту или из картинки.',
  },
  provider: {
    ref: { model: 'bytedance/seedance-1-lite' },
    inputs: [...seedanceProviderInputs, 'reference_images'],
  },
  parameters: seedanceParameters(['480p', '720p'], '720p'),
  groups: seedanceGroups,
  outputFormats: ['mp4'],
  maxResolution: '720p',
  typicalSeconds: { min: 60, max: 120 },
  demoImages: demoImages('seedance-lite'),
  maxOutputs: 1,
  price: {
    kind: 'per-second-by-resolution',
    param: 'resolution',
    // 720p is not priced by the spec: our decision is the top rate (architecture.md §3). The
    // spec's 1080p rate is kept should the resolution ever be offered.
    tokensPerSecond: { '480p': 2, '720p': 4, '1080p': 4 },
  },
  imageParam: 'image',
  // Its published schema (ADR 044): 1–4 `reference_images` "for characters, avatars, clothing,
  // environments", which "cannot be used with 1080p resolution or first frame or last frame
  // images" (1080p is not offered here).
  references: {
    input: 'reference_images',
    max: 4,
    kinds: ['character', 'product'],
    excludes: ['image', 'last_frame_image'],
  },
};
