// Formats for each channel (issue #49, ADR 051): one click sets the shape a channel needs, mapped
// onto each model's own options — the nearest it offers, and said when that is not exact.
import type { Localized, ModelDefinition } from './types.ts';

export type FormatDefinition = {
  id: string;
  name: Localized;
  /** Where it is used, for the chip's hint. */
  use: Localized;
  /** The shape, width over height. */
  ratio: { width: number; height: number };
  /** The channel's recommended size in pixels. */
  pixels: { width: number; height: number };
};

export const formats: readonly FormatDefinition[] = [
  {
    id: 'stories',
    name: { ru: 'Stories и Reels', en: 'Stories and Reels' },
    use: {
      ru: 'Сторис, Reels, Shorts, VK Клипы — 9:16, 1080 × 1920',
      en: 'Stories, Reels, Shorts, VK Clips — 9:16, 1080 × 1920',
    },
    ratio: { width: 9, height: 16 },
    pixels: { width: 1080, height: 1920 },
  },
  {
    id: 'post',
    name: { ru: 'Пост VK и Telegram', en: 'VK or Telegram post' },
    use: {
      ru: 'Картинка к посту во ВКонтакте или Telegram — 1:1, 1080 × 1080',
      en: 'A picture for a VK or Telegram post — 1:1, 1080 × 1080',
    },
    ratio: { width: 1, height: 1 },
    pixels: { width: 1080, height: 1080 },
  },
  {
    id: 'youtube',
    name: { ru: 'Обложка YouTube', en: 'YouTube cover' },
    use: {
      ru: 'Обложка ролика YouTube или VK Видео — 16:9, 1280 × 720',
      en: 'A YouTube or VK Video thumbnail — 16:9, 1280 × 720',
    },
    ratio: { width: 16, height: 9 },
    pixels: { width: 1280, height: 720 },
  },
  {
    id: 'marketplace',
    name: { ru: 'Фото для маркетплейса', en: 'Marketplace photo' },
    use: {
      ru: 'Главное фото на Wildberries и Ozon — 3:4, 900 × 1200',
      en: 'A Wildberries or Ozon main photo — 3:4, 900 × 1200',
    },
    ratio: { width: 3, height: 4 },
    pixels: { width: 900, height: 1200 },
  },
];

export function getFormat(id: string): FormatDefinition | undefined {
  return formats.find((format) => format.id === id);
}

/**
 * Whether the model has a shape to choose (an aspect ratio, or a width and height): the formats are
 * offered then. What each sets is `fitFormat` (./format-fit.ts), loaded apart by the studio.
 */
export function takesShape(model: Pick<ModelDefinition, 'parameters'>): boolean {
  const named = (name: string) => model.parameters.find((def) => def.name === name);
  const aspect = named('aspect_ratio');
  return (
    (aspect !== undefined && !aspect.fixed) ||
    (named('width') !== undefined && named('height') !== undefined)
  );
}
