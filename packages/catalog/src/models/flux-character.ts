import type { ModelDefinition } from '../types.ts';
import { aspectRatio, inferenceSteps, outputFormat, seed } from './common.ts';

/**
 * A character the person trained once (issue #47, ADR 045): FLUX.1 [dev] with the LoRA that
 * `ostris/flux-dev-lora-trainer` made from their element's pictures. Each trained character is a
 * version of Kadr's destination model on Replicate, run by that version: the request's `version`
 * names it, and the prompt carries the training's trigger word. Its inputs are the trainer's
 * `predict.py` (replicate/flux-fine-tuner). Not in the studio's list of models: the studio offers
 * it once per character the person has trained, and to nobody else.
 */
export const fluxCharacter: ModelDefinition = {
  id: 'flux-character',
  type: 'image',
  name: 'FLUX.1 [dev] LoRA',
  description: {
    en: 'Your own character, trained once on your pictures: the same face in every scene.',
    ru: 'Ваш персонаж, обученный один раз на ваших фото: одно и то же лицо в любой сцене.',
  },
  provider: {
    // The trainer whose trained versions this runs; `ValidatedRequest.version` names the one.
    ref: { model: 'ostris/flux-dev-lora-trainer' },
    inputs: [
      'prompt',
      'image',
      'mask',
      'aspect_ratio',
      'width',
      'height',
      'num_outputs',
      'lora_scale',
      'num_inference_steps',
      'model',
      'guidance_scale',
      'prompt_strength',
      'seed',
      'extra_lora',
      'extra_lora_scale',
      'output_format',
      'output_quality',
      'replicate_weights',
      'disable_safety_checker',
      'go_fast',
      'megapixels',
    ],
    // One picture per generation, as every image model's; the full FLUX.1 [dev] weights.
    constants: { num_outputs: 1, model: 'dev' },
  },
  parameters: [
    aspectRatio(
      ['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'],
      '1:1',
      { order: 1 },
    ),
    {
      name: 'lora_scale',
      type: 'slider',
      label: { en: 'Likeness', ru: 'Сходство' },
      description: {
        en: 'How strongly the trained character shows; lower lets the prompt change more',
        ru: 'Насколько сильно проявляется обученный персонаж; ниже — больше свободы промпту',
      },
      min: 0,
      max: 2,
      step: 0.05,
      recommended: { min: 0.8, max: 1.2 },
      default: 1,
      order: 2,
      group: 'basic',
    },
    inferenceSteps({ order: 3 }),
    {
      name: 'guidance_scale',
      type: 'slider',
      label: { en: 'Prompt adherence', ru: 'Следование промпту' },
      description: {
        en: 'Higher values follow the prompt more literally',
        ru: 'Чем выше, тем буквальнее модель следует промпту',
      },
      min: 0,
      max: 10,
      step: 0.5,
      default: 3.5,
      order: 4,
      group: 'quality',
    },
    outputFormat(['webp', 'jpg', 'png'], 'webp', { order: 5 }),
    seed({ order: 6 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'quality', expanded: false },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['webp', 'jpg', 'png'],
  typicalSeconds: { min: 8, max: 30 },
  demoImages: [],
  maxOutputs: 1,
  // Replicate bills a fine-tune by the second on an H100 ($0.001525/s, "Flux fine-tunes run on
  // H100s"): about 10 s for 28 steps, $0.015, priced as FLUX.1 [dev] (3 tokens); ADR 045.
  price: { kind: 'per-output', tokens: 3 },
  trained: { kinds: ['character'] },
};
