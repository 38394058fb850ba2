import { describe, expect, it } from 'vitest';
import {
  defaultParameters,
  type FieldError,
  isParameterVisible,
  listModels,
  type ValidatedRequest,
  validateRequest,
} from './index.ts';

const url = 'https://kadr.example/files/cat.png';

function build(parameters?: unknown, extra: Record<string, unknown> = {}) {
  return { prompt: 'a cat on a windowsill', parameters, ...extra };
}

function valid(modelId: string, raw: unknown): ValidatedRequest {
  const result = validateRequest(modelId, raw);
  if (!result.ok) throw new Error(`expected ${modelId} to pass: ${JSON.stringify(result.errors)}`);
  return result.value;
}

function errorsOf(modelId: string, raw: unknown): FieldError[] {
  const result = validateRequest(modelId, raw);
  if (result.ok) throw new Error(`expected ${modelId} to fail: ${JSON.stringify(result.value)}`);
  return result.errors;
}

function codes(modelId: string, raw: unknown): [string, string][] {
  return errorsOf(modelId, raw).map((error) => [error.field, error.code]);
}

describe('validateRequest: defaults', () => {
  it.each(listModels().map((model) => [model.id, model] as const))(
    '%s accepts a prompt alone and fills in every visible default',
    (id, model) => {
      // A file the model cannot do without (a talking character's picture and recording) is given.
      const required = Object.fromEntries(
        model.parameters
          .filter((def) => def.type === 'file' && def.required)
          .map((def) => [def.name, url]),
      );
      const value = valid(id, { prompt: 'a cat', parameters: required });
      const defaults = defaultParameters(id);
      const visible = model.parameters.filter((def) => isParameterVisible(def, defaults));
      expect(value.model).toBe(id);
      expect(value.type).toBe(model.type);
      expect(value.parameters).toEqual(
        Object.fromEntries(
          visible.map((def) => [def.name, required[def.name] ?? def.default ?? null]),
        ),
      );
    },
  );

  it.each([
    ['seedream-3', 0],
    ['imagen-4-ultra', 0],
    ['flux-kontext-pro', 0],
    ['qwen-image', 0],
    ['hunyuan', 6],
    ['seedance-pro', 5],
    ['seedance-lite', 5],
    ['veo3', 8],
    ['veo3-fast', 8],
    ['veo2', 5],
  ])('%s lasts %i s by default', (id, seconds) => {
    expect(valid(id, { prompt: 'a cat' }).duration).toBe(seconds);
  });
});

describe('validateRequest: model and prompt', () => {
  it.each([
    ['unknown', 'unknown_model'],
    ['', 'unknown_model'],
    ['SEEDREAM-3', 'unknown_model'],
    ['flux-dev', 'model_unavailable'],
  ])('model %j is refused with %s', (id, code) => {
    expect(codes(id, build())).toContainEqual(['model', code]);
  });

  it('still reports prompt problems for an unknown model', () => {
    expect(codes('unknown', { prompt: ' ' })).toEqual([
      ['model', 'unknown_model'],
      ['prompt', 'required'],
    ]);
  });

  it.each([
    ['an empty prompt', '', 'required'],
    ['a blank prompt', ' \n\t ', 'required'],
    ['a missing prompt', undefined, 'required'],
    ['a null prompt', null, 'required'],
    ['a number', 42, 'invalid_type'],
    ['an array', ['a cat'], 'invalid_type'],
    ['2001 characters', 'a'.repeat(2001), 'too_long'],
    ['a null character', 'a\u0000cat', 'invalid_characters'],
    ['a high surrogate alone', 'a \ud83e cat', 'invalid_characters'],
    ['a low surrogate alone', '\udd8a fox', 'invalid_characters'],
    ['surrogates the wrong way round', '\udd8a\ud83e', 'invalid_characters'],
  ])('refuses %s', (_case, prompt, code) => {
    expect(codes('imagen-4-ultra', { prompt })).toEqual([['prompt', code]]);
  });

  it.each([
    ['  a cat  ', 'a cat'],
    ['a'.repeat(2000), 'a'.repeat(2000)],
    [`${' '.repeat(50)}${'b'.repeat(2000)}`, 'b'.repeat(2000)],
    ['кот на окне', 'кот на окне'],
    ['🦊 in snow', '🦊 in snow'],
    ['line one\nline two\ttabbed', 'line one\nline two\ttabbed'],
  ])('accepts and trims %j', (prompt, expected) => {
    expect(valid('imagen-4-ultra', { prompt }).prompt).toBe(expected);
  });

  it.each([null, 'a cat', 42, []])('treats a non-object body %j as having no prompt', (raw) => {
    expect(codes('imagen-4-ultra', raw)).toEqual([['prompt', 'required']]);
  });

  it.each([[[]], ['aspect_ratio=1:1'], [7]])('refuses parameters %j', (parameters) => {
    expect(codes('imagen-4-ultra', build(parameters))).toEqual([['parameters', 'invalid_type']]);
  });

  it('accepts null parameters as none', () => {
    expect(valid('imagen-4-ultra', { prompt: 'x', parameters: null }).parameters.aspect_ratio).toBe(
      '1:1',
    );
  });

  it('ignores top-level fields the contract owns', () => {
    expect(valid('imagen-4-ultra', build({}, { model: 'x', translate_prompt: true })).prompt).toBe(
      'a cat on a windowsill',
    );
  });
});

