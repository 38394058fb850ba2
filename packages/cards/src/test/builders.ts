import type { BrandKit, Slide } from '@kadr/contract';

/** A brand kit with the given changes. */
export function buildKit(changes: Partial<BrandKit> = {}): BrandKit {
  return {
    font: 'manrope',
    colours: { text: '#1b2430', accent: '#2f6fde', panel: '#ffffff' },
    logo: null,
    badgeStyle: 'pill',
    ...changes,
  };
}

/** A slide with short Russian texts, with the given changes. */
export function buildSlide(changes: Partial<Slide> = {}): Slide {
  return {
    kind: 'main',
    picture: 'cutout',
    title: 'Бутылка для воды спортивная 750 мл',
    bullets: [
      { text: 'Не пропускает воду', icon: 'drop' },
      { text: 'Тритан без BPA', icon: 'leaf' },
      { text: 'Держит холод 12 часов', icon: 'snowflake' },
    ],
    badge: 'Новинка',
    callouts: [
      { label: 'Объём', value: '750 мл' },
      { label: 'Вес', value: '180 г' },
    ],
    logo: false,
    ...changes,
  };
}
