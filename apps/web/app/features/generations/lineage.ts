import { estimateFromDraft, getModel, isTool, listTools, type ToolModel } from '@kadr/catalog';
import type { GenerationRecord, Language } from '@kadr/contract';
import { paths } from '@kadr/contract';

/**
 * Lineage (ADR 038): which finishing tool made a result, what it was made from, and where the
 * tools workspace opens on a result. Read from the catalogue and the record, never a model's id.
 */

/** The finishing tool a generation ran, or undefined for a generation model. */
export function toolOf(record: Pick<GenerationRecord, 'model'>): ToolModel | undefined {
  const model = getModel(record.model);
  return model && isTool(model) ? model : undefined;
}

/** What made it, as the person reads it: a tool's title ("Remove background") or a model's name. */
export function madeWith(record: Pick<GenerationRecord, 'model'>, language: Language): string {
  const tool = toolOf(record);
  if (tool) return tool.tool.title[language];
  return getModel(record.model)?.name ?? record.model;
}

/**
 * A tool run on a picture of the person's own (not a result): that picture's address, from the
 * request's source parameter. Undefined for a run on a result (`source_id`) or a generation.
 */
export function uploadedSource(record: GenerationRecord): string | undefined {
  if (record.source_id !== null) return undefined;
  const tool = toolOf(record);
  if (!tool) return undefined;
  const value = record.jsondata.input?.[tool.tool.sourceParam];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The picture a finished image result can be edited as: its first image file, with its size. */
export function editableImage(record: GenerationRecord) {
  if (record.type !== 'image' || record.status !== 'completed') return undefined;
  return record.expand.output_files.find((file) => file.mime.startsWith('image/'));
}

/** The tools workspace on a result: one tool (`?tool=`) or, without one, the choice of tools. */
export function editHref(recordId: string, toolId?: string): string {
  const query = new URLSearchParams();
  if (toolId) query.set('tool', toolId);
  query.set('from', recordId);
  return `${paths.tools}?${query}`;
}

/** 'Reuse settings' of a tool run: the tools workspace repeats it. */
export function reuseEditHref(recordId: string): string {
  return `${paths.tools}?${new URLSearchParams({ reuse: recordId })}`;
}

export type EditChoice = {
  id: string;
  title: string;
  /** At the tool's default settings on this picture; null when the size is unknown. */
  tokens: number | null;
  /** Priced by the result's size: larger settings cost more. */
  fromPrice: boolean;
};

/** The tools on offer for a picture of `size`, each with what it costs at its defaults. */
export function editChoices(
  size: { width: number | null; height: number | null },
  language: Language,
): EditChoice[] {
  const source =
    size.width !== null && size.height !== null ? { width: size.width, height: size.height } : null;
  return listTools().map((tool) => {
    const perMegapixel = tool.price.kind === 'per-megapixel';
    return {
      id: tool.id,
      title: tool.tool.title[language],
      tokens: perMegapixel && !source ? null : estimateFromDraft(tool.id, { source }),
      fromPrice: perMegapixel,
    };
  });
}

/** What a result shows as its text: its prompt, or for a tool run without one, the tool's title. */
export function captionOf(record: GenerationRecord, language: Language): string {
  const prompt = record.jsondata.prompt ?? '';
  return prompt !== '' ? prompt : madeWith(record, language);
}
