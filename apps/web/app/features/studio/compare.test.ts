import { estimateFromDraft, listModels, promptModels } from '@kadr/catalog';
import { describe, expect, it } from 'vitest';
import { compareLimits, comparePayload, compareQuote, toggleModel } from './compare';

describe('compare', () => {
  it('ticks up to four models and unticks any', () => {
    let selected: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e']) selected = toggleModel(selected, id);
    expect(selected).toEqual(['a', 'b', 'c', 'd']);
    expect(selected).toHaveLength(compareLimits.max);
    expect(toggleModel(selected, 'b')).toEqual(['a', 'c', 'd']);
  });

  it.each(['image', 'video'] as const)(
    'asks each %s model for the prompt at its defaults, and quotes their sum',
    (type) => {
      // The models a comparison offers: a prompt alone runs each (not a talking character).
      const models = promptModels(type).map((model) => model.id);
      expect(models).not.toContain('omni-human');
      expect(models.length).toBeGreaterThan(listModels(type).length - 2);
      const quote = compareQuote(type, models);
      for (const [index, model] of models.entries()) {
        const payload = comparePayload(type, model, '  a red fox  ');
        expect(payload).toMatchObject({ model, prompt: 'a red fox' });
        expect(quote.cells[index]).toEqual({ model, cost: estimateFromDraft(model, payload) });
        expect(quote.cells[index]?.cost).toBeGreaterThan(0);
      }
      expect(quote.total).toBe(quote.cells.reduce((sum, cell) => sum + cell.cost, 0));
    },
  );
});
