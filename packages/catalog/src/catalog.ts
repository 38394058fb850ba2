// Everything addressed by a model's id, over every model the catalogue has — the studio's, the
// finishing tools and the pricing-only ones: the server's entry point to the catalogue, and the
// screens' that take any id (a price list, a tool run). A screen that runs only the studio's
// models uses studio-models.ts and the entry-taking functions instead, so that its first load
// carries no tool's entry (ADR 042).
import { modelDefaults } from './form.ts';
import { models } from './models/index.ts';
import { type Draft, estimateDraft, priceOfModel } from './price.ts';
import { validateFor } from './request.ts';
import type { ModelDefinition, ParamValue, PriceInput, ValidationResult } from './types.ts';

// Built on first use, so that importing this module does no work.
let byId: ReadonlyMap<string, ModelDefinition> | undefined;

export function getModel(id: string): ModelDefinition | undefined {
  byId ??= new Map(models.map((model) => [model.id, model]));
  return byId.get(id);
}

/** A fresh form state: every parameter at its default (null for an empty seed or file). */
export function defaultParameters(modelId: string): Record<string, ParamValue> {
  const model = getModel(modelId);
  return model === undefined ? {} : modelDefaults(model);
}

/**
 * The tokens a generation costs (spec §9); the server charges this figure. Meant for validated
 * input: an unknown model or a value the price table does not cover throws.
 */
export function priceOf(modelId: string, input: PriceInput): number {
  const model = getModel(modelId);
  if (model === undefined) throw new Error(`Unknown model: ${modelId}`);
  return priceOfModel(model, input);
}

/** `estimateDraft` by the model's id: null for an unknown model. */
export function estimateFromDraft(modelId: string, draft: Draft): number | null {
  const model = getModel(modelId);
  return model === undefined ? null : estimateDraft(model, draft);
}

/**
 * Checks a create/estimate payload against the model its id names: every problem found, or the
 * validated request (validate.ts). An unknown or pricing-only model is refused.
 */
export function validateRequest(modelId: string, raw: unknown): ValidationResult {
  return validateFor(getModel(modelId), modelId, raw);
}
