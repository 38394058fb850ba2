import { describe, expect, it } from 'vitest';
import { fitFormat, formatsFor } from './format-fit.ts';
import { formats, getFormat, takesShape } from './formats.ts';
import { models } from './models/index.ts';
import { getStudioModel, listModels } from './studio-models.ts';
import { getStyle, styledPrompt, styleFamily, styles, stylesFor } from './styles.ts';
import type { Localized } from './types.ts';

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing from the catalogue');
  return value;
}

const filled = (text: Localized) => text.ru.trim() !== '' && text.en.trim() !== '';
const cyrillic = /\p{Script=Cyrillic}/u;

describe('style presets', () => {
  it('are at least 24, each with its own id', () => {
    expect(styles.length).toBeGreaterThanOrEqual(24);
    expect(new Set(styles.map((style) => style.id)).size).toBe(styles.length);
    for (const style of styles) expect(style.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('name and describe themselves in Russian and in English', () => {
    for (const style of styles) {
      expect(filled(style.name), style.id).toBe(true);
      expect(filled(style.description), style.id).toBe(true);
      expect(style.name.ru, style.id).toMatch(cyrillic);
      expect(style.description.ru, style.id).toMatch(cyrillic);
      expect(style.description.en, style.id).not.toMatch(cyrillic);
    }
  });

  it('name only models the catalogue has, and suit at least one of each kind they name', () => {
    const known = new Set(models.map((model) => model.id));
    for (const style of styles) {
      expect(style.models.length, style.id).toBeGreaterThan(0);
      for (const id of style.models) expect(known.has(id), `${style.id}: ${id}`).toBe(true);
      expect(new Set(style.models).size, style.id).toBe(style.models.length);
    }
  });

  it('give English words for every family, and negative words only in English', () => {
    for (const style of styles) {
      for (const family of ['image', 'edit', 'video'] as const) {
        expect(style.prompt[family].trim(), `${style.id}/${family}`).not.toBe('');
        expect(style.prompt[family], `${style.id}/${family}`).not.toMatch(cyrillic);
      }
      for (const words of Object.values(style.negative ?? {})) {
        expect(words).not.toMatch(cyrillic);
      }
    }
  });

  it('offer every studio image and video model a choice (but not the talking character)', () => {
    for (const model of listModels()) {
      if (model.speech) expect(stylesFor(model.id)).toEqual([]);
      else expect(stylesFor(model.id).length, model.id).toBeGreaterThanOrEqual(10);
    }
  });

  it('read each model as the family its prompts are written for', () => {
    expect(styleFamily(must(getStudioModel('seedream-3')))).toBe('image');
    expect(styleFamily(must(getStudioModel('flux-kontext-pro')))).toBe('edit');
    expect(styleFamily(must(getStudioModel('veo3')))).toBe('video');
  });

  it('add their words after the prompt, and their negative words after the person’s', () => {
    const film = must(getStyle('film-photo'));
    const seedream = must(getStudioModel('seedream-3'));
    const veo = must(getStudioModel('veo3'));
    expect(styledPrompt(film, seedream, 'a cat on a windowsill.').prompt).toBe(
      `a cat on a windowsill, ${film.prompt.image}`,
    );
    expect(styledPrompt(film, veo, 'waves').prompt).toBe(`waves, ${film.prompt.video}`);
    const white = must(getStyle('product-white'));
    expect(styledPrompt(white, seedream, 'a jar', 'dust').negative).toBe(
      `dust, ${white.negative?.image}`,
    );
    expect(styledPrompt(film, veo, 'waves', '  ').negative).toBeUndefined();
  });
});

describe('formats', () => {
  it('name themselves in both languages', () => {
    for (const format of formats) {
      expect(filled(format.name), format.id).toBe(true);
      expect(filled(format.use), format.id).toBe(true);
    }
  });

  it('set the exact ratio on models that offer it', () => {
    const stories = must(getFormat('stories'));
    expect(fitFormat(must(getStudioModel('seedream-3')), stories)).toEqual({
      values: { aspect_ratio: '9:16' },
      shape: '9:16',
      exact: true,
    });
    expect(fitFormat(must(getStudioModel('veo3')), stories)?.values).toEqual({
      aspect_ratio: '9:16',
    });
    expect(
      fitFormat(must(getStudioModel('imagen-4-ultra')), must(getFormat('marketplace')))?.values,
    ).toEqual({ aspect_ratio: '3:4' });
  });

  it('make an exact size where a model takes width and height, near its default area', () => {
    const hunyuan = must(getStudioModel('hunyuan'));
    for (const format of formats) {
      const fit = must(fitFormat(hunyuan, format));
      const { width, height } = fit.values as { width: number; height: number };
      expect(width % 16).toBe(0);
      expect(height % 16).toBe(0);
      expect(width / height).toBeCloseTo(format.ratio.width / format.ratio.height, 5);
      expect(fit.exact).toBe(true);
      // Within a factor of two of the default 864 × 480: the price and the wait stay near.
      expect(width * height).toBeGreaterThan((864 * 480) / 2);
      expect(width * height).toBeLessThan(864 * 480 * 2);
    }
  });

  it('choose the nearest ratio and say so when a model lacks the format’s', () => {
    const veo2 = must(getStudioModel('veo2'));
    expect(fitFormat(veo2, must(getFormat('marketplace')))).toEqual({
      values: { aspect_ratio: '9:16' },
      shape: '9:16',
      exact: false,
    });
    expect(fitFormat(veo2, must(getFormat('post')))?.exact).toBe(false);
  });

  it('offer nothing to a model with no shape to choose, as `takesShape` says before any fit', () => {
    expect(formatsFor(must(getStudioModel('omni-human')))).toEqual([]);
    for (const model of listModels()) {
      expect(takesShape(model), model.id).toBe(formatsFor(model).length > 0);
    }
  });

  it('set only values the model accepts', () => {
    for (const model of listModels()) {
      for (const { fit } of formatsFor(model)) {
        for (const [name, value] of Object.entries(fit.values)) {
          const def = model.parameters.find((parameter) => parameter.name === name);
          expect(def, `${model.id}.${name}`).toBeDefined();
          if (def?.options) {
            expect(def.options.map((option) => option.value)).toContain(value);
          } else if (typeof value === 'number') {
            expect(value).toBeGreaterThanOrEqual(def?.min ?? 0);
            expect(value).toBeLessThanOrEqual(def?.max ?? Number.POSITIVE_INFINITY);
          }
        }
      }
    }
  });
});
