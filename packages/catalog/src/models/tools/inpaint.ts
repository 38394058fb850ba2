import { acceptedImageTypes } from '../../images.ts';
import type { ModelDefinition } from '../../types.ts';
import { outputFormat, seed } from '../common.ts';
import { maxToolOutputPixels, sameSize, sourceImage } from './common.ts';

/**
 * FLUX.1 Fill [pro] on Replicate (black-forest-labs/flux-fill-pro, official). Its schema:
 * `prompt`, `image`, `mask` (black keeps, white is repainted; the image's size), `outpaint`
 * (presets; the mask is then ignored), `seed`, `steps` (1–50, default 50), `prompt_upsampling`,
 * `guidance` (2–5, default 3), `safety_tolerance` (1–6, default 2), `output_format` (jpg, png);
 * one URI out. Billed per image. With no prompt, Kadr asks it to continue the surroundings:
 * an erase.
 */
export const inpaint: ModelDefinition = {
  id: 'inpaint',
  type: 'image',
  name: 'FLUX.1 Fill [pro]',
  description: {
    en: 'Repaints only the part you brush over: say what should be there, or leave it empty to erase.',
    ru: 'Перерисовывает только закрашенную кистью часть: напишите, что там должно быть, или оставьте пустым, чтобы стереть.',
  },
  provider: {
    ref: { model: 'black-forest-labs/flux-fill-pro' },
    inputs: [
      'prompt',
      'image',
      'mask',
      'outpaint',
      'seed',
      'steps',
      'prompt_upsampling',
      'guidance',
      'safety_tolerance',
      'output_format',
    ],
    emptyPrompt:
      'Remove the object and continue the surrounding background seamlessly, matching its light and texture.',
  },
  prompt: 'optional',
  parameters: [
    sourceImage('image', {
      en: 'The picture to fix.',
      ru: 'Картинка, которую нужно исправить.',
    }),
    {
      name: 'mask',
      type: 'file',
      label: { en: 'Area to repaint', ru: 'Что перерисовать' },
      description: {
        en: 'Brush over the part to change; the rest stays as it is.',
        ru: 'Закрасьте кистью то, что нужно изменить; остальное останется как есть.',
      },
      accept: acceptedImageTypes,
      required: true,
      // flux-fill-pro: "Must have the same size as image".
      matchesSource: true,
      default: null,
      order: 1,
      group: 'basic',
    },
    outputFormat(['jpg', 'png'], 'png', { order: 2 }),
    {
      name: 'safety_tolerance',
      type: 'slider',
      label: { en: 'Safety tolerance', ru: 'Допуск модерации' },
      description: {
        en: '1 is the strictest, 6 the most permissive.',
        ru: '1 — строже всего, 6 — мягче всего.',
      },
      min: 1,
      max: 6,
      step: 1,
      integer: true,
      default: 2,
      order: 3,
      group: 'advanced',
    },
    seed({ order: 4 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'quality', expanded: false },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['jpg', 'png'],
  typicalSeconds: { min: 8, max: 25 },
  demoImages: [],
  maxOutputs: 1,
  price: { kind: 'flat', tokens: 5 },
  imageParam: 'image',
  tool: {
    kind: 'inpaint',
    title: { en: 'Fix a region', ru: 'Исправить область' },
    promptText: {
      label: {
        en: 'What should be in the painted area',
        ru: 'Что должно быть на закрашенном месте',
      },
      hint: {
        en: 'Leave it empty to erase what you painted.',
        ru: 'Оставьте пустым, чтобы стереть закрашенное.',
      },
      placeholder: {
        en: 'For example: a vase of tulips',
        ru: 'Например: ваза с тюльпанами',
      },
    },
    sourceParam: 'image',
    outputSize: sameSize,
    maxOutputPixels: maxToolOutputPixels,
  },
};
