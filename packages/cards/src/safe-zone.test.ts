// The test: every preset, every slide kind, long Russian text — checked on the rendered
// pixels. On a flat backdrop with no picture, whatever Kadr draws (text, panels, icons, badges,
// callouts, the logo) must leave every pixel outside the preset's safe area the backdrop's colour.
import {
  type CardScene,
  type MarketplacePreset,
  marketplacePresets,
  safeArea,
} from '@kadr/catalog';
import {
  type BadgeStyle,
  badgeStyles,
  type CardFont,
  cardFonts,
  type SlidePicture,
  slideKinds,
} from '@kadr/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getFace } from './fonts.ts';
import { layoutCard } from './layout.ts';
import { renderCard } from './render.ts';
import { buildKit, buildLongSlide } from './test/builders.ts';

const backdropColour = '#e9edf2';
const flat: CardScene = {
  id: 'flat',
  title: { ru: 'Ровный', en: 'Flat' },
  prompt: '',
  drawn: { from: backdropColour, to: backdropColour },
};
const textColour = '#1b2430';

/** A logo that fills its file edge to edge, so any pixel of it outside the box would show. */
const logo = await sharp({
  create: { width: 400, height: 160, channels: 4, background: '#c2185b' },
})
  .png()
  .toBuffer();

type Pixels = { data: Buffer; width: number; height: number; channels: number };

async function pixels(file: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(file)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Pixels outside the rect that differ from the colour; and pixels inside near `ink`. */
function census(image: Pixels, rect: ReturnType<typeof safeArea>, colour: string, ink: string) {
  const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
  const [r, g, b] = hex(colour);
  const [ir = 0, ig = 0, ib = 0] = hex(ink);
  let outside = 0;
  let inked = 0;
  let first: string | null = null;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const o = (y * image.width + x) * image.channels;
      const [pr = 0, pg = 0, pb = 0] = [image.data[o], image.data[o + 1], image.data[o + 2]];
      const inside =
        x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
      if (!inside) {
        if (pr !== r || pg !== g || pb !== b) {
          outside++;
          first ??= `(${x}, ${y}) = ${pr},${pg},${pb}`;
        }
      } else if (Math.abs(pr - ir) + Math.abs(pg - ig) + Math.abs(pb - ib) < 60) {
        inked++;
      }
    }
  }
  return { outside, inked, first };
}

const asPng = (preset: MarketplacePreset): MarketplacePreset => ({ ...preset, format: 'png' });

const cases = marketplacePresets.flatMap((preset, p) =>
  slideKinds.flatMap((kind, k) =>
    (['cutout', 'scene'] as const satisfies readonly SlidePicture[]).map((pictureKind, c) => {
      const n = p + k + c;
      return {
        preset,
        kind,
        pictureKind,
        font: cardFonts[n % cardFonts.length] as CardFont,
        badgeStyle: badgeStyles[n % badgeStyles.length] as BadgeStyle,
        logo: n % 2 === 0,
      };
    }),
  ),
);

describe('long Russian text stays inside the safe area, on the pixels', () => {
  it.each(cases)(
    '$preset.id $kind ($pictureKind, $font, $badgeStyle badge)',
    async ({ preset, kind, pictureKind, font, badgeStyle, logo: withLogo }) => {
      const slide = buildLongSlide({ kind, picture: pictureKind, logo: withLogo });
      const kit = buildKit({
        font,
        badgeStyle,
        colours: { text: textColour, accent: '#2f6fde', panel: '#ffffff' },
      });
      const card = await renderCard({
        preset: asPng(preset),
        slide,
        kit,
        index: 0,
        count: 5,
        picture: null,
        pictureKind,
        backdrop: flat,
        logo: withLogo ? logo : null,
      });
      expect(card.format).toBe('png');
      const image = await pixels(card.data);
      expect([image.width, image.height]).toEqual([preset.width, preset.height]);
      const found = census(image, safeArea(preset), backdropColour, textColour);
      expect(found.first).toBeNull();
      expect(found.outside).toBe(0);
      // Plenty of text was drawn inside, so the check above had something to catch.
      expect(found.inked).toBeGreaterThan(preset.width * preset.height * 0.005);

      // And the text had to give way: the title is smaller than its largest size.
      const layout = layoutCard({
        preset,
        slide,
        kit,
        picture: null,
        pictureKind,
        backdrop: flat,
      });
      const titles = layout.texts.filter((text) => text.role === 'title');
      expect(titles).toHaveLength(1);
      expect(titles[0]?.fit.shrunk).toBe(true);
      expect(layout.texts.filter((text) => text.role === 'bullet').length).toBeGreaterThan(0);
      expect(layout.texts.every((text) => text.fit.lines.length > 0)).toBe(true);
    },
  );

  it.each(marketplacePresets)('$id hyphenates the long words', (preset) => {
    const hyphenated = slideKinds.flatMap((kind) =>
      layoutCard({
        preset,
        slide: buildLongSlide({ kind }),
        kit: buildKit(),
        picture: null,
        pictureKind: 'cutout',
        backdrop: flat,
      }).texts.filter((text) => text.fit.hyphenated),
    );
    expect(hyphenated.length).toBeGreaterThan(0);
    for (const text of hyphenated) {
      const broken = text.fit.lines.filter((line) => line.hyphenated);
      expect(broken.every((line) => line.text.endsWith('-'))).toBe(true);
    }
  });

  it('finds text drawn past the safe area (the check can fail)', async () => {
    const [preset] = marketplacePresets;
    if (!preset) throw new Error('no presets');
    // The same card laid out with almost no safe insets reaches where the real preset forbids.
    const loose = {
      ...asPng(preset),
      safe: { top: 0.005, right: 0.005, bottom: 0.005, left: 0.005 },
    };
    const card = await renderCard({
      preset: loose,
      slide: buildLongSlide({ kind: 'features' }),
      kit: buildKit({ colours: { text: textColour, accent: '#2f6fde', panel: '#ffffff' } }),
      index: 0,
      count: 5,
      picture: null,
      pictureKind: 'cutout',
      backdrop: flat,
      logo: null,
    });
    const found = census(await pixels(card.data), safeArea(preset), backdropColour, textColour);
    expect(found.outside).toBeGreaterThan(1000);
  });
});

describe('the fonts', () => {
  const russian = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя№₽«»—–…';
  it.each(
    cardFonts.flatMap((font) => (['regular', 'bold'] as const).map((weight) => ({ font, weight }))),
  )('$font $weight has a glyph for every Russian letter and sign', ({ font, weight }) => {
    const face = getFace(font, weight);
    for (const character of russian) {
      const shaped = face.shape(character);
      expect(shaped.missing, character).toBe(0);
      expect(shaped.glyphs.length, character).toBeGreaterThan(0);
      expect(face.glyphPath(shaped.glyphs[0]?.id ?? 0).length, character).toBeGreaterThan(0);
    }
    // The control: a character no card font has is reported missing.
    expect(face.shape('\u{1F9EA}').missing).toBeGreaterThan(0);
  });
});
