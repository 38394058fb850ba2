import type { ModelDefinition } from '../types.ts';
import { aspectRatio, demoImages, imageInput, seed } from './common.ts';

export const veo2: ModelDefinition = {
  id: 'veo2',
  type: 'video',
  name: 'Veo 2',
  description: {
    en: 'Google’s Veo 2: smooth, realistic motion, from a prompt or a starting picture.',
    ru: 'Veo 2 от Google: плавное реалистичное движение по промпту или из стартовой картинки.',
  },
  provider: {
    ref: { model: 'google/veo-2' },
    inputs: ['prompt', 'image', 'aspect_ratio', 'duration', 'seed'],
  },
  parameters: [
    imageInput(
      'image',
      {
        en: 'Optional: the first frame to bring to life',
        ru: 'Необязательно: первый кадр, который нужно оживить',
      },
      { order: 1 },
    ),
    aspectRatio(['16:9', '9:16'], '16:9', { order: 2 }),
    {
      name: 'duration',
      type: 'number',
      label: { en: 'Duration, s', ru: 'Длительность, с' },
      min: 5,
      max: 8,
      step: 1,
      integer: true,
      default: 5,
      order: 3,
      group: 'basic',
    },
    seed({ order: 4 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['mp4'],
  maxResolution: '4K',
  // The spec gives no time for veo2; it runs like veo3.
  typicalSeconds: { min: 60, max: 180 },
  demoImages: demoImages('veo2'),
  maxOutputs: 1,
  price: { kind: 'per-second', tokensPerSecond: 50 },
  imageParam: 'image',
};
