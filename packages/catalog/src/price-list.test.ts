import { describe, expect, it } from 'vitest';
import { defaultParameters, getModel, priceOf } from './catalog.ts';
import {
  lowestCosts,
  lowestPrice,
  modelCosts,
  offeredOptions,
  priceRates,
  toolCosts,
  workedExamples,
} from './price-list.ts';
import { listModels } from './studio-models.ts';
import { listTools } from './tool-models.ts';

describe('model costs from the price rules (spec §9)', () => {
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
    expect(byId.get('veo2')).toMatchObject({ rates: [{ tokens: 50, per: 'second' }] });
    expect(byId.get('veo2')?.fixed).toBeUndefined();
    expect(byId.get('hunyuan')?.rates).toEqual([{ tokens: 250, per: 'video' }]);
  });

  it('names the rates with and without sound, cheapest first, and a fixed video’s least and most', () => {
    const byId = new Map(modelCosts('video').map((card) => [card.id, card]));
    const without = { en: 'without sound', ru: 'без звука' };
    const withSound = { en: 'with sound', ru: 'со звуком' };
    expect(byId.get('veo3')).toMatchObject({
      rates: [
        { tokens: 50, per: 'second', option: without },
        { tokens: 75, per: 'second', option: withSound },
      ],
      fixed: { seconds: 8, tokens: 400, upTo: 600 },
    });
    expect(byId.get('veo3-fast')).toMatchObject({
      rates: [
        { tokens: 27, per: 'second', option: without },
        { tokens: 40, per: 'second', option: withSound },
      ],
      fixed: { seconds: 8, tokens: 216, upTo: 320 },
    });
  });

  it('names only the resolutions a model offers (Lite keeps a 1080p rate it does not sell)', () => {
    const lite = modelCosts('video').find((card) => card.id === 'seedance-lite');
    expect(lite?.rates).toEqual([
      { tokens: 2, per: 'second', resolution: '480p' },
      { tokens: 4, per: 'second', resolution: '720p' },
    ]);
    for (const card of modelCosts('video')) {
      const model = getModel(card.id);
      const rule = model?.price;
      if (!model || rule?.kind !== 'per-second-by-resolution') continue;
      for (const rate of card.rates) {
        expect(offeredOptions(model, rule.param)).toContain(rate.resolution);
      }
    }
  });

  it('gives the lowest image and video-second figures for the public pages', () => {
    expect(lowestCosts()).toEqual({ image: 3, videoSecond: 2 });
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
      { kind: 'video', model: 'Seedance 1 Lite', seconds: 5, resolution: '720p', tokens: 20 },
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

  it('works every example out at a resolution its model offers', () => {
    const byName = new Map(listModels('video').map((model) => [model.name, model]));
    for (const example of workedExamples(600)) {
      if (example.kind === 'image') continue;
      const video = example.kind === 'video' ? example : example.video;
      const model = byName.get(video.model);
      expect(model && offeredOptions(model, 'resolution')).toContain(video.resolution);
    }
  });

  it('leaves out the package example until a package is known', () => {
    expect(workedExamples(undefined).some((example) => example.kind === 'package')).toBe(false);
  });
});

describe('tool costs', () => {
  it('lists every tool with its title and its one rate: flat per image or per megapixel', () => {
    const costs = toolCosts();
    expect(costs.map((cost) => cost.id)).toEqual(listTools().map((model) => model.id));
    for (const cost of costs) {
      const model = getModel(cost.id);
      expect(cost.title).toEqual(model?.tool?.title);
      const rule = model?.price;
      if (rule?.kind === 'flat') expect(cost.rate).toEqual({ tokens: rule.tokens, per: 'image' });
      else if (rule?.kind === 'per-megapixel') {
        expect(cost.rate).toEqual({
          tokens: rule.tokensPerMegapixel,
          per: 'megapixel',
          minimum: rule.minimum,
        });
      } else throw new Error(`unexpected rule for ${cost.id}`);
    }
    expect(costs.find((cost) => cost.id === 'upscale')?.rate).toEqual({
      tokens: 0.25,
      per: 'megapixel',
      minimum: 1,
    });
  });
});

describe('lowestPrice: the least any request a model takes costs (issue #51)', () => {
  const model = (id: string) => {
    const found = getModel(id);
    if (!found) throw new Error(id);
    return found;
  };

  it('is the cheapest offered option at the shortest offered length', () => {
    // Seedance 1 Lite: 480p at 2 a second, 5 s at least; its unoffered 1080p never counts.
    expect(lowestPrice(model('seedance-lite'))).toBe(10);
    expect(lowestPrice(model('seedance-pro'))).toBe(15);
    // Veo 3: 8 s without sound at 50 a second, not its default with sound (600).
    expect(lowestPrice(model('veo3'))).toBe(400);
    expect(lowestPrice(model('veo3-fast'))).toBe(216);
    expect(lowestPrice(model('upscale'))).toBe(1);
    expect(lowestPrice(model('omni-human'))).toBe(16);
  });

  it('is never above the price of the defaults, and never below a real request’s price', () => {
    for (const entry of [...listModels(), ...listTools()]) {
      const least = lowestPrice(entry);
      expect(least, entry.id).toBeGreaterThan(0);
      if (entry.tool || entry.speech) continue;
      const defaults = priceOf(entry.id, { parameters: defaultParameters(entry.id), duration: 0 });
      expect(least, entry.id).toBeLessThanOrEqual(defaults);
    }
  });

  it('priceRates names only offered resolutions, cheapest first', () => {
    expect(priceRates(model('seedance-lite')).map((rate) => rate.resolution)).toEqual([
      '480p',
      '720p',
    ]);
  });
});
