import { describe, expect, it } from 'vitest';
import {
  type CardRuleId,
  type CardRuleSeverity,
  cardRules,
  checkCardTexts,
  getMarketplacePreset,
  marketplacePresets,
  ruleSources,
} from '../index.ts';

/**
 * The card check's text rules, as a table: what sellers type that a marketplace refuses (or warns
 * about), in Russian and English, and the plain facts that must pass.
 */

type PresetId = 'wildberries' | 'ozon' | 'yandex-market';

function preset(id: PresetId) {
  const found = getMarketplacePreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
}

/** The violations one text gets as the only field of slide `slide` (earlier slides are empty). */
function check(id: PresetId, text: string, slide = 0) {
  const slides = Array.from({ length: slide + 1 }, (_, index) => ({
    fields: index === slide ? [{ field: 'badge', text }] : [],
    logo: false,
  }));
  return checkCardTexts(preset(id), slides);
}

/** Every source a preset cites: for its sizes and for its rules. */
function citedUrls(id: PresetId): string[] {
  const { sources, rules } = preset(id);
  return [...sources, ...rules.map((rule) => rule.source)].map((source) => source.url);
}

type Refused = {
  text: string;
  rule: CardRuleId;
  /** Wildberries unless named. */
  on?: PresetId;
  severity?: CardRuleSeverity;
};

const refusedRu: Refused[] = [
  // Prices, however they are written.
  { text: 'Всего 990р', rule: 'no-prices' },
  { text: 'Всего 990 р', rule: 'no-prices' },
  { text: 'Всего 990 ₽', rule: 'no-prices' },
  { text: '990 р.', rule: 'no-prices' },
  { text: '990 руб.', rule: 'no-prices' },
  { text: '1 990 рублей', rule: 'no-prices' },
  { text: '990–1290 ₽', rule: 'no-prices' },
  { text: 'От 990 р', rule: 'no-prices' },
  { text: 'от 1,5 тыс. ₽', rule: 'no-prices' },
  { text: 'от 5 тыс. руб', rule: 'no-prices' },
  { text: 'Всего 990.-', rule: 'no-prices' },
  { text: 'Всего 990 RUB', rule: 'no-prices' },
  { text: '5 р. за штуку', rule: 'no-prices' },
  { text: 'Цена ниже', rule: 'no-prices' },
  { text: 'Стоимость доставки', rule: 'no-prices' },
  // Phones, however they are written, and other contacts.
  { text: '+7 912 345-67-89', rule: 'no-contacts' },
  { text: '8(912)3456789', rule: 'no-contacts' },
  { text: '89123456789', rule: 'no-contacts' },
  { text: '+7-912-345-67-89', rule: 'no-contacts' },
  { text: '8 800 555 35 35', rule: 'no-contacts' },
  { text: 'Звоните +7 (912) 345-67-89', rule: 'no-contacts' },
  { text: 'Тел. 912 345-67-89', rule: 'no-contacts' },
  { text: 'Пишите в Telegram', rule: 'no-contacts' },
  { text: 'Пишите в ватсап', rule: 'no-contacts' },
  { text: 'shop@example.ru', rule: 'no-contacts' },
  // Links.
  { text: 'Наш сайт kadr.shop', rule: 'no-links' },
  { text: 'Заходите на магазин.рф', rule: 'no-links' },
  { text: 'Канал t.me/shop', rule: 'no-links' },
  { text: 'Сканируй QR-код', rule: 'no-qr' },
  // Promotions.
  { text: 'Скидка −30%', rule: 'no-promo' },
  { text: '-30% только сегодня', rule: 'no-promo' },
  { text: 'Бесплатная доставка', rule: 'no-promo' },
  { text: 'Подарок при покупке', rule: 'no-promo' },
  { text: 'Успей купить', rule: 'no-promo' },
  { text: 'Распродажа', rule: 'no-promo' },
  { text: 'Лучший подарок', rule: 'no-promo' },
  // Superlatives and rankings.
  { text: 'Хит сезона', rule: 'no-claims' },
  { text: 'Хит продаж', rule: 'no-claims' },
  { text: 'Лучший подарок', rule: 'no-claims' },
  { text: '№1 в России', rule: 'no-claims' },
  { text: 'Топ продаж', rule: 'no-claims' },
  { text: 'Топ-1 на маркетплейсе', rule: 'no-claims' },
  { text: 'Самый популярный термос', rule: 'no-claims' },
  { text: 'Номер один среди термосов', rule: 'no-claims' },
  { text: 'Бестселлер', rule: 'no-claims' },
  { text: 'Гарантируем результат', rule: 'no-claims' },
  // Ozon: prices and promotions on the main slide, superlatives only warned about.
  { text: 'Всего 990р', rule: 'no-prices', on: 'ozon' },
  { text: 'Скидка 20%', rule: 'no-promo', on: 'ozon' },
  { text: 'Хит сезона', rule: 'no-claims', on: 'ozon', severity: 'warn' },
  { text: '8 800 555 35 35', rule: 'no-contacts', on: 'ozon' },
];

