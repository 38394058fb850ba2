import type { ModelDefinition } from '../types.ts';
import { aspectRatio, demoImages, enhancePrompt, selectOptions } from './common.ts';

/**
 * Seedream 4 (issue #47, ADR 044): ByteDance's model that keeps a face or a product from up to ten
 * reference pictures (`image_input`, "a list of 1-10 images for single or multi-reference
 * generation"), up to 4K. Its `sequential_image_generation` (a related set of several pictures)
 * is not offered: a studio generation makes one picture, as every image model's does.
 */
export const seedream4: ModelDefinition = {
  id: 'seedream-4',
  type: 'image',
  name: 'Seedream 4',
  description: {
    en: 'ByteDance’s model that keeps your character or product from reference pictures, up to 4K.',
    ru: 'Модель ByteDance, которая сохраняет вашего персонажа или товар по референсам, до 4K.',
  },
  provider: {
    ref: { model: 'bytedance/seedream-4' },
    inputs: [
      'prompt',
      'image_input',
      'size',
      'aspect_ratio',
      'width',
      'height',
      'sequential_image_generation',
      'max_images',
      'enhance_prompt',
    ],
  },
  parameters: [
    {
      name: 'size',
      type: 'select',
      label: { en: 'Size', ru: 'Размер' },
      options: selectOptions(['1K', '2K', '4K'], {
        '1K': { en: '1K (up to 1024 px)', ru: '1K (до 1024 px)' },
        '2K': { en: '2K (up to 2048 px)', ru: '2K (до 2048 px)' },
        '4K': { en: '4K (up to 4096 px)', ru: '4K (до 4096 px)' },
      }),
      default: '2K',
      order: 1,
      group: 'basic',
    },
    // The provider's default is the first reference's shape; a square is asked for unless the
    // person chooses it, so that a prompt alone has a shape too.
    aspectRatio(
      ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', 'match_input_image'],
      '1:1',
      { order: 2 },
    ),
    enhancePrompt(true, { order: 3 }),
  ],
  groups: [{ id: 'basic', expanded: true }],
  outputFormats: ['jpg'],
  maxResolution: '4K',
  typicalSeconds: { min: 10, max: 40 },
  demoImages: demoImages('seedream-4'),
  maxOutputs: 1,
  // Replicate: $0.03 per output image, as Seedream 3 (3 tokens); ADR 044.
  price: { kind: 'per-output', tokens: 3 },
  references: { input: 'image_input', max: 10, kinds: ['character', 'product'] },
};
