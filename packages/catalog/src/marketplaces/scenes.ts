import type { CardScene } from './types.ts';

/**
 * Scenes for the product. The drawn ones are Kadr's own backdrops behind the cut-out (free); the
 * others are prompts for the replace-background tool, priced as that tool is.
 */
export const cardScenes: readonly CardScene[] = [
  {
    id: 'studio-white',
    title: { ru: 'Студийный белый', en: 'Studio white' },
    prompt: '',
    drawn: { from: '#ffffff', to: '#eeeff2' },
  },
  {
    id: 'soft-grey',
    title: { ru: 'Мягкий серый', en: 'Soft grey' },
    prompt: '',
    drawn: { from: '#f4f4f5', to: '#d6d7dc' },
  },
  {
    id: 'lifestyle',
    title: { ru: 'Интерьер', en: 'Lifestyle' },
    prompt:
      'a bright modern living room interior, soft daylight from a window, clean product photography, shallow depth of field',
  },
  {
    id: 'kitchen',
    title: { ru: 'Кухня', en: 'Kitchen' },
    prompt: 'a clean light wooden kitchen counter, morning light, minimal product photography',
  },
  {
    id: 'nature',
    title: { ru: 'Природа', en: 'Nature' },
    prompt: 'on a mossy stone in a sunlit forest, soft natural light, product photography',
  },
  {
    id: 'new-year',
    title: { ru: 'Новый год', en: 'New Year' },
    prompt:
      'a cosy New Year table with fir branches and warm fairy-light bokeh, festive product photography',
  },
  {
    id: 'summer',
    title: { ru: 'Лето', en: 'Summer' },
    prompt: 'on warm sand by the sea, bright summer sunlight, product photography',
  },
];

/** The scene with this id, or undefined. */
export function getCardScene(id: string): CardScene | undefined {
  return cardScenes.find((scene) => scene.id === id);
}