describe('validateRequest: parameter names and types', () => {
  it.each([
    ['qwen-image', 'steps'],
    ['imagen-4-ultra', 'seed'],
    ['hunyuan', 'duration'],
    ['veo3', 'resolution'],
    ['seedream-3', 'num_outputs'],
  ])('%s refuses the unknown parameter %s', (id, name) => {
    expect(codes(id, build({ [name]: 1 }))).toEqual([[name, 'unknown_parameter']]);
  });

  it.each([
    ['seedream-3', 'guidance_scale', '2.5'],
    ['seedream-3', 'guidance_scale', true],
    ['seedream-3', 'guidance_scale', null],
    ['seedream-3', 'guidance_scale', Number.NaN],
    ['seedream-3', 'guidance_scale', Number.POSITIVE_INFINITY],
    ['hunyuan', 'width', [864]],
    ['seedream-3', 'seed', '42'],
    ['seedream-3', 'seed', false],
    ['qwen-image', 'go_fast', 'true'],
    ['qwen-image', 'go_fast', 1],
    ['qwen-image', 'go_fast', null],
    ['imagen-4-ultra', 'aspect_ratio', 1],
    ['imagen-4-ultra', 'aspect_ratio', null],
    ['qwen-image', 'negative_prompt', 5],
    ['qwen-image', 'lora_weights', null],
    ['flux-kontext-pro', 'input_image', 42],
    ['veo2', 'image', { url }],
  ])('%s refuses %s = %j as the wrong type', (id, name, value) => {
    expect(codes(id, build({ [name]: value }))).toEqual([[name, 'invalid_type']]);
  });

  it.each([
    ['qwen-image', 'go_fast', true],
    ['qwen-image', 'go_fast', false],
    ['qwen-image', 'negative_prompt', ''],
    ['qwen-image', 'negative_prompt', 'blurry, text'],
    ['qwen-image', 'lora_weights', 'fofr/qwen-lora'],
    ['veo3', 'enhance_prompt', false],
  ])('%s accepts %s = %j', (id, name, value) => {
    expect(valid(id, build({ [name]: value })).parameters[name]).toBe(value);
  });
});

