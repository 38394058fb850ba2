import { defaultParameters, priceOf } from './catalog.ts';
import { effectiveDuration } from './duration.ts';
import { listModels } from './studio-models.ts';
import { listTools } from './tool-models.ts';
import type { Localized, ModelDefinition, ModelType, ParameterDefinition } from './types.ts';

/**
 * What the product says about generation costs — the pricing screen and the public pages — worked
 * out from the price rules and the options each model offers, never from translated text: a price
 * table may keep a rate for an option the form does not offer (Seedance 1 Lite's 1080p), and no
 * page may name it.
 */

/** One rate of a model: per image, per second (at a resolution), or per video. */
export type CostRate = {
  tokens: number;
  per: 'image' | 'second' | 'video' | 'megapixel';
  /** The resolution this per-second rate applies to. */
  resolution?: string;
  /** Per megapixel: the least a run costs however small its result. */
  minimum?: number;
};

export type ModelCost = {
  id: string;
  name: string;
  description: ModelDefinition['description'];
  rates: CostRate[];
  /** For a model that always makes videos of one length: that length and what it costs. */
  fixed?: { seconds: number; tokens: number };
};

/** The values a model's select parameter offers, in the form's order; empty when it has none. */
export function offeredOptions(model: ModelDefinition, param: string): string[] {
  const def: ParameterDefinition | undefined = model.parameters.find((p) => p.name === param);
  if (def?.fixed === true) return typeof def.default === 'string' ? [def.default] : [];
  return (def?.options ?? []).map((option) => option.value);
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
  }
}

/** The cost card of every model of a type that people can use, in the catalogue's order. */
export function modelCosts(type: ModelType): ModelCost[] {
  return listModels(type).map((model) => ({
    id: model.id,
    name: model.name,
    description: model.description,
    rates: ratesOf(model),
    ...(model.fixedDuration === undefined
      ? {}
      : {
          fixed: {
            seconds: model.fixedDuration,
            tokens: priceOf(model.id, { parameters: defaultParameters(model.id), duration: 0 }),
          },
        }),
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
