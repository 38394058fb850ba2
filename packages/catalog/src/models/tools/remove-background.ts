import type { ModelDefinition } from '../../types.ts';
import { maxToolOutputPixels, sameSize, sourceImage } from './common.ts';

/**
 * Bria RMBG 2.0 on Replicate (bria/remove-background, official). Its schema: `image` or
 * `image_url`, `preserve_partial_alpha` (default true), `content_moderation` (default false); one
 * URI out, a PNG with an alpha channel at the input's size. Billed per image.
 */
export const removeBackground: ModelDefinition = {
  id: 'remove-background',
  type: 'image',
  name: 'Bria RMBG 2.0',
  description: {
    en: 'Cuts the subject out and makes everything else transparent: a PNG ready for any background.',
    ru: 'Вырезает объект, а всё остальное делает прозрачным: PNG, готовый для любого фона.',
  },
  provider: {
    ref: { model: 'bria/remove-background' },
    inputs: ['image', 'image_url', 'preserve_partial_alpha', 'content_moderation'],
    promptAs: null,
  },
  prompt: 'none',
  parameters: [
    sourceImage('image', {
      en: 'The picture to cut the subject out of.',
      ru: 'Картинка, из которой нужно вырезать объект.',
    }),
  ],
  groups: [{ id: 'basic', expanded: true }],
  outputFormats: ['png'],
  typicalSeconds: { min: 2, max: 8 },
  demoImages: [],
  maxOutputs: 1,
  price: { kind: 'flat', tokens: 2 },
  imageParam: 'image',
  tool: {
    kind: 'remove-background',
    title: { en: 'Remove background', ru: 'Убрать фон' },
    sourceParam: 'image',
    outputSize: sameSize,
    maxOutputPixels: maxToolOutputPixels,
    transparent: true,
  },
};
