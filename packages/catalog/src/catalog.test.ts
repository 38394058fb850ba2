import { describe, expect, it } from 'vitest';
import {
  acceptedAudioTypes,
  acceptedImageTypes,
  type Condition,
  defaultParameters,
  getModel,
  getStudioModel,
  getTool,
  imageToVideoModels,
  listModels,
  type ModelDefinition,
  models,
  type ParameterDefinition,
  parameterSections,
  priceOf,
  takesAudio,
  validateParameter,
} from './index.ts';

// The studio's list: not the pricing-only, the tools, nor the model of a person's trained characters.
const offered = models.filter(
  (model) => model.pricingOnly !== true && model.tool === undefined && model.trained === undefined,
);

function param(model: ModelDefinition, name: string): ParameterDefinition | undefined {
  return model.parameters.find((def) => def.name === name);
}

const aspect = {
  seedream: ['1:1', '3:4', '4:3', '16:9', '9:16', '2:3', '3:2', '21:9', 'custom'],
  kontext: [
    'match_input_image',
    '1:1',
    '16:9',
    '9:16',
    '4:3',
    '3:4',
    '3:2',
    '2:3',
    '4:5',
    '5:4',
    '21:9',
    '9:21',
    '2:1',
    '1:2',
  ],
  seedance: ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', '9:21'],
};
const seed = ['seed', 'number', null, 0, 2147483647, 1, undefined] as const;
const seedanceShared = (resolutions: string[], defaultResolution: string) => [
  ['image', 'file', null, undefined, undefined, undefined, undefined],
  // Not the spec's: the end frame of the published schema (issue #48, ADR 046).
  ['last_frame_image', 'file', null, undefined, undefined, undefined, undefined],
  ['duration', 'number', 5, 5, 10, undefined, [5, 10]],
  ['resolution', 'select', defaultResolution, undefined, undefined, undefined, resolutions],
  ['aspect_ratio', 'select', '16:9', undefined, undefined, undefined, aspect.seedance],
  ['camera_fixed', 'boolean', false, undefined, undefined, undefined, undefined],
  ['fps', 'number', 24, 24, 24, undefined, undefined],
  seed,
];

/**
 * Spec §3, parameter by parameter, in form order: name, type, default, min, max, step, and the
 * select options or the allowed numbers.
 */
