import type { FrameLayout, ModelDefinition, ParamValue, Size } from '../../types.ts';
import { seed, selectOptions } from '../common.ts';
import { numberOf, sourceImage } from './common.ts';

/** Bria's canvas may hold at most 5000 × 5000 pixels. */
const maxCanvasPixels = 25_000_000;

const ratios = ['1:1', '4:5', '3:4', '2:3', '9:16', '5:4', '4:3', '3:2', '16:9', '21:9'] as const;

function ratioOf(value: ParamValue | undefined): number {
  const [w, h] = String(value ?? '1:1')
    .split(':')
    .map(Number);
  return w !== undefined && h !== undefined && w > 0 && h > 0 ? w / h : 1;
}

/**
 * Where the original goes: the smallest canvas of the chosen shape that holds the original
 * enlarged by `zoom` (so 1 adds only what the new shape needs), the original placed at
 * `position_x`/`position_y` per cent of the free room; scaled down as a whole when the canvas
 * would pass the provider's limit. The studio's frame editor draws the same layout.
 */
export function expandLayout(
  parameters: Readonly<Record<string, ParamValue>>,
  source: Size,
): FrameLayout {
  const ratio = ratioOf(parameters.aspect_ratio);
  const zoom = numberOf(parameters, 'zoom', 1);
  const baseWidth = source.width * zoom;
  const baseHeight = source.height * zoom;
  let width = baseWidth;
  let height = baseHeight;
  if (baseWidth / baseHeight < ratio) width = baseHeight * ratio;
  else height = baseWidth / ratio;
  const shrink = Math.min(1, Math.sqrt(maxCanvasPixels / (width * height)));
  const canvas = { width: Math.round(width * shrink), height: Math.round(height * shrink) };
  const original = {
    width: Math.min(canvas.width, Math.round(source.width * shrink)),
    height: Math.min(canvas.height, Math.round(source.height * shrink)),
  };
  const px = numberOf(parameters, 'position_x', 50) / 100;
  const py = numberOf(parameters, 'position_y', 50) / 100;
  const location = {
    x: Math.round((canvas.width - original.width) * px),
    y: Math.round((canvas.height - original.height) * py),
  };
  return { canvas, original, location };
}

function position(name: string, label: { en: string; ru: string }, order: number) {
  return {
    name,
    type: 'slider' as const,
    label,
    description: {
      en: 'Where the picture sits in the free room, in per cent: 50 is the middle.',
      ru: 'Где стоит картинка в свободном месте, в процентах: 50 — посередине.',
    },
    min: 0,
    max: 100,
    step: 1,
    integer: true,
    default: 50,
    order,
    group: 'basic' as const,
  };
}

/**
 * Bria Expand on Replicate (bria/expand-image, official). Its schema: `image` or `image_url`;
 * either `aspect_ratio` (one of nine, the original centred) or `canvas_size` [w, h] (at most
 * 5000 × 5000) with `original_image_size` [w, h] and `original_image_location` [x, y]; `prompt`
 * (optional; generated from the picture when empty), `negative_prompt`, `seed`, `sync`,
 * `preserve_alpha`, `content_moderation`; one URI out. Kadr always sends the canvas, so the
 * original sits where the person dragged it. Billed per image.
 */
export const expand: ModelDefinition = {
  id: 'expand',
  type: 'image',
  name: 'Bria Expand',
  description: {
    en: 'Widens the frame to a new shape and draws what lies beyond the edges.',
    ru: 'Расширяет кадр до новой формы и дорисовывает то, что за краями.',
  },
  provider: {
    ref: { model: 'bria/expand-image' },
    inputs: [
      'image',
      'image_url',
      'canvas_size',
      'aspect_ratio',
      'original_image_size',
      'original_image_location',
      'prompt',
      'negative_prompt',
      'seed',
      'sync',
      'preserve_alpha',
      'content_moderation',
    ],
    local: ['aspect_ratio', 'zoom', 'position_x', 'position_y'],
  },
  prompt: 'optional',
  parameters: [
    sourceImage('image', {
      en: 'The picture to widen.',
      ru: 'Картинка, которую нужно расширить.',
    }),
    {
      name: 'aspect_ratio',
      type: 'select',
      label: { en: 'New shape', ru: 'Новая форма' },
      description: { en: 'Shape of the new frame', ru: 'Форма нового кадра' },
      options: selectOptions(ratios),
      default: '16:9',
      order: 1,
      group: 'basic',
    },
    {
      name: 'zoom',
      type: 'number',
      label: { en: 'Zoom out', ru: 'Отдалить' },
      description: {
        en: 'Makes room on every side too: ×2 doubles each side of the frame.',
        ru: 'Добавляет место со всех сторон: ×2 удваивает каждую сторону кадра.',
      },
      min: 1,
      max: 2,
      allowedValues: [1, 1.25, 1.5, 2],
      default: 1,
      order: 2,
      group: 'basic',
    },
    position('position_x', { en: 'Across', ru: 'По горизонтали' }, 3),
    position('position_y', { en: 'Down', ru: 'По вертикали' }, 4),
    seed({ order: 5 }),
  ],
  groups: [
    { id: 'basic', expanded: true },
    { id: 'advanced', expanded: false },
  ],
  outputFormats: ['png'],
  typicalSeconds: { min: 5, max: 20 },
  demoImages: [],
  maxOutputs: 1,
  price: { kind: 'flat', tokens: 4 },
  imageParam: 'image',
  tool: {
    kind: 'expand',
    title: { en: 'Expand the frame', ru: 'Расширить кадр' },
    promptText: {
      label: {
        en: 'What to draw beyond the edges',
        ru: 'Что дорисовать за краями',
      },
      hint: {
        en: 'Optional: without a description the model continues the picture on its own.',
        ru: 'Необязательно: без описания модель продолжит картинку сама.',
      },
      placeholder: {
        en: 'For example: more of the forest and the sky',
        ru: 'Например: продолжение леса и неба',
      },
    },
    sourceParam: 'image',
    outputSize: (parameters, source) => expandLayout(parameters, source).canvas,
    derive(parameters, source) {
      const { canvas, original, location } = expandLayout(parameters, source);
      return {
        canvas_size: [canvas.width, canvas.height],
        original_image_size: [original.width, original.height],
        original_image_location: [location.x, location.y],
      };
    },
    refuse(parameters, source) {
      const { canvas, original } = expandLayout(parameters, source);
      return canvas.width - original.width < 2 && canvas.height - original.height < 2
        ? 'the picture already has this shape: choose another shape or zoom out'
        : null;
    },
    maxOutputPixels: maxCanvasPixels,
    frame: { x: 'position_x', y: 'position_y', layout: expandLayout },
  },
};