describe('validateRequest: ranges, steps and integers', () => {
  it.each([
    ['seedream-3', 'guidance_scale', 1],
    ['seedream-3', 'guidance_scale', 10],
    ['seedream-3', 'guidance_scale', 9.5],
    ['seedream-3', 'width', 512, { aspect_ratio: 'custom' }],
    ['seedream-3', 'width', 2048, { aspect_ratio: 'custom' }],
    ['seedream-3', 'height', 1088, { aspect_ratio: 'custom' }],
    ['flux-kontext-pro', 'safety_tolerance', 0],
    ['flux-kontext-pro', 'safety_tolerance', 6],
    ['qwen-image', 'num_inference_steps', 1],
    ['qwen-image', 'num_inference_steps', 50],
    ['qwen-image', 'guidance', 3.5],
    ['qwen-image', 'output_quality', 0],
    ['qwen-image', 'output_quality', 100],
    ['qwen-image', 'lora_scale', 0],
    ['qwen-image', 'lora_scale', 0.3],
    ['qwen-image', 'lora_scale', 0.1 + 0.2],
    ['qwen-image', 'lora_scale', 2],
    ['hunyuan', 'width', 16],
    ['hunyuan', 'width', 1280],
    ['hunyuan', 'height', 720],
    ['hunyuan', 'infer_steps', 1],
    ['hunyuan', 'infer_steps', 100],
    ['hunyuan', 'embedded_guidance_scale', 1.5],
    ['hunyuan', 'fps', 1],
    ['hunyuan', 'fps', 60],
    ['hunyuan', 'video_length', 49],
    ['hunyuan', 'video_length', 129],
    ['seedance-pro', 'fps', 24],
  ])('%s accepts %s = %j', (id, name, value, others: Record<string, unknown> = {}) => {
    expect(valid(id, build({ ...others, [name]: value })).parameters[name]).toBe(value);
  });

  it.each([
    ['seedream-3', 'guidance_scale', 0.5, 'out_of_range'],
    ['seedream-3', 'guidance_scale', 10.5, 'out_of_range'],
    ['seedream-3', 'guidance_scale', 2.3, 'invalid_step'],
    ['seedream-3', 'width', 448, 'out_of_range', { aspect_ratio: 'custom' }],
    ['seedream-3', 'width', 2112, 'out_of_range', { aspect_ratio: 'custom' }],
    ['seedream-3', 'width', 600, 'invalid_step', { aspect_ratio: 'custom' }],
    ['seedream-3', 'height', 1000.5, 'not_integer', { aspect_ratio: 'custom' }],
    ['flux-kontext-pro', 'safety_tolerance', -1, 'out_of_range'],
    ['flux-kontext-pro', 'safety_tolerance', 7, 'out_of_range'],
    ['flux-kontext-pro', 'safety_tolerance', 2.5, 'not_integer'],
    ['qwen-image', 'num_inference_steps', 0, 'out_of_range'],
    ['qwen-image', 'num_inference_steps', 51, 'out_of_range'],
    ['qwen-image', 'num_inference_steps', 28.5, 'not_integer'],
    ['qwen-image', 'guidance', 0.5, 'out_of_range'],
    ['qwen-image', 'guidance', 3.2, 'invalid_step'],
    ['qwen-image', 'output_quality', -10, 'out_of_range'],
    ['qwen-image', 'output_quality', 110, 'out_of_range'],
    ['qwen-image', 'output_quality', 85, 'invalid_step'],
    ['qwen-image', 'lora_scale', 2.1, 'out_of_range'],
    ['qwen-image', 'lora_scale', 0.85, 'invalid_step'],
    ['hunyuan', 'width', 0, 'out_of_range'],
    ['hunyuan', 'width', 1296, 'out_of_range'],
    ['hunyuan', 'infer_steps', 0, 'out_of_range'],
    ['hunyuan', 'infer_steps', 101, 'out_of_range'],
    ['hunyuan', 'infer_steps', 30.5, 'not_integer'],
    ['hunyuan', 'embedded_guidance_scale', 10.5, 'out_of_range'],
    ['hunyuan', 'embedded_guidance_scale', 6.25, 'invalid_step'],
    ['hunyuan', 'fps', 0, 'out_of_range'],
    ['hunyuan', 'fps', 61, 'out_of_range'],
    ['hunyuan', 'fps', 23.976, 'not_integer'],
    ['seedance-pro', 'fps', 30, 'fixed'],
    ['seedance-lite', 'fps', 25, 'fixed'],
  ])('%s refuses %s = %j (%s)', (id, name, value, code, others: Record<string, unknown> = {}) => {
    expect(codes(id, build({ ...others, [name]: value }))).toEqual([[name, code]]);
  });

  it('says what the range, step and fixed value are', () => {
    const messages = errorsOf(
      'seedream-3',
      build({ aspect_ratio: 'custom', guidance_scale: 11, width: 600 }),
    ).map((e) => e.message);
    expect(messages).toEqual([
      'width must go in steps of 64 from 512',
      'guidance_scale must be between 1 and 10',
    ]);
    expect(errorsOf('seedance-pro', build({ fps: 30 }))[0]?.message).toBe('fps is fixed at 24');
  });
});

