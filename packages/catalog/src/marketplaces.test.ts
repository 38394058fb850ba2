import { describe, expect, it } from 'vitest';
import {
  type CardRuleId,
  cardSteps,
  cardStepTool,
  checkCardFile,
  checkCardTexts,
  getMarketplacePreset,
  marketplacePresets,
  safeArea,
} from './index.ts';

function preset(id: string) {
  const found = getMarketplacePreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
}

/** The rules one text breaks on a Wildberries slide. */
function broken(text: string, slide = 0): CardRuleId[] {
  const slides = Array.from({ length: slide + 1 }, (_, index) => ({
    fields: index === slide ? [{ field: 'title', text }] : [],
    logo: false,
  }));
  return checkCardTexts(preset('wildberries'), slides).map((violation) => violation.rule);
}

describe('marketplace presets', () => {
  it('hold the published sizes, and their safe zones lie inside the card', () => {
    expect(preset('wildberries')).toMatchObject({ width: 900, height: 1200, maxSide: 8000 });
    for (const each of marketplacePresets) {
      expect(each.width * each.ratio.h).toBe(each.height * each.ratio.w);
      expect(each.width).toBeGreaterThanOrEqual(each.minWidth);
      const area = safeArea(each);
      expect(area.x).toBeGreaterThan(0);
      expect(area.x + area.width).toBeLessThan(each.width);
      expect(area.y + area.height).toBeLessThan(each.height);
      for (const rule of each.rules) expect(rule.source.url).toMatch(/^https?:\/\//);
    }
  });
});

describe('card rules', () => {
  it.each([
    ['Всего 990 ₽', 'no-prices'],
    ['1 490 руб.', 'no-prices'],
    ['Цена ниже', 'no-prices'],
    ['Звоните +7 (912) 345-67-89', 'no-contacts'],
    ['8 800 555 35 35', 'no-contacts'],
    ['shop@example.ru', 'no-contacts'],
    ['Пишите в Telegram', 'no-contacts'],
    ['Наш сайт kadr.shop', 'no-links'],
    ['https://example.com', 'no-links'],
    ['Сканируй QR-код', 'no-qr'],
    ['Скидка −30%', 'no-promo'],
    ['Лучший подарок', 'no-promo'],
    ['Лучший подарок', 'no-claims'],
    ['Хит продаж', 'no-claims'],
  ])('flags %j as %s', (text, rule) => {
    expect(broken(text)).toContain(rule);
  });

  it.each([
    'Хлопок 100 %',
    'Размеры 42–54',
    'Объём 500 мл',
    'Набор 3 в 1',
    'Водонепроницаемый корпус IP68',
    'Длина 120 см, ширина 60 см',
    'Гипоаллергенный материал',
  ])('passes the plain fact %j', (text) => {
    expect(broken(text)).toEqual([]);
  });

  it('applies a main-slide rule to the first slide only, and flags a placed logo', () => {
    const ozon = preset('ozon');
    const slides = [
      { fields: [{ field: 'badge', text: 'Скидка' }], logo: true },
      { fields: [{ field: 'badge', text: 'Скидка' }], logo: true },
    ];
    expect(checkCardTexts(ozon, slides).map((v) => [v.slide, v.rule])).toEqual([[0, 'no-promo']]);
    const wb = checkCardTexts(preset('wildberries'), slides).filter((v) => v.rule === 'no-logo');
    expect(wb.map((v) => v.slide)).toEqual([0, 1]);
    expect(checkCardTexts(preset('square'), slides)).toEqual([]);
  });
});

describe('card files', () => {
  it('checks size, ratio, bytes, format and colour space', () => {
    const wb = preset('wildberries');
    const good = { width: 900, height: 1200, bytes: 300_000, format: 'jpeg', space: 'srgb' };
    expect(checkCardFile(wb, good)).toEqual([]);
    const bad = { width: 800, height: 800, bytes: 11 * 1024 * 1024, format: 'webp', space: 'cmyk' };
    expect(checkCardFile(wb, bad).map((issue) => issue.code)).toEqual([
      'too_small',
      'ratio',
      'bytes',
      'format',
      'colour_profile',
    ]);
  });
});

describe('card steps', () => {
  it('are each the finishing tool of the kind named', () => {
    for (const step of ['cutout', 'scene', 'enlarge'] as const) {
      expect(cardStepTool(step).tool.kind).toBe(cardSteps[step]);
    }
    // The scene's prompt goes to the tool as its prompt: the tool must take one.
    expect(cardStepTool('scene').prompt).toBe('required');
  });
});
