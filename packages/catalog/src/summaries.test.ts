import { describe, expect, it } from 'vitest';
import { getModel, models } from './index.ts';
import { getModelSummary, type ModelSummary, modelName, modelSummaries } from './summaries.ts';

/** What summaries.ts must say of an entry. */
function summaryOf(id: string): ModelSummary | undefined {
  const model = getModel(id);
  if (model === undefined) return undefined;
  const { type, name, tool } = model;
  return tool === undefined
    ? { id, type, name }
    : { id, type, name, tool: { title: tool.title, sourceParam: tool.sourceParam } };
}

describe('model summaries', () => {
  it('list every model, in the catalogue’s order', () => {
    expect(modelSummaries.map((summary) => summary.id)).toEqual(models.map((model) => model.id));
  });

  it.each(models.map((model) => model.id))('say what the entry of %s says', (id) => {
    expect(getModelSummary(id)).toEqual(summaryOf(id));
  });

  it('name an unknown model by its id', () => {
    expect(modelName('seedream-3')).toBe('Seedream 3');
    expect(modelName('retired-model')).toBe('retired-model');
    expect(getModelSummary('retired-model')).toBeUndefined();
  });
});
