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

/** Texts as long as the limits allow, with words longer than most boxes. */
export function buildLongSlide(changes: Partial<Slide> = {}): Slide {
  return buildSlide({
    title: 'Сверхводонепроницаемый антибактериальный термоконтейнер с терморегуляцией',
    bullets: [
      {
        text: 'Сверхводонепроницаемый корпус выдерживает погружение и проливной дождь',
        icon: 'drop',
      },
      {
        text: 'Антибактериальное покрытие внутренней поверхности препятствует появлению запаха',
        icon: 'shield',
      },
      {
        text: 'Высокотехнологичная двухслойная теплоизоляция сохраняет температуру',
        icon: 'snowflake',
      },
      {
        text: 'Ультралёгкий: высокопрочный полипропилен весит на треть меньше привычного',
        icon: 'bolt',
      },
      { text: 'Широкоугольная откидывающаяся крышка открывается одной рукой', icon: 'check' },
    ],
    badge: 'Сверхводонепроницаемый',
    callouts: [
      { label: 'Грузоподъёмность', value: 'Сверхпрочный пластик' },
      { label: 'Температурный режим', value: 'от −40 до +120 °C' },
      { label: 'Вместительность', value: '12 литров' },
      { label: 'Рекомендуемый уход', value: 'Посудомоечная машина' },
    ],
    ...changes,
  });
}
