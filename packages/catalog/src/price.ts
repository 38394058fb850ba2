import { durationParam, effectiveDuration } from './duration.ts';
import type { ModelDefinition, ParamValue, PriceInput, PriceRule, Size } from './types.ts';
import { validateParameter } from './validate.ts';

function secondsOf(model: ModelDefinition, input: PriceInput): number {
  if (model.fixedDuration !== undefined) return model.fixedDuration;
  const seconds =
    input.duration !== 0 ? input.duration : effectiveDuration(model, input.parameters);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`Cannot price ${model.id}: duration ${seconds} is not a positive number`);
  }
  return seconds;
}

function tokensFor(model: ModelDefinition, rule: PriceRule, input: PriceInput): number {
  switch (rule.kind) {
    case 'per-output':
      // Every model makes one output per generation (maxOutputs 1).
      return rule.tokens;
    case 'flat':
      return rule.tokens;
    case 'per-second':
      return Math.ceil(rule.tokensPerSecond * secondsOf(model, input));
    case 'per-megapixel': {
      const tool = model.tool;
      if (tool === undefined || input.source === undefined) {
        throw new Error(`Cannot price ${model.id}: the source picture's size is needed`);
      }
      const out = tool.outputSize(input.parameters as Record<string, ParamValue>, input.source);
      const megapixels = (out.width * out.height) / 1_000_000;
      return Math.max(rule.minimum, Math.ceil(rule.tokensPerMegapixel * megapixels));
    }
    case 'per-second-by-resolution':
    case 'per-second-by-option':
      return Math.ceil(rateOf(model, rule, input.parameters) * secondsOf(model, input));
  }
}

/**
 * The per-second rate an option's value chooses (its default when absent), keyed by
 * `String(value)`: a resolution's own name, a boolean's 'true' or 'false'.
 */
function rateOf(
  model: ModelDefinition,
  rule: Extract<PriceRule, { kind: 'per-second-by-resolution' | 'per-second-by-option' }>,
  parameters: PriceInput['parameters'],
): number {
  const chosen =
    parameters[rule.param] ?? model.parameters.find((def) => def.name === rule.param)?.default;
  const key =
    typeof chosen === 'string' || typeof chosen === 'boolean' || typeof chosen === 'number'
      ? String(chosen)
      : undefined;
  const rate =
    key !== undefined && Object.hasOwn(rule.tokensPerSecond, key)
      ? rule.tokensPerSecond[key]
      : undefined;
  if (rate === undefined) {
    throw new Error(`Cannot price ${model.id}: no rate for ${rule.param} ${String(chosen)}`);
  }
  return rate;
}

/**
 * The tokens a generation of `model` costs (spec §9); the server charges this figure (`priceOf`,
 * by the model's id). Meant for validated input: a value the price table does not cover throws.
 */
export function priceOfModel(model: ModelDefinition, input: PriceInput): number {
  return tokensFor(model, model.price, input);
}

/** A form as it stands; `source` is a tool's picture size when known. */
export type Draft =
  | { parameters?: unknown; duration?: unknown; source?: Size | null }
  | null
  | undefined;

/**
 * The studio's instant figure for a half-filled form of `model`: invalid or missing values count
 * as their defaults. Never throws (null when the draft cannot be priced).
 */
export function estimateDraft(model: ModelDefinition, draft: Draft): number | null {
  const raw = draft?.parameters;
  const supplied: Record<string, unknown> =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...raw } : {};
  const duration = draft?.duration;
  if (typeof duration === 'number' && duration !== 0) supplied[durationParam] = duration;

  const parameters: Record<string, ParamValue> = {};
  for (const def of model.parameters) {
    const checked = validateParameter(def, supplied[def.name]);
    parameters[def.name] = checked.ok ? checked.value : (def.default ?? null);
  }
  try {
    const source = draft?.source ?? undefined;
    return priceOfModel(
      model,
      source ? { parameters, duration: 0, source } : { parameters, duration: 0 },
    );
  } catch {
    return null;
  }
}

/**
 * The parameters whose values change a model's price (resolution, sound, duration, frames and fps):
 * the studio asks the server for a new estimate when one of them changes, and only then.
 */
export function pricedParameters(model: ModelDefinition): string[] {
  const names = new Set<string>();
  const rule = model.price;
  const perSecond =
    rule.kind === 'per-second' ||
    rule.kind === 'per-second-by-resolution' ||
    rule.kind === 'per-second-by-option';
  if (rule.kind === 'per-second-by-resolution' || rule.kind === 'per-second-by-option') {
    names.add(rule.param);
  }
  // A tool priced by the megapixel costs what its result's size says: every parameter may count.
  if (rule.kind === 'per-megapixel') for (const def of model.parameters) names.add(def.name);
  if (perSecond) {
    if (model.fixedDuration === undefined) {
      if (model.frameDuration !== undefined) {
        names.add(model.frameDuration.frames);
        names.add(model.frameDuration.fps);
      } else if (model.parameters.some((def) => def.name === durationParam)) {
        names.add(durationParam);
      }
    }
  }
  return [...names].filter((name) => model.parameters.some((def) => def.name === name));
}
