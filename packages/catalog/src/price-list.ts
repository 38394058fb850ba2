import { defaultParameters, priceOf } from './catalog.ts';
import { effectiveDuration } from './duration.ts';
import { pricedParameters, priceOfModel } from './price.ts';
import { validateModelRequest } from './request.ts';
import { listModels } from './studio-models.ts';
import { listTools } from './tool-models.ts';
import type {
  Localized,
  ModelDefinition,
  ModelType,
  ParameterDefinition,
  ParamValue,
} from './types.ts';

/**
 * What the product says about generation costs — the pricing screen and the public pages — worked
 * out from the price rules and the options each model offers, never from translated text: a price
 * table may keep a rate for an option the form does not offer (Seedance 1 Lite's 1080p), and no
 * page may name it.
 */

/** One rate of a model: per image, per second (at a resolution, or with an option), or per video. */
export type CostRate = {
  tokens: number;
  per: 'image' | 'second' | 'video' | 'megapixel';
  /** The resolution this per-second rate applies to. */
  resolution?: string;
  /** The option this per-second rate applies to, said mid-sentence ('with sound'). */
  option?: Localized;
  /** Per megapixel: the least a run costs however small its result. */
  minimum?: number;
};

export type ModelCost = {
  id: string;
  name: string;
  description: ModelDefinition['description'];
  rates: CostRate[];
  /**
   * For a model that always makes videos of one length: that length and what it costs, the least
   * and, when an option makes it dearer (Veo 3's sound), `upTo` the most.
   */
  fixed?: { seconds: number; tokens: number; upTo?: number };
};

/** The values a model's select parameter offers, in the form's order; empty when it has none. */
export function offeredOptions(model: ModelDefinition, param: string): string[] {
  const def: ParameterDefinition | undefined = model.parameters.find((p) => p.name === param);
  if (def?.fixed === true) return typeof def.default === 'string' ? [def.default] : [];
  return (def?.options ?? []).map((option) => option.value);
}

/** The values a model's select or boolean parameter offers, in the form's order. */
function offeredValues(model: ModelDefinition, param: string): ParamValue[] {
  const def = model.parameters.find((p) => p.name === param);
  if (def?.type !== 'boolean') return offeredOptions(model, param);
  return def.fixed === true ? [def.default ?? null] : [true, false];
}

/**
 * A model's rates as the price list states them: for a rate by resolution or by option, only the
 * values the form offers, cheapest first (a table may keep a rate for one it does not: Seedance 1
 * Lite's 1080p).
 */
export function priceRates(model: ModelDefinition): CostRate[] {
  return ratesOf(model);
}

function ratesOf(model: ModelDefinition): CostRate[] {
  const rule = model.price;
  switch (rule.kind) {
    case 'per-output':
      return [{ tokens: rule.tokens, per: 'image' }];
    case 'flat':
      return [{ tokens: rule.tokens, per: model.type === 'image' ? 'image' : 'video' }];
    case 'per-megapixel':
      return [{ tokens: rule.tokensPerMegapixel, per: 'megapixel', minimum: rule.minimum }];
    case 'per-second':
      return [{ tokens: rule.tokensPerSecond, per: 'second' }];
    case 'per-second-by-resolution':
      // Only what the form offers, cheapest first (the form's order breaks ties).
      return offeredOptions(model, rule.param)
        .flatMap((resolution) => {
          const tokens = rule.tokensPerSecond[resolution];
          return tokens === undefined ? [] : [{ tokens, per: 'second' as const, resolution }];
        })
        .sort((a, b) => a.tokens - b.tokens);
    case 'per-second-by-option':
      // Likewise, each rate named by its option ('with sound').
      return offeredValues(model, rule.param)
        .flatMap((value) => {
          const tokens = rule.tokensPerSecond[String(value)];
          const option = rule.labels[String(value)];
          return tokens === undefined || option === undefined
            ? []
            : [{ tokens, per: 'second' as const, option }];
        })
        .sort((a, b) => a.tokens - b.tokens);
  }
}

/** The values of a priced parameter worth trying for the least price: each offered, or the ends. */
function candidateValues(def: ParameterDefinition): ParamValue[] {
  if (def.fixed === true) return [def.default ?? null];
  if (def.type === 'select') return (def.options ?? []).map((option) => option.value);
  if (def.type === 'boolean') return [true, false];
  const ends = [def.min, def.max, def.default].filter((v): v is number => typeof v === 'number');
  return ends.length > 0 ? [...new Set(ends)] : [def.default ?? null];
}

/** More combinations than any model has: the search stops there rather than grow unbounded. */
const maxCombinations = 512;

/**
 * The least a generation of the model can cost (`/api/v1/models`' `price.from`): every
 * combination of the offered values of the parameters its price depends on, kept only when the
 * catalogue's own checks take it (a value or pairing the model refuses is never priced), priced
 * as the server charges. A tool priced by the megapixel costs at least its minimum; a talking
 * character's shortest video lasts its shortest recording, one second (ADR 049).
 */
