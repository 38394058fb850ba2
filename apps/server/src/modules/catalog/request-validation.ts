import {
  getModel,
  type ModelDefinition,
  type ModelType,
  type ValidatedRequest,
  validateRequest,
} from '@kadr/catalog';
import type { FieldError } from '@kadr/contract';
import { validationProblem } from '../../lib/problem.ts';

/**
 * Checks a request against the catalogue for the endpoint's kind (image or video): the model must be
 * of that kind, and every catalogue rule must hold. Throws one 400 listing every field at fault,
 * together with any errors the caller found in its own fields.
 */
export function validateForType(
  type: ModelType,
  modelId: string,
  raw: { prompt: unknown; parameters: Record<string, unknown>; duration: unknown },
  otherErrors: FieldError[] = [],
): { value: ValidatedRequest; model: ModelDefinition } {
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
  if (errors.length > 0 || !result.ok || !model) throw validationProblem(errors);
  return { value: result.value, model };
}
