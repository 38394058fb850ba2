import type { ModelDefinition } from '../../types.ts';
import { seed } from '../common.ts';
import { maxToolOutputPixels, sameSize, sourceImage } from './common.ts';

/**
 * Bria background generation on Replicate (bria/generate-background, official). Its schema:
 * `image` or `image_url`; `bg_prompt` or a reference image (`ref_image_url`, `ref_image_file`);
 * `negative_prompt`, `refine_prompt` (default true), `original_quality` (default false: scaled to
 * 1 MP), `content_moderation`, `seed`, `sync`, and the deprecated `fast`, `enhance_ref_image`,
 * `force_rmbg`; a list of URIs out. The subject is cut out and kept as it was; only the scene
 * behind it is generated. `original_quality` is always on, so the result keeps the picture's size.
 */
export const replaceBackground: ModelDefinition = {
  id: 'replace-background',
  type: 'image',
  name: 'Bria Background Generation',
  description: {
    en: 'Keeps the subject exactly as it is and puts it in a new scene you describe.',
    ru: 'Оставляет объект как есть и помещает его в новую сцену, которую вы опишете.',
  },
  provider: {
    ref: { model: 'bria/generate-background' },
    inputs: [
      'image',
      'image_url',
      'bg_prompt',
      'ref_image_url',
      'ref_image_file',
      'negative_prompt',
      'refine_prompt',
      'original_quality',
      'content_moderation',
      'seed',
      'sync',
      'fast',
      'enhance_ref_image',
      'force_rmbg',
    ],
    promptAs: 'bg_prompt',
    constants: { original_quality: true },
  },
  prompt: 'required',
  parameters: [
    sourceImage('image', {
      en: 'The picture whose background to replace.',
      ru: 'Картинка, у которой нужно заменить фон.',
    }),
    {
      name: 'refine_prompt',
      type: 'boolean',
      label: { en: 'Improve the description', ru: 'Улучшить описание' },
      description: {
        en: 'Lets the model add detail to your description of the scene.',
        ru: 'Модель дополнит ваше описание сцены деталями.',
      },
      default: true,
      order: 1,
      group: 'advanced',
    },
    seed({ order: 2 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['png'],
  typicalSeconds: { min: 5, max: 15 },
  demoImages: [],
  maxOutputs: 1,
  price: { kind: 'flat', tokens: 4 },
  imageParam: 'image',
  tool: {
    kind: 'replace-background',
    title: { en: 'Replace background', ru: 'Заменить фон' },
    promptText: {
      label: {
        en: 'Describe the new background',
        ru: 'Опишите новый фон',
      },
      hint: {
        en: 'The subject stays as it is; the model draws the scene around it.',
        ru: 'Объект останется как есть, модель нарисует сцену вокруг него.',
      },
      placeholder: {
        en: 'For example: a sunny beach, soft evening light',
        ru: 'Например: солнечный пляж, мягкий вечерний свет',
      },
    },
    sourceParam: 'image',
    outputSize: sameSize,
    maxOutputPixels: maxToolOutputPixels,
  },
};
