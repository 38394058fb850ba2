import { deepFreeze } from '../../freeze.ts';
import type { ModelDefinition, ToolDefinition } from '../../types.ts';
import { expand } from './expand.ts';
import { inpaint } from './inpaint.ts';
import { removeBackground } from './remove-background.ts';
import { replaceBackground } from './replace-background.ts';
import { upscale } from './upscale.ts';

/** A catalogue entry that is a finishing tool: `tool` is always there. */
export type ToolModel = ModelDefinition & { tool: ToolDefinition };

export function isTool(model: ModelDefinition): model is ToolModel {
  return model.tool !== undefined;
}

function asTool(model: ModelDefinition): ToolModel {
  if (!isTool(model)) throw new Error(`${model.id} is listed as a tool but has no tool section`);
  return model;
}

/** The finishing tools (ADR 038), in display order. */
export const toolModels: readonly ToolModel[] = deepFreeze(
  [upscale, removeBackground, replaceBackground, expand, inpaint].map(asTool),
);
