/**
 * Text fitting: a text box tries sizes from its largest down to its smallest; words wrap by their
 * measured widths; a word longer than the box is hyphenated at its hyphenation points (a visible
 * hyphen at the break); whatever still does not fit at the smallest size ends in an ellipsis. No
 * line is ever wider than its box and no block taller, so text never leaves the box it was given.
 */
import type { CardFont } from '@kadr/contract';
import { type Face, getFace, type Weight } from './fonts.ts';
import { hyphenationParts } from './hyphenation.ts';

export type TextStyle = { font: CardFont; weight: Weight };

/** A word of a line and where its pen starts, in px from the line's pen start. */
type LineWord = { text: string; x: number };

export type TextLine = {
  text: string;
  words: readonly LineWord[];
  /** The ink's width, px: what must fit the box. */
  width: number;
  /** How far the ink reaches left of the pen (≤ 0), px: the line is drawn that much to the right. */
  left: number;
  /** Whether the line ends in a hyphen the fitting added. */
  hyphenated: boolean;
};

export type TextFit = {
  /** The font size chosen, px. */
  size: number;
  /** From one baseline to the next, px. */
  pitch: number;
  /** From the block's top to the first baseline, px. */
  ascent: number;
  lines: readonly TextLine[];
  /** The widest line's ink and the block's height, px. */
  width: number;
  height: number;
  /** Smaller than the largest size. */
  shrunk: boolean;
  /** A word was broken with a hyphen. */
  hyphenated: boolean;
  /** The text did not fit at the smallest size: the last line ends in an ellipsis. */
  truncated: boolean;
};

export type FitOptions = {
  /** The box, px. */
  width: number;
  height: number;
  /** The sizes tried, px: from the largest down to the smallest, a pixel at a time. */
  maxSize: number;
  minSize: number;
  /** Baseline to baseline, as a share of the size. */
  leading: number;
  maxLines?: number;
  /**
   * Below this size, hyphenating a long word is preferred to shrinking further (default: three
   * quarters of the way from the largest size): a designer shrinks a title a little before
   * breaking a word, and breaks the word before shrinking it to the smallest size.
   */
  hyphenateBelow?: number;
};

const ellipsis = '…';

/**
 * A piece of a line: a word or the part of one drawn there; `hyphen` when the fitting added the
 * hyphen it ends in, `joins` when the next piece continues the same word.
 */
type Piece = { text: string; hyphen: boolean; joins: boolean };

/** Lines of pieces, in font units; null when a word does not fit and breaking is not allowed. */
function wrap(
  face: Face,
  words: readonly string[],
  width: number,
  mode: WrapMode | 'force',
): Piece[][] | null {
  const space = face.shape(' ').advance;
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let used = 0; // the pen's advance so far on this line
  const extentWith = (piece: string) => {
    const shaped = face.shape(piece);
    const start = line.length === 0 ? 0 : used + space;
    return { start, right: start + shaped.inkRight, left: Math.min(0, shaped.inkLeft) };
  };
  const lineLeft = () => (line[0] ? Math.min(0, face.shape(line[0].text).inkLeft) : 0);
  const fits = (piece: string) => {
    const { right, left } = extentWith(piece);
    return right - (line.length === 0 ? left : lineLeft()) <= width;
  };
  const place = (piece: string, hyphen: boolean, joins = false) => {
    const { start } = extentWith(piece);
    line.push({ text: piece, hyphen, joins });
    used = start + face.shape(piece).advance;
  };
  const flush = () => {
    if (line.length > 0) lines.push(line);
    line = [];
    used = 0;
  };
  for (const word of words) {
    if (fits(word)) {
      place(word, false);
      continue;
    }
    if (line.length > 0) {
      const alone = face.shape(word);
      if (alone.inkRight - Math.min(0, alone.inkLeft) <= width) {
        flush();
        place(word, false);
        continue;
      }
    }
    if (mode === 'whole') return null;
    // Longer than the box: break at hyphenation points, characters as the last resort.
    let parts = [...hyphenationParts(word)];
    while (parts.length > 0) {
      const rest = parts.join('');
      if (fits(rest)) {
        place(rest, false);
        break;
      }
      let taken = 0;
      for (let k = parts.length - 1; k >= 1; k--) {
        const head = parts.slice(0, k).join('');
        const mark = head.endsWith('-') ? head : `${head}-`;
        if (fits(mark)) {
          place(mark, !head.endsWith('-'), true);
          taken = k;
          break;
        }
      }
      if (taken > 0) {
        parts = parts.slice(taken);
        flush();
        continue;
      }
      if (line.length > 0) {
        flush();
        continue;
      }
      // Not even the first part fits an empty line.
      const first = parts[0] ?? '';
      const characters = Array.from(first);
      if (mode !== 'force' || characters.length <= 1) {
        if (mode !== 'force') return null;
        place(first, false); // a single character wider than the box: the caller's box is too small
        flush();
        parts = parts.slice(1);
        continue;
      }
      parts = [...characters, ...parts.slice(1)];
    }
  }
  flush();
  return lines;
}

