import { isEmptyValue } from './conditions.ts';
import type { FieldError, FieldErrorCode, ParameterDefinition, ParamValue } from './types.ts';

export type ParameterCheck = { ok: true; value: ParamValue } | { ok: false; error: FieldError };

function fail(
  field: string,
  code: FieldErrorCode,
  message: string,
): { ok: false; error: FieldError } {
  return { ok: false, error: { field, code, message } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
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
export function hasUnstorableCharacters(text: string): boolean {
  // Cheap tests first: most texts have no surrogate at all (no emoji), and this runs on every field.
  return text.includes('\u0000') || (anySurrogate.test(text) && loneSurrogate.test(text));
}

export function unstorableText(field: string): { ok: false; error: FieldError } {
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
