import { getCardScene, marketplacePresets, safeArea } from '@kadr/catalog';
import { badgeStyles, slideKinds } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { layoutCard, type Rect } from './layout.ts';
import { buildKit, buildLongSlide, buildSlide } from './test/builders.ts';

const backdrop = getCardScene('studio-white') ?? { id: 'x', title: { ru: '', en: '' }, prompt: '' };
const inside = (rect: Rect, area: Rect) =>
  rect.x >= area.x - 1e-6 &&
  rect.y >= area.y - 1e-6 &&
  rect.x + rect.width <= area.x + area.width + 1e-6 &&
  rect.y + rect.height <= area.y + area.height + 1e-6;

describe('a card layout', () => {
  const cases = marketplacePresets.flatMap((preset) =>
    slideKinds.flatMap((kind) => badgeStyles.map((badgeStyle) => ({ preset, kind, badgeStyle }))),
  );

  it.each(cases)(
    '$preset.id $kind ($badgeStyle): every text, panel, badge and the logo inside the safe area',
    ({ preset, kind, badgeStyle }) => {
      for (const slide of [
        buildSlide({ kind, logo: true }),
        buildLongSlide({ kind, logo: true }),
      ]) {
        const layout = layoutCard({
          preset,
          slide,
          kit: buildKit({ badgeStyle }),
          picture: { width: 600, height: 900 },
          pictureKind: 'cutout',
          backdrop,
        });
        const safe = safeArea(preset);
        expect(layout.safe).toEqual(safe);
        for (const text of layout.texts) {
          expect(inside(text.box, safe), `${text.role} ${JSON.stringify(text.box)}`).toBe(true);
          expect(text.fit.height).toBeLessThanOrEqual(text.box.height + 1e-6);
          for (const line of text.fit.lines) {
            expect(line.width).toBeLessThanOrEqual(text.box.width + 1e-6);
          }
        }
        for (const shape of layout.shapes) {
          if (shape.kind === 'dimension') continue;
          expect(inside(shape.rect, safe), `${shape.kind} ${JSON.stringify(shape.rect)}`).toBe(
            true,
          );
        }
        expect(layout.logo && inside(layout.logo, safe)).toBe(true);
        // The cut-out is whole on the card, with the ratio it came with.
        const picture = layout.picture;
        expect(picture?.mode).toBe('contain');
        if (!picture) continue;
        expect(
          inside(picture.rect, { x: 0, y: 0, width: preset.width, height: preset.height }),
        ).toBe(true);
        expect(picture.rect.width / picture.rect.height).toBeCloseTo(600 / 900, 3);
      }
    },
  );

  it('puts the title in the same place on every slide of a set', () => {
    for (const preset of marketplacePresets) {
      const places = slideKinds.map((kind) => {
        const layout = layoutCard({
          preset,
          slide: buildSlide({ kind }),
          kit: buildKit(),
          picture: { width: 600, height: 900 },
          pictureKind: 'cutout',
          backdrop,
        });
        const title = layout.texts.find((text) => text.role === 'title');
        return title && { x: title.box.x, y: title.box.y, size: title.fit.size };
      });
      expect(new Set(places.map((place) => JSON.stringify(place))).size).toBe(1);
    }
  });

  it('covers the card with a scene or photo and sets text on panels', () => {
    const [preset] = marketplacePresets;
    if (!preset) throw new Error('no presets');
    const layout = layoutCard({
      preset,
      slide: buildSlide({ kind: 'in-use', picture: 'scene' }),
      kit: buildKit(),
      picture: { width: 1024, height: 1024 },
      pictureKind: 'scene',
      backdrop,
    });
    expect(layout.picture).toMatchObject({
      mode: 'cover',
      rect: { x: 0, y: 0, width: preset.width, height: preset.height },
    });
    const panels = layout.shapes.filter((shape) => shape.kind === 'panel');
    for (const text of layout.texts.filter((t) => t.role === 'title' || t.role === 'bullet')) {
      expect(panels.some((panel) => inside(text.box, panel.rect))).toBe(true);
    }
  });

  it('draws dimension lines along the product on the sizes slide', () => {
    const [preset] = marketplacePresets;
    if (!preset) throw new Error('no presets');
    const layout = layoutCard({
      preset,
      slide: buildSlide({
        kind: 'sizes',
        callouts: [
          { label: 'Ширина', value: '8 см' },
          { label: 'Высота', value: '26 см' },
        ],
      }),
      kit: buildKit(),
      picture: { width: 300, height: 900 },
      pictureKind: 'cutout',
      backdrop,
    });
    const picture = layout.picture?.rect;
    const lines = layout.shapes.filter((shape) => shape.kind === 'dimension');
    expect(lines.map((line) => line.axis)).toEqual(['horizontal', 'vertical']);
    expect(lines[0]?.length).toBeCloseTo(picture?.width ?? 0);
    expect(lines[1]?.length).toBeCloseTo(picture?.height ?? 0);
    const values = layout.texts.filter((text) => text.role === 'callout-value');
    expect(values.map((text) => text.fit.lines[0]?.text)).toEqual(['8\u00a0см', '26\u00a0см']);
  });

  it('shows the badge, bullets and callouts the slide has, and no more', () => {
    const [preset] = marketplacePresets;
    if (!preset) throw new Error('no presets');
    const layout = layoutCard({
      preset,
      slide: buildSlide({ kind: 'features', badge: '', callouts: [] }),
      kit: buildKit(),
      picture: null,
      pictureKind: 'cutout',
      backdrop,
    });
    expect(layout.picture).toBeNull();
    expect(layout.texts.map((text) => text.role).sort()).toEqual([
      'bullet',
      'bullet',
      'bullet',
      'title',
    ]);
    expect(layout.shapes.filter((shape) => shape.kind === 'icon').map((s) => s.icon)).toEqual([
      'drop',
      'leaf',
      'snowflake',
    ]);
    expect(layout.logo).toBeNull();
  });
});
