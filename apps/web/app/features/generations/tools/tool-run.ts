import {
  estimateFromDraft,
  getModel,
  isEmptyValue,
  isParameterVisible,
  isTool,
  type ParamValue,
  promptUse,
  type Size,
  studioDefaults,
  type ToolModel,
} from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { reusedValues } from '../run/reused-values';
import type { GenerationPayload } from '../run/run-api';

/**
 * Running a finishing tool (ADR 038) on a picture, as the tools page and the card workshop both
 * do: which tool, its values, the payload sent and the catalogue's own price for it.
 */

/** The picture a tool works on: a result of the person's (its id) or an upload of theirs. */
export type ToolSource = {
  url: string;
  width: number;
  height: number;
  /** The result it is, when it is one; null for an upload. */
  generationId: string | null;
};

export function toolOf(id: string | null | undefined): ToolModel | undefined {
  const model = id ? getModel(id) : undefined;
  return model && isTool(model) ? model : undefined;
}

/** The parameter a painted mask fills (a picture of the source's size), if any. */
export function maskParamOf(tool: ToolModel): string | undefined {
  return tool.parameters.find((def) => def.type === 'file' && def.matchesSource === true)?.name;
}

/** A tool's values for the form: its defaults, with what a reused edit had where it fits. */
export function toolValues(
  tool: ToolModel,
  reused: Readonly<Record<string, unknown>> = {},
): Record<string, ParamValue> {
  const pictures = [tool.tool.sourceParam, maskParamOf(tool)].filter(
    (name): name is string => name !== undefined,
  );
  return reusedValues(tool, reused, new Set(pictures));
}

/** The parameters sent: visible, non-empty, the source picture (and mask) filled in. */
export function toolPayload(
  tool: ToolModel,
  values: Readonly<Record<string, ParamValue>>,
  prompt: string,
  pictures: Readonly<Record<string, string>>,
): GenerationPayload {
  const parameters: Record<string, unknown> = {};
  for (const def of tool.parameters) {
    const value = pictures[def.name] ?? values[def.name];
    if (def.fixed || isEmptyValue(value) || !isParameterVisible(def, values)) continue;
    parameters[def.name] = value;
  }
  return {
    model: tool.id,
    prompt: promptUse(tool) === 'none' ? '' : prompt.trim(),
    translate_prompt: studioDefaults.translatePrompt,
    parameters,
    duration: 0,
  };
}

/** The catalogue's own price for the form as it stands and the picture's size. */
export function instantCost(
  tool: ToolModel,
  values: Readonly<Record<string, ParamValue>>,
  source: Size | null,
): number | null {
  const parameters: Record<string, ParamValue> = {};
  const mask = maskParamOf(tool);
  for (const def of tool.parameters) {
    if (def.name === tool.tool.sourceParam || def.name === mask) continue;
    parameters[def.name] = values[def.name] ?? null;
  }
  return estimateFromDraft(tool.id, source ? { parameters, source } : { parameters });
}

/** A result's first picture as a tool's source: its own file URL (absolute) and size. */
export function sourceOfRecord(record: GenerationRecord, origin: string): ToolSource | undefined {
  if (record.type !== 'image' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('image/'));
  if (!file) return undefined;
  return {
    url: new URL(file.url, origin).href,
    width: file.width ?? 0,
    height: file.height ?? 0,
    generationId: record.id,
  };
}
