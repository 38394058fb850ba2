import type { ModelDefinition } from '../types.ts';

/**
 * FLUX.1 [dev] is named in the spec's cost text but has no parameter catalogue: it is priced
 * (pricing page, past generations) and never offered for new generations.
 */
export const fluxDev: ModelDefinition = {
  id: 'flux-dev',
  type: 'image',
  name: 'FLUX.1 [dev]',
  description: {
    en: 'Black Forest Labs’ open image model with fine detail.',
    ru: 'Открытая модель Black Forest Labs с проработанными деталями.',
  },
  provider: {
    ref: { model: 'black-forest-labs/flux-dev' },
    inputs: [
      'prompt',
      'aspect_ratio',
      'image',
      'prompt_strength',
      'num_outputs',
      'num_inference_steps',
      'guidance',
      'megapixels',
      'output_format',
      'output_quality',
      'go_fast',
      'disable_safety_checker',
      'seed',
    ],
  },
  parameters: [],
  groups: [{ id: 'basic', expanded: true }],
  outputFormats: ['webp', 'jpg', 'png'],
  typicalSeconds: { min: 5, max: 15 },
  demoImages: [],
  maxOutputs: 1,
  price: { kind: 'per-output', tokens: 3 },
  pricingOnly: true,
};
