import { evaluateCondition, isEmptyValue, isParameterVisible } from './conditions.ts';
import { durationParam, effectiveDuration } from './duration.ts';
import { promptMaxLength } from './models/common.ts';
import type {
  FieldError,
  ModelDefinition,
  ParamValue,
  PromptUse,
  ValidationResult,
} from './types.ts';
import {
  hasUnstorableCharacters,
  isRecord,
  unstorableText,
  validateParameter,
} from './validate.ts';

// A whole create/estimate request: its prompt, its top-level duration, its parameters together
// (visibility, required, cross-field limits). One parameter's value is validate.ts's; the two are
// apart so that a form that prices its draft does not carry the request's checks (ADR 042).

function checkPrompt(raw: unknown, errors: FieldError[], use: PromptUse = 'required'): string {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    errors.push({ field: 'prompt', code: 'invalid_type', message: 'prompt must be a string' });
    return '';
  }
  const prompt = (raw ?? '').trim();
  if (prompt === '') {
    if (use === 'required') {
      errors.push({ field: 'prompt', code: 'required', message: 'prompt is required' });
    }
  } else if (use === 'none') {
    errors.push({ field: 'prompt', code: 'not_supported', message: 'this tool takes no prompt' });
  } else if (hasUnstorableCharacters(prompt)) {
    errors.push(unstorableText('prompt').error);
  } else if (prompt.length > promptMaxLength) {
    errors.push({
      field: 'prompt',
      code: 'too_long',
      message: `prompt must be at most ${promptMaxLength} characters`,
    });
  }
  return prompt;
}

/** The payload's top-level duration: a finite number, 0 meaning unset. */
function readTopLevelDuration(raw: unknown, errors: FieldError[]): number {
  if (raw === undefined) return 0;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    errors.push({ field: 'duration', code: 'invalid_type', message: 'duration must be a number' });
    return 0;
  }
  return raw;
}

/**
 * Folds the top-level duration into the parameters: for a model with a `duration` parameter it
 * is that parameter; a fixed-length model takes only its own length; any other model none.
 */
function applyTopLevelDuration(
  model: ModelDefinition,
  duration: number,
  supplied: Record<string, unknown>,
  errors: FieldError[],
): void {
  if (duration === 0) return;
  const hasParam = model.parameters.some((def) => def.name === durationParam);
  if (hasParam) {
    const inParameters = supplied[durationParam];
    if (inParameters !== undefined && inParameters !== duration) {
      errors.push({
        field: 'duration',
        code: 'conflict',
        message: `duration is ${duration} but parameters.duration is ${String(inParameters)}`,
      });
      // Reported once, here, rather than again as a bad parameter value.
      delete supplied[durationParam];
      return;
    }
    supplied[durationParam] = duration;
  } else if (model.fixedDuration !== undefined) {
    if (duration !== model.fixedDuration) {
      errors.push({
        field: 'duration',
        code: 'fixed',
        message: `${model.name} always makes ${model.fixedDuration}-second videos`,
      });
    }
  } else {
    errors.push({
      field: 'duration',
      code: 'not_supported',
      message: `${model.name} does not take a duration`,
    });
  }
}

/**
 * Most parameters a request may carry: well above any model's own count, so only a body built to
 * make work is refused by it.
 */
const MAX_PARAMETERS = 64;

/** Whether an object has more than `max` own keys, counting no further than `max + 1`. */
function hasMoreKeysThan(value: object, max: number): boolean {
  let count = 0;
  for (const key in value) {
    if (Object.hasOwn(value, key) && ++count > max) return true;
  }
  return false;
}

/** `validateRequest` for an entry already in hand (a studio form's model): no lookup by id. */
export function validateModelRequest(model: ModelDefinition, raw: unknown): ValidationResult {
  return validateFor(model, model.id, raw);
}

/**
 * Checks a create/estimate payload `{ prompt, parameters?, duration? }` against a model's entry
 * and returns every problem found, or the request with defaults filled in, parameters hidden by
 * `showWhen` dropped (so `size` is ignored for a custom ratio) and the effective duration.
 * `model` is the entry `modelId` names (undefined: no such model); `validateRequest` (catalog.ts)
 * looks the id up among every model.
 */
export function validateFor(
  model: ModelDefinition | undefined,
  modelId: string,
  raw: unknown,
): ValidationResult {
  const errors: FieldError[] = [];
  const body = isRecord(raw) ? raw : {};
  const prompt = checkPrompt(body.prompt, errors, model?.prompt);
  const topLevelDuration = readTopLevelDuration(body.duration, errors);

  if (model === undefined || model.pricingOnly === true) {
    errors.unshift(
      model === undefined
        ? { field: 'model', code: 'unknown_model', message: `Unknown model: ${modelId}` }
        : {
            field: 'model',
            code: 'model_unavailable',
            message: `${model.name} is not offered for generation`,
          },
    );
    return { ok: false, errors };
  }

  let supplied: Record<string, unknown> = {};
  if (isRecord(body.parameters) && hasMoreKeysThan(body.parameters, MAX_PARAMETERS)) {
    // Refused before any per-key work, with one error, however many keys were sent.
    errors.push({
      field: 'parameters',
      code: 'too_many_parameters',
      message: `at most ${MAX_PARAMETERS} parameters`,
    });
    return { ok: false, errors };
  }
  if (isRecord(body.parameters)) {
    supplied = { ...body.parameters };
  } else if (body.parameters !== undefined && body.parameters !== null) {
    errors.push({
      field: 'parameters',
      code: 'invalid_type',
      message: 'parameters must be an object',
    });
  }
  applyTopLevelDuration(model, topLevelDuration, supplied, errors);

  const known = new Set(model.parameters.map((def) => def.name));
  for (const name of Object.keys(supplied)) {
    if (!known.has(name)) {
      errors.push({
        field: name,
        code: 'unknown_parameter',
        message: `${model.name} has no parameter ${name}`,
      });
    }
  }

  // Each value on its own first; visibility is then decided on the resulting values.
  const values: Record<string, ParamValue> = {};
  const valueErrors = new Map<string, FieldError>();
  for (const def of model.parameters) {
    const value = supplied[def.name];
    const checked = value === undefined ? null : validateParameter(def, value);
    if (checked === null) {
      values[def.name] = def.default ?? null;
    } else if (checked.ok) {
      values[def.name] = checked.value;
    } else {
      values[def.name] = def.default ?? null;
      valueErrors.set(def.name, checked.error);
    }
  }

  const parameters: Record<string, ParamValue> = {};
  for (const def of [...model.parameters].sort((a, b) => a.order - b.order)) {
    // A hidden parameter is ignored, whatever it holds.
    if (!isParameterVisible(def, values)) continue;
    const error = valueErrors.get(def.name);
    if (error !== undefined) {
      errors.push(error);
      continue;
    }
    const value = values[def.name] ?? null;
    if (def.required === true && isEmptyValue(value)) {
      errors.push({ field: def.name, code: 'required', message: `${def.name} is required` });
      continue;
    }
    const cap = def.conditionalMax;
    if (cap !== undefined && typeof value === 'number' && value > cap.max) {
      if (evaluateCondition(cap.when, values)) {
        errors.push({
          field: def.name,
          code: 'out_of_range',
          message: `${def.name} must be at most ${cap.max} ${cap.reason}`,
        });
      }
    }
    parameters[def.name] = value;
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      model: model.id,
      type: model.type,
      prompt,
      parameters,
      duration: effectiveDuration(model, parameters),
    },
  };
}
