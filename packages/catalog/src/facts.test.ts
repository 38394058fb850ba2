import { describe, expect, it } from 'vitest';
import { productFacts } from './facts.ts';
import { listModels } from './studio-models.ts';

describe('productFacts', () => {
  it('says what the studio offers today', () => {
    expect(productFacts()).toEqual({
      models: listModels().length,
      maxVideoSeconds: 10,
      imageSecondsMin: Math.min(...listModels('image').map((m) => m.typicalSeconds.min)),
      imageSecondsMax: Math.max(...listModels('image').map((m) => m.typicalSeconds.max)),
    });
    expect(productFacts().models).toBe(13);
  });
});