const refusedEn: Refused[] = [
  // Prices.
  { text: '$19.99', rule: 'no-prices' },
  { text: 'Only 19.99 USD', rule: 'no-prices' },
  { text: 'From $10', rule: 'no-prices' },
  { text: 'Price', rule: 'no-prices' },
  { text: 'Low price', rule: 'no-prices' },
  { text: 'Only 990 rubles', rule: 'no-prices' },
  { text: '€25 only', rule: 'no-prices' },
  { text: 'Just 20 dollars', rule: 'no-prices' },
  { text: 'From 990 RUB', rule: 'no-prices' },
  // Contacts.
  { text: 'Call +1 (555) 123-4567', rule: 'no-contacts' },
  { text: '+44 20 7946 0958', rule: 'no-contacts' },
  { text: 'Call us: 8 912 345 67 89', rule: 'no-contacts' },
  { text: 'WhatsApp', rule: 'no-contacts' },
  { text: 'Follow @shop_official', rule: 'no-contacts' },
  { text: 'Write to hello@shop.com', rule: 'no-contacts' },
  { text: 'Contact us', rule: 'no-contacts' },
  // Links.
  { text: 'www.shop.com', rule: 'no-links' },
  { text: 'shop.ru', rule: 'no-links' },
  { text: 't.me/shop', rule: 'no-links' },
  { text: 'https://example.com', rule: 'no-links' },
  { text: 'Scan the QR code', rule: 'no-qr' },
  // Promotions.
  { text: 'Sale', rule: 'no-promo' },
  { text: '50% off', rule: 'no-promo' },
  { text: 'Free delivery', rule: 'no-promo' },
  { text: 'Today only', rule: 'no-promo' },
  { text: 'Discount -20%', rule: 'no-promo' },
  { text: 'Limited offer', rule: 'no-promo' },
  // Superlatives and rankings.
  { text: 'Best seller', rule: 'no-claims' },
  { text: 'Bestseller', rule: 'no-claims' },
  { text: 'The best gift', rule: 'no-claims' },
  { text: '#1 in Russia', rule: 'no-claims' },
  { text: 'No. 1 choice', rule: 'no-claims' },
  { text: 'Top rated', rule: 'no-claims' },
  { text: 'Top seller', rule: 'no-claims' },
  { text: 'Most popular', rule: 'no-claims' },
  { text: 'Number one flask', rule: 'no-claims' },
  { text: 'Guaranteed results', rule: 'no-claims' },
  { text: 'Award-winning design', rule: 'no-claims' },
  // Ozon.
  { text: 'Sale -50%', rule: 'no-promo', on: 'ozon' },
  { text: 'Best seller', rule: 'no-claims', on: 'ozon', severity: 'warn' },
  { text: 'Call +1 (555) 123-4567', rule: 'no-contacts', on: 'ozon' },
];

/** Facts a card may state, and long numbers that are codes, not phones: they pass. */
const passRu = [
  'Хлопок 100 %',
  'Хлопок 70–80 %',
  'Размеры 42–54',
  'Размеры 44 46 48 50 52',
  'Рост 110 116 122 128',
  'Объём 500 мл',
  'Набор 3 в 1',
  'Водонепроницаемый корпус IP68',
  'Длина 120 см, ширина 60 см',
  'Вес 1,5 кг',
  'Мощность 2000 Вт',
  'Гарантия 2 года',
  '990 рулонов',
  'Ремень в 3 ряда',
  'Проверено 5 раз',
  '2 рукава на резинке',
  '10 рецептов в комплекте',
  '500 р-н',
  'Размер 44 р-р',
  '4601234567893',
  'Штрихкод 4601234567893',
  'Артикул производителя 123456789012',
  'Арт. 12345678901',
  'Артикул: 81234567890',
  'Код товара 9123456789',
  'Топ женский спортивный',
  'Лучше всего хранить в сухом месте',
  'Улучшенная формула',
  'Подарочная упаковка',
  'Держит тепло 12 часов',
  'Сталь 18/8',
  'Гипоаллергенный материал',
];

