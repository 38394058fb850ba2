import { durationParam } from './duration.ts';
import { listModels } from './studio-models.ts';
import type { ModelDefinition } from './types.ts';

function numericMax(model: ModelDefinition, name: string): number {
  const def = model.parameters.find((parameter) => parameter.name === name);
  if (!def) return 0;
  const candidates: number[] = [];
  if ('max' in def && typeof def.max === 'number') candidates.push(def.max);
  if ('allowedValues' in def && Array.isArray(def.allowedValues)) {
    candidates.push(...def.allowedValues.filter((v): v is number => typeof v === 'number'));
  }
  if ('options' in def && Array.isArray(def.options)) {
    for (const option of def.options as { value: unknown }[]) {
      if (typeof option.value === 'number') candidates.push(option.value);
    }
  }
  if (typeof def.default === 'number') candidates.push(def.default);
  return candidates.length > 0 ? Math.max(...candidates) : 0;
}

function defaultNumber(model: ModelDefinition, name: string): number {
  const value = model.parameters.find((parameter) => parameter.name === name)?.default;
  return typeof value === 'number' ? value : 0;
}

/** The longest video a model can make, in whole seconds (0 for an image model). */
function longestSeconds(model: ModelDefinition): number {
  if (model.type === 'image') return 0;
  if (model.fixedDuration !== undefined) return model.fixedDuration;
  // A talking character lasts as long as its recording (ADR 049): not a clip's length to promise.
  if (model.speech !== undefined) return 0;
  if (model.frameDuration !== undefined) {
    const { frames, fps } = model.frameDuration;
    const rate = defaultNumber(model, fps);
    return rate > 0 ? Math.ceil(numericMax(model, frames) / rate) : 0;
  }
  return numericMax(model, durationParam);
}

/**
 * The numbers the marketing pages say about the product, read from the catalogue so they cannot
 * drift from what the studio offers: how many models, the longest video, how long an image takes.
 */
export function productFacts() {
  const all = listModels();
  const images = listModels('image');
  return {
    models: all.length,
    maxVideoSeconds: Math.max(...all.map(longestSeconds)),
    imageSecondsMin: Math.min(...images.map((model) => model.typicalSeconds.min)),
    imageSecondsMax: Math.max(...images.map((model) => model.typicalSeconds.max)),
  };
}