describe('validateRequest: hunyuan sizes and frames', () => {
  it.each([
    ['width', 100],
    ['width', 872],
    ['height', 1000],
    ['height', 17],
  ])('%s %i is not divisible by 16', (name, value) => {
    const errors = errorsOf('hunyuan', build({ [name]: value }));
    expect(errors).toEqual([
      { field: name, code: 'not_divisible', message: `${name} must be divisible by 16` },
    ]);
  });

  it.each([
    [50, 'not_divisible'],
    [128, 'not_divisible'],
    [53, 'not_allowed'],
    [97, 'not_allowed'],
    [48, 'out_of_range'],
    [133, 'out_of_range'],
    [129.5, 'not_integer'],
  ])('video_length %d is refused (%s)', (frames, code) => {
    expect(codes('hunyuan', build({ video_length: frames }))).toEqual([['video_length', code]]);
  });

  it('explains the frame rule', () => {
    expect(errorsOf('hunyuan', build({ video_length: 64 }))[0]?.message).toBe(
      'video_length must be of the form 4k+1',
    );
  });
});

describe('validateRequest: seed', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    [0, 0],
    [42, 42],
    [2147483647, 2147483647],
  ])('seed %j becomes %j', (seed, expected) => {
    const parameters = seed === undefined ? {} : { seed };
    expect(valid('seedream-3', build(parameters)).parameters.seed).toBe(expected);
  });

  it.each([
    [-1, 'out_of_range'],
    [2147483648, 'out_of_range'],
    [1.5, 'not_integer'],
    ['abc', 'invalid_type'],
    ['7', 'invalid_type'],
  ])('seed %j is refused (%s)', (seed, code) => {
    expect(codes('veo3', build({ seed }))).toEqual([['seed', code]]);
  });
});

describe('validateRequest: selects', () => {
  it.each([
    ['imagen-4-ultra', 'aspect_ratio', '', 'empty_option'],
    ['imagen-4-ultra', 'aspect_ratio', '21:9', 'invalid_option'],
    ['imagen-4-ultra', 'output_format', 'webp', 'invalid_option'],
    ['imagen-4-ultra', 'safety_filter_level', 'block_none', 'invalid_option'],
    ['seedream-3', 'size', 'huge', 'invalid_option'],
    ['seedream-3', 'size', '', 'empty_option'],
    ['qwen-image', 'image_size', 'optimize_for_quality', 'invalid_option'],
    ['seedance-pro', 'resolution', '720p', 'invalid_option'],
    ['seedance-lite', 'resolution', '1080p', 'invalid_option'],
    ['veo3-fast', 'resolution', '4k', 'invalid_option'],
    ['veo2', 'aspect_ratio', '1:1', 'invalid_option'],
    ['flux-kontext-pro', 'aspect_ratio', 'custom', 'invalid_option'],
  ])('%s refuses %s = %j (%s)', (id, name, value, code) => {
    expect(codes(id, build({ [name]: value }))).toEqual([[name, code]]);
  });

  it.each([
    ['imagen-4-ultra', 'aspect_ratio', '9:16'],
    ['flux-kontext-pro', 'aspect_ratio', '1:2'],
    ['qwen-image', 'image_size', 'square_hd'],
    ['seedance-pro', 'resolution', '480p'],
    ['seedance-lite', 'resolution', '480p'],
    ['veo3-fast', 'resolution', '1080p'],
    ['imagen-4-ultra', 'safety_filter_level', 'block_low_and_above'],
  ])('%s accepts %s = %j', (id, name, value) => {
    expect(valid(id, build({ [name]: value })).parameters[name]).toBe(value);
  });

  it('lists the options in the message', () => {
    expect(errorsOf('veo2', build({ aspect_ratio: '4:3' }))[0]?.message).toBe(
      'aspect_ratio must be one of 16:9, 9:16',
    );
  });
});

