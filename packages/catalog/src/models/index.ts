import { deepFreeze } from '../freeze.ts';
import type { ModelDefinition } from '../types.ts';
import { fluxCharacter } from './flux-character.ts';
import { fluxDev } from './flux-dev.ts';
import { generationModels } from './generation.ts';
import { toolModels } from './tools/index.ts';

/**
 * Every model, in display order: the studio's (generation.ts), then the finishing tools (ADR 038),
 * the model of a person's trained characters (ADR 045), the pricing-only flux-dev last. Frozen, so
 * a consumer sorting or editing in place fails loudly.
 */
export const models: readonly ModelDefinition[] = Object.freeze([
  ...generationModels,
  ...toolModels,
  deepFreeze(fluxCharacter),
  deepFreeze(fluxDev),
]);
