import { listTools, type ToolModel } from '../tool-models.ts';
import type { ToolKind } from '../types.ts';

/**
 * The AI steps of a card set (ADR 039), each one of the finishing tools (ADR 038) run on the set's
 * photo and priced as that tool: the cut-out, an AI scene (its prompt from `cardScenes`), and the
 * photo enlarged.
 */
export const cardSteps = {
  cutout: 'remove-background',
  scene: 'replace-background',
  enlarge: 'upscale',
} as const satisfies Record<string, ToolKind>;
export type CardStep = keyof typeof cardSteps;

/** The tool that makes a card set's step. */
export function cardStepTool(step: CardStep): ToolModel {
  const tool = listTools().find((model) => model.tool.kind === cardSteps[step]);
  if (!tool) throw new Error(`No tool makes the card step ${step}`);
  return tool;
}
