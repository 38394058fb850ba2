import type { ModelDefinition } from '../types.ts';
import { aspectRatio, demoImages, outputFormat } from './common.ts';

/**
 * Nano Banana (issue #47, ADR 044): Google's Gemini 2.5 Flash Image, which edits and combines
 * pictures by instruction (`image_input`, "input images to transform or use as reference"). The
 * schema sets no maximum; its README advises combining up to three, which is our limit.
 */
export const nanoBanana: ModelDefinition = {
  id: 'nano-banana',
  type: 'image',
  name: 'Nano Banana',
  description: {
    en: 'Google’s Gemini image model: puts your character or product into a new scene by instruction.',
    ru: 'Модель Gemini от Google: переносит вашего персонажа или товар в новую сцену по описанию.',
  },
  provider: {
    ref: { model: 'google/nano-banana' },
    inputs: ['prompt', 'image_input', 'aspect_ratio', 'output_format'],
  },
  parameters: [
    aspectRatio(
      [
        '1:1',
        '2:3',
        '3:2',
        '3:4',
        '4:3',
        '4:5',
        '5:4',
        '9:16',
        '16:9',
        '21:9',
        'match_input_image',
      ],
      '1:1',
      { order: 1 },
    ),
    outputFormat(['jpg', 'png'], 'jpg', { order: 2 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'quality', expanded: true },
  ],
  outputFormats: ['jpg', 'png'],
  typicalSeconds: { min: 8, max: 30 },
  demoImages: demoImages('nano-banana'),
  maxOutputs: 1,
  // Replicate: $0.039 per output image (4 tokens, as FLUX Kontext Pro's $0.04); ADR 044.
  price: { kind: 'per-output', tokens: 4 },
  references: { input: 'image_input', max: 3, kinds: ['character', 'product'] },
};
