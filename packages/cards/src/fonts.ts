/**
 * The card fonts, read from their TTF files (never through fontconfig) and shaped with fontkit
 * (GSUB/GPOS: ligatures, kerning, Cyrillic forms). The same numbers measure a word for the layout
 * and place its glyphs in the SVG, so what the layout decides is what the pixels show.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CardFont } from '@kadr/contract';
import { create, type Font } from 'fontkit';

export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);

/** The TTF of each family and weight, from the @expo-google-fonts packages (SIL OFL 1.1). */
const files: Readonly<Record<CardFont, Record<Weight, () => string>>> = {
  manrope: {
    regular: () => require.resolve('@expo-google-fonts/manrope/400Regular/Manrope_400Regular.ttf'),
    bold: () => require.resolve('@expo-google-fonts/manrope/700Bold/Manrope_700Bold.ttf'),
  },
  'pt-sans': {
    regular: () => require.resolve('@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf'),
    bold: () => require.resolve('@expo-google-fonts/pt-sans/700Bold/PTSans_700Bold.ttf'),
  },
  rubik: {
    regular: () => require.resolve('@expo-google-fonts/rubik/400Regular/Rubik_400Regular.ttf'),
    bold: () => require.resolve('@expo-google-fonts/rubik/700Bold/Rubik_700Bold.ttf'),
  },
};

/** One glyph of a shaped word, in font units: where it sits on the pen line and what it draws. */
type PlacedGlyph = { id: number; x: number; y: number };

/** A word shaped once: its glyphs, its advance, and how far its ink reaches on either side. */
export type ShapedWord = {
  glyphs: readonly PlacedGlyph[];
  /** The pen's advance, in font units. */
  advance: number;
  /** The ink's left edge (≤ 0 when a glyph reaches left of the pen) and right edge. */
  inkLeft: number;
  inkRight: number;
  /** Glyph ids the font has no outline for (.notdef), so a test can refuse them. */
  missing: number;
};

/**
 * The characters whose ink sets a face's vertical extent: every letter a Russian or English card
 * holds, capitals with accents (Й, Ё) and the tallest punctuation. A line's box reaches from the
 * highest ink of these to the lowest, so the text drawn stays inside the box the layout gave it.
 */
const repertoire =
  'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя' +
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzÅÉÖÜéöüß' +
  '0123456789.,:;!?«»"\'()[]{}/|\\-–—…№%₽$€+×°';

export class Face {
  readonly unitsPerEm: number;
  /** The highest and lowest ink of the repertoire, in font units (descent negative). */
  readonly inkAscent: number;
  readonly inkDescent: number;
  readonly capHeight: number;
  private readonly words = new Map<string, ShapedWord>();
  private readonly paths = new Map<number, string>();
  private readonly font: Font;

  constructor(font: Font) {
    this.font = font;
    this.unitsPerEm = font.unitsPerEm;
    this.capHeight = font.capHeight;
    let top = font.capHeight;
    let bottom = 0;
    for (const glyph of font.glyphsForString(repertoire)) {
      const box = glyph.bbox;
      if (!Number.isFinite(box.maxY)) continue;
      top = Math.max(top, box.maxY);
      bottom = Math.min(bottom, box.minY);
    }
    this.inkAscent = top;
    this.inkDescent = bottom;
  }

  /** A word (no spaces) shaped with the font's features; cached, as words repeat across sizes. */
  shape(word: string): ShapedWord {
    const known = this.words.get(word);
    if (known) return known;
    const run = this.font.layout(word);
    const glyphs: PlacedGlyph[] = [];
    let pen = 0;
    let inkLeft = 0;
    let inkRight = 0;
    let missing = 0;
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i];
      const x = pen + (position?.xOffset ?? 0);
      const y = position?.yOffset ?? 0;
      glyphs.push({ id: glyph.id, x, y });
      if (glyph.id === 0) missing++;
      const box = glyph.bbox;
      if (Number.isFinite(box.minX)) {
        inkLeft = Math.min(inkLeft, x + box.minX);
        inkRight = Math.max(inkRight, x + box.maxX);
      }
      pen += position?.xAdvance ?? glyph.advanceWidth;
    });
    const shaped = { glyphs, advance: pen, inkLeft, inkRight: Math.max(inkRight, pen), missing };
    this.words.set(word, shaped);
    return shaped;
  }

  /** The SVG path data of a glyph, in font units with y up; cached per glyph. */
  glyphPath(id: number): string {
    const known = this.paths.get(id);
    if (known !== undefined) return known;
    const path = this.font.getGlyph(id).path.toSVG();
    this.paths.set(id, path);
    return path;
  }
}

const faces = new Map<string, Face>();

/** The face of a family and weight, parsed once per process. */
export function getFace(font: CardFont, weight: Weight): Face {
  const key = `${font}:${weight}`;
  const known = faces.get(key);
  if (known) return known;
  const file = files[font][weight]();
  const parsed = create(readFileSync(file));
  if (!('layout' in parsed)) throw new Error(`${file} is a font collection`);
  const face = new Face(parsed);
  faces.set(key, face);
  return face;
}