/** Measures and positions a line's pieces at a size. */
function toLine(face: Face, pieces: readonly Piece[], size: number): TextLine {
  const scale = size / face.unitsPerEm;
  const space = face.shape(' ').advance;
  let pen = 0;
  let left = 0;
  let right = 0;
  const words: LineWord[] = pieces.map((piece, i) => {
    const shaped = face.shape(piece.text);
    if (i > 0) pen += space;
    const at = pen;
    left = Math.min(left, at + shaped.inkLeft);
    right = Math.max(right, at + shaped.inkRight);
    pen += shaped.advance;
    return { text: piece.text, x: at * scale };
  });
  return {
    text: pieces.map((piece) => piece.text).join(' '),
    words,
    width: (right - left) * scale,
    left: left * scale,
    hyphenated: pieces.at(-1)?.hyphen ?? false,
  };
}

/** The last line shortened until it and an ellipsis fit the width. */
function withEllipsis(face: Face, line: readonly Piece[], width: number, size: number): TextLine {
  let joined = '';
  for (const piece of line) {
    joined += piece.hyphen ? piece.text.slice(0, -1) : piece.text;
    if (!piece.joins) joined += ' ';
  }
  let characters = Array.from(joined.trimEnd());
  for (;;) {
    const text = `${characters.join('').replace(/[\s\-–—,.;:]+$/u, '')}${ellipsis}`;
    const pieces = words(text).map((word) => ({ text: word, hyphen: false, joins: false }));
    const candidate = toLine(face, pieces, size);
    if (candidate.width <= width || characters.length === 0) return candidate;
    characters = characters.slice(0, -1);
  }
}

/** A short word that a Russian (or English) line must not end with: в, и, к, на, по, of, a… */
const clinging = /^[\p{L}]{1,2}$/u;
/** A number, which stays with the short unit after it: 12 часов, 750 мл, 8 см. */
const number = /^[\d.,]*\d$/u;
const nbsp = '\u00a0';

/**
 * Splits typed text into words: spaces and line breaks separate, a no-break space does not. As a
 * Russian typesetter would, a short preposition or conjunction is kept with the word after it, a
 * number with its unit, and a dash with the word before it.
 */
function words(text: string): string[] {
  const tokens = text
    .normalize('NFC')
    .split(/[ \t\r\n]+/u)
    .filter((word) => word.length > 0);
  const joined: string[] = [];
  let glue = false;
  tokens.forEach((token, i) => {
    const previous = joined.at(-1);
    if (previous !== undefined && (glue || /^[—–-]$/u.test(token))) {
      joined[joined.length - 1] = `${previous}${nbsp}${token}`;
    } else {
      joined.push(token);
    }
    const next = tokens[i + 1] ?? '';
    glue = clinging.test(token) || (number.test(token) && next.length <= 5);
  });
  return joined;
}

/** The block's vertical measures at a size. */
function measures(face: Face, size: number, leading: number) {
  const scale = size / face.unitsPerEm;
  return {
    ascent: face.inkAscent * scale,
    descent: -face.inkDescent * scale,
    pitch: size * leading,
  };
}

