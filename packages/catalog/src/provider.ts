import { getModel } from './catalog.ts';
import type { ValidatedRequest } from './types.ts';

export type ProviderRequest = {
  /** `{ model }`: create at /models/{owner}/{name}/predictions; `{ version }`: at /predictions. */
  ref: { model: string } | { version: string };
  input: Record<string, unknown>;
};

/**
 * The provider call for a validated request, by the model's mapping. Empty values (a random
 * seed, no image, a blank negative prompt) are left out so the provider applies its default.
 * `resolveUrl` turns our file URLs into ones the provider can fetch (e.g. signed storage URLs).
 */
export function toProviderRequest(
  validated: ValidatedRequest,
  resolveUrl: (url: string) => string = (url) => url,
): ProviderRequest {
  const model = getModel(validated.model);
  if (model === undefined) throw new Error(`Unknown model: ${validated.model}`);
  const { ref, rename = {}, values = {}, constants = {} } = model.provider;

  const input: Record<string, unknown> = { prompt: validated.prompt };
  for (const def of model.parameters) {
    const value = validated.parameters[def.name];
    if (value === undefined || value === null || value === '') continue;
    const name = rename[def.name] ?? def.name;
    if (def.type === 'file' && typeof value === 'string') {
      input[name] = resolveUrl(value);
    } else {
      input[name] = (typeof value === 'string' ? values[def.name]?.[value] : undefined) ?? value;
    }
  }
  Object.assign(input, constants);

  return { ref: 'version' in ref ? { version: ref.version } : { model: ref.model }, input };
}
