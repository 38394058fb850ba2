// What a channel format sets on each model (issue #49, ADR 051): the nearest shape it offers.
// Apart from the formats' table (./formats.ts), so a screen can show the formats before it loads
// this.
import { type FormatDefinition, formats } from './formats.ts';
import type { ModelDefinition, ParameterDefinition, ParamValue } from './types.ts';

/** What a format sets on one model. */
export type FormatFit = {
  /** The parameters to set. */
  values: Record<string, ParamValue>;
  /** The shape the model will make, as shown: '9:16' or '720 × 1280'. */
  shape: string;
  /** The model makes the format's shape exactly. */
  exact: boolean;
};

const ratioOf = (value: string): number | undefined => {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(value);
  return match ? Number(match[1]) / Number(match[2]) : undefined;
};

/** How far two shapes are apart: the same distance for twice as wide as for twice as tall. */
const distance = (a: number, b: number) => Math.abs(Math.log(a / b));
const near = (a: number, b: number) => distance(a, b) < 1e-4;

/** The values a size parameter takes, from its minimum on its step (or modulo) to its maximum. */
function sizeValues(def: ParameterDefinition): number[] {
  const min = def.min ?? 1;
  const max = def.max ?? 2048;
  const step = def.modulo?.divisor ?? def.step ?? 1;
  const first = def.modulo ? min + ((((def.modulo.remainder - min) % step) + step) % step) : min;
  const values: number[] = [];
  for (let value = first; value <= max; value += step) values.push(value);
  return values;
}

/**
 * The width × height of the ratio the model's size parameters allow, as near as can be to the
 * area of its default size (a format changes the shape, not the price or the wait): an exact
 * shape when one exists, else the nearest shape.
 */
function sizeFit(
  width: ParameterDefinition,
  height: ParameterDefinition,
  target: number,
): { width: number; height: number } {
  const heights = sizeValues(height);
  const area =
    (typeof width.default === 'number' ? width.default : (width.max ?? 1024)) *
    (typeof height.default === 'number' ? height.default : (height.max ?? 1024));
  let best: { width: number; height: number; score: number } | undefined;
  for (const w of sizeValues(width)) {
    // The height nearest the ratio for this width.
    const h = heights.reduce((a, b) =>
      Math.abs(b - w / target) < Math.abs(a - w / target) ? b : a,
    );
    const shape = distance(w / h, target);
    // The shape first; then the area.
    const score = (near(w / h, target) ? 0 : 10 + shape * 100) + distance(w * h, area);
    if (!best || score < best.score) best = { width: w, height: h, score };
  }
  return best ? { width: best.width, height: best.height } : { width: 1024, height: 1024 };
}

const byName = (model: ModelDefinition, name: string) =>
  model.parameters.find((def) => def.name === name);

/**
 * The nearest a model comes to a format: one of its aspect ratios, or a custom size where it
 * takes one (Seedream 3's custom ratio, HunyuanVideo's width and height). Undefined when the model
 * has no shape to choose (a tool, a talking character that keeps its picture's shape).
 */
export function fitFormat(model: ModelDefinition, format: FormatDefinition): FormatFit | undefined {
  const target = format.ratio.width / format.ratio.height;
  const aspect = byName(model, 'aspect_ratio');
  const width = byName(model, 'width');
  const height = byName(model, 'height');
  if (aspect?.options && !aspect.fixed) {
    const offered = aspect.options
      .map((option) => ({ value: option.value, ratio: ratioOf(option.value) }))
      .filter((option): option is { value: string; ratio: number } => option.ratio !== undefined);
    const best = offered.reduce<(typeof offered)[number] | undefined>(
      (found, option) =>
        found === undefined || distance(option.ratio, target) < distance(found.ratio, target)
          ? option
          : found,
      undefined,
    );
    if (best && near(best.ratio, target)) {
      return { values: { aspect_ratio: best.value }, shape: best.value, exact: true };
    }
    // A custom ratio with its own width and height makes the shape exactly.
    const custom = aspect.options.some((option) => option.value === 'custom');
    if (custom && width && height) {
      const size = sizeFit(width, height, target);
      return {
        values: { aspect_ratio: 'custom', width: size.width, height: size.height },
        shape: `${size.width} × ${size.height}`,
        exact: near(size.width / size.height, target),
      };
    }
    if (best) return { values: { aspect_ratio: best.value }, shape: best.value, exact: false };
  }
  if (width && height && width.type === 'number' && height.type === 'number') {
    const size = sizeFit(width, height, target);
    return {
      values: { width: size.width, height: size.height },
      shape: `${size.width} × ${size.height}`,
      exact: near(size.width / size.height, target),
    };
  }
  return undefined;
}

/** The formats a model can take (any shape to choose), each with how it fits. */
export function formatsFor(model: ModelDefinition): { format: FormatDefinition; fit: FormatFit }[] {
  return formats.flatMap((format) => {
    const fit = fitFormat(model, format);
    return fit ? [{ format, fit }] : [];
  });
}
