import { describe, expect, it } from 'vitest';
import {
  checkToolSource,
  estimateFromDraft,
  expandLayout,
  getModel,
  listModels,
  listTools,
  pricedParameters,
  priceOf,
  promptUse,
  toolOutputSize,
  toProviderRequest,
  validateRequest,
} from './index.ts';

const picture = 'https://kadr.test/api/files/11111111-1111-4111-8111-111111111111/a.png';
const mask = 'https://kadr.test/api/files/22222222-2222-4222-8222-222222222222/m.png';

function tool(id: string) {
  const model = getModel(id);
  if (model === undefined) throw new Error(`no ${id}`);
  return model;
}

function valid(id: string, body: Record<string, unknown>) {
  const result = validateRequest(id, body);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

function errorsOf(id: string, body: Record<string, unknown>) {
  const result = validateRequest(id, body);
  return result.ok ? [] : result.errors.map((error) => [error.field, error.code]);
}

describe('the finishing tools in the catalogue (ADR 038)', () => {
  it('lists the five tools apart from the models the studio offers', () => {
    expect(listTools().map((model) => [model.id, model.tool.kind])).toEqual([
      ['upscale', 'upscale'],
      ['remove-background', 'remove-background'],
      ['replace-background', 'replace-background'],
      ['expand', 'expand'],
      ['inpaint', 'inpaint'],
    ]);
    expect(listModels().some((model) => model.tool !== undefined)).toBe(false);
    for (const model of listTools()) {
      expect(model.type).toBe('image');
      expect(model.tool.title.ru).toMatch(/[а-яё]/i);
      expect(model.parameters.find((def) => def.name === model.tool.sourceParam)?.required).toBe(
        true,
      );
    }
  });

  it.each(listTools().map((model) => [model.id, model] as const))(
    '%s words its prompt box in both languages exactly when it takes a prompt',
    (_id, model) => {
      const text = model.tool.promptText;
      if (promptUse(model) === 'none') {
        expect(text).toBeUndefined();
        return;
      }
      for (const part of [text?.label, text?.hint, text?.placeholder]) {
        expect(part?.en.trim()).not.toBe('');
        expect(part?.ru).toMatch(/[а-яё]/i);
      }
    },
  );

  it('names its own parameters for a mask to paint or a frame to place', () => {
    for (const model of listTools()) {
      const names = model.parameters.map((def) => def.name);
      const frame = model.tool.frame;
      if (frame) expect(names).toEqual(expect.arrayContaining([frame.x, frame.y]));
      for (const def of model.parameters.filter((d) => d.matchesSource === true)) {
        expect([def.type, def.required]).toEqual(['file', true]);
      }
    }
    expect(tool('expand').tool?.frame?.layout).toBe(expandLayout);
    expect(tool('inpaint').parameters.find((def) => def.matchesSource)?.name).toBe('mask');
  });

  it.each([
    ['upscale', 'none'],
    ['remove-background', 'none'],
    ['replace-background', 'required'],
    ['expand', 'optional'],
    ['inpaint', 'optional'],
    ['seedream-3', 'required'],
  ])('%s takes a prompt: %s', (id, use) => {
    expect(promptUse(tool(id))).toBe(use);
  });

  it('refuses a tool request without its picture, and a prompt to a tool that takes none', () => {
    expect(errorsOf('upscale', {})).toEqual([['image', 'required']]);
    expect(errorsOf('upscale', { prompt: 'sharper', parameters: { image: picture } })).toEqual([
      ['prompt', 'not_supported'],
    ]);
    expect(errorsOf('inpaint', { parameters: { image: picture } })).toEqual([['mask', 'required']]);
    expect(errorsOf('replace-background', { parameters: { image: picture } })).toEqual([
      ['prompt', 'required'],
    ]);
    expect(errorsOf('upscale', { parameters: { image: picture, scale: 3 } })).toEqual([
      ['scale', 'not_allowed'],
    ]);
  });

  it('accepts an empty prompt where it is optional', () => {
    expect(valid('inpaint', { parameters: { image: picture, mask } }).prompt).toBe('');
    expect(valid('upscale', { parameters: { image: picture } }).parameters).toEqual({
      image: picture,
      scale: 2,
      face_enhance: false,
    });
  });

  it('prices upscaling per megapixel of the result, never below the minimum', () => {
    const square = { width: 1024, height: 1024 };
    // ×2: 2048² = 4.19 MP × 0.25 → 2; ×4: 4096² = 16.8 MP × 0.25 → 5; a thumbnail: the minimum.
    expect(priceOf('upscale', { parameters: { scale: 2 }, duration: 0, source: square })).toBe(2);
    expect(priceOf('upscale', { parameters: { scale: 4 }, duration: 0, source: square })).toBe(5);
    expect(
      priceOf('upscale', {
        parameters: { scale: 2 },
        duration: 0,
        source: { width: 256, height: 256 },
      }),
    ).toBe(1);
    expect(() => priceOf('upscale', { parameters: { scale: 2 }, duration: 0 })).toThrow(/size/);
    expect(estimateFromDraft('upscale', { parameters: { scale: 4 }, source: square })).toBe(5);
    expect(estimateFromDraft('upscale', { parameters: { scale: 4 } })).toBeNull();
    expect(pricedParameters(tool('upscale'))).toContain('scale');
    expect(priceOf('remove-background', { parameters: {}, duration: 0 })).toBe(2);
    expect(priceOf('inpaint', { parameters: {}, duration: 0 })).toBe(5);
  });

  it('sizes each result from its source', () => {
    const source = { width: 1200, height: 800 };
    expect(toolOutputSize(tool('upscale'), { scale: 4 }, source)).toEqual({
      width: 4800,
      height: 3200,
    });
    expect(toolOutputSize(tool('remove-background'), {}, source)).toEqual(source);
    expect(toolOutputSize(tool('seedream-3'), {}, source)).toBeNull();
  });

  it('lays out an expanded frame: the smallest canvas of the new shape, the original where placed', () => {
    const square = { width: 1000, height: 1000 };
    expect(expandLayout({ aspect_ratio: '16:9', zoom: 1 }, square)).toEqual({
      canvas: { width: 1778, height: 1000 },
      original: { width: 1000, height: 1000 },
      location: { x: 389, y: 0 },
    });
    expect(
      expandLayout({ aspect_ratio: '16:9', zoom: 1, position_x: 0, position_y: 100 }, square)
        .location,
    ).toEqual({ x: 0, y: 0 });
    expect(
      expandLayout({ aspect_ratio: '16:9', zoom: 1, position_x: 100 }, square).location,
    ).toEqual({ x: 778, y: 0 });
    expect(expandLayout({ aspect_ratio: '1:1', zoom: 2, position_x: 50 }, square)).toEqual({
      canvas: { width: 2000, height: 2000 },
      original: { width: 1000, height: 1000 },
      location: { x: 500, y: 500 },
    });
    // Past Bria's 5000 × 5000 canvas, the whole layout shrinks together.
    const big = expandLayout({ aspect_ratio: '21:9', zoom: 2 }, { width: 4000, height: 3000 });
    expect(big.canvas.width * big.canvas.height).toBeLessThanOrEqual(25_000_000);
    expect(big.original.width / big.original.height).toBeCloseTo(4 / 3, 2);
  });

  it('refuses what a source makes pointless or too large, with the reason', () => {
    const wide = { width: 1600, height: 900 };
    expect(checkToolSource(tool('expand'), { aspect_ratio: '16:9', zoom: 1 }, wide)).toEqual([
      expect.objectContaining({ field: 'image', code: 'nothing_to_do' }),
    ]);
    expect(checkToolSource(tool('expand'), { aspect_ratio: '16:9', zoom: 1.5 }, wide)).toEqual([]);
    expect(checkToolSource(tool('expand'), { aspect_ratio: '1:1', zoom: 1 }, wide)).toEqual([]);
    expect(checkToolSource(tool('upscale'), { scale: 4 }, { width: 2000, height: 2000 })).toEqual([
      expect.objectContaining({ field: 'image', code: 'too_large' }),
    ]);
    expect(checkToolSource(tool('upscale'), { scale: 2 }, { width: 2000, height: 2000 })).toEqual(
      [],
    );
    expect(checkToolSource(tool('seedream-3'), {}, wide)).toEqual([]);
    // A mask must be the picture's size (flux-fill-pro's rule); other pictures are not held to it.
    expect(
      checkToolSource(tool('inpaint'), {}, wide, {
        image: wide,
        mask: { width: 800, height: 450 },
      }),
    ).toEqual([expect.objectContaining({ field: 'mask', code: 'size_mismatch' })]);
    expect(checkToolSource(tool('inpaint'), {}, wide, { image: wide, mask: wide })).toEqual([]);
  });

  it('maps each tool onto its provider input', () => {
    const sign = (url: string) => `${url}?signed`;
    expect(
      toProviderRequest(valid('upscale', { parameters: { image: picture, scale: 4 } }), sign),
    ).toEqual({
      ref: { version: '42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b' },
      input: { image: `${picture}?signed`, scale: 4, face_enhance: false },
    });
    expect(
      toProviderRequest(
        valid('replace-background', { prompt: 'a sunny beach', parameters: { image: picture } }),
      ),
    ).toEqual({
      ref: { model: 'bria/generate-background' },
      input: {
        image: picture,
        bg_prompt: 'a sunny beach',
        refine_prompt: true,
        original_quality: true,
      },
    });
    const expandRequest = valid('expand', {
      parameters: { image: picture, aspect_ratio: '16:9', position_x: 0 },
    });
    expect(() => toProviderRequest(expandRequest)).toThrow(/size/);
    expect(toProviderRequest(expandRequest, undefined, { width: 1000, height: 1000 })).toEqual({
      ref: { model: 'bria/expand-image' },
      input: {
        image: picture,
        canvas_size: [1778, 1000],
        original_image_size: [1000, 1000],
        original_image_location: [0, 0],
      },
    });
    const erase = toProviderRequest(valid('inpaint', { parameters: { image: picture, mask } }));
    expect(erase.input.prompt).toMatch(/remove the object/i);
    expect(erase.input.mask).toBe(mask);
    const fill = toProviderRequest(
      valid('inpaint', { prompt: 'a red balloon', parameters: { image: picture, mask } }),
    );
    expect(fill.input.prompt).toBe('a red balloon');
  });
});
