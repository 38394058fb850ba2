/** Colours as `#rrggbb`, the form the brand kit and the scenes keep them in. */
type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex).map(channel) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The first candidate that reads on the background at the contrast bold text needs (3 : 1), else
 * the one that reads best: white on an accent, as a designer would, unless the accent is light.
 */
export function readableOn(background: string, candidates: readonly string[]): string {
  const enough = candidates.find((colour) => contrast(colour, background) >= 3);
  if (enough) return enough;
  let best = candidates[0] ?? '#000000';
  for (const colour of candidates) {
    if (contrast(colour, background) > contrast(best, background)) best = colour;
  }
  return best;
}

/** `a` moved towards `b` by `share` (0 … 1). */
export function mix(a: string, b: string, share: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * share) as Rgb);
}