describe('validateRequest: files', () => {
  it.each([
    ['flux-kontext-pro', 'input_image'],
    ['seedance-pro', 'image'],
    ['seedance-lite', 'image'],
    ['veo2', 'image'],
  ])('%s takes an http(s) URL in %s, or nothing', (id, name) => {
    expect(valid(id, build({ [name]: url })).parameters[name]).toBe(url);
    expect(valid(id, build({ [name]: 'http://localhost:3000/f/1.webp' })).parameters[name]).toBe(
      'http://localhost:3000/f/1.webp',
    );
    expect(valid(id, build({ [name]: '' })).parameters[name]).toBeNull();
    expect(valid(id, build({ [name]: null })).parameters[name]).toBeNull();
    expect(valid(id, build()).parameters[name]).toBeNull();
  });

  it.each([
    'ftp://kadr.example/cat.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    '/files/cat.png',
    'not a url',
  ])('refuses %j as an image', (value) => {
    expect(codes('veo2', build({ image: value }))).toEqual([['image', 'invalid_url']]);
  });
});

describe('validateRequest: text limits', () => {
  it.each([
    ['qwen-image', 'negative_prompt', 2001],
    ['veo3', 'negative_prompt', 2001],
    ['qwen-image', 'lora_weights', 501],
  ])('%s refuses a %s of %i characters', (id, name, length) => {
    expect(codes(id, build({ [name]: 'x'.repeat(length) }))).toEqual([[name, 'too_long']]);
    expect(validateRequest(id, build({ [name]: 'x'.repeat(length - 1) })).ok).toBe(true);
  });

  it.each([
    ['qwen-image', 'negative_prompt', 'blurry\u0000'],
    ['veo3', 'negative_prompt', 'text \ud800'],
    ['qwen-image', 'lora_weights', 'fofr/\u0000lora'],
    ['veo2', 'image', `${url}\u0000`],
  ])('%s refuses a %s with a character no store can hold', (id, name, value) => {
    expect(codes(id, build({ [name]: value }))).toEqual([[name, 'invalid_characters']]);
  });
});

describe('validateRequest: cross-field rules', () => {
  it.each([
    [undefined, 6, true],
    [null, 6, true],
    ['', 6, true],
    [url, 2, true],
    [url, 0, true],
    [url, 3, false],
    [url, 6, false],
  ])(
    'flux-kontext-pro with image %j and safety_tolerance %i passes: %s',
    (image, tolerance, ok) => {
      const result = validateRequest(
        'flux-kontext-pro',
        build({ input_image: image, safety_tolerance: tolerance }),
      );
      expect(result.ok).toBe(ok);
      if (!result.ok) {
        expect(result.errors).toEqual([
          {
            field: 'safety_tolerance',
            code: 'out_of_range',
            message: 'safety_tolerance must be at most 2 when an input image is used',
          },
        ]);
      }
    },
  );

  it('drops size for a custom ratio and keeps width and height', () => {
    const { parameters } = valid(
      'seedream-3',
      build({ aspect_ratio: 'custom', size: 'big', width: 1024, height: 1536 }),
    );
    expect(parameters).not.toHaveProperty('size');
    expect(parameters).toMatchObject({ aspect_ratio: 'custom', width: 1024, height: 1536 });
  });

  it('ignores an invalid size for a custom ratio', () => {
    const { parameters } = valid('seedream-3', build({ aspect_ratio: 'custom', size: '' }));
    expect(parameters).not.toHaveProperty('size');
  });

  it('drops width and height unless the ratio is custom, whatever they hold', () => {
    const { parameters } = valid('seedream-3', build({ size: 'big', width: 99999, height: 'x' }));
    expect(parameters).toEqual({
      aspect_ratio: '16:9',
      size: 'big',
      guidance_scale: 2.5,
      seed: null,
    });
  });

  it.each([
    ['seedance-pro', url, false],
    ['seedance-pro', null, true],
    ['seedance-lite', url, false],
    ['seedance-lite', '', true],
  ])('%s with image %j keeps aspect_ratio: %s', (id, image, kept) => {
    const { parameters } = valid(id, build({ image, aspect_ratio: '9:16' }));
    expect('aspect_ratio' in parameters).toBe(kept);
  });

  it.each([
    ['png', false],
    ['jpg', true],
    ['webp', true],
  ])('qwen-image with %s keeps output_quality: %s', (format, kept) => {
    const { parameters } = valid(
      'qwen-image',
      build({ output_format: format, output_quality: 90 }),
    );
    expect('output_quality' in parameters).toBe(kept);
  });

  it('still refuses unknown names next to hidden ones', () => {
    expect(codes('seedream-3', build({ width: 1, colour: 'red' }))).toEqual([
      ['colour', 'unknown_parameter'],
    ]);
  });
});

