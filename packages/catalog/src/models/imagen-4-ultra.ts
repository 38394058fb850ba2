import type { ModelDefinition } from '../types.ts';
import { aspectRatio, demoImages, outputFormat, selectOptions } from './common.ts';

export const imagen4Ultra: ModelDefinition = {
  id: 'imagen-4-ultra',
  type: 'image',
  name: 'Imagen 4 Ultra',
  description: {
    en: 'Google’s most detailed image model: photorealism, fine textures and legible text.',
    ru: 'Самая детальная модель Google: фотореализм, тонкие текстуры и читаемый текст.',
  },
  provider: {
    ref: { model: 'google/imagen-4-ultra' },
    inputs: ['prompt', 'aspect_ratio', 'safety_filter_level', 'output_format', 'image_size'],
  },
  parameters: [
    aspectRatio(['1:1', '9:16', '16:9', '3:4', '4:3'], '1:1', { order: 1 }),
    {
      name: 'safety_filter_level',
      type: 'select',
      label: { en: 'Safety filter', ru: 'Фильтр безопасности' },
      description: {
        en: 'How readily the model refuses sensitive content',
        ru: 'Насколько строго модель отсеивает чувствительный контент',
      },
      options: selectOptions(['block_low_and_above', 'block_medium_and_above', 'block_only_high'], {
        block_low_and_above: { en: 'Strict', ru: 'Строгий' },
        block_medium_and_above: { en: 'Moderate', ru: 'Умеренный' },
        block_only_high: { en: 'Lenient', ru: 'Мягкий' },
      }),
      default: 'block_only_high',
      order: 2,
      group: 'advanced',
    },
    outputFormat(['jpg', 'png'], 'jpg', { order: 3 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'quality', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['jpg', 'png'],
  typicalSeconds: { min: 15, max: 45 },
  demoImages: demoImages('imagen-4-ultra'),
  maxOutputs: 1,
  price: { kind: 'per-output', tokens: 6 },
};
