import {
  defaultParameters,
  effectiveDuration,
  listModels,
  type ModelDefinition,
  type ModelType,
  priceOf,
} from '@kadr/catalog';

/**
 * What the pricing screen says about generation costs, computed from the catalogue's price rules
 * (never from translated text), so a price changes in one place and every figure here follows.
 */

/** One rate of a model: per image, per second (at a resolution), or per video. */
export type CostRate = {
  tokens: number;
  per: 'image' | 'second' | 'video';
  /** The resolution this per-second rate applies to. */
  resolution?: string;
};

export type ModelCost = {
  id: string;
  name: string;
  description: ModelDefinition['description'];
  rates: CostRate[];
  /** For a model that always makes videos of one length: that length and what it costs. */
  fixed?: { seconds: number; tokens: number };
};

function ratesOf(model: ModelDefinition): CostRate[] {
  const rule = model.price;
  switch (rule.kind) {
    case 'per-output':
      return [{ tokens: rule.tokens, per: 'image' }];
    case 'flat':
      return [{ tokens: rule.tokens, per: 'video' }];
    case 'per-second':
      return [{ tokens: rule.tokensPerSecond, per: 'second' }];
    case 'per-second-by-resolution':
      return Object.entries(rule.tokensPerSecond)
        .sort(([, a], [, b]) => a - b)
        .map(([resolution, tokens]) => ({ tokens, per: 'second', resolution }));
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
 * Videos whose price depends on the resolution, each at its dearest resolution and its default
 * length, priced exactly as the server charges: 'a 5-second 1080p video costs 75'.
 */
function resolutionVideos(): Extract<WorkedExample, { kind: 'video' }>[] {
  const examples: Extract<WorkedExample, { kind: 'video' }>[] = [];
  for (const model of listModels('video')) {
    const rule = model.price;
    if (rule.kind !== 'per-second-by-resolution') continue;
    // The dearest rate; of equal rates the last listed, the highest resolution.
    let top: [string, number] | undefined;
    for (const entry of Object.entries(rule.tokensPerSecond)) {
      if (!top || entry[1] >= top[1]) top = entry;
    }
    if (!top) continue;
    const parameters = { ...defaultParameters(model.id), [rule.param]: top[0] };
    examples.push({
      kind: 'video',
      model: model.name,
      seconds: effectiveDuration(model, parameters),
      resolution: top[0],
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
