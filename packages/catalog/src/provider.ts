import { getModel } from './catalog.ts';
import type { Size, ValidatedRequest } from './types.ts';

export type ProviderRequest = {
  /** `{ model }`: create at /models/{owner}/{name}/predictions; `{ version }`: at /predictions. */
  ref: { model: string } | { version: string };
  input: Record<string, unknown>;
};

/**
 * The provider call for a validated request, by the model's mapping. Empty values (a random
 * seed, no image, a blank negative prompt) are left out so the provider applies its default.
 * `resolveUrl` turns our file URLs into ones the provider can fetch (e.g. signed storage URLs).
 * A tool also needs its source picture's size (`source`) for the inputs it measures in pixels.
 */
export function toProviderRequest(
  validated: ValidatedRequest,
  resolveUrl: (url: string) => string = (url) => url,
  source?: Size,
): ProviderRequest {
  const model = getModel(validated.model);
  if (model === undefined) throw new Error(`Unknown model: ${validated.model}`);
  const { ref, rename = {}, values = {}, constants = {}, local = [] } = model.provider;

  const input: Record<string, unknown> = {};
  const promptAs = model.provider.promptAs === undefined ? 'prompt' : model.provider.promptAs;
  const prompt = validated.prompt !== '' ? validated.prompt : model.provider.emptyPrompt;
  if (promptAs !== null && prompt !== undefined && prompt !== '') input[promptAs] = prompt;
  for (const def of model.parameters) {
    if (local.includes(def.name)) continue;
    const value = validated.parameters[def.name];
    if (value === undefined || value === null || value === '') continue;
    const name = rename[def.name] ?? def.name;
    if (def.type === 'file' && typeof value === 'string') {
      input[name] = resolveUrl(value);
    } else {
      input[name] = (typeof value === 'string' ? values[def.name]?.[value] : undefined) ?? value;
    }
  }
  const references = validated.references ?? [];
  if (model.references && references.length > 0) {
    input[model.references.input] = references.map(resolveUrl);
  }
  Object.assign(input, constants);
  if (model.tool?.derive !== undefined) {
    if (source === undefined) throw new Error(`${model.id} needs its source picture's size`);
    Object.assign(input, model.tool.derive(validated.parameters, source));
  }

  if (model.trained !== undefined) {
    // A person's trained character: their training's version, never the trainer's own.
    if (!validated.version) throw new Error(`${model.id} needs the trained version to run`);
    return { ref: { version: versionId(validated.version) }, input };
  }
  return { ref: 'version' in ref ? { version: ref.version } : { model: ref.model }, input };
}

/** A version's id from `owner/name:id` (a training's output) or the id alone. */
function versionId(version: string): string {
  const colon = version.lastIndexOf(':');
  return colon === -1 ? version : version.slice(colon + 1);
}
