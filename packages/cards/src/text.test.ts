import { describe, expect, it } from 'vitest';
import { hyphenationParts } from './hyphenation.ts';
import { type FitOptions, fitAt, fitText, type TextStyle } from './text.ts';

const regular: TextStyle = { font: 'manrope', weight: 'regular' };
const bold: TextStyle = { font: 'pt-sans', weight: 'bold' };

const box = (changes: Partial<FitOptions>): FitOptions => ({
  width: 400,
  height: 400,
  maxSize: 40,
  minSize: 20,
  leading: 1.2,
  ...changes,
});

/** The text a fit shows, its lines joined back (a hyphen the fitting added joins its word). */
const joined = (lines: readonly { text: string; hyphenated: boolean }[]) =>
  lines
    .map((line, i) =>
      line.hyphenated ? line.text.slice(0, -1) : line.text + (i < lines.length - 1 ? ' ' : ''),
    )
    .join('')
    .replaceAll('\u00a0', ' ');

describe('fitting text to a box', () => {
  it('keeps the largest size when the text fits, one line per measured width', () => {
    const fit = fitText('Держит холод', bold, box({}));
    expect(fit.size).toBe(40);
    expect(fit.lines).toHaveLength(1);
    expect(fit).toMatchObject({ shrunk: false, hyphenated: false, truncated: false });
  });

  it('wraps words by their widths: every line within the box, nothing lost', () => {
    const text = 'Двойные стенки держат холод двенадцать часов и тепло шесть часов';
    const fit = fitText(text, regular, box({ width: 260, maxSize: 28, minSize: 28 }));
    expect(fit.lines.length).toBeGreaterThan(2);
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(260);
    expect(joined(fit.lines)).toBe(text);
    // A wider box takes fewer lines: the widths are measured, not guessed.
    const wide = fitText(text, regular, box({ width: 520, maxSize: 28, minSize: 28 }));
    expect(wide.lines.length).toBeLessThan(fit.lines.length);
  });

  it('shrinks until the text fits the height', () => {
    const text = 'Двойные стенки держат холод двенадцать часов';
    const fit = fitText(text, regular, box({ width: 300, height: 80 }));
    expect(fit.shrunk).toBe(true);
    expect(fit.size).toBeLessThan(40);
    expect(fit.size).toBeGreaterThanOrEqual(20);
    expect(fit.height).toBeLessThanOrEqual(80);
    expect(fit.truncated).toBe(false);
    // One pixel larger would not have fitted, even hyphenated.
    const options = box({ width: 300, height: 80 });
    expect(fitAt(text, regular, options, fit.size + 1, 'hyphenate')).toBeNull();
    expect(fitAt(text, regular, options, fit.size, 'whole')).not.toBeNull();
  });

  it('hyphenates a word longer than the box at a Russian hyphenation point, with a visible hyphen', () => {
    const word = 'Сверхводонепроницаемый';
    const fit = fitText(word, bold, box({ width: 160, maxSize: 30, minSize: 24 }));
    expect(fit.hyphenated).toBe(true);
    expect(fit.lines.length).toBeGreaterThan(1);
    const parts = hyphenationParts(word);
    let at = 0;
    const breaks = new Set(parts.map((part) => (at += part.length)));
    let consumed = 0;
    for (const line of fit.lines.slice(0, -1)) {
      expect(line.text.endsWith('-')).toBe(true);
      expect(line.hyphenated).toBe(true);
      consumed += line.text.length - 1;
      expect(breaks.has(consumed)).toBe(true);
    }
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(160);
    expect(joined(fit.lines)).toBe(word);
  });

  it('shrinks a little before it hyphenates, and hyphenates before it shrinks to the smallest', () => {
    const word = 'Водонепроницаемый';
    // Whole at 40 px it is wider than 300 px; whole at 32 it fits: shrinking wins.
    const near = fitText(word, bold, box({ width: 330, maxSize: 40, minSize: 10 }));
    expect(near.hyphenated).toBe(false);
    expect(near.lines).toHaveLength(1);
    expect(near.size).toBeGreaterThanOrEqual(10 + (40 - 10) * 0.75);
    // In a box that would take it whole only far below that, it is hyphenated instead.
    const far = fitText(word, bold, box({ width: 150, maxSize: 40, minSize: 10 }));
    expect(far.hyphenated).toBe(true);
    expect(far.size).toBeGreaterThan(10);
  });

  it('ends the last line in an ellipsis when the text does not fit at the smallest size', () => {
    const text =
      'Антибактериальное покрытие внутренней поверхности препятствует появлению запаха и пятен';
    const fit = fitText(text, regular, box({ width: 200, height: 60, maxSize: 24, minSize: 18 }));
    expect(fit.size).toBe(18);
    expect(fit.truncated).toBe(true);
    expect(fit.lines.at(-1)?.text.endsWith('…')).toBe(true);
    expect(fit.height).toBeLessThanOrEqual(60);
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(200);
  });

  it('honours a line limit as it honours the height', () => {
    const text = 'Широкоугольная откидывающаяся крышка открывается одной рукой';
    const fit = fitText(text, regular, box({ width: 180, maxSize: 20, minSize: 20, maxLines: 2 }));
    expect(fit.lines).toHaveLength(2);
    expect(fit.truncated).toBe(true);
  });

  it('breaks a word with no hyphenation points by characters rather than overflow', () => {
    const fit = fitText('WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW', bold, box({ width: 120, height: 1000 }));
    expect(fit.size).toBe(20);
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(120);
    expect(fit.lines.length).toBeGreaterThan(2);
  });

  it('keeps a short preposition with the next word and a number with its unit', () => {
    const fit = fitText(
      'Подходит в офис и в поход на 12 часов',
      regular,
      box({ width: 150, maxSize: 24, minSize: 24, height: 1000 }),
    );
    for (const line of fit.lines) {
      expect(line.text).not.toMatch(/(^|\s)(в|и|на)$/u);
      expect(line.text).not.toMatch(/12$/u);
    }
  });

  it('fits nothing into a box too small for one line', () => {
    const fit = fitText('Текст', regular, box({ height: 5 }));
    expect(fit.lines).toHaveLength(0);
    expect(fit.height).toBe(0);
  });
});