const passEn = [
  '100% cotton',
  'Humidity 40–60 %',
  'Size 42–54',
  'Sizes 8 10 12 14 16',
  'Volume 500 ml',
  'Model X200',
  'EAN 4006381333931',
  'Barcode 4601234567893',
  'UPC 036000291452',
  'GTIN 04006381333931',
  'SKU 81234567890',
  'Item no. 81234567890',
  'USB-C',
  '3-in-1 set',
  'Waterproof IP68',
  'BPA free',
  'Gluten-free',
  'Best before: see the lid',
  'Crop top',
  'Fits most phones',
  '2-year warranty',
  'Length 120 cm',
  'Weight 1.5 kg',
  'Power 2000 W',
  'Keeps hot for 12 hours',
  'Dishwasher safe',
  'Gift box included',
  'Made in Russia',
  'Set of 2',
  'Ideal for travel',
];

describe('card text rules', () => {
  it('hold at least forty refused and forty passing texts, about half in each language', () => {
    expect(refusedRu.length + refusedEn.length).toBeGreaterThanOrEqual(40);
    expect(passRu.length + passEn.length).toBeGreaterThanOrEqual(40);
    expect(Math.min(refusedRu.length, refusedEn.length)).toBeGreaterThanOrEqual(20);
    expect(Math.min(passRu.length, passEn.length)).toBeGreaterThanOrEqual(20);
  });

  const refused = [...refusedRu, ...refusedEn].map(
    (row): Required<Refused> => ({ on: 'wildberries', severity: 'refuse', ...row }),
  );

  it.each(refused)('$on: $severity $text as $rule', ({ text, rule, on, severity }) => {
    const found = check(on, text).filter((violation) => violation.rule === rule);
    expect(found, `${text} should break ${rule}`).toHaveLength(1);
    const [violation] = found;
    expect(violation?.severity).toBe(severity);
    expect(citedUrls(on)).toContain(violation?.source.url);
    // The source is the one the preset names for this rule.
    const applied = preset(on).rules.find((each) => each.rule === rule);
    expect(violation?.source).toEqual(applied?.source);
    expect(violation?.match).toBeTruthy();
  });

  it.each([...passRu, ...passEn])('passes %j on Wildberries', (text) => {
    expect(check('wildberries', text)).toEqual([]);
  });

  it('applies the main-slide rules of Ozon to the first slide only', () => {
    for (const text of ['Всего 990р', 'Скидка 20%', 'Sale -50%', '$19.99']) {
      expect(check('ozon', text, 1)).toEqual([]);
      expect(check('ozon', text, 0).map((v) => [v.rule, v.severity])).toEqual([
        [text.includes('%') ? 'no-promo' : 'no-prices', 'refuse'],
      ]);
    }
    // Superlatives are worth a look on every Ozon slide; a phone is refused on every slide.
    expect(check('ozon', 'Хит сезона', 2).map((v) => [v.rule, v.severity])).toEqual([
      ['no-claims', 'warn'],
    ]);
    expect(check('ozon', '+7 912 345-67-89', 2).map((v) => v.rule)).toEqual(['no-contacts']);
  });

  it('reports every rule a text breaks, once each', () => {
    const rules = check('wildberries', 'Хит продаж −30%, всего 990р, звоните 89123456789');
    expect(rules.map((v) => v.rule).sort()).toEqual([
      'no-claims',
      'no-contacts',
      'no-prices',
      'no-promo',
    ]);
    expect(rules.find((v) => v.rule === 'no-prices')?.match).toBe('990р');
    expect(rules.find((v) => v.rule === 'no-contacts')?.match).toBe('89123456789');
  });
});

describe('card rules as data', () => {
  const sourceUrls = Object.values(ruleSources).map((source) => source.url);

  it('name every rule a preset applies, in both languages, with a dated source', () => {
    for (const each of marketplacePresets) {
      for (const applied of each.rules) {
        const rule = cardRules[applied.rule];
        expect(rule.id).toBe(applied.rule);
        for (const text of [rule.title, rule.fix]) {
          expect(text.ru.length).toBeGreaterThan(0);
          expect(text.en.length).toBeGreaterThan(0);
        }
        expect(['refuse', 'warn']).toContain(applied.severity);
        expect(sourceUrls).toContain(applied.source.url);
        expect(applied.source.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('keep the logo and QR rules under their ids', () => {
    expect(cardRules['no-logo'].check.kind).toBe('logo');
    const qr = cardRules['no-qr'].check;
    expect(qr.kind === 'text' && qr.patterns.some((pattern) => pattern.test('QR-код'))).toBe(true);
  });

  it('refuse superlatives on Wildberries and only warn about them elsewhere', () => {
    const severities = Object.fromEntries(
      marketplacePresets.map((each) => [
        each.id,
        each.rules.find((applied) => applied.rule === 'no-claims')?.severity,
      ]),
    );
    expect(severities).toEqual({
      wildberries: 'refuse',
      ozon: 'warn',
      'yandex-market': 'warn',
      square: undefined,
    });
  });
});
