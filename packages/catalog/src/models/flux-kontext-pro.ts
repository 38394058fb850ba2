import type { ModelDefinition } from '../types.ts';
import { aspectRatio, demoImages, imageInput, outputFormat, seed } from './common.ts';

export const fluxKontextPro: ModelDefinition = {
  id: 'flux-kontext-pro',
  type: 'image',
  name: 'FLUX.1 Kontext Pro',
  description: {
    en: 'Creates from a prompt or edits your picture by instruction, keeping the rest intact.',
    ru: 'Создаёт по промпту или меняет вашу картинку по инструкции, сохраняя остальное.',
  },
  provider: {
    ref: { model: 'black-forest-labs/flux-kontext-pro' },
    inputs: [
      'prompt',
      'input_image',
      'aspect_ratio',
      'output_format',
      'safety_tolerance',
      'prompt_upsampling',
      'seed',
    ],
  },
  parameters: [
    imageInput(
      'input_image',
      {
        en: 'Optional: a picture to edit. Without it the model draws from the prompt.',
        ru: 'Необязательно: картинка для правки. Без неё модель рисует по промпту.',
      },
      { order: 1 },
    ),
    aspectRatio(
      [
        'match_input_image',
        '1:1',
        '16:9',
        '9:16',
        '4:3',
        '3:4',
        '3:2',
        '2:3',
        '4:5',
        '5:4',
        '21:9',
        '9:21',
        '2:1',
        '1:2',
      ],
      'match_input_image',
      { order: 2 },
    ),
    {
      name: 'safety_tolerance',
      type: 'slider',
      label: { en: 'Safety tolerance', ru: 'Допуск модерации' },
      description: {
        // The cap with an input image is said by the studio while it applies (conditionalMax).
        en: '0 is the strictest, 6 the most permissive.',
        ru: '0 — строже всего, 6 — мягче всего.',
      },
      min: 0,
      max: 6,
      step: 1,
      integer: true,
      default: 2,
      // The provider caps tolerance at 2 whenever it is given an input image.
      conditionalMax: {
        when: { param: 'input_image', empty: false },
        max: 2,
        reason: 'when an input image is used',
      },
      order: 3,
      group: 'advanced',
    },
    outputFormat(['jpg', 'png'], 'png', { order: 4 }),
    seed({ order: 5 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'quality', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['jpg', 'png'],
  typicalSeconds: { min: 10, max: 30 },
  demoImages: demoImages('flux-kontext-pro'),
  maxOutputs: 1,
  price: { kind: 'per-output', tokens: 4 },
  imageParam: 'input_image',
};
