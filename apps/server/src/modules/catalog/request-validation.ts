import {
  getModel,
  type ModelDefinition,
  type ModelType,
  type ValidatedRequest,
  validateRequest,
} from '@kadr/catalog';
import type { FieldError } from '@kadr/contract';

/** A request the catalogue accepts, with its model; or every field at fault. */
export type TypeValidation =
  | { outcome: 'valid'; value: ValidatedRequest; model: ModelDefinition }
  | { outcome: 'invalid'; errors: FieldError[] };

/**
 * Checks a request against the catalogue for the endpoint's kind (image or video): the model must be
 * of that kind, and every catalogue rule must hold. Invalid lists every field at fault, together
 * with any errors the caller found in its own fields.
 */
export function validateForType(
  type: ModelType,
  modelId: string,
  raw: { prompt: unknown; parameters: Record<string, unknown>; duration: unknown },
  otherErrors: FieldError[] = [],
): TypeValidation {
  const errors = [...otherErrors];
  const model = getModel(modelId);
  if (model && model.type !== type) {
    errors.push({
      field: 'model',
      code: 'wrong_type',
      message: `${modelId} is not ${type === 'image' ? 'an image' : 'a video'} model`,
    });
  }
  const result = validateRequest(modelId, raw);
  if (!result.ok) errors.push(...result.errors);
  if (errors.length > 0 || !result.ok || !model) return { outcome: 'invalid', errors };
  return { outcome: 'valid', value: result.value, model };
}
