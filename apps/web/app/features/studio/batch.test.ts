import { getModel } from '@kadr/catalog';
import { describe, expect, it } from 'vitest';
import { expandBatch, promptsFromLines, rowsFromCsv, strictestReferenceModel } from './batch';

describe('batch input', () => {
  it('takes one prompt per non-empty line', () => {
    expect(promptsFromLines('a fox\n\n  an owl  \r\na whale\n').map((r) => r.prompt)).toEqual([
      'a fox',
      'an owl',
      'a whale',
    ]);
  });

  it('reads a CSV of prompts and parameters, quoted cells included', () => {
    const { rows, problems } = rowsFromCsv(
      'prompt,aspect_ratio,seed\n"A fox, in snow",16:9,42\n"An owl said ""hoot""",,\n',
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { prompt: 'A fox, in snow', parameters: { aspect_ratio: '16:9', seed: 42 } },
      { prompt: 'An owl said "hoot"', parameters: {} },
    ]);
    expect(rowsFromCsv('prompt;duration\nwaves;5').rows).toEqual([
      { prompt: 'waves', parameters: { duration: 5 } },
    ]);
  });

  it('says what is wrong with a CSV, by line', () => {
    expect(rowsFromCsv('text,seed\nx,1').problems).toEqual([{ line: 1, code: 'no_prompt_column' }]);
    expect(rowsFromCsv('prompt\n"open\n').problems).toEqual([{ line: 2, code: 'unclosed_quote' }]);
    expect(rowsFromCsv('prompt,seed\n,1\nfine,2').problems).toEqual([
      { line: 2, code: 'empty_prompt' },
    ]);
  });

  it('expands prompts × models × variations, giving each model only its own parameters', () => {
    const rows = rowsFromCsv(
      'prompt,aspect_ratio,safety_filter_level\na fox,16:9,block_only_high\nan owl,1:1,',
    ).rows;
    const items = expandBatch('image', rows, ['seedream-3', 'imagen-4-ultra'], 2);
    expect(items).toHaveLength(2 * 2 * 2);
    expect(items[0]).toEqual({
      model: 'seedream-3',
      prompt: 'a fox',
      parameters: { aspect_ratio: '16:9' },
    });
    expect(items[2]).toEqual({
      model: 'imagen-4-ultra',
      prompt: 'a fox',
      parameters: { aspect_ratio: '16:9', safety_filter_level: 'block_only_high' },
    });
  });

  it('gives library elements to the models that take references, each up to its own limit', () => {
    const elements = [
      { id: 'anna', kind: 'character' as const },
      { id: 'max', kind: 'character' as const },
      { id: 'mug', kind: 'product' as const },
      { id: 'cap', kind: 'product' as const },
    ];
    const items = expandBatch(
      'image',
      promptsFromLines('Anna with a mug'),
      ['seedream-4', 'nano-banana', 'seedream-3'],
      1,
      elements,
    );
    expect(items.map((item) => [item.model, item.elements])).toEqual([
      ['seedream-4', ['anna', 'max', 'mug', 'cap']],
      // Nano Banana takes three.
      ['nano-banana', ['anna', 'max', 'mug']],
      // Seedream 3 takes none: it runs on the prompt alone, with no `elements` at all.
      ['seedream-3', undefined],
    ]);
    expect(items[2]).not.toHaveProperty('elements');
  });

  it('lets the chooser follow the chosen model that takes the fewest references', () => {
    const models = ['seedream-3', 'seedream-4', 'nano-banana'].map((id) => getModel(id));
    expect(strictestReferenceModel(models)?.id).toBe('nano-banana');
    expect(strictestReferenceModel([getModel('seedream-3')])).toBeUndefined();
  });
});
