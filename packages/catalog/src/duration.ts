import type { ModelDefinition } from './types.ts';

/**
 * The parameter that carries a video's length in seconds. The create/estimate payload's top-level
 * `duration` is the same value, so a model that lets people choose a length names it this way.
 */
export const durationParam = 'duration';

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function defaultNumber(model: ModelDefinition, name: string): number {
  const value = model.parameters.find((def) => def.name === name)?.default;
  return typeof value === 'number' ? value : 0;
}

/**
 * A generation's length in whole seconds, as charged and shown: the model's fixed duration
 * (veo3: 8), or its `duration` parameter, or for a frame-based model frames ÷ fps rounded up
 * (hunyuan: 129 frames at 24 fps → 6 s). Missing values fall back to defaults; images are 0.
 */
export function effectiveDuration(
  model: ModelDefinition,
  parameters: Readonly<Record<string, unknown>>,
): number {
  if (model.type === 'image') return 0;
  if (model.fixedDuration !== undefined) return model.fixedDuration;
  if (model.frameDuration !== undefined) {
    const { frames, fps } = model.frameDuration;
    const frameCount = numberOr(parameters[frames], defaultNumber(model, frames));
    const rate = numberOr(parameters[fps], defaultNumber(model, fps));
    return rate > 0 ? Math.ceil(frameCount / rate) : 0;
  }
  return numberOr(parameters[durationParam], defaultNumber(model, durationParam));
}
