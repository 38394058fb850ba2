// Issue #50, point 5: the sizes slide puts each callout on the dimension line its meaning gives it
// (a height beside the picture, a width under it), or in the row of tiles (a weight, a material):
// checked on the layout that is drawn, and on the drawn card's pixels.
import {
  type CardScene,
  getCardScene,
  getMarketplacePreset,
  type MarketplacePreset,
  marketplacePresets,
  safeArea,
} from '@kadr/catalog';
import type { CardCallout } from '@kadr/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type CardLayout, layoutCard, type Rect, type Shape, type TextBlock } from './layout.ts';
import { renderCard } from './render.ts';
import { buildKit, buildSlide } from './test/builders.ts';

const backdrop = getCardScene('studio-white') ?? { id: 'x', title: { ru: '', en: '' }, prompt: '' };
type Dimension = Extract<Shape, { kind: 'dimension' }>;

function preset(id: string): MarketplacePreset {
  const found = getMarketplacePreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
}

/** A sizes slide of a cut-out with these callouts (and no bullets), laid out. */
function sizes(
  callouts: CardCallout[],
  on: MarketplacePreset = preset('wildberries'),
  picture = { width: 600, height: 900 },
): CardLayout {
  return layoutCard({
    preset: on,
    slide: buildSlide({ kind: 'sizes', bullets: [], callouts }),
    kit: buildKit(),
    picture,
    pictureKind: 'cutout',
    backdrop,
  });
}

const lineOf = (layout: CardLayout, axis: Dimension['axis']) =>
  layout.shapes.filter(
    (shape): shape is Dimension => shape.kind === 'dimension' && shape.axis === axis,
  );

/** What a text block shows, its lines joined (no-break spaces as spaces). */
const shown = (text: TextBlock) =>
  text.fit.lines
    .map((line) => line.text)
    .join(' ')
    .replaceAll('\u00a0', ' ');

/** The label's and the value's text blocks of a callout. */
function textsOf(layout: CardLayout, callout: CardCallout): TextBlock[] {
  const label = layout.texts.filter(
    (text) => text.role === 'callout-label' && shown(text) === callout.label,
  );
  const value = layout.texts.filter(
    (text) => text.role === 'callout-value' && shown(text) === callout.value,
  );
  expect(label, `the label «${callout.label}»`).toHaveLength(1);
  expect(value, `the value «${callout.value}»`).toHaveLength(1);
  return [...label, ...value];
}

const inside = (rect: Rect, area: Rect) =>
  rect.x >= area.x - 1e-6 &&
  rect.y >= area.y - 1e-6 &&
  rect.x + rect.width <= area.x + area.width + 1e-6 &&
  rect.y + rect.height <= area.y + area.height + 1e-6;

const onPanel = (layout: CardLayout, text: TextBlock) =>
  layout.shapes.some((shape) => shape.kind === 'panel' && inside(text.box, shape.rect));

/** The callout's texts sit right of the vertical line, within its span, on no tile. */
function expectOnVertical(layout: CardLayout, callout: CardCallout): void {
  const [line, ...more] = lineOf(layout, 'vertical');
  expect(line, `a vertical line for «${callout.label}»`).toBeDefined();
  expect(more).toHaveLength(0);
  if (!line) return;
  for (const text of textsOf(layout, callout)) {
    expect(text.box.x).toBeGreaterThan(line.x + line.tick / 2);
    expect(text.box.y).toBeGreaterThanOrEqual(line.y - 1e-6);
    expect(text.box.y + text.box.height).toBeLessThanOrEqual(line.y + line.length + 1e-6);
    expect(onPanel(layout, text)).toBe(false);
  }
}

/** The callout's texts sit under the horizontal line, across its span, on no tile. */
function expectOnHorizontal(layout: CardLayout, callout: CardCallout): void {
  const [line, ...more] = lineOf(layout, 'horizontal');
  expect(line, `a horizontal line for «${callout.label}»`).toBeDefined();
  expect(more).toHaveLength(0);
  if (!line) return;
  for (const text of textsOf(layout, callout)) {
    expect(text.box.y).toBeGreaterThan(line.y + line.tick / 2);
    expect(text.box.x).toBeLessThan(line.x + line.length);
    expect(text.box.x + text.box.width).toBeGreaterThan(line.x);
    const middle = text.box.x + text.box.width / 2;
    expect(middle).toBeGreaterThanOrEqual(line.x - 1e-6);
    expect(middle).toBeLessThanOrEqual(line.x + line.length + 1e-6);
    expect(onPanel(layout, text)).toBe(false);
  }
}

