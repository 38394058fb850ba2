import type { ModelDefinition } from '../../types.ts';
import { maxToolOutputPixels, numberOf, sourceImage } from './common.ts';

/**
 * Real-ESRGAN on Replicate (nightmareai/real-esrgan, a community model run by version). Its
 * schema: `image` (required), `scale` (0–10, default 4), `face_enhance` (GFPGAN, default false);
 * one URI out. Replicate bills it by GPU time, which grows with the pixels made: priced per
 * output megapixel.
 */
export const upscale: ModelDefinition = {
  id: 'upscale',
  type: 'image',
  name: 'Real-ESRGAN',
  description: {
    en: 'Makes a picture two or four times larger, restoring fine detail instead of blurring it.',
    ru: 'Увеличивает картинку в два или четыре раза, дорисовывая мелкие детали, а не размывая их.',
  },
  provider: {
    ref: {
      model: 'nightmareai/real-esrgan',
      version: '42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b',
    },
    inputs: ['image', 'scale', 'face_enhance'],
    promptAs: null,
  },
  prompt: 'none',
  parameters: [
    sourceImage('image', {
      en: 'The picture to enlarge.',
      ru: 'Картинка, которую нужно увеличить.',
    }),
    {
      name: 'scale',
      type: 'number',
      label: { en: 'Scale', ru: 'Во сколько раз' },
      description: {
        en: 'Each side grows by this factor: ×4 makes 16 times the pixels.',
        ru: 'Каждая сторона растёт во столько раз: ×4 даёт в 16 раз больше пикселей.',
      },
      min: 2,
      max: 4,
      allowedValues: [2, 4],
      integer: true,
      default: 2,
      order: 1,
      group: 'basic',
    },
    {
      name: 'face_enhance',
      type: 'boolean',
      label: { en: 'Restore faces', ru: 'Восстановить лица' },
      description: {
        en: 'Also sharpens faces (GFPGAN). Best for photos of people.',
        ru: 'Дополнительно проясняет лица (GFPGAN). Лучше всего для фото людей.',
      },
      default: false,
      order: 2,
      group: 'advanced',
    },
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['png'],
  typicalSeconds: { min: 3, max: 20 },
  demoImages: [],
  maxOutputs: 1,
  price: { kind: 'per-megapixel', tokensPerMegapixel: 0.25, minimum: 1 },
  imageParam: 'image',
  tool: {
    kind: 'upscale',
    title: { en: 'Upscale', ru: 'Увеличить' },
    sourceParam: 'image',
    outputSize(parameters, source) {
      const scale = numberOf(parameters, 'scale', 2);
      return { width: Math.round(source.width * scale), height: Math.round(source.height * scale) };
    },
    maxOutputPixels: maxToolOutputPixels,
  },
};
