import { getModel, listModels, priceOf } from '@kadr/catalog';
import { describe, expect, it } from 'vitest';
import { modelCosts, workedExamples } from './costs';

describe('model costs from the catalogue (spec §9)', () => {
  it('has a card for every model people can use, with its rates', () => {
    const images = modelCosts('image');
    expect(images.map((card) => card.id)).toEqual(listModels('image').map((model) => model.id));
    for (const card of images) {
      expect(card.rates).toEqual([
        { tokens: priceOf(card.id, { parameters: {}, duration: 0 }), per: 'image' },
      ]);
    }
    const videos = modelCosts('video');
    expect(videos.map((card) => card.id)).toEqual(listModels('video').map((model) => model.id));
  });

  it('lists resolution rates cheapest first, and prices fixed-length videos whole', () => {
    const byId = new Map(modelCosts('video').map((card) => [card.id, card]));
    expect(byId.get('seedance-pro')?.rates).toEqual([
      { tokens: 3, per: 'second', resolution: '480p' },
      { tokens: 15, per: 'second', resolution: '1080p' },
    ]);
    expect(byId.get('veo3')).toMatchObject({
      rates: [{ tokens: 75, per: 'second' }],
      fixed: { seconds: 8, tokens: 600 },
    });
    expect(byId.get('hunyuan')?.rates).toEqual([{ tokens: 250, per: 'video' }]);
  });

  it('leaves out models that are priced but not offered', () => {
    expect(getModel('flux-dev')?.pricingOnly).toBe(true);
    expect(modelCosts('image').some((card) => card.id === 'flux-dev')).toBe(false);
  });
});

describe('worked examples', () => {
  it('computes the spec’s figures from the price rules', () => {
    const examples = workedExamples(600);
    expect(examples).toEqual([
      { kind: 'image', model: 'Seedream 3', tokens: 3 },
      { kind: 'video', model: 'Seedance 1 Pro', seconds: 5, resolution: '1080p', tokens: 75 },
      { kind: 'video', model: 'Seedance 1 Lite', seconds: 5, resolution: '1080p', tokens: 20 },
      {
        kind: 'package',
        packageTokens: 600,
        images: 200,
        imageModel: 'Seedream 3',
        videos: 8,
        video: { model: 'Seedance 1 Pro', seconds: 5, resolution: '1080p' },
      },
    ]);
  });

  it('leaves out the package example until a package is known', () => {
    expect(workedExamples(undefined).some((example) => example.kind === 'package')).toBe(false);
  });
});
