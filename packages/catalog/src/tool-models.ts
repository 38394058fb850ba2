import { isTool, type ToolModel, toolModels } from './models/tools/index.ts';

export { isTool, type ToolModel };

/** The finishing tools, in display order (ADR 038). */
export function listTools(): readonly ToolModel[] {
  return toolModels;
}

/** A finishing tool by its id; undefined for a generation model or an unknown id. */
export function getTool(id: string): ToolModel | undefined {
  return toolModels.find((tool) => tool.id === id);
}