const specTable: Record<string, readonly (readonly unknown[])[]> = {
  'seedream-3': [
    ['aspect_ratio', 'select', '16:9', undefined, undefined, undefined, aspect.seedream],
    ['size', 'select', 'regular', undefined, undefined, undefined, ['small', 'regular', 'big']],
    ['width', 'number', 2048, 512, 2048, 64, undefined],
    ['height', 'number', 2048, 512, 2048, 64, undefined],
    ['guidance_scale', 'slider', 2.5, 1, 10, 0.5, undefined],
    seed,
  ],
  'imagen-4-ultra': [
    [
      'aspect_ratio',
      'select',
      '1:1',
      undefined,
      undefined,
      undefined,
      ['1:1', '9:16', '16:9', '3:4', '4:3'],
    ],
    [
      'safety_filter_level',
      'select',
      'block_only_high',
      undefined,
      undefined,
      undefined,
      ['block_low_and_above', 'block_medium_and_above', 'block_only_high'],
    ],
    ['output_format', 'select', 'jpg', undefined, undefined, undefined, ['jpg', 'png']],
  ],
  'flux-kontext-pro': [
    ['input_image', 'file', null, undefined, undefined, undefined, undefined],
    [
      'aspect_ratio',
      'select',
      'match_input_image',
      undefined,
      undefined,
      undefined,
      aspect.kontext,
    ],
    ['safety_tolerance', 'slider', 2, 0, 6, 1, undefined],
    ['output_format', 'select', 'png', undefined, undefined, undefined, ['jpg', 'png']],
    seed,
  ],
  'qwen-image': [
    [
      'aspect_ratio',
      'select',
      '16:9',
      undefined,
      undefined,
      undefined,
      ['1:1', '3:4', '4:3', '16:9', '9:16', '2:3', '3:2'],
    ],
    [
      'image_size',
      'select',
      'landscape_16_9',
      undefined,
      undefined,
      undefined,
      ['square_hd', 'square', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9'],
    ],
    ['enhance_prompt', 'boolean', false, undefined, undefined, undefined, undefined],
    ['negative_prompt', 'textarea', '', undefined, undefined, undefined, undefined],
    ['go_fast', 'boolean', false, undefined, undefined, undefined, undefined],
    ['num_inference_steps', 'slider', 28, 1, 50, 1, undefined],
    ['guidance', 'slider', 3, 1, 10, 0.5, undefined],
    seed,
    ['output_format', 'select', 'webp', undefined, undefined, undefined, ['webp', 'jpg', 'png']],
    ['output_quality', 'slider', 80, 0, 100, 10, undefined],
    ['disable_safety_checker', 'boolean', false, undefined, undefined, undefined, undefined],
    ['lora_weights', 'text', '', undefined, undefined, undefined, undefined],
    ['lora_scale', 'slider', 0.8, 0, 2, 0.1, undefined],
  ],
  hunyuan: [
    ['width', 'number', 864, 16, 1280, 16, undefined],
    ['height', 'number', 480, 16, 1280, 16, undefined],
    ['video_length', 'number', 129, 49, 129, undefined, [49, 129]],
    ['infer_steps', 'number', 50, 1, 100, 1, undefined],
    ['embedded_guidance_scale', 'slider', 6, 1, 10, 0.5, undefined],
    ['fps', 'number', 24, 1, 60, 1, undefined],
    seed,
  ],
  'seedance-pro': seedanceShared(['480p', '1080p'], '1080p'),
  'seedance-lite': seedanceShared(['480p', '720p'], '720p'),
  // Sound: `generate_audio` of their schemas, default true (ADR 048). The frame's shape: their
  // schemas' `aspect_ratio`, 16:9 or 9:16, for the formats (ADR 051).
  veo3: [
    ['aspect_ratio', 'select', '16:9', undefined, undefined, undefined, ['16:9', '9:16']],
    ['enhance_prompt', 'boolean', true, undefined, undefined, undefined, undefined],
    ['negative_prompt', 'textarea', '', undefined, undefined, undefined, undefined],
    ['generate_audio', 'boolean', true, undefined, undefined, undefined, undefined],
    seed,
  ],
  'veo3-fast': [
    ['aspect_ratio', 'select', '16:9', undefined, undefined, undefined, ['16:9', '9:16']],
    ['enhance_prompt', 'boolean', true, undefined, undefined, undefined, undefined],
    ['negative_prompt', 'textarea', '', undefined, undefined, undefined, undefined],
    ['resolution', 'select', '720p', undefined, undefined, undefined, ['480p', '720p', '1080p']],
    ['generate_audio', 'boolean', true, undefined, undefined, undefined, undefined],
    seed,
  ],
  veo2: [
    ['image', 'file', null, undefined, undefined, undefined, undefined],
    ['aspect_ratio', 'select', '16:9', undefined, undefined, undefined, ['16:9', '9:16']],
    ['duration', 'number', 5, 5, 8, 1, undefined],
    seed,
  ],
  'flux-dev': [],
  // Issue #48 (ADR 049), from bytedance/omni-human-1.5's published input schema.
  'omni-human': [
    ['image', 'file', null, undefined, undefined, undefined, undefined],
    ['audio', 'file', null, undefined, undefined, undefined, undefined],
    ['fast_mode', 'boolean', false, undefined, undefined, undefined, undefined],
    seed,
  ],
  // Issue #47 (ADR 044), from their providers' published input schemas.
  'seedream-4': [
    ['size', 'select', '2K', undefined, undefined, undefined, ['1K', '2K', '4K']],
    [
      'aspect_ratio',
      'select',
      '1:1',
      undefined,
      undefined,
      undefined,
      ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9', 'match_input_image'],
    ],
    ['enhance_prompt', 'boolean', true, undefined, undefined, undefined, undefined],
  ],
  'nano-banana': [
    [
      'aspect_ratio',
      'select',
      '1:1',
      undefined,
      undefined,
      undefined,
      [
        '1:1',
        '2:3',
        '3:2',
        '3:4',
        '4:3',
        '4:5',
        '5:4',
        '9:16',
        '16:9',
        '21:9',
        'match_input_image',
      ],
    ],
    ['output_format', 'select', 'jpg', undefined, undefined, undefined, ['jpg', 'png']],
  ],
  // The finishing tools (ADR 038), from their providers' published input schemas.
  upscale: [
    ['image', 'file', null, undefined, undefined, undefined, undefined],
    ['scale', 'number', 2, 2, 4, undefined, [2, 4]],
    ['face_enhance', 'boolean', false, undefined, undefined, undefined, undefined],
  ],
  'remove-background': [['image', 'file', null, undefined, undefined, undefined, undefined]],
  'replace-background': [
    ['image', 'file', null, undefined, undefined, undefined, undefined],
    ['refine_prompt', 'boolean', true, undefined, undefined, undefined, undefined],
    seed,
  ],
  expand: [
    ['image', 'file', null, undefined, undefined, undefined, undefined],
    [
      'aspect_ratio',
      'select',
      '16:9',
      undefined,
      undefined,
      undefined,
      ['1:1', '4:5', '3:4', '2:3', '9:16', '5:4', '4:3', '3:2', '16:9', '21:9'],
    ],
    ['zoom', 'number', 1, 1, 2, undefined, [1, 1.25, 1.5, 2]],
    ['position_x', 'slider', 50, 0, 100, 1, undefined],
    ['position_y', 'slider', 50, 0, 100, 1, undefined],
    seed,
  ],
  inpaint: [
    ['image', 'file', null, undefined, undefined, undefined, undefined],
    ['mask', 'file', null, undefined, undefined, undefined, undefined],
    ['output_format', 'select', 'png', undefined, undefined, undefined, ['jpg', 'png']],
    ['safety_tolerance', 'slider', 2, 1, 6, 1, undefined],
    seed,
  ],
  // The trainer's predict.py (ADR 045), not the spec's: the spec has no trained characters.
  'flux-character': [
    [
      'aspect_ratio',
      'select',
      '1:1',
      undefined,
      undefined,
      undefined,
      ['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'],
    ],
    ['lora_scale', 'slider', 1, 0, 2, 0.05, undefined],
    ['num_inference_steps', 'slider', 28, 1, 50, 1, undefined],
    ['guidance_scale', 'slider', 3.5, 0, 10, 0.5, undefined],
    ['output_format', 'select', 'webp', undefined, undefined, undefined, ['webp', 'jpg', 'png']],
    seed,
  ],
};

describe('the catalogue matches spec §3', () => {
  it('lists the spec’s models in display order, flux-dev last and for pricing only', () => {
    expect(models.map((model) => model.id)).toEqual([
      'seedream-3',
      'imagen-4-ultra',
      'flux-kontext-pro',
      'qwen-image',
      'seedream-4',
      'nano-banana',
      'hunyuan',
      'seedance-pro',
      'seedance-lite',
      'veo3',
      'veo3-fast',
      'veo2',
      'omni-human',
      'upscale',
      'remove-background',
      'replace-background',
      'expand',
      'inpaint',
      'flux-character',
      'flux-dev',
    ]);
    expect(models.filter((model) => model.pricingOnly === true).map((m) => m.id)).toEqual([
      'flux-dev',
    ]);
  });

  it.each(models.map((model) => [model.id, model] as const))(
    '%s has exactly the spec’s parameters, types, defaults, ranges and options',
    (id, model) => {
      const actual = [...model.parameters]
        .sort((a, b) => a.order - b.order)
        .map((def) => [
          def.name,
          def.type,
          def.default ?? null,
          def.min,
          def.max,
          def.step,
          def.options?.map((option) => option.value) ?? def.allowedValues,
        ]);
      expect(actual).toEqual(specTable[id]);
    },
  );

  it.each([
    ['seedream-3', 'size', { param: 'aspect_ratio', notEquals: 'custom' }],
    ['seedream-3', 'width', { param: 'aspect_ratio', equals: 'custom' }],
    ['seedream-3', 'height', { param: 'aspect_ratio', equals: 'custom' }],
    ['seedance-pro', 'aspect_ratio', { param: 'image', empty: true }],
    ['seedance-lite', 'aspect_ratio', { param: 'image', empty: true }],
    // An end frame only with a first frame (ADR 046).
    ['seedance-pro', 'last_frame_image', { param: 'image', empty: false }],
    ['seedance-lite', 'last_frame_image', { param: 'image', empty: false }],
    ['qwen-image', 'output_quality', { param: 'output_format', notEquals: 'png' }],
  ] as const)('%s %s is shown when %j', (id, name, condition: Condition) => {
    const model = getModel(id);
    expect(model && param(model, name)?.showWhen).toEqual(condition);
  });

  it('has showWhen only where listed above', () => {
    const conditional = models.flatMap((model) =>
      model.parameters.filter((def) => def.showWhen).map((def) => `${model.id}.${def.name}`),
    );
    expect(conditional.sort()).toEqual(
      [
        'qwen-image.output_quality',
        'seedance-lite.aspect_ratio',
        'seedance-lite.last_frame_image',
        'seedance-pro.aspect_ratio',
        'seedance-pro.last_frame_image',
        'seedream-3.height',
        'seedream-3.size',
        'seedream-3.width',
      ].sort(),
    );
  });

  it.each([
    ['seedream-3', 5, 15, ['jpg'], '2K'],
    ['imagen-4-ultra', 15, 45, ['jpg', 'png'], undefined],
    ['flux-kontext-pro', 10, 30, ['jpg', 'png'], undefined],
    ['qwen-image', 5, 30, ['webp', 'jpg', 'png'], undefined],
    ['hunyuan', 120, 300, ['mp4'], '1280×1280'],
    ['veo3', 60, 180, ['mp4'], '4K'],
    ['veo3-fast', 30, 60, ['mp4'], '1080p'],
    ['seedance-pro', 60, 180, ['mp4'], '1080p'],
    ['seedance-lite', 60, 120, ['mp4'], '720p'],
    ['veo2', 60, 180, ['mp4'], '4K'],
    ['seedream-4', 10, 40, ['jpg'], '4K'],
    ['nano-banana', 8, 30, ['jpg', 'png'], undefined],
  ])('%s takes %i–%is and writes %j up to %s', (id, min, max, formats, resolution) => {
    const model = getModel(id);
    expect(model?.typicalSeconds).toEqual({ min, max });
    expect(model?.outputFormats).toEqual(formats);
    expect(model?.maxResolution).toBe(resolution);
  });

  it.each([
    ['seedream-3', { model: 'bytedance/seedream-3' }],
    ['imagen-4-ultra', { model: 'google/imagen-4-ultra' }],
    ['flux-kontext-pro', { model: 'black-forest-labs/flux-kontext-pro' }],
    ['qwen-image', { model: 'qwen/qwen-image' }],
    ['seedream-4', { model: 'bytedance/seedream-4' }],
    ['nano-banana', { model: 'google/nano-banana' }],
    [
      'hunyuan',
      {
        model: 'tencent/hunyuan-video',
        version: '6c9132aee14409cd6568d030453f1ba50f5f3412b844fe67f78a9eb62d55664f',
      },
    ],
    ['seedance-pro', { model: 'bytedance/seedance-1-pro' }],
    ['seedance-lite', { model: 'bytedance/seedance-1-lite' }],
    ['veo3', { model: 'google/veo-3' }],
    ['veo3-fast', { model: 'google/veo-3-fast' }],
    ['veo2', { model: 'google/veo-2' }],
    ['flux-dev', { model: 'black-forest-labs/flux-dev' }],
  ])('%s runs on Replicate as %j', (id, ref) => {
    expect(getModel(id)?.provider.ref).toEqual(ref);
  });

  it.each([
    ['flux-kontext-pro', 'input_image'],
    ['seedance-pro', 'image'],
    ['seedance-lite', 'image'],
    ['veo2', 'image'],
  ])('%s takes an input image in %s', (id, name) => {
    expect(getModel(id)?.imageParam).toBe(name);
  });

  it('fixes veo3 and veo3-fast at 8 seconds and no other model', () => {
    const fixed = models.filter((m) => m.fixedDuration !== undefined).map((m) => m.id);
    expect(fixed).toEqual(['veo3', 'veo3-fast']);
    expect(getModel('veo3')?.fixedDuration).toBe(8);
    expect(getModel('veo3-fast')?.fixedDuration).toBe(8);
  });

  it('collapses qwen-image’s LoRA group by default', () => {
    const qwen = getModel('qwen-image');
    const lora = qwen?.groups.find((group) => group.id === 'model-specific');
    expect(lora).toEqual({
      id: 'model-specific',
      expanded: false,
      label: { en: 'LoRA', ru: 'LoRA' },
    });
    expect(qwen?.parameters.filter((d) => d.group === 'model-specific').map((d) => d.name)).toEqual(
      ['lora_weights', 'lora_scale'],
    );
  });

  it.each([
    ['hunyuan', 'infer_steps'],
    ['qwen-image', 'num_inference_steps'],
  ])('%s recommends 28–50 %s', (id, name) => {
    const model = getModel(id);
    expect(model && param(model, name)?.recommended).toEqual({ min: 28, max: 50 });
  });
});

describe('catalogue invariants', () => {
  it('has unique model ids', () => {
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
  });

  it.each(models.map((m) => [m.id, m] as const))('%s is well formed', (_id, model) => {
    if (model.pricingOnly !== true) expect(model.parameters.length).toBeGreaterThan(0);
    else expect(model.id).toBe('flux-dev');

    const names = model.parameters.map((def) => def.name);
    expect(new Set(names).size).toBe(names.length);
    const orders = model.parameters.map((def) => def.order);
    expect(new Set(orders).size).toBe(orders.length);

    const groupIds = model.groups.map((group) => group.id);
    expect(new Set(groupIds).size).toBe(groupIds.length);
    expect(model.groups[0]).toMatchObject({ id: 'basic', expanded: true });
    for (const def of model.parameters) expect(groupIds).toContain(def.group);
    if (model.pricingOnly !== true) {
      for (const id of groupIds) expect(model.parameters.some((d) => d.group === id)).toBe(true);
    }

    expect(model.typicalSeconds.min).toBeGreaterThan(0);
    expect(model.typicalSeconds.max).toBeGreaterThanOrEqual(model.typicalSeconds.min);
    expect(model.maxOutputs).toBe(1);
    // Every model the studio offers has its card picture (a still, or a video's poster); a tool
    // shows the person's own picture instead, a trained character its element's cover.
    if (model.pricingOnly !== true && model.tool === undefined && model.trained === undefined) {
      expect(model.demoImages).toEqual([`/samples/${model.id}.webp`]);
    }
  });

  const allParams = models.flatMap((model) =>
    model.parameters.map((def) => [`${model.id}.${def.name}`, model, def] as const),
  );

  it.each(allParams)('%s is internally consistent', (_key, model, def) => {
    if (def.type === 'select') {
      expect(def.options?.length).toBeGreaterThan(0);
      const values = def.options?.map((option) => option.value) ?? [];
      for (const value of values) expect(value).not.toBe('');
      expect(new Set(values).size).toBe(values.length);
    } else {
      expect(def.options).toBeUndefined();
    }
    if (def.type === 'number' || def.type === 'slider') {
      expect(def.min).toBeTypeOf('number');
      expect(def.max).toBeTypeOf('number');
      expect(def.min ?? 0).toBeLessThanOrEqual(def.max ?? 0);
    }
    if (def.type === 'file') {
      expect(def.accept).toEqual(takesAudio(def) ? acceptedAudioTypes : acceptedImageTypes);
    }
    for (const value of def.allowedValues ?? []) {
      expect(validateParameter({ ...def, allowedValues: undefined }, value).ok).toBe(true);
    }
    if (def.fixed === true) expect(def.min === def.default && def.max === def.default).toBe(true);

    const referenced = [def.showWhen?.param, def.conditionalMax?.when.param].filter(
      (name): name is string => name !== undefined,
    );
    for (const name of referenced) {
      expect(name).not.toBe(def.name);
      expect(param(model, name)).toBeDefined();
    }
  });

  it.each(allParams.filter(([, , def]) => def.required !== true))(
    '%s has a default its own rules accept',
    (_key, _model, def) => {
      expect(validateParameter(def, def.default)).toEqual({ ok: true, value: def.default ?? null });
    },
  );

  it.each(allParams.filter(([, , def]) => def.required === true))(
    '%s is required: it has no default and is a picture',
    (_key, _model, def) => {
      expect(def.default ?? null).toBeNull();
      expect(def.type).toBe('file');
    },
  );

  const cyrillic = /[а-яё]/i;
  it.each(allParams)('%s is labelled in English and Russian', (_key, _model, def) => {
    const texts = [def.label, def.description, ...(def.options ?? []).map((o) => o.label)];
    for (const text of texts) {
      if (text === undefined) continue;
      expect(text.en.trim()).not.toBe('');
      expect(text.ru).toMatch(cyrillic);
    }
  });

  it.each(models.map((m) => [m.id, m] as const))('%s is described in both languages', (_, m) => {
    expect(m.name.trim()).not.toBe('');
    expect(m.description.en.trim()).not.toBe('');
    expect(m.description.ru).toMatch(cyrillic);
  });

  it.each(models.map((m) => [m.id, m] as const))('%s refers only to its own parameters', (_, m) => {
    if (m.imageParam !== undefined) expect(param(m, m.imageParam)?.type).toBe('file');
    if (m.frameDuration !== undefined) {
      expect(param(m, m.frameDuration.frames)).toBeDefined();
      expect(param(m, m.frameDuration.fps)).toBeDefined();
    }
    if (m.fixedDuration !== undefined) expect(param(m, 'duration')).toBeUndefined();
    if (param(m, 'duration') !== undefined) expect(m.type).toBe('video');
    if (m.price.kind === 'per-second-by-resolution') {
      const options = param(m, m.price.param)?.options ?? [];
      expect(options.length).toBeGreaterThan(0);
      for (const option of options)
        expect(m.price.tokensPerSecond[option.value]).toBeTypeOf('number');
    }
    if (m.price.kind === 'per-second-by-option') {
      // Every value the option can take has a rate and its words for the price lists.
      const def = param(m, m.price.param);
      const values =
        def?.type === 'boolean' ? ['true', 'false'] : (def?.options ?? []).map((o) => o.value);
      expect(values.length).toBeGreaterThan(0);
      expect(Object.keys(m.price.tokensPerSecond).sort()).toEqual([...values].sort());
      for (const value of values) {
        expect(m.price.tokensPerSecond[value]).toBeGreaterThan(0);
        expect(m.price.labels[value]?.en.trim()).not.toBe('');
        expect(m.price.labels[value]?.ru).toMatch(cyrillic);
      }
    }
    for (const name of [
      ...Object.keys(m.provider.rename ?? {}),
      ...Object.keys(m.provider.values ?? {}),
    ]) {
      expect(param(m, name)).toBeDefined();
    }
  });

  it.each(models.map((m) => [m.id, m] as const))('%s prices its defaults', (id) => {
    const source = { width: 1024, height: 1024 };
    // A talking character lasts as long as its recording (the server reads it): 5 s here.
    const duration = getModel(id)?.speech ? 5 : 0;
    expect(priceOf(id, { parameters: defaultParameters(id), duration, source })).toBeGreaterThan(0);
  });

  it('is frozen, so consumers cannot edit shared definitions', () => {
    const first = models[0];
    expect(Object.isFrozen(models)).toBe(true);
    expect(first && Object.isFrozen(first.parameters)).toBe(true);
    expect(() => [...models].sort()).not.toThrow();
    expect(() => (models as ModelDefinition[]).reverse()).toThrow(TypeError);
  });
});

describe('lookups', () => {
  it.each(models.map((m) => [m.id] as const))('getModel(%s) finds the model', (id) => {
    expect(getModel(id)?.id).toBe(id);
  });

  it.each(['', 'Seedream-3', 'seedance', 'toString', '__proto__'])(
    'getModel(%j) is undefined',
    (id) => {
      expect(getModel(id)).toBeUndefined();
    },
  );

  it.each([
    [undefined, offered.map((m) => m.id)],
    [
      'image',
      [
        'seedream-3',
        'imagen-4-ultra',
        'flux-kontext-pro',
        'qwen-image',
        'seedream-4',
        'nano-banana',
      ],
    ],
    [
      'video',
      ['hunyuan', 'seedance-pro', 'seedance-lite', 'veo3', 'veo3-fast', 'veo2', 'omni-human'],
    ],
  ] as const)('listModels(%s) lists %j', (type, ids) => {
    expect(listModels(type).map((m) => m.id)).toEqual(ids);
  });

  it.each(models.map((model) => model.id))(
    'getStudioModel and getTool find %s exactly where getModel says it belongs',
    (id) => {
      const model = getModel(id);
      const offeredHere = offered.some((m) => m.id === id);
      expect(getStudioModel(id)).toBe(offeredHere ? model : undefined);
      expect(getTool(id)).toBe(model?.tool !== undefined ? model : undefined);
    },
  );

  it('lists video models that can animate a picture', () => {
    expect(imageToVideoModels().map((m) => m.id)).toEqual([
      'seedance-pro',
      'seedance-lite',
      'veo2',
      'omni-human',
    ]);
  });

  it.each([
    [
      'seedream-3',
      {
        aspect_ratio: '16:9',
        size: 'regular',
        width: 2048,
        height: 2048,
        guidance_scale: 2.5,
        seed: null,
      },
    ],
    [
      'veo3',
      {
        aspect_ratio: '16:9',
        enhance_prompt: true,
        negative_prompt: '',
        generate_audio: true,
        seed: null,
      },
    ],
    ['flux-dev', {}],
    ['nope', {}],
  ])('defaultParameters(%s) holds every default, seed empty', (id, expected) => {
    expect(defaultParameters(id)).toEqual(expected);
  });

  it('returns a fresh defaults object each time', () => {
    const first = defaultParameters('veo2');
    first.duration = 8;
    expect(defaultParameters('veo2').duration).toBe(5);
  });
});

describe('parameterSections', () => {
  const seedream = getModel('seedream-3');
  const qwen = getModel('qwen-image');

  it.each([
    ['16:9', ['aspect_ratio', 'size']],
    ['custom', ['aspect_ratio', 'width', 'height']],
  ])('seedream-3 with ratio %s shows %j in basic', (ratio, names) => {
    if (seedream === undefined) throw new Error('seedream-3 missing');
    const values = { ...defaultParameters('seedream-3'), aspect_ratio: ratio };
    const basic = parameterSections(seedream, values).find((s) => s.id === 'basic');
    expect(basic?.parameters.map((d) => d.name)).toEqual(names);
  });

  it('gives groups in order with labels and expansion, basic never collapsible', () => {
    if (qwen === undefined) throw new Error('qwen-image missing');
    const sections = parameterSections(qwen, defaultParameters('qwen-image'));
    expect(sections.map((s) => [s.id, s.label.en, s.expanded, s.collapsible])).toEqual([
      ['basic', 'Basic', true, false],
      ['quality', 'Quality', true, true],
      ['advanced', 'Advanced', false, true],
      ['model-specific', 'LoRA', false, true],
    ]);
  });

  it('drops output quality for PNG', () => {
    if (qwen === undefined) throw new Error('qwen-image missing');
    const values = { ...defaultParameters('qwen-image'), output_format: 'png' };
    const quality = parameterSections(qwen, values).find((s) => s.id === 'quality');
    expect(quality?.parameters.map((d) => d.name)).not.toContain('output_quality');
  });
});