/** The callout's texts are on a tile, under the picture, beside no dimension line. */
function expectTile(layout: CardLayout, callout: CardCallout): void {
  const picture = layout.picture?.rect;
  if (!picture) throw new Error('no picture');
  for (const text of textsOf(layout, callout)) {
    expect(onPanel(layout, text)).toBe(true);
    expect(text.box.y).toBeGreaterThan(picture.y + picture.height);
    for (const line of layout.shapes.filter((s): s is Dimension => s.kind === 'dimension')) {
      // Not the line's own text: not right beside a vertical one, not just under a horizontal one.
      if (line.axis === 'vertical') {
        expect(text.box.y > line.y + line.length || text.box.x < line.x).toBe(true);
      } else {
        expect(text.box.y - (line.y + line.tick / 2)).toBeGreaterThan(12);
      }
    }
  }
}

const vertical: CardCallout[] = [
  { label: 'Высота', value: '24 см' },
  { label: 'Height', value: '24 cm' },
  { label: 'Глубина', value: '35 см' },
  { label: 'Depth', value: '35 cm' },
  { label: 'Высота упаковки', value: '26 см' },
  { label: 'Package height', value: '26 cm' },
];
const horizontal: CardCallout[] = [
  { label: 'Ширина', value: '8 см' },
  { label: 'Width', value: '8 cm' },
  { label: 'Длина', value: '120 см' },
  { label: 'Length', value: '120 cm' },
  { label: 'Диаметр', value: '7 см' },
  { label: 'Diameter', value: '7 cm' },
  { label: 'Длина кабеля', value: '1,5 м' },
  { label: 'Cable length', value: '1.5 m' },
  { label: 'Ø 30 см', value: 'по дну' },
];
const beside: CardCallout[] = [
  { label: 'Вес', value: '110 г' },
  { label: 'Weight', value: '110 g' },
  { label: 'Объём', value: '750 мл' },
  { label: 'Volume', value: '750 ml' },
  { label: 'Материал', value: 'Тритан' },
  { label: 'Material', value: 'Tritan' },
  { label: 'Мощность', value: '1200 Вт' },
  { label: 'Power', value: '1200 W' },
];
const pictures = [
  { name: 'tall', width: 600, height: 900 },
  { name: 'wide', width: 900, height: 600 },
];
const each = <T>(items: readonly T[]) =>
  marketplacePresets.flatMap((on) =>
    pictures.flatMap((picture) => items.map((callout) => ({ on, picture, callout }))),
  );