describe('validateRequest: duration', () => {
  it.each([
    ['seedance-pro', 10, {}, 10],
    ['seedance-pro', 5, {}, 5],
    ['seedance-pro', 0, {}, 5],
    ['seedance-pro', 0, { duration: 10 }, 10],
    ['seedance-pro', 10, { duration: 10 }, 10],
    ['seedance-pro', undefined, {}, 5],
    ['seedance-lite', 10, {}, 10],
    ['veo2', 5, {}, 5],
    ['veo2', 6, {}, 6],
    ['veo2', 7, {}, 7],
    ['veo2', 8, {}, 8],
    ['veo2', 0, { duration: 6 }, 6],
    ['veo3', 8, {}, 8],
    ['veo3', 0, {}, 8],
    ['veo3-fast', 8, {}, 8],
    ['hunyuan', 0, {}, 6],
    ['hunyuan', 0, { video_length: 49 }, 3],
    ['hunyuan', 0, { video_length: 49, fps: 12 }, 5],
    ['hunyuan', 0, { video_length: 129, fps: 60 }, 3],
    ['imagen-4-ultra', 0, {}, 0],
  ])('%s with duration %j and %j lasts %i s', (id, duration, parameters, seconds) => {
    const value = valid(id, build(parameters, { duration }));
    expect(value.duration).toBe(seconds);
    if (id === 'seedance-pro' || id === 'seedance-lite' || id === 'veo2') {
      expect(value.parameters.duration).toBe(seconds);
    }
  });

  it.each([
    ['seedance-pro', 7, {}, 'not_allowed'],
    ['seedance-pro', 2, {}, 'out_of_range'],
    ['seedance-pro', 12, {}, 'out_of_range'],
    ['seedance-pro', -5, {}, 'out_of_range'],
    ['seedance-lite', 0, { duration: 6 }, 'not_allowed'],
    ['seedance-pro', 10, { duration: 5 }, 'conflict'],
    ['seedance-pro', 5, { duration: '5' }, 'conflict'],
    ['seedance-pro', '10', {}, 'invalid_type'],
    ['seedance-pro', null, {}, 'invalid_type'],
    ['seedance-pro', Number.NaN, {}, 'invalid_type'],
    ['veo2', 4, {}, 'out_of_range'],
    ['veo2', 9, {}, 'out_of_range'],
    ['veo2', 10, {}, 'out_of_range'],
    ['veo2', 6.5, {}, 'not_integer'],
    ['veo3', 5, {}, 'fixed'],
    ['veo3-fast', 10, {}, 'fixed'],
    ['hunyuan', 5, {}, 'not_supported'],
    ['imagen-4-ultra', 5, {}, 'not_supported'],
    ['qwen-image', Number.POSITIVE_INFINITY, {}, 'invalid_type'],
  ])('%s refuses duration %j with %j (%s)', (id, duration, parameters, code) => {
    expect(codes(id, build(parameters, { duration }))).toEqual([['duration', code]]);
  });

  it('names the fixed length', () => {
    expect(errorsOf('veo3', build({}, { duration: 5 }))[0]?.message).toBe(
      'Veo 3 always makes 8-second videos',
    );
  });
});

describe('validateRequest: collects every error', () => {
  it('reports each bad field once, in a stable order', () => {
    const errors = errorsOf('hunyuan', {
      prompt: '   ',
      duration: 5,
      parameters: { width: 100, height: 2000, video_length: 53, fps: 0, seed: -1, mood: 'calm' },
    });
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['prompt', 'required'],
      ['duration', 'not_supported'],
      ['mood', 'unknown_parameter'],
      ['width', 'not_divisible'],
      ['height', 'out_of_range'],
      ['video_length', 'not_allowed'],
      ['fps', 'out_of_range'],
      ['seed', 'out_of_range'],
    ]);
    for (const error of errors) expect(error.message).not.toBe('');
  });
});
