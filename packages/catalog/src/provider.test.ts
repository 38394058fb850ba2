import { describe, expect, it } from 'vitest';
import {
  getModel,
  listModels,
  type ParameterDefinition,
  type ParamValue,
  toProviderRequest,
  type ValidatedRequest,
  validateRequest,
} from './index.ts';

const url = 'https://kadr.example/files/cat.png';

function validated(modelId: string, parameters: Record<string, unknown> = {}, duration = 0) {
  const result = validateRequest(modelId, { prompt: 'a cat', parameters, duration });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

/** Values worth sending for one parameter: every option, both ends of a range, empty and set. */
function samples(def: ParameterDefinition): ParamValue[] {
  switch (def.type) {
    case 'select':
      return (def.options ?? []).map((option) => option.value);
    case 'boolean':
      return [true, false];
    case 'file':
      // A required file (a talking character's picture and recording) is never empty.
      return def.required ? [url] : [url, null];
    case 'text':
    case 'textarea':
      return ['', 'blurry'];
    default:
      return [def.min ?? null, def.max ?? null, def.default ?? null, ...(def.allowedValues ?? [])];
  }
}

/** Each sample, with whatever other value makes the parameter visible. */
function requestsFor(modelId: string): ValidatedRequest[] {
  const model = getModel(modelId);
  if (model === undefined) throw new Error(modelId);
  return model.parameters.flatMap((def) =>
    samples(def).map((value) => {
      const required = model.parameters.filter((other) => other.type === 'file' && other.required);
      const parameters: Record<string, unknown> = {
        ...Object.fromEntries(required.map((other) => [other.name, url])),
        [def.name]: value,
      };
      const when = def.showWhen;
      if (when !== undefined && 'equals' in when) parameters[when.param] = when.equals;
      if (when !== undefined && 'empty' in when) parameters[when.param] = when.empty ? null : url;
      return validated(modelId, parameters);
    }),
  );
}

describe('toProviderRequest', () => {
  it.each(listModels().map((model) => [model.id, model] as const))(
    '%s sends only input names its provider accepts, never empty values',
    (id, model) => {
      const known = new Set(model.provider.inputs);
      const requests = requestsFor(id);
      expect(requests.length).toBeGreaterThan(model.parameters.length);
      for (const request of requests) {
        const { input } = toProviderRequest(request);
        expect(input.prompt).toBe('a cat');
        for (const [name, value] of Object.entries(input)) {
          expect(known, `${id} sends ${name}`).toContain(name);
          expect(value).not.toBeNull();
          expect(value).not.toBe('');
        }
      }
    },
  );

  it.each([
    ['hunyuan', { version: '6c9132aee14409cd6568d030453f1ba50f5f3412b844fe67f78a9eb62d55664f' }],
    ['seedance-pro', { model: 'bytedance/seedance-1-pro' }],
    ['veo3', { model: 'google/veo-3' }],
    ['imagen-4-ultra', { model: 'google/imagen-4-ultra' }],
  ])('%s is called by %j', (id, ref) => {
    expect(toProviderRequest(validated(id)).ref).toEqual(ref);
  });

  it('sends hunyuan’s defaults as they are, without a seed', () => {
    expect(toProviderRequest(validated('hunyuan')).input).toEqual({
      prompt: 'a cat',
      width: 864,
      height: 480,
      video_length: 129,
      infer_steps: 50,
      embedded_guidance_scale: 6,
      fps: 24,
    });
  });

  it.each([
    ['seedream-3', 0],
    ['seedream-3', 2147483647],
    ['veo2', 42],
  ])('%s passes seed %i', (id, seed) => {
    expect(toProviderRequest(validated(id, { seed })).input.seed).toBe(seed);
  });

  it.each([['veo3'], ['veo3-fast']])('%s pins 8 seconds, with sound unless switched off', (id) => {
    expect(toProviderRequest(validated(id)).input).toMatchObject({
      duration: 8,
      generate_audio: true,
    });
    expect(toProviderRequest(validated(id, { generate_audio: true })).input.generate_audio).toBe(
      true,
    );
    expect(toProviderRequest(validated(id, { generate_audio: false })).input).toMatchObject({
      duration: 8,
      generate_audio: false,
    });
  });

  it('sends seedance’s chosen duration, resolution and the first frame', () => {
    const request = validated('seedance-pro', { image: url, resolution: '480p' }, 10);
    expect(toProviderRequest(request).input).toEqual({
      prompt: 'a cat',
      image: url,
      duration: 10,
      resolution: '480p',
      camera_fixed: false,
      fps: 24,
    });
  });

  it('sends seedream’s width and height only for a custom ratio, and size otherwise', () => {
    const custom = toProviderRequest(
      validated('seedream-3', { aspect_ratio: 'custom', width: 1024 }),
    );
    expect(custom.input).toMatchObject({ aspect_ratio: 'custom', width: 1024, height: 2048 });
    expect(custom.input).not.toHaveProperty('size');
    const preset = toProviderRequest(validated('seedream-3', { size: 'small' }));
    expect(preset.input).toMatchObject({ aspect_ratio: '16:9', size: 'small' });
    expect(preset.input).not.toHaveProperty('width');
  });

  it.each([
    ['square', 'optimize_for_speed'],
    ['square_hd', 'optimize_for_quality'],
    ['landscape_16_9', 'optimize_for_quality'],
    ['portrait_4_3', 'optimize_for_quality'],
  ])('translates qwen-image’s %s to the provider’s %s', (size, providerValue) => {
    const { input } = toProviderRequest(validated('qwen-image', { image_size: size }));
    expect(input.image_size).toBe(providerValue);
  });

  it('leaves out a blank negative prompt and LoRA, and sends them when set', () => {
    const blank = toProviderRequest(validated('qwen-image')).input;
    expect(blank).not.toHaveProperty('negative_prompt');
    expect(blank).not.toHaveProperty('lora_weights');
    const set = toProviderRequest(
      validated('qwen-image', { negative_prompt: 'text', lora_weights: 'fofr/lora' }),
    ).input;
    expect(set).toMatchObject({ negative_prompt: 'text', lora_weights: 'fofr/lora' });
  });

  it.each([
    ['flux-kontext-pro', 'input_image'],
    ['veo2', 'image'],
    ['seedance-lite', 'image'],
  ])('%s resolves the %s URL for the provider', (id, name) => {
    const request = validated(id, { [name]: url });
    const signed = toProviderRequest(request, (u) => `${u}?signature=abc`);
    expect(signed.input[name]).toBe(`${url}?signature=abc`);
    expect(toProviderRequest(request).input[name]).toBe(url);
  });

  it('does not pass other strings through the URL resolver', () => {
    const seen: string[] = [];
    toProviderRequest(validated('qwen-image', { negative_prompt: 'text' }), (u) => {
      seen.push(u);
      return u;
    });
    expect(seen).toEqual([]);
  });

  it('throws for a request naming an unknown model', () => {
    const request = { ...validated('veo2'), model: 'nope' };
    expect(() => toProviderRequest(request)).toThrow(/Unknown model/);
  });
});

describe('start and end frames (issue #48, ADR 046)', () => {
  const last = 'https://kadr.example/files/end.png';
  it.each(['seedance-pro', 'seedance-lite'])(
    '%s sends the end frame with a first frame, its own field',
    (id) => {
      const request = toProviderRequest(
        validated(id, { image: url, last_frame_image: last, duration: 5, resolution: '480p' }, 5),
      );
      expect(request.input).toMatchObject({ image: url, last_frame_image: last });
    },
  );

  it('drops an end frame without a first frame, as the schema takes it only with one', () => {
    const request = toProviderRequest(validated('seedance-pro', { last_frame_image: last }, 5));
    expect(request.input).not.toHaveProperty('last_frame_image');
  });

  it('offers "the same picture" only from another file parameter of the same model', () => {
    for (const model of listModels()) {
      for (const def of model.parameters) {
        if (!def.sameAs) continue;
        expect(def.type).toBe('file');
        const other = model.parameters.find((p) => p.name === def.sameAs?.param);
        expect(other?.type, `${model.id}.${def.name}`).toBe('file');
      }
    }
  });
});
