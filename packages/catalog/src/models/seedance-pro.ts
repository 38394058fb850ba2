import type { ModelDefinition } from '../types.ts';
import { demoImages } from './common.ts';
import { seedanceGroups, seedanceParameters, seedanceProviderInputs } from './seedance.ts';

export const seedancePro: ModelDefinition = {
  id: 'seedance-pro',
  type: 'video',
  name: 'Seedance 1 Pro',
  description: {
    en: 'ByteDance’s cinematic video in 1080p, from a prompt or from your picture.',
    ru: 'Кинематографичное видео от ByteDance в 1080p — по промпту или из вашей картинки.',
  },
  provider: {
    ref: { model: 'bytedance/seedance-1-pro' },
    inputs: seedanceProviderInputs,
  },
  parameters: seedanceParameters(['480p', '1080p'], '1080p'),
  groups: seedanceGroups,
  outputFormats: ['mp4'],
  maxResolution: '1080p',
  typicalSeconds: { min: 60, max: 180 },
  demoImages: demoImages('seedance-pro'),
  maxOutputs: 1,
  price: {
    kind: 'per-second-by-resolution',
    param: 'resolution',
    tokensPerSecond: { '480p': 3, '1080p': 15 },
  },
  imageParam: 'image',
};
