import { getCardScene, getMarketplacePreset, marketplacePresets, safeArea } from '@kadr/catalog';
import { badgeStyles, type CardBullet, slideKinds } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { layoutCard, type Rect } from './layout.ts';
import { renderCard } from './render.ts';
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

describe('what a layout leaves out', () => {
  const preset = getMarketplacePreset('yandex-market');
  if (!preset) throw new Error('no yandex-market preset');
  const long = buildLongSlide().bullets;
  const six: CardBullet[] = [
    ...long,
    { text: 'Прочная ручка из нержавеющей стали выдерживает до двадцати килограммов', icon: 'box' },
  ];
  const layout = (bullets: CardBullet[], kind: 'main' | 'sizes' = 'main') =>
    layoutCard({
      preset,
      slide: buildSlide({ kind, bullets }),
      kit: buildKit(),
      picture: { width: 600, height: 900 },
      pictureKind: 'cutout',
      backdrop,
    });
  /** The bullets' numbers, from 0, among the drawn texts. */
  const drawnBullets = (
    bullets: readonly CardBullet[],
    texts: ReturnType<typeof layout>['texts'],
  ) =>
    bullets.flatMap((bullet, i) => {
      const start = bullet.text.split(' ')[0] ?? '';
      const drawn = texts.some(
        (text) => text.role === 'bullet' && text.fit.lines[0]?.text.startsWith(start.slice(0, 6)),
      );
      return bullet.text.trim() && drawn ? [i] : [];
    });

  it('names the bullets it dropped and those it cut, on a 1000 × 1000 main slide', () => {
    const found = layout(six);
    const dropped = found.omitted.filter((o) => o.how === 'dropped').map((o) => o.field);
    const cut = found.omitted.filter((o) => o.how === 'cut').map((o) => o.field);
    expect(dropped.length).toBeGreaterThan(0);
    // The last bullets are the ones left off; every one drawn ends in an ellipsis.
    const shown = drawnBullets(six, found.texts);
    expect(shown.length + dropped.length).toBe(six.length);
    expect(dropped).toEqual(six.map((_, i) => `bullets.${i}`).slice(shown.length));
    expect(cut).toEqual(shown.map((i) => `bullets.${i}`));
    const bullets = found.texts.filter((text) => text.role === 'bullet');
    expect(bullets.every((text) => text.fit.truncated)).toBe(true);
  });

  it('counts the bullets as the slide holds them, empty ones too', () => {
    const withEmpty = [six[0], { text: '  ', icon: 'check' }, ...six.slice(1)] as CardBullet[];
    const found = layout(withEmpty);
    const fields = found.omitted.map((o) => o.field);
    expect(fields).not.toContain('bullets.1');
    expect(fields.at(-1)).toBe(`bullets.${withEmpty.length - 1}`);
    expect(found.omitted.find((o) => o.field === 'bullets.0')?.how).toBe('cut');
  });

  it('leaves nothing out of a short set', () => {
    for (const kind of slideKinds) {
      // A sizes slide starts with no bullets (and a square one with bullets and tiles has little
      // room for them: the check names those it drops, as above).
      const found = layoutCard({
        preset,
        slide: buildSlide(kind === 'sizes' ? { kind, bullets: [] } : { kind }),
        kit: buildKit(),
        picture: { width: 600, height: 900 },
        pictureKind: 'cutout',
        backdrop,
      });
      expect(found.omitted, kind).toEqual([]);
    }
  });

  it('names a title and a callout it cut', () => {
    const found = layoutCard({
      preset,
      slide: buildLongSlide({
        kind: 'sizes',
        title: 'Сверхводонепроницаемый '.repeat(4).trim(),
        bullets: [],
        callouts: [
          { label: 'Грузоподъёмность', value: 'Сверхпрочный пластик' },
          { label: 'Высота', value: 'Сверхводонепроницаемый высокопрочный термоконтейнер' },
        ],
      }),
      kit: buildKit(),
      picture: { width: 600, height: 900 },
      pictureKind: 'cutout',
      backdrop,
    });
    const fields = found.omitted.map((o) => `${o.field} ${o.how}`);
    expect(fields).toEqual(['title cut', 'callouts.1.value cut']);
    // Everything named was drawn short: its last line ends in the ellipsis.
    for (const text of found.texts.filter((t) => t.fit.truncated)) {
      expect(text.fit.lines.at(-1)?.text.endsWith('…')).toBe(true);
    }
    expect(found.omitted).toHaveLength(found.texts.filter((t) => t.fit.truncated).length);
  });

  it('hands what it left out to the rendered card', async () => {
    const card = await renderCard({
      preset,
      slide: buildSlide({ bullets: six }),
      kit: buildKit(),
      index: 0,
      count: 1,
      picture: null,
      pictureKind: 'cutout',
      backdrop,
      logo: null,
      width: 200,
    });
    const expected = layoutCard({
      preset,
      slide: buildSlide({ bullets: six }),
      kit: buildKit(),
      picture: null,
      pictureKind: 'cutout',
      backdrop,
    }).omitted;
    expect(expected.some((o) => o.how === 'dropped')).toBe(true);
    expect(card.omitted).toEqual(expected);
  });
});