function blockHeight(m: ReturnType<typeof measures>, lines: number): number {
  return lines === 0 ? 0 : m.ascent + m.descent + (lines - 1) * m.pitch;
}

/** How many lines fit the box's height at a size (and the caller's limit). */
function lineCapacity(face: Face, size: number, options: FitOptions): number {
  const m = measures(face, size, options.leading);
  const room = options.height - m.ascent - m.descent;
  const lines = room < 0 ? 0 : 1 + Math.floor(room / m.pitch + 1e-9);
  return Math.min(lines, options.maxLines ?? Number.POSITIVE_INFINITY);
}

function result(
  face: Face,
  pieces: readonly (readonly Piece[])[],
  size: number,
  options: FitOptions,
  truncated: boolean,
  last?: TextLine,
): TextFit {
  const lines = pieces.map((line) => toLine(face, line, size));
  if (last) lines[lines.length - 1] = last;
  const m = measures(face, size, options.leading);
  return {
    size,
    pitch: m.pitch,
    ascent: m.ascent,
    lines,
    width: Math.max(0, ...lines.map((line) => line.width)),
    height: blockHeight(m, lines.length),
    shrunk: size < options.maxSize,
    hyphenated: lines.some((line) => line.hyphenated),
    truncated,
  };
}

/** How a size may break words: only between them, at hyphenation points, or anywhere. */
export type WrapMode = 'whole' | 'hyphenate';

/**
 * The text at one size, or null when it does not fit the box there (a word wider than the box
 * in `whole` mode, or more lines than the box holds).
 */
export function fitAt(
  text: string,
  style: TextStyle,
  options: FitOptions,
  size: number,
  mode: WrapMode,
): TextFit | null {
  const face = getFace(style.font, style.weight);
  const units = (options.width * face.unitsPerEm) / size;
  const lines = wrap(face, words(text), units, mode);
  if (!lines || lines.length > lineCapacity(face, size, options)) return null;
  return result(face, lines, size, options, false);
}

/** The text at one size however long it is: the lines the box holds, the last one cut. */
export function cutAt(text: string, style: TextStyle, options: FitOptions, size: number): TextFit {
  const face = getFace(style.font, style.weight);
  const units = (options.width * face.unitsPerEm) / size;
  const lines = wrap(face, words(text), units, 'force') ?? [];
  const capacity = lineCapacity(face, size, options);
  if (lines.length <= capacity) return result(face, lines, size, options, false);
  const kept = lines.slice(0, capacity);
  const cut = kept.at(-1);
  if (!cut) return result(face, [], size, options, true);
  // The cut line carries a hint of what followed, shortened until the ellipsis fits.
  const last = withEllipsis(face, [...cut, ...(lines[capacity] ?? [])], options.width, size);
  return result(face, kept, size, options, true, last);
}

/**
 * The sizes to try, largest first, and how each may break words: first whole words down to the
 * point below which hyphenating is preferred to shrinking, then with hyphenation from the top.
 */
export function sizeSteps(
  maxSize: number,
  minSize: number,
  hyphenateBelow?: number,
): { size: number; mode: WrapMode }[] {
  const largest = Math.floor(maxSize);
  const smallest = Math.min(largest, Math.ceil(minSize));
  const below = Math.floor(hyphenateBelow ?? smallest + (largest - smallest) * 0.75);
  const steps: { size: number; mode: WrapMode }[] = [];
  for (let size = largest; size >= Math.max(smallest, below); size--) {
    steps.push({ size, mode: 'whole' });
  }
  for (let size = largest; size >= smallest; size--) steps.push({ size, mode: 'hyphenate' });
  return steps;
}

/** Fits a text into a box: the largest size at which it wraps inside, else the smallest, cut. */
export function fitText(text: string, style: TextStyle, options: FitOptions): TextFit {
  for (const { size, mode } of sizeSteps(
    options.maxSize,
    options.minSize,
    options.hyphenateBelow,
  )) {
    const fit = fitAt(text, style, options, size, mode);
    if (fit) return fit;
  }
  return cutAt(
    text,
    style,
    options,
    Math.min(Math.floor(options.maxSize), Math.ceil(options.minSize)),
  );
}
