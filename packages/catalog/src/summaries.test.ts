import { describe, expect, it } from 'vitest';
import { getModel, models } from './index.ts';
import { videoJoin } from './joins.ts';
import {
  getModelSummary,
  type ModelSummary,
  modelName,
  modelSummaries,
  ownWorkSummaries,
} from './summaries.ts';

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

  it('say what the join says of itself, a result of Kadr’s own work', () => {
    expect(ownWorkSummaries.map((summary) => summary.id)).toEqual([videoJoin.id]);
    expect(getModelSummary(videoJoin.id)).toEqual({
      id: videoJoin.id,
      type: 'video',
      name: videoJoin.name,
      own: { title: videoJoin.title },
    });
    expect(getModel(videoJoin.id)).toBeUndefined();
  });

  it('name an unknown model by its id', () => {
    expect(modelName('seedream-3')).toBe('Seedream 3');
    expect(modelName('retired-model')).toBe('retired-model');
    expect(getModelSummary('retired-model')).toBeUndefined();
  });
});
