import { ruleSources as s } from './rules.ts';
import type { MarketplaceId, MarketplacePreset } from './types.ts';

const megabytes = (n: number) => n * 1024 * 1024;

/**
 * The card presets. Sizes, formats and rules are as the sources say; where a source names no
 * file size, Kadr keeps the 10 MB Ozon names (ADR 039). Every card is exported in sRGB.
 */
export const marketplacePresets: readonly MarketplacePreset[] = [
  {
    id: 'wildberries',
    name: { ru: 'Wildberries', en: 'Wildberries' },
    width: 900,
    height: 1200,
    ratio: { w: 3, h: 4 },
    minWidth: 900,
    minHeight: 1200,
    maxSide: 8000,
    safe: { top: 0.07, right: 0.06, bottom: 0.08, left: 0.06 },
    format: 'jpeg',
    formats: ['jpeg', 'png'],
    maxBytes: megabytes(10),
    colourProfile: 'srgb',
    slides: { default: 5, max: 30 },
    // Wildberries forbids all of these outright: each is refused on every slide.
    rules: [
      { rule: 'no-prices', on: 'all', severity: 'refuse', source: s.wildberriesModeration },
      { rule: 'no-contacts', on: 'all', severity: 'refuse', source: s.wildberriesModeration },
      { rule: 'no-links', on: 'all', severity: 'refuse', source: s.wildberriesModeration },
      { rule: 'no-qr', on: 'all', severity: 'refuse', source: s.wildberriesModeration },
      { rule: 'no-promo', on: 'all', severity: 'refuse', source: s.wildberriesPhoto },
      { rule: 'no-claims', on: 'all', severity: 'refuse', source: s.wildberriesInfographics },
      { rule: 'no-logo', on: 'all', severity: 'refuse', source: s.wildberriesPhoto },
      // «без бирок»: a barcode is printed on the tag or label.
      { rule: 'no-barcode', on: 'all', severity: 'refuse', source: s.wildberriesPhoto },
    ],
    sources: [s.wildberriesPhoto],
  },
  {
    id: 'ozon',
    name: { ru: 'Ozon', en: 'Ozon' },
    width: 1200,
    height: 1600,
    ratio: { w: 3, h: 4 },
    minWidth: 900,
    minHeight: 1200,
    maxSide: 7000,
    safe: { top: 0.06, right: 0.06, bottom: 0.07, left: 0.06 },
    format: 'jpeg',
    formats: ['jpeg', 'png'],
    maxBytes: megabytes(10),
    colourProfile: 'srgb',
    slides: { default: 5, max: 30 },
    // Superlatives: Ozon's own rule is for brand shelves, not product photos, so only a warning.
    rules: [
      { rule: 'no-contacts', on: 'all', severity: 'refuse', source: s.marketCards },
      { rule: 'no-links', on: 'all', severity: 'refuse', source: s.marketCards },
      { rule: 'no-qr', on: 'all', severity: 'refuse', source: s.marketCards },
      { rule: 'no-prices', on: 'main', severity: 'refuse', source: s.ozonMain },
      { rule: 'no-promo', on: 'main', severity: 'refuse', source: s.ozonMain },
      { rule: 'no-claims', on: 'all', severity: 'warn', source: s.ozonBrandShelf },
    ],
    sources: [s.ozonImages, s.ozonMain, s.ozonFiles],
  },
  {
    id: 'yandex-market',
    name: { ru: 'Яндекс Маркет', en: 'Yandex Market' },
    width: 1000,
    height: 1000,
    ratio: { w: 1, h: 1 },
    minWidth: 600,
    minHeight: 600,
    maxSide: 8000,
    safe: { top: 0.06, right: 0.06, bottom: 0.06, left: 0.06 },
    format: 'jpeg',
    formats: ['jpeg', 'png'],
    maxBytes: megabytes(10),
    colourProfile: 'srgb',
    slides: { default: 5, max: 10 },
    // «Хит», «супер»: Market asks to keep them out of the product's name, so a warning on the cover.
    rules: [
      { rule: 'no-contacts', on: 'all', severity: 'refuse', source: s.marketCards },
      { rule: 'no-links', on: 'all', severity: 'refuse', source: s.marketCards },
      { rule: 'no-qr', on: 'all', severity: 'refuse', source: s.marketCards },
      { rule: 'no-promo', on: 'main', severity: 'refuse', source: s.marketCards },
      { rule: 'no-claims', on: 'main', severity: 'warn', source: s.marketProductName },
    ],
    sources: [s.marketPictures, s.marketCards],
  },
  {
    id: 'square',
    name: { ru: 'Квадрат для соцсетей', en: 'Square for social' },
    width: 1080,
    height: 1080,
    ratio: { w: 1, h: 1 },
    minWidth: 1080,
    minHeight: 1080,
    maxSide: 4096,
    safe: { top: 0.07, right: 0.07, bottom: 0.07, left: 0.07 },
    format: 'jpeg',
    formats: ['jpeg', 'png'],
    maxBytes: megabytes(8),
    colourProfile: 'srgb',
    slides: { default: 5, max: 10 },
    rules: [],
    sources: [],
  },
];

const byId = new Map(marketplacePresets.map((preset) => [preset.id, preset]));

/** The preset with this id, or undefined for an id no preset has. */
export function getMarketplacePreset(id: string): MarketplacePreset | undefined {
  return byId.get(id as MarketplaceId);
}

/** The safe zone of a preset in pixels: the rectangle text and badges stay inside. */
export function safeArea(preset: MarketplacePreset): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const x = Math.round(preset.width * preset.safe.left);
  const y = Math.round(preset.height * preset.safe.top);
  return {
    x,
    y,
    width: Math.round(preset.width * (1 - preset.safe.right)) - x,
    height: Math.round(preset.height * (1 - preset.safe.bottom)) - y,
  };
}
