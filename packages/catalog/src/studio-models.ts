import { generationModels } from './models/generation.ts';
import type { ModelDefinition, ModelType } from './types.ts';

/**
 * The models the studio offers for a new picture or video, in display order. Read from their own
 * list: the finishing tools (`listTools`) and the pricing-only models are elsewhere, so the
 * studio's first load carries none of them (ADR 042).
 */
export function listModels(type?: ModelType): readonly ModelDefinition[] {
  return type === undefined
    ? generationModels
    : generationModels.filter((model) => model.type === type);
}

/** One of the studio's models by its id; undefined for a tool, a pricing-only or unknown id. */
export function getStudioModel(id: string): ModelDefinition | undefined {
  return generationModels.find((model) => model.id === id);
}

/** Video models that take an input image, for the studio's 'Animate' action. */
export function imageToVideoModels(): readonly ModelDefinition[] {
  return listModels('video').filter((model) => model.imageParam !== undefined);
}

/**
 * The models that can continue a clip (issue #48, ADR 047): the video models that start from a
 * picture, since a continuation starts from the clip's last frame, which their start-frame
 * parameter takes — but not a talking character's, whose video follows a recording (ADR 049).
 */
export function extensionModels(): readonly ModelDefinition[] {
  return imageToVideoModels().filter((model) => model.speech === undefined);
}

/**
 * The studio's models a prompt alone can run, each at its defaults (a comparison, a batch): all but
 * those that cannot do without an input of the person's — a talking character's picture and
 * recording (ADR 049).
 */
export function promptModels(type?: ModelType): readonly ModelDefinition[] {
  return listModels(type).filter(
    (model) => !model.parameters.some((def) => def.type === 'file' && def.required === true),
  );
}
