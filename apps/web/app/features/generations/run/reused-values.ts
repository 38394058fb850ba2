import { type ModelDefinition, modelDefaults, type ParamValue } from '@kadr/catalog';

/**
 * A reused request's values for a model's form: its defaults, with each value the request had that
 * the model knows and its parameter would accept as a type; fixed parameters and those in `skip`
 * keep their defaults.
 */
export function reusedValues(
  model: ModelDefinition,
  parameters: Readonly<Record<string, unknown>>,
  skip: ReadonlySet<string> = new Set(),
): Record<string, ParamValue> {
  const values = modelDefaults(model);
  for (const def of model.parameters) {
    if (def.fixed || skip.has(def.name)) continue;
    const value = parameters[def.name];
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      values[def.name] = value;
    }
  }
  return values;
}
