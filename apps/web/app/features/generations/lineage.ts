import { getModelSummary, type ModelSummary } from '@kadr/catalog';
import type { GenerationRecord, Language } from '@kadr/contract';
import { paths } from '@kadr/contract';

/**
 * Lineage (ADR 038): which finishing tool made a result, what it was made from, and where the
 * tools workspace opens on a result. Read from the catalogue's summaries (not its entries, which
 * only the screens that run models load: ADR 042) and the record, never a model's id.
 */

type ToolSummary = ModelSummary & { tool: NonNullable<ModelSummary['tool']> };

/** The finishing tool a generation ran, or undefined for a generation model. */
export function toolOf(record: Pick<GenerationRecord, 'model'>): ToolSummary | undefined {
  const summary = getModelSummary(record.model);
  return summary?.tool ? { ...summary, tool: summary.tool } : undefined;
}

/**
 * What made it, as the person reads it: a tool's title ("Remove background"), Kadr's own work's
 * ("Joined clips") or a model's name.
 */
export function madeWith(record: Pick<GenerationRecord, 'model'>, language: Language): string {
  const summary = getModelSummary(record.model);
  return (
    summary?.tool?.title[language] ?? summary?.own?.title[language] ?? summary?.name ?? record.model
  );
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

/** What a result shows as its text: its prompt, or for a tool run without one, the tool's title. */
export function captionOf(record: GenerationRecord, language: Language): string {
  const prompt = record.jsondata.prompt ?? '';
  return prompt !== '' ? prompt : madeWith(record, language);
}
