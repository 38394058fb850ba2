import type { ModelDefinition } from '../types.ts';
import {
  aspectRatio,
  demoImages,
  enhancePrompt,
  inferenceSteps,
  negativePrompt,
  outputFormat,
  seed,
  selectOptions,
} from './common.ts';

export const qwenImage: ModelDefinition = {
  id: 'qwen-image',
  type: 'image',
  name: 'Qwen Image',
  description: {
    en: 'Alibaba’s open model: strong at text in pictures, including Cyrillic, and takes LoRAs.',
    ru: 'Открытая модель Alibaba: хорошо пишет текст на картинках, в том числе кириллицу, и работает с LoRA.',
  },
  provider: {
    ref: { model: 'qwen/qwen-image' },
    inputs: [
      'prompt',
      'aspect_ratio',
      'image_size',
      'image',
      'strength',
      'guidance',
      'num_inference_steps',
      'go_fast',
      'output_format',
      'output_quality',
      'enhance_prompt',
      'negative_prompt',
      'lora_weights',
      'lora_scale',
      'replicate_weights',
      'seed',
      'disable_safety_checker',
    ],
    // The spec's image_size presets are shape names, but Replicate's qwen-image takes only a
    // quality/speed preset and lets aspect_ratio decide the shape. The small 'square' preset maps
    // to the faster, smaller output; every full-size preset to the quality one.
    values: {
      image_size: {
        square_hd: 'optimize_for_quality',
        square: 'optimize_for_speed',
        portrait_4_3: 'optimize_for_quality',
        portrait_16_9: 'optimize_for_quality',
        landscape_4_3: 'optimize_for_quality',
        landscape_16_9: 'optimize_for_quality',
      },
    },
  },
  // The spec gives no defaults for aspect_ratio and image_size: 16:9 follows the provider, and
  // landscape_16_9 is the preset matching that ratio.
  parameters: [
    aspectRatio(['1:1', '3:4', '4:3', '16:9', '9:16', '2:3', '3:2'], '16:9', { order: 1 }),
    {
      name: 'image_size',
      type: 'select',
      label: { en: 'Image size', ru: 'Размер изображения' },
      // Which of the two decides what: the shape is the aspect ratio's, the size this preset's.
      description: {
        en: 'Square makes a smaller image, faster; every other size the full one. The shape comes from the aspect ratio.',
        ru: '«Квадрат» — изображение меньше и быстрее, остальные размеры — полное. Форму задаёт соотношение сторон.',
      },
      options: selectOptions(
        ['square_hd', 'square', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9'],
        {
          square_hd: { en: 'Square HD', ru: 'Квадрат HD' },
          square: { en: 'Square', ru: 'Квадрат' },
          portrait_4_3: { en: 'Portrait 4:3', ru: 'Портрет 4:3' },
          portrait_16_9: { en: 'Portrait 16:9', ru: 'Портрет 16:9' },
          landscape_4_3: { en: 'Landscape 4:3', ru: 'Альбомный 4:3' },
          landscape_16_9: { en: 'Landscape 16:9', ru: 'Альбомный 16:9' },
        },
      ),
      default: 'landscape_16_9',
      order: 2,
      group: 'basic',
    },
    enhancePrompt(false, { order: 3 }),
    negativePrompt({ order: 4 }),
    {
      name: 'go_fast',
      type: 'boolean',
      label: { en: 'Fast mode', ru: 'Быстрый режим' },
      description: {
        en: 'Faster generation at slightly lower quality',
        ru: 'Быстрее, но качество чуть ниже',
      },
      default: false,
      order: 5,
      group: 'quality',
    },
    inferenceSteps({ order: 6 }),
    {
      name: 'guidance',
      type: 'slider',
      label: { en: 'Prompt adherence', ru: 'Следование промпту' },
      description: {
        en: 'Higher values follow the prompt more literally',
        ru: 'Чем выше, тем буквальнее модель следует промпту',
      },
      min: 1,
      max: 10,
      step: 0.5,
      default: 3,
      order: 7,
      group: 'quality',
    },
    seed({ order: 8 }),
    outputFormat(['webp', 'jpg', 'png'], 'webp', { order: 9 }),
    {
      name: 'output_quality',
      type: 'slider',
      label: { en: 'Compression quality', ru: 'Качество сжатия' },
      description: {
        en: 'For JPG and WebP; PNG is lossless',
        ru: 'Для JPG и WebP; PNG сжимается без потерь',
      },
      min: 0,
      max: 100,
      step: 10,
      integer: true,
      default: 80,
      order: 10,
      group: 'quality',
      // Not relevant for PNG (spec §3).
      showWhen: { param: 'output_format', notEquals: 'png' },
    },
    {
      name: 'disable_safety_checker',
      type: 'boolean',
      label: { en: 'Disable safety checker', ru: 'Отключить фильтр безопасности' },
      default: false,
      order: 11,
      group: 'advanced',
    },
    {
      name: 'lora_weights',
      type: 'text',
      label: { en: 'LoRA weights', ru: 'Веса LoRA' },
      description: {
        en: 'A Replicate model, a Hugging Face repo or a .safetensors link',
        ru: 'Модель Replicate, репозиторий Hugging Face или ссылка на .safetensors',
      },
      default: '',
      maxLength: 500,
      order: 12,
      group: 'model-specific',
    },
    {
      name: 'lora_scale',
      type: 'slider',
      label: { en: 'LoRA strength', ru: 'Сила LoRA' },
      min: 0,
      max: 2,
      step: 0.1,
      default: 0.8,
      order: 13,
      group: 'model-specific',
    },
  ],
  // The spec's collapsed "lora group" is this model's model-specific group, labelled LoRA.
  groups: [
    { id: 'basic', expanded: true },
    { id: 'quality', expanded: true },
    { id: 'advanced', expanded: false },
    { id: 'model-specific', expanded: false, label: { en: 'LoRA', ru: 'LoRA' } },
  ],
  outputFormats: ['webp', 'jpg', 'png'],
  typicalSeconds: { min: 5, max: 30 },
  demoImages: demoImages('qwen-image'),
  maxOutputs: 1,
  // Not priced by the spec; our decision (architecture.md §3).
  price: { kind: 'per-output', tokens: 3 },
};
