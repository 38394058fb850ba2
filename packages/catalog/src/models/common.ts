// Parameter shapes shared by several models. A model entry stays the one place that describes the
// model: these builders only spare it from repeating the wording of common controls.
import { acceptedImageTypes } from '../images.ts';
import type {
  Localized,
  ParameterDefinition,
  ParamGroup,
  PriceRule,
  SelectOption,
} from '../types.ts';

/** The largest seed providers accept (a signed 32-bit integer). */
export const seedMax = 2_147_483_647;

/** Prompts and negative prompts longer than this are refused. */
export const promptMaxLength = 2000;

const optionLabels: Readonly<Record<string, Localized>> = {
  custom: { en: 'Custom', ru: 'Свой размер' },
  match_input_image: { en: 'Match input image', ru: 'Как у исходного' },
};

/** Select options; values that read poorly on their own get a shared label. */
export function selectOptions(
  values: readonly string[],
  labels: Readonly<Record<string, Localized>> = {},
): SelectOption[] {
  return values.map((value) => {
    const label = labels[value] ?? optionLabels[value];
    return label === undefined ? { value } : { value, label };
  });
}

type Placement = { order: number; group?: ParamGroup };

export function aspectRatio(
  values: readonly string[],
  defaultValue: string,
  { order, group = 'basic' }: Placement,
  extra: Partial<ParameterDefinition> = {},
): ParameterDefinition {
  return {
    name: 'aspect_ratio',
    type: 'select',
    label: { en: 'Aspect ratio', ru: 'Соотношение сторон' },
    description: { en: 'Shape of the frame', ru: 'Форма кадра' },
    options: selectOptions(values),
    default: defaultValue,
    order,
    group,
    ...extra,
  };
}

export function seed({ order, group = 'advanced' }: Placement): ParameterDefinition {
  return {
    name: 'seed',
    type: 'number',
    label: { en: 'Seed', ru: 'Сид' },
    description: {
      en: 'The same seed and settings repeat a result. Leave empty for a random one.',
      ru: 'Тот же сид с теми же настройками повторяет результат. Пусто — случайный.',
    },
    min: 0,
    max: seedMax,
    step: 1,
    integer: true,
    nullable: true,
    default: null,
    order,
    group,
  };
}

/** FLUX-style sampling steps, 1–50 (Qwen-Image and a trained FLUX character). */
export function inferenceSteps({ order, group = 'quality' }: Placement): ParameterDefinition {
  return {
    name: 'num_inference_steps',
    type: 'slider',
    label: { en: 'Steps', ru: 'Шаги генерации' },
    description: {
      en: 'More steps give more detail and take longer',
      ru: 'Больше шагов — больше деталей, но дольше',
    },
    min: 1,
    max: 50,
    step: 1,
    integer: true,
    recommended: { min: 28, max: 50 },
    default: 28,
    order,
    group,
  };
}

export function outputFormat(
  values: readonly string[],
  defaultValue: string,
  { order, group = 'quality' }: Placement,
): ParameterDefinition {
  return {
    name: 'output_format',
    type: 'select',
    label: { en: 'File format', ru: 'Формат файла' },
    options: selectOptions(values),
    default: defaultValue,
    order,
    group,
  };
}

export function negativePrompt({ order, group = 'basic' }: Placement): ParameterDefinition {
  return {
    name: 'negative_prompt',
    type: 'textarea',
    label: { en: 'Negative prompt', ru: 'Негативный промпт' },
    description: {
      en: 'What should not appear in the result',
      ru: 'Чего не должно быть в результате',
    },
    default: '',
    maxLength: promptMaxLength,
    order,
    group,
  };
}

export function enhancePrompt(
  defaultValue: boolean,
  { order, group = 'basic' }: Placement,
): ParameterDefinition {
  return {
    name: 'enhance_prompt',
    type: 'boolean',
    label: { en: 'Enhance prompt', ru: 'Улучшить промпт' },
    description: {
      en: 'Let the model add detail to your prompt',
      ru: 'Модель дополнит промпт деталями',
    },
    default: defaultValue,
    order,
    group,
  };
}

export function imageInput(
  name: string,
  description: Localized,
  { order, group = 'basic' }: Placement,
): ParameterDefinition {
  return {
    name,
    type: 'file',
    label: { en: 'Input image', ru: 'Исходное изображение' },
    description,
    accept: acceptedImageTypes,
    nullable: true,
    default: null,
    order,
    group,
  };
}

export function videoResolution(
  values: readonly string[],
  defaultValue: string,
  { order, group = 'basic' }: Placement,
): ParameterDefinition {
  return {
    name: 'resolution',
    type: 'select',
    label: { en: 'Resolution', ru: 'Разрешение' },
    options: selectOptions(values),
    default: defaultValue,
    order,
    group,
  };
}

/** A video model's own soundtrack, on or off (`generate_audio`, Veo 3's schema: default true). */
export function generateAudio({ order, group = 'basic' }: Placement): ParameterDefinition {
  return {
    name: 'generate_audio',
    type: 'boolean',
    label: { en: 'Sound', ru: 'Звук' },
    description: {
      en: 'Speech, effects and music the model makes along with the video',
      ru: 'Речь, шумы и музыка, которые модель создаёт вместе с видео',
    },
    default: true,
    order,
    group,
  };
}

/** Tokens per second with sound and without, by `generate_audio` (ADR 048). */
export function perSecondBySound(withSound: number, withoutSound: number): PriceRule {
  return {
    kind: 'per-second-by-option',
    param: 'generate_audio',
    tokensPerSecond: { true: withSound, false: withoutSound },
    labels: {
      true: { en: 'with sound', ru: 'со звуком' },
      false: { en: 'without sound', ru: 'без звука' },
    },
  };
}

/** The card pictures of an image model live under the web app's /samples/. */
export function demoImages(id: string): string[] {
  return [`/samples/${id}.webp`];
}
