import { estimateFromDraft, type ModelType } from '@kadr/catalog';
import type { GenerationPayload } from '../generations/run/run-api';
import { initialStudioState, studioReducer, toPayload } from './studio-state';

/** A comparison runs one prompt on two to four models. */
export const compareLimits = { min: 2, max: 4 } as const;

/** Ticks a model on or off; a fifth is refused (the list stays as it was). */
export function toggleModel(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id);
  if (selected.length >= compareLimits.max) return [...selected];
  return [...selected, id];
}

/** What one cell of a comparison asks for: the prompt on the model at its default settings. */
export function comparePayload(type: ModelType, model: string, prompt: string): GenerationPayload {
  const state = studioReducer(
    studioReducer(studioReducer(initialStudioState(), { type: 'tab', tab: type }), {
      type: 'model',
      model,
    }),
    { type: 'prompt', prompt },
  );
  return toPayload(state);
}

/** Each cell's cost from the catalogue, and their sum: the one quote shown before it starts. */
export function compareQuote(type: ModelType, models: readonly string[]) {
  const cells = models.map((model) => ({
    model,
    cost: estimateFromDraft(model, comparePayload(type, model, 'x')) ?? 0,
  }));
  return { cells, total: cells.reduce((sum, cell) => sum + cell.cost, 0) };
}