export function lowestPrice(model: ModelDefinition): number {
  const rule = model.price;
  if (rule.kind === 'per-megapixel') return rule.minimum;
  if (model.speech && rule.kind === 'per-second') return rule.tokensPerSecond;
  const names = pricedParameters(model);
  const defs = model.parameters.filter((def) => names.includes(def.name));
  let combinations: Record<string, ParamValue>[] = [{}];
  for (const def of defs) {
    combinations = combinations
      .flatMap((chosen) => candidateValues(def).map((value) => ({ ...chosen, [def.name]: value })))
      .slice(0, maxCombinations);
  }
  const defaults = defaultParameters(model.id);
  const prices = combinations.flatMap((chosen) => {
    const checked = validateModelRequest(model, { prompt: 'a', parameters: chosen });
    // Only the priced values' own refusals count: a missing start picture is not the price's.
    if (!checked.ok && checked.errors.some((error) => names.includes(error.field))) return [];
    try {
      return [priceOfModel(model, { parameters: { ...defaults, ...chosen }, duration: 0 })];
    } catch {
      return [];
    }
  });
  return prices.length > 0 ? Math.min(...prices) : (priceOfDefaults(model) ?? 0);
}

function priceOfDefaults(model: ModelDefinition): number | null {
  try {
    return priceOfModel(model, { parameters: defaultParameters(model.id), duration: 0 });
  } catch {
    return null;
  }
}

/** A fixed-length video's price at its defaults, or its least and most over a priced option. */
function fixedCost(model: ModelDefinition, seconds: number): NonNullable<ModelCost['fixed']> {
  const defaults = defaultParameters(model.id);
  const rule = model.price;
  const values =
    rule.kind === 'per-second-by-option' || rule.kind === 'per-second-by-resolution'
      ? offeredValues(model, rule.param).map((value) => ({ [rule.param]: value }))
      : [];
  const prices = (values.length > 0 ? values : [{}]).map((chosen) =>
    priceOf(model.id, { parameters: { ...defaults, ...chosen }, duration: 0 }),
  );
  const tokens = Math.min(...prices);
  const most = Math.max(...prices);
  return most > tokens ? { seconds, tokens, upTo: most } : { seconds, tokens };
}

/** The cost card of every model of a type that people can use, in the catalogue's order. */
export function modelCosts(type: ModelType): ModelCost[] {
  return listModels(type).map((model) => ({
    id: model.id,
    name: model.name,
    description: model.description,
    rates: ratesOf(model),
    ...(model.fixedDuration === undefined ? {} : { fixed: fixedCost(model, model.fixedDuration) }),
  }));
}

export type ToolCost = {
  id: string;
  /** What the person sees ("Upscale"). */
  title: Localized;
  description: Localized;
  /** One rate: per image (flat), or per megapixel of the result with its minimum. */
  rate: CostRate;
};

/** The cost of every finishing tool (ADR 038), in the catalogue's order. */
export function toolCosts(): ToolCost[] {
  return listTools().flatMap((model) => {
    const rate = ratesOf(model)[0];
    return rate === undefined
      ? []
      : [{ id: model.id, title: model.tool.title, description: model.description, rate }];
  });
}

/** The lowest figures of the price list: one image, one second of video (the public FAQ's 'from'). */
export function lowestCosts(): { image: number; videoSecond: number } {
  const lowest = (type: ModelType, per: CostRate['per']) =>
    Math.min(
      ...modelCosts(type).flatMap((card) =>
        card.rates.filter((rate) => rate.per === per).map((rate) => rate.tokens),
      ),
    );
  return { image: lowest('image', 'image'), videoSecond: lowest('video', 'second') };
}

export type WorkedExample =
  | { kind: 'image'; model: string; tokens: number }
  | { kind: 'video'; model: string; seconds: number; resolution: string; tokens: number }
  | {
      kind: 'package';
      packageTokens: number;
      images: number;
      imageModel: string;
      videos: number;
      video: { model: string; seconds: number; resolution: string };
    };

function cheapestImageModel(): { model: ModelDefinition; tokens: number } | undefined {
  let best: { model: ModelDefinition; tokens: number } | undefined;
  for (const model of listModels('image')) {
    const tokens = priceOf(model.id, { parameters: defaultParameters(model.id), duration: 0 });
    if (!best || tokens < best.tokens) best = { model, tokens };
  }
  return best;
}

/**
 * Videos whose price depends on the resolution, each at its dearest offered resolution and its
 * default length, priced exactly as the server charges: 'a 5-second 1080p video costs 75'.
 */
function resolutionVideos(): Extract<WorkedExample, { kind: 'video' }>[] {
  const examples: Extract<WorkedExample, { kind: 'video' }>[] = [];
  for (const model of listModels('video')) {
    const rule = model.price;
    if (rule.kind !== 'per-second-by-resolution') continue;
    // The dearest offered rate; of equal rates the one the form lists last, the highest.
    const top = ratesOf(model).at(-1)?.resolution;
    if (top === undefined) continue;
    const parameters = { ...defaultParameters(model.id), [rule.param]: top };
    examples.push({
      kind: 'video',
      model: model.name,
      seconds: effectiveDuration(model, parameters),
      resolution: top,
      tokens: priceOf(model.id, { parameters, duration: 0 }),
    });
  }
  return examples.sort((a, b) => b.tokens - a.tokens);
}

/**
 * A few costs worked out: the cheapest picture, the resolution-priced videos, and what a package
 * of `packageTokens` buys of each.
 */
export function workedExamples(packageTokens: number | undefined): WorkedExample[] {
  const examples: WorkedExample[] = [];
  const image = cheapestImageModel();
  if (image) examples.push({ kind: 'image', model: image.model.name, tokens: image.tokens });
  const videos = resolutionVideos();
  examples.push(...videos);
  const video = videos[0];
  if (packageTokens !== undefined && image && video) {
    examples.push({
      kind: 'package',
      packageTokens,
      images: Math.floor(packageTokens / image.tokens),
      imageModel: image.model.name,
      videos: Math.floor(packageTokens / video.tokens),
      video: { model: video.model, seconds: video.seconds, resolution: video.resolution },
    });
  }
  return examples;
}
