import type { ModelDefinition, ParameterDefinition } from '../types.ts';
import { aspectRatio, imageInput, seed, videoResolution } from './common.ts';

/**
 * Seedance 1 Pro and Lite share one form (spec §3: "the same as seedance-pro"); only resolutions
 * differ. Each model's entry still lives in its own file and states everything else about it.
 */
export function seedanceParameters(
  resolutions: readonly string[],
  defaultResolution: string,
): ParameterDefinition[] {
  return [
    imageInput(
      'image',
      {
        en: 'Optional: the first frame to bring to life',
        ru: 'Необязательно: первый кадр, который нужно оживить',
      },
      { order: 1 },
    ),
    // Its published schema (ADR 046): the picture the clip ends on, "only together with `image`";
    // the first frame again makes a loop.
    {
      ...imageInput(
        'last_frame_image',
        {
          en: 'Optional: the picture the video ends on; the first frame again makes a loop',
          ru: 'Необязательно: картинка, которой закончится ролик; первый кадр ещё раз — получится петля',
        },
        { order: 2 },
      ),
      label: { en: 'Last frame', ru: 'Последний кадр' },
      showWhen: { param: 'image', empty: false },
      sameAs: {
        param: 'image',
        label: { en: 'Loop: end on the first frame', ru: 'Петля: закончить первым кадром' },
      },
    },
    {
      name: 'duration',
      type: 'number',
      label: { en: 'Duration, s', ru: 'Длительность, с' },
      min: 5,
      max: 10,
      integer: true,
      allowedValues: [5, 10],
      default: 5,
      order: 3,
      group: 'basic',
    },
    videoResolution(resolutions, defaultResolution, { order: 4 }),
    // With an input image the video takes the image's shape, so the ratio is not asked for.
    aspectRatio(
      ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', '9:21'],
      '16:9',
      { order: 5 },
      {
        showWhen: { param: 'image', empty: true },
      },
    ),
    {
      name: 'camera_fixed',
      type: 'boolean',
      label: { en: 'Static camera', ru: 'Неподвижная камера' },
      description: {
        en: 'Keep the camera still; only the scene moves',
        ru: 'Камера не двигается, движется только сцена',
      },
      default: false,
      order: 6,
      group: 'basic',
    },
    {
      name: 'fps',
      type: 'number',
      label: { en: 'Frames per second', ru: 'Кадров в секунду' },
      min: 24,
      max: 24,
      integer: true,
      fixed: true,
      default: 24,
      order: 7,
      group: 'advanced',
    },
    seed({ order: 8 }),
  ];
}

export const seedanceProviderInputs = [
  'prompt',
  'image',
  'last_frame_image',
  'duration',
  'resolution',
  'aspect_ratio',
  'fps',
  'camera_fixed',
  'seed',
] as const;

export const seedanceGroups: ModelDefinition['groups'] = [
  { id: 'basic', expanded: true },
  { id: 'advanced', expanded: false },
];
