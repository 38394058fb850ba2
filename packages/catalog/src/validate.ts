import { getModel } from './catalog.ts';
import { evaluateCondition, isEmptyValue, isParameterVisible } from './conditions.ts';
import { durationParam, effectiveDuration } from './duration.ts';
import { promptMaxLength } from './models/common.ts';
import type {
  FieldError,
  FieldErrorCode,
  ModelDefinition,
  ParameterDefinition,
  ParamValue,
  PromptUse,
  ValidationResult,
} from './types.ts';

export type ParameterCheck = { ok: true; value: ParamValue } | { ok: false; error: FieldError };

function fail(
  field: string,
  code: FieldErrorCode,
  message: string,
): { ok: false; error: FieldError } {
  return { ok: false, error: { field, code, message } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Float steps (0.1, 0.5) are checked with a tolerance, so 0.30000000000000004 is on 0.1's grid. */
function isOnStep(value: number, base: number, step: number): boolean {
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) <= 1e-9 * Math.max(1, Math.abs(steps));
}

// U+0000 and a surrogate without its pair: no text column or JSON value in PostgreSQL can hold them
// (and no model wants them), so a request carrying one is refused rather than failing later.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const anySurrogate = /[\uD800-\uDFFF]/;

/** Whether a text holds characters we cannot store (U+0000, a lone surrogate). */
function hasUnstorableCharacters(text: string): boolean {
  // Cheap tests first: most texts have no surrogate at all (no emoji), and this runs on every field.
  return text.includes('\u0000') || (anySurrogate.test(text) && loneSurrogate.test(text));
}

function unstorableText(field: string): { ok: false; error: FieldError } {
  return fail(field, 'invalid_characters', `${field} contains a null character or broken Unicode`);
}

function rangeText(def: ParameterDefinition): string {
  if (def.min !== undefined && def.max !== undefined) return `between ${def.min} and ${def.max}`;
  if (def.min !== undefined) return `at least ${def.min}`;
  return `at most ${def.max}`;
}

function checkNumber(def: ParameterDefinition, raw: unknown): ParameterCheck {
  const { name } = def;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    return fail(name, 'invalid_type', `${name} must be a number`);
  }
  if (def.integer === true && !Number.isInteger(raw)) {
    return fail(name, 'not_integer', `${name} must be a whole number`);
  }
  if ((def.min !== undefined && raw < def.min) || (def.max !== undefined && raw > def.max)) {
    return fail(name, 'out_of_range', `${name} must be ${rangeText(def)}`);
  }
  if (def.modulo !== undefined) {
    const { divisor, remainder } = def.modulo;
    if (((raw % divisor) + divisor) % divisor !== remainder) {
      const rule =
        remainder === 0 ? `divisible by ${divisor}` : `of the form ${divisor}k+${remainder}`;
      return fail(name, 'not_divisible', `${name} must be ${rule}`);
    }
  }
  if (def.allowedValues !== undefined && !def.allowedValues.includes(raw)) {
    return fail(name, 'not_allowed', `${name} must be one of ${def.allowedValues.join(', ')}`);
  }
  if (def.step !== undefined && !isOnStep(raw, def.min ?? 0, def.step)) {
    return fail(
      name,
      'invalid_step',
      `${name} must go in steps of ${def.step} from ${def.min ?? 0}`,
    );
  }
  return { ok: true, value: raw };
}

function checkSelect(def: ParameterDefinition, raw: unknown): ParameterCheck {
  const { name } = def;
  if (typeof raw !== 'string') return fail(name, 'invalid_type', `${name} must be a string`);
  if (raw === '') return fail(name, 'empty_option', `${name} must not be empty`);
  const values = (def.options ?? []).map((option) => option.value);
  if (!values.includes(raw)) {
    return fail(name, 'invalid_option', `${name} must be one of ${values.join(', ')}`);
  }
  return { ok: true, value: raw };
}

function checkText(def: ParameterDefinition, raw: unknown): ParameterCheck {
  const { name } = def;
  if (typeof raw !== 'string') return fail(name, 'invalid_type', `${name} must be a string`);
  if (hasUnstorableCharacters(raw)) return unstorableText(name);
  if (def.maxLength !== undefined && raw.length > def.maxLength) {
    return fail(name, 'too_long', `${name} must be at most ${def.maxLength} characters`);
  }
  return { ok: true, value: raw };
}

function hasWebScheme(raw: string): boolean {
  try {
    const { protocol } = new URL(raw);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Only the scheme is checked here; the server also checks that it issued the URL. */
function checkFile(def: ParameterDefinition, raw: unknown): ParameterCheck {
  const { name } = def;
  if (typeof raw !== 'string') return fail(name, 'invalid_type', `${name} must be a URL string`);
  if (hasUnstorableCharacters(raw)) return unstorableText(name);
  if (!hasWebScheme(raw)) {
    return fail(name, 'invalid_url', `${name} must be an http or https URL`);
  }
  return { ok: true, value: raw };
}

function checkType(def: ParameterDefinition, raw: unknown): ParameterCheck {
  switch (def.type) {
    case 'number':
    case 'slider':
      return checkNumber(def, raw);
    case 'boolean':
      return typeof raw === 'boolean'
        ? { ok: true, value: raw }
        : fail(def.name, 'invalid_type', `${def.name} must be true or false`);
    case 'select':
      return checkSelect(def, raw);
    case 'text':
    case 'textarea':
      return checkText(def, raw);
    case 'file':
      return checkFile(def, raw);
  }
}

/**
 * One supplied value against its definition alone (type, range, step, options…). Empty is
 * accepted as null for a nullable parameter. Cross-field rules are `validateRequest`'s.
 */
export function validateParameter(def: ParameterDefinition, raw: unknown): ParameterCheck {
  if (def.nullable === true && isEmptyValue(raw)) return { ok: true, value: null };
  if (def.fixed === true && raw !== def.default) {
    return fail(def.name, 'fixed', `${def.name} is fixed at ${String(def.default)}`);
  }
  return checkType(def, raw);
}

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
 * Checks a create/estimate payload `{ prompt, parameters?, duration? }` against a model's entry
 * and returns every problem found, or the request with defaults filled in, parameters hidden by
 * `showWhen` dropped (so `size` is ignored for a custom ratio) and the effective duration.
 */
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

export function validateRequest(modelId: string, raw: unknown): ValidationResult {
  const errors: FieldError[] = [];
  const body = isRecord(raw) ? raw : {};
  const model = getModel(modelId);
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
