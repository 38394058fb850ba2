/** Pixel sizes from aspect ratios, the way the emulated models size their outputs. */

export type Size = { width: number; height: number };

/** `"16:9"` → 16/9; undefined for anything that is not two positive numbers. */
export function parseAspectRatio(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(value);
  if (!match) return undefined;
  const w = Number(match[1]);
  const h = Number(match[2]);
  return w > 0 && h > 0 ? w / h : undefined;
}

function roundTo(value: number, multiple: number): number {
  return Math.max(multiple, Math.round(value / multiple) * multiple);
}

/** Longest side fixed, the other from the ratio. */
export function fitLongSide(ratio: number, longSide: number, multiple = 8): Size {
  return ratio >= 1
    ? { width: longSide, height: roundTo(longSide / ratio, multiple) }
    : { width: roundTo(longSide * ratio, multiple), height: longSide };
}

/** Shortest side fixed, the other from the ratio. */
export function fitShortSide(ratio: number, shortSide: number, multiple = 8): Size {
  return ratio >= 1
    ? { width: roundTo(shortSide * ratio, multiple), height: shortSide }
    : { width: shortSide, height: roundTo(shortSide / ratio, multiple) };
}

/** About `area` pixels at the ratio, both sides a multiple of `multiple`. */
export function fitArea(ratio: number, area: number, multiple = 16): Size {
  const width = roundTo(Math.sqrt(area * ratio), multiple);
  return { width, height: roundTo(width / ratio, multiple) };
}

/** Keeps extreme input images from producing absurd outputs. */
export function clampRatio(ratio: number, min = 1 / 4, max = 4): number {
  return Math.min(max, Math.max(min, ratio));
}
