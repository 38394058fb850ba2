import type { Condition, ParameterDefinition } from './types.ts';

export type ParameterValues = Readonly<Record<string, unknown>>;

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function evaluateCondition(condition: Condition, values: ParameterValues): boolean {
  const value = values[condition.param];
  if ('equals' in condition) return value === condition.equals;
  if ('notEquals' in condition) return value !== condition.notEquals;
  return isEmptyValue(value) === condition.empty;
}

/** Whether the studio shows the parameter, given the form's current values (defaults included). */
export function isParameterVisible(def: ParameterDefinition, values: ParameterValues): boolean {
  return def.showWhen === undefined || evaluateCondition(def.showWhen, values);
}
