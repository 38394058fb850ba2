import { describe, expect, it } from 'vitest';
import {
  estimateDraft,
  estimateFromDraft,
  getModel,
  listModels,
  type ModelDefinition,
  models,
  type ParameterDefinition,
  pricedParameters,
  priceOf,
  type ValidatedRequest,
  validateRequest,
} from './index.ts';

function validated(modelId: string, parameters: Record<string, unknown> = {}, duration = 0) {
  const result = validateRequest(modelId, { prompt: 'a cat', parameters, duration });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

function getModelOrThrow(id: string): ModelDefinition {
  const model = getModel(id);
  if (!model) throw new Error(id);
  return model;
}

/** A URL for each file a model cannot do without (a talking character's picture and recording). */
function requiredFiles(model: ModelDefinition): Record<string, string> {
  return Object.fromEntries(
    model.parameters
      .filter((def) => def.type === 'file' && def.required)
      .map((def) => [def.name, 'https://kadr.example/files/input']),
  );
}

describe('a talking character (ADR 049)', () => {
  it('costs 16 tokens a second of its recording, rounded up by the server', () => {
    const request = validated('omni-human', requiredFiles(getModelOrThrow('omni-human')));
    expect(request.duration).toBe(0);
    expect(priceOf('omni-human', { ...request, duration: 12 })).toBe(192);
    expect(priceOf('omni-human', { ...request, duration: 1 })).toBe(16);
  });

  it('cannot be priced without its recording’s length', () => {
    const request = validated('omni-human', requiredFiles(getModelOrThrow('omni-human')));
    expect(() => priceOf('omni-human', request)).toThrow(/duration 0/);
    expect(estimateDraft(getModelOrThrow('omni-human'), {})).toBeNull();
  });
});

describe('priceOf (spec §9)', () => {
  it.each([
    ['seedream-3', {}, 3],
    ['seedream-3', { aspect_ratio: 'custom', width: 2048, height: 2048 }, 3],
    ['imagen-4-ultra', {}, 6],
    ['imagen-4-ultra', { output_format: 'png' }, 6],
    ['flux-kontext-pro', {}, 4],
    ['flux-kontext-pro', { input_image: 'https://kadr.example/f/a.png' }, 4],
    ['qwen-image', {}, 3],
    ['qwen-image', { output_format: 'png', num_inference_steps: 50 }, 3],
  ])('%s with %j costs %i per image', (id, parameters, tokens) => {
    expect(priceOf(id, validated(id, parameters))).toBe(tokens);
  });

  it('prices the pricing-only flux-dev at 3 per image', () => {
    expect(priceOf('flux-dev', { parameters: {}, duration: 0 })).toBe(3);
  });

  it.each([
    ['seedance-pro', '480p', 5, 15],
    ['seedance-pro', '480p', 10, 30],
    ['seedance-pro', '1080p', 5, 75],
    ['seedance-pro', '1080p', 10, 150],
    ['seedance-lite', '480p', 5, 10],
    ['seedance-lite', '480p', 10, 20],
    ['seedance-lite', '720p', 5, 20],
    ['seedance-lite', '720p', 10, 40],
  ])('%s at %s for %i s costs %i', (id, resolution, seconds, tokens) => {
    expect(priceOf(id, validated(id, { resolution }, seconds))).toBe(tokens);
    expect(priceOf(id, validated(id, { resolution, duration: seconds }))).toBe(tokens);
  });

  it('keeps the spec’s 1080p rate for seedance-lite should it be offered', () => {
    expect(priceOf('seedance-lite', { parameters: { resolution: '1080p' }, duration: 10 })).toBe(
      40,
    );
  });

  it.each([
    [5, 250],
    [6, 300],
    [7, 350],
    [8, 400],
  ])('veo2 for %i s costs %i', (seconds, tokens) => {
    expect(priceOf('veo2', validated('veo2', {}, seconds))).toBe(tokens);
    expect(
      priceOf(
        'veo2',
        validated('veo2', { image: 'https://kadr.example/f/a.png', duration: seconds }),
      ),
    ).toBe(tokens);
  });

  it.each([
    ['veo3', {}, 600],
    ['veo3', { enhance_prompt: false, seed: 7 }, 600],
    ['veo3-fast', { resolution: '480p' }, 320],
    ['veo3-fast', { resolution: '720p' }, 320],
    ['veo3-fast', { resolution: '1080p' }, 320],
    ['hunyuan', { video_length: 49 }, 250],
    ['hunyuan', { video_length: 129, width: 1280, height: 1280 }, 250],
  ])('%s with %j costs %i', (id, parameters, tokens) => {
    expect(priceOf(id, validated(id, parameters))).toBe(tokens);
  });

  it.each([
    ['veo3', true, 600],
    ['veo3', false, 400],
    ['veo3-fast', true, 320],
    ['veo3-fast', false, 216],
  ])('%s with generate_audio %s costs %i for its 8 s (ADR 048)', (id, sound, tokens) => {
    expect(priceOf(id, validated(id, { generate_audio: sound }))).toBe(tokens);
    expect(priceOf(id, { parameters: { generate_audio: sound }, duration: 0 })).toBe(tokens);
    expect(estimateFromDraft(id, { parameters: { generate_audio: sound } })).toBe(tokens);
  });

  it('prices Veo 3 Fast without sound the same at every resolution', () => {
    for (const resolution of ['480p', '720p', '1080p']) {
      const request = validated('veo3-fast', { resolution, generate_audio: false });
      expect(priceOf('veo3-fast', request)).toBe(216);
    }
  });

  it.each([
    ['veo3', 0, 600],
    ['veo3', 4, 600],
    ['veo3-fast', 0, 320],
    ['seedance-pro', 0, 75],
    ['veo2', 0, 250],
  ])('%s priced from bare parameters with duration %i costs %i', (id, duration, tokens) => {
    expect(priceOf(id, { parameters: {}, duration })).toBe(tokens);
  });

  it('prefers the given duration to the parameter for bare input', () => {
    expect(priceOf('seedance-pro', { parameters: { duration: 5 }, duration: 10 })).toBe(150);
    expect(priceOf('seedance-pro', { parameters: { duration: 10 }, duration: 0 })).toBe(150);
  });

  it.each([
    ['unknown', { parameters: {}, duration: 0 }, /Unknown model/],
    ['seedance-pro', { parameters: { resolution: '720p' }, duration: 5 }, /no rate/],
    ['seedance-pro', { parameters: { resolution: 1080 }, duration: 5 }, /no rate/],
    ['seedance-pro', { parameters: { resolution: 'constructor' }, duration: 5 }, /no rate/],
    ['veo3', { parameters: { generate_audio: 'maybe' }, duration: 0 }, /no rate/],
    ['veo3', { parameters: { generate_audio: ['true'] }, duration: 0 }, /no rate/],
    ['veo2', { parameters: {}, duration: Number.NaN }, /not a positive number/],
    ['veo2', { parameters: {}, duration: -5 }, /not a positive number/],
  ])('%s with %j throws rather than guess a charge', (id, input, message) => {
    expect(() => priceOf(id, input)).toThrow(message);
  });

  it('prices every model’s validated defaults without throwing', () => {
    for (const model of models.filter((m) => m.tool === undefined)) {
      const input: ValidatedRequest | { parameters: object; duration: number } =
        model.pricingOnly === true
          ? { parameters: {}, duration: 0 }
          : validated(model.id, requiredFiles(model));
      // A talking character lasts as long as its recording, which the server reads: 5 s here.
      const duration = model.speech ? 5 : input.duration;
      expect(priceOf(model.id, { parameters: { ...input.parameters }, duration })).toBeGreaterThan(
        0,
      );
    }
  });
});

describe('estimateFromDraft', () => {
  it.each([
    ['imagen-4-ultra', {}, 6],
    ['seedance-pro', {}, 75],
    ['seedance-lite', {}, 20],
    ['veo2', {}, 250],
    ['veo3', {}, 600],
    ['veo3-fast', {}, 320],
    ['hunyuan', {}, 250],
    ['flux-dev', {}, 3],
    ['seedance-pro', { duration: 10 }, 150],
    ['seedance-pro', { parameters: { resolution: '480p' }, duration: 10 }, 30],
    ['seedance-pro', { parameters: { resolution: '480p', duration: 10 }, duration: 0 }, 30],
    ['seedance-lite', { parameters: { resolution: '480p' }, duration: 5 }, 10],
    ['veo2', { duration: 8 }, 400],
    ['veo2', { parameters: { duration: 7 } }, 350],
  ])('%s with %j estimates %i', (id, draft, tokens) => {
    expect(estimateFromDraft(id, draft)).toBe(tokens);
  });

  it.each([
    ['seedance-pro', { parameters: { resolution: '720p' } }, 75],
    ['seedance-pro', { parameters: { resolution: '' }, duration: 7 }, 75],
    ['seedance-pro', { parameters: { duration: '10' } }, 75],
    ['seedance-lite', { parameters: { resolution: null }, duration: Number.NaN }, 20],
    ['veo2', { duration: 20 }, 250],
    ['veo2', { duration: -1 }, 250],
    ['veo2', { parameters: [8] }, 250],
    ['veo2', { parameters: 'duration=8' }, 250],
    ['veo2', null, 250],
    ['veo2', undefined, 250],
    ['veo3', { duration: 5 }, 600],
    ['veo3', { parameters: { generate_audio: 'false' } }, 600],
    ['veo3-fast', { parameters: { generate_audio: null } }, 320],
    ['hunyuan', { duration: 5, parameters: { video_length: 50 } }, 250],
  ])('%s with the half-filled %j falls back to defaults: %i', (id, draft, tokens) => {
    expect(estimateFromDraft(id, draft)).toBe(tokens);
  });

  it.each(['', 'unknown', 'Seedance-Pro'])('is null for the unknown model %j', (id) => {
    expect(estimateFromDraft(id, {})).toBeNull();
  });
});

describe('pricedParameters', () => {
  const candidateValues = (def: ParameterDefinition): unknown[] => {
    if (def.options) return def.options.map((option) => option.value);
    if (def.allowedValues) return [...def.allowedValues];
    if (def.type === 'boolean') return [true, false];
    if (def.min !== undefined && def.max !== undefined) {
      const step = def.step ?? 1;
      const values: number[] = [];
      for (let v = def.min; v <= def.max && values.length < 64; v += step) values.push(v);
      return [...values, def.max];
    }
    return [];
  };

  it.each(listModels().map((model) => [model.id, model] as const))(
    '%s: exactly the listed parameters move the price',
    (_id, model) => {
      const priced = new Set(pricedParameters(model));
      const base = estimateFromDraft(model.id, { parameters: {} });
      for (const def of model.parameters) {
        const prices = new Set(
          candidateValues(def).map((value) =>
            estimateFromDraft(model.id, { parameters: { [def.name]: value } }),
          ),
        );
        prices.add(base);
        if (priced.has(def.name)) {
          expect(prices.size, `${def.name} should change the price`).toBeGreaterThan(1);
        } else {
          expect([...prices], `${def.name} should not change the price`).toEqual([base]);
        }
      }
    },
  );

  it('names the sound switch of Veo 3 and Veo 3 Fast, so the studio asks again when it flips', () => {
    expect(pricedParameters(getModelOrThrow('veo3'))).toEqual(['generate_audio']);
    expect(pricedParameters(getModelOrThrow('veo3-fast'))).toEqual(['generate_audio']);
    const fast = getModelOrThrow('veo3-fast');
    expect(estimateDraft(fast, { parameters: { generate_audio: true } })).toBe(320);
    expect(estimateDraft(fast, { parameters: { generate_audio: false } })).toBe(216);
    expect(
      estimateDraft(fast, { parameters: { generate_audio: false, resolution: '1080p' } }),
    ).toBe(216);
  });

  it('names resolution and duration for seedance, frames and fps for none that is flat', () => {
    const seedance = listModels('video').find(
      (model) => model.price.kind === 'per-second-by-resolution',
    );
    expect(seedance && pricedParameters(seedance).sort()).toEqual(['duration', 'resolution']);
    for (const model of listModels()) {
      if (model.price.kind === 'flat' || model.price.kind === 'per-output') {
        expect(pricedParameters(model)).toEqual([]);
      }
    }
  });
});