describe('a sizes slide puts each callout where its meaning says', () => {
  it.each(each(vertical))(
    '«$callout.label» on the vertical line ($on.id, $picture.name)',
    ({ on, picture, callout }) => {
      const layout = sizes([callout], on, picture);
      expectOnVertical(layout, callout);
      expect(lineOf(layout, 'horizontal')).toHaveLength(0);
    },
  );

  it.each(each(horizontal))(
    '«$callout.label» on the horizontal line ($on.id, $picture.name)',
    ({ on, picture, callout }) => {
      const layout = sizes([callout], on, picture);
      expectOnHorizontal(layout, callout);
      expect(lineOf(layout, 'vertical')).toHaveLength(0);
    },
  );

  it.each(each(beside))(
    '«$callout.label» on a tile, with no line ($on.id, $picture.name)',
    ({ on, picture, callout }) => {
      const layout = sizes([callout], on, picture);
      expectTile(layout, callout);
      expect(layout.shapes.filter((shape) => shape.kind === 'dimension')).toHaveLength(0);
    },
  );

  it('puts «Высота 24 см» on the vertical line and «Вес 110 г» on a tile, with no horizontal line (the issue)', () => {
    const height = { label: 'Высота', value: '24 см' };
    const weight = { label: 'Вес', value: '110 г' };
    for (const on of marketplacePresets) {
      const layout = sizes([height, weight], on);
      expectOnVertical(layout, height);
      expectTile(layout, weight);
      expect(lineOf(layout, 'horizontal')).toHaveLength(0);
    }
  });

  it('places them by meaning whatever their order', () => {
    const width = { label: 'Width', value: '8 cm' };
    const weight = { label: 'Weight', value: '110 g' };
    const height = { label: 'Height', value: '26 cm' };
    const layout = sizes([weight, width, height]);
    expectOnHorizontal(layout, width);
    expectOnVertical(layout, height);
    expectTile(layout, weight);
  });

  it('puts one callout a line, the first of each; the others are tiles', () => {
    const callouts = [
      { label: 'Высота', value: '24 см' },
      { label: 'Глубина', value: '35 см' },
      { label: 'Ширина', value: '8 см' },
      { label: 'Длина', value: '120 см' },
    ];
    const [height, depth, width, length] = callouts as [
      CardCallout,
      CardCallout,
      CardCallout,
      CardCallout,
    ];
    const layout = sizes(callouts);
    expectOnVertical(layout, height);
    expectOnHorizontal(layout, width);
    expectTile(layout, depth);
    expectTile(layout, length);
  });

  it('moves a callout where the seller put it', () => {
    const weight: CardCallout = { label: 'Вес', value: '110 г', placement: 'horizontal' };
    const height: CardCallout = { label: 'Высота', value: '24 см', placement: 'beside' };
    const moved = sizes([height, weight]);
    expectOnHorizontal(moved, weight);
    expectTile(moved, height);
    expect(lineOf(moved, 'vertical')).toHaveLength(0);

    const up: CardCallout = { label: 'Материал', value: 'Сталь', placement: 'vertical' };
    expectOnVertical(sizes([up]), up);
    // `auto` is what a callout stored without a placement gets: its label's line.
    const auto: CardCallout = { label: 'Длина', value: '120 см', placement: 'auto' };
    expectOnHorizontal(sizes([auto]), auto);
  });

  it('makes every callout a tile over a scene or photo covering the card', () => {
    const layout = layoutCard({
      preset: preset('wildberries'),
      slide: buildSlide({
        kind: 'sizes',
        picture: 'scene',
        bullets: [],
        callouts: [
          { label: 'Высота', value: '24 см' },
          { label: 'Ширина', value: '8 см' },
        ],
      }),
      kit: buildKit(),
      picture: { width: 1024, height: 1024 },
      pictureKind: 'scene',
      backdrop,
    });
    expect(layout.shapes.filter((shape) => shape.kind === 'dimension')).toHaveLength(0);
    const texts = layout.texts.filter((text) => text.role.startsWith('callout'));
    expect(texts).toHaveLength(4);
    for (const text of texts) expect(onPanel(layout, text)).toBe(true);
  });

  it.each(marketplacePresets)('$id keeps long texts on both lines inside the safe area', (on) => {
    for (const picture of pictures) {
      const layout = sizes(
        [
          { label: 'Высота в разложенном виде', value: 'от 24 до 26,5 см' },
          { label: 'Длина с ручкой и крышкой', value: 'от 118 до 121,5 см' },
          { label: 'Вместительность', value: '12 литров' },
        ],
        on,
        picture,
      );
      expect(layout.shapes.filter((shape) => shape.kind === 'dimension')).toHaveLength(2);
      for (const text of layout.texts) {
        expect(inside(text.box, safeArea(on)), `${text.role} ${shown(text)}`).toBe(true);
        for (const line of text.fit.lines) {
          expect(line.width).toBeLessThanOrEqual(text.box.width + 1e-6);
        }
      }
    }
  });
});

