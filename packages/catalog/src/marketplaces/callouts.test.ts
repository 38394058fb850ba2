import { describe, expect, it } from 'vitest';
import { calloutPlacement, calloutPlaces } from '../index.ts';

describe('where a sizes slide puts a callout', () => {
  it.each([
    ['Высота', 'vertical'],
    ['Height', 'vertical'],
    ['Глубина', 'vertical'],
    ['Depth', 'vertical'],
    ['ВЫСОТА', 'vertical'],
    ['Выс.', 'vertical'],
    ['Высота упаковки', 'vertical'],
    ['Глубина сиденья', 'vertical'],
    ['Package height', 'vertical'],
    ['Seat depth', 'vertical'],
    ['Height of the box', 'vertical'],
    ['Высота 24 см', 'vertical'],
    ['Ширина', 'horizontal'],
    ['Width', 'horizontal'],
    ['Длина', 'horizontal'],
    ['Length', 'horizontal'],
    ['Диаметр', 'horizontal'],
    ['Diameter', 'horizontal'],
    ['Длина кабеля', 'horizontal'],
    ['Cable length', 'horizontal'],
    ['Power cord length', 'horizontal'],
    ['Ø 30 см', 'horizontal'],
    ['D 30 см', 'horizontal'],
    ['шир.', 'horizontal'],
    ['Вес', 'beside'],
    ['Weight', 'beside'],
    ['Масса', 'beside'],
    ['Объём', 'beside'],
    ['Объем', 'beside'],
    ['Volume', 'beside'],
    ['Материал', 'beside'],
    ['Material', 'beside'],
    ['Мощность', 'beside'],
    ['Power', 'beside'],
    ['Ёмкость', 'beside'],
    ['Capacity', 'beside'],
    ['Состав', 'beside'],
    ['Composition', 'beside'],
    ['Вес 110 г', 'beside'],
    ['Вес на метр длины', 'beside'],
    ['Толщина стенки', 'beside'],
    ['Рост', 'beside'],
    ['Обхват груди', 'beside'],
  ] as const)('«%s» → %s', (label, place) => {
    expect(calloutPlacement(label)).toBe(place);
  });

  it.each([
    'В×Ш×Г',
    'ВхШхГ',
    'W x H x D',
    'Дл./Шир./Выс.',
    'Габариты',
    'Dimensions',
    'Длина и ширина',
    'Высота/глубина',
    'Height width',
  ])('keeps several measures in one callout beside: «%s»', (label) => {
    expect(calloutPlacement(label)).toBe('beside');
  });

  it('never guesses a line for a word it does not know', () => {
    for (const label of ['Размер', 'Size', 'Гарантия', 'Вход', 'Vitamin D', 'Хит', '']) {
      expect(calloutPlacement(label, '24 см'), label).toBe('beside');
    }
  });

  it('reads the value when the label says nothing more', () => {
    expect(calloutPlacement('', 'Высота 24 см')).toBe('vertical');
    expect(calloutPlacement('Размер', 'Ø 30 см')).toBe('horizontal');
    expect(calloutPlacement('Размеры', '30×20×10 см')).toBe('beside');
    expect(calloutPlacement('Высота', '30 × 20 см')).toBe('beside');
    // The label decides when it names something: a weight's value is not read for a line.
    expect(calloutPlacement('Вес', 'Ø 30 см')).toBe('beside');
  });
});

describe('the places of a sizes slide’s callouts', () => {
  it('gives each line its first callout, the rest beside, whatever the order', () => {
    expect(
      calloutPlaces([
        { label: 'Вес', value: '110 г' },
        { label: 'Высота', value: '24 см' },
        { label: 'Глубина', value: '35 см' },
        { label: 'Width', value: '8 cm' },
        { label: 'Length', value: '120 cm' },
      ]),
    ).toEqual(['beside', 'vertical', 'beside', 'horizontal', 'beside']);
  });

  it('puts a callout where the seller chose; auto and none are its label’s', () => {
    expect(
      calloutPlaces([
        { label: 'Высота', value: '24 см', placement: 'beside' },
        { label: 'Вес', value: '110 г', placement: 'vertical' },
        { label: 'Ширина', value: '8 см', placement: 'auto' },
      ]),
    ).toEqual(['beside', 'vertical', 'horizontal']);
  });

  it('lets an empty callout take no line', () => {
    expect(
      calloutPlaces([
        { label: ' ', value: '', placement: 'vertical' },
        { label: 'Высота', value: '24 см' },
      ]),
    ).toEqual(['beside', 'vertical']);
  });
});