describe('the drawn sizes card', () => {
  const accent = '#e0218a';
  const flat: CardScene = {
    id: 'flat',
    title: { ru: 'Ровный', en: 'Flat' },
    prompt: '',
    drawn: { from: '#e9edf2', to: '#e9edf2' },
  };
  const png = { ...preset('wildberries'), format: 'png' as const };
  const kit = buildKit({ colours: { text: '#1b2430', accent, panel: '#ffffff' } });
  /** A cut-out with no transparent margin, so the renderer frames it as the layout below does. */
  const product = { width: 300, height: 600 };
  const picture = sharp({ create: { ...product, channels: 4, background: '#3b4a5c' } })
    .png()
    .toBuffer();

  async function drawn(callouts: CardCallout[]) {
    const slide = buildSlide({ kind: 'sizes', bullets: [], callouts });
    const card = await renderCard({
      preset: png,
      slide,
      kit,
      index: 2,
      count: 5,
      picture: await picture,
      pictureKind: 'cutout',
      backdrop: flat,
      logo: null,
    });
    const { data, info } = await sharp(card.data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const layout = layoutCard({
      preset: png,
      slide,
      kit,
      picture: product,
      pictureKind: 'cutout',
      backdrop: flat,
    });
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(accent.slice(i, i + 2), 16));
    const isAccent = (x: number, y: number) => {
      const o = (y * info.width + x) * info.channels;
      const d =
        Math.abs((data[o] ?? 0) - (r ?? 0)) +
        Math.abs((data[o + 1] ?? 0) - (g ?? 0)) +
        Math.abs((data[o + 2] ?? 0) - (b ?? 0));
      return d < 45;
    };
    /** The share of the line's own pixels, ticks left out, that are the accent. */
    const along = (line: Dimension) => {
      let hits = 0;
      let all = 0;
      for (let t = Math.ceil(line.tick); t < line.length - line.tick; t++) {
        const [x, y] =
          line.axis === 'vertical'
            ? [Math.floor(line.x), Math.floor(line.y + t)]
            : [Math.floor(line.x + t), Math.floor(line.y)];
        all++;
        if (isAccent(x, y)) hits++;
      }
      return hits / all;
    };
    /** How many accent pixels a rect holds. */
    const count = (rect: Rect) => {
      let found = 0;
      for (let y = Math.ceil(rect.y); y < rect.y + rect.height; y++) {
        for (let x = Math.ceil(rect.x); x < rect.x + rect.width; x++) {
          if (isAccent(x, y)) found++;
        }
      }
      return found;
    };
    return { layout, along, count, size: [info.width, info.height] };
  }

  it('draws the accent along the vertical line beside the picture, and no horizontal line', async () => {
    const { layout, along, count, size } = await drawn([
      { label: 'Высота', value: '24 см' },
      { label: 'Вес', value: '110 г' },
    ]);
    expect(size).toEqual([900, 1200]);
    const [up] = lineOf(layout, 'vertical');
    const rect = layout.picture?.rect;
    if (!up || !rect) throw new Error('no vertical line or picture');
    expect(lineOf(layout, 'horizontal')).toHaveLength(0);
    expect(along(up)).toBeGreaterThan(0.95);
    // Between the picture and the weight's tile, where a horizontal line would be: no accent.
    const tile = layout.shapes.find(
      (shape) => shape.kind === 'panel' && shape.rect.y > rect.y + rect.height,
    );
    if (tile?.kind !== 'panel') throw new Error('no tile');
    const under = rect.y + rect.height;
    // (As wide as the picture and to its left, up to the vertical line's bottom tick.)
    const left = rect.x - 20;
    const band = { x: left, y: under, width: up.x - up.tick - left, height: tile.rect.y - under };
    expect(band.width).toBeGreaterThan(rect.width);
    expect(count(band)).toBe(0);
    // The weight's value is drawn on its tile, in the accent.
    expect(count(tile.rect)).toBeGreaterThan(100);
  });

  it('draws the horizontal line under the picture when the seller moves a callout there', async () => {
    const { layout, along, count } = await drawn([
      { label: 'Высота', value: '24 см' },
      { label: 'Вес', value: '110 г', placement: 'horizontal' },
    ]);
    const [across] = lineOf(layout, 'horizontal');
    const [up] = lineOf(layout, 'vertical');
    if (!across || !up) throw new Error('no lines');
    expect(along(across)).toBeGreaterThan(0.95);
    expect(along(up)).toBeGreaterThan(0.95);
    const rect = layout.picture?.rect;
    if (!rect) throw new Error('no picture');
    // The band the first test finds empty holds this line: that check can fail.
    const under = rect.y + rect.height;
    const band = { x: rect.x, y: under, width: rect.width, height: across.y + across.tick - under };
    expect(count(band)).toBeGreaterThan(rect.width * 2);
    // No tile is left: nothing in the accent under the weight's text.
    expect(layout.shapes.filter((shape) => shape.kind === 'panel')).toHaveLength(0);
    expect(count({ x: rect.x, y: across.y + 80, width: rect.width, height: 60 })).toBe(0);
  });
});
