import { describe, expect, it } from 'vitest';
import {
  checkReferences,
  getModel,
  listModels,
  type ModelDefinition,
  referencePictures,
  toProviderRequest,
  validateRequest,
  withElementNames,
} from './index.ts';

function model(id: string): ModelDefinition {
  const found = getModel(id);
  if (!found) throw new Error(id);
  return found;
}

const character = { kind: 'character' as const, pictures: 3 };
const product = { kind: 'product' as const, pictures: 1 };

describe('models that take reference pictures (ADR 044)', () => {
  it('are the ones whose published schemas take them, with their limits', () => {
    expect(
      listModels()
        .filter((m) => m.references)
        .map((m) => [m.id, m.references?.input, m.references?.max]),
    ).toEqual([
      ['seedream-4', 'image_input', 10],
      ['nano-banana', 'image_input', 3],
      ['seedance-lite', 'reference_images', 4],
    ]);
    for (const m of listModels().filter((each) => each.references)) {
      expect(m.provider.inputs, m.id).toContain(m.references?.input);
      // A parameter it refuses beside references is one of its own.
      for (const name of m.references?.excludes ?? []) {
        expect(m.parameters.map((def) => def.name)).toContain(name);
      }
    }
  });

  it('refuses elements on a model that takes none, too many, and a first frame beside them', () => {
    expect(checkReferences(model('seedream-3'), [character], {})).toEqual([
      expect.objectContaining({ field: 'elements', code: 'not_supported' }),
    ]);
    expect(checkReferences(model('seedream-3'), [], {})).toEqual([]);
    expect(checkReferences(model('nano-banana'), [character, product, product], {})).toEqual([]);
    expect(
      checkReferences(model('nano-banana'), [character, product, product, character], {}),
    ).toEqual([expect.objectContaining({ field: 'elements', code: 'too_many' })]);
    expect(
      checkReferences(model('seedance-lite'), [character], { image: '/api/files/x/a.png' }),
    ).toEqual([expect.objectContaining({ field: 'image', code: 'conflict' })]);
    expect(checkReferences(model('seedance-lite'), [character], { image: null })).toEqual([]);
  });

  it('sends every element’s cover first, then the others in turns, up to the limit', () => {
    const anna = ['a1', 'a2', 'a3', 'a4'];
    const bottle = ['b1', 'b2'];
    const cream = ['c1'];
    expect(referencePictures(model('nano-banana'), [anna, bottle, cream])).toEqual([
      'a1',
      'b1',
      'c1',
    ]);
    expect(referencePictures(model('seedance-lite'), [anna, bottle])).toEqual([
      'a1',
      'b1',
      'a2',
      'b2',
    ]);
    expect(referencePictures(model('seedream-4'), [anna, bottle, cream])).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'b2',
      'a3',
      'a4',
    ]);
    expect(referencePictures(model('seedream-3'), [anna])).toEqual([]);
  });

  it('puts the chosen pictures in the model’s own field, signed as the provider fetches them', () => {
    const checked = validateRequest('seedream-4', { prompt: 'Anna in a café', parameters: {} });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const request = toProviderRequest(
      { ...checked.value, references: ['/api/files/1/a.png', '/api/files/2/b.png'] },
      (url) => `https://kadr.example${url}?signature=s`,
    );
    expect(request).toEqual({
      ref: { model: 'bytedance/seedream-4' },
      input: {
        prompt: 'Anna in a café',
        size: '2K',
        aspect_ratio: '1:1',
        enhance_prompt: true,
        image_input: [
          'https://kadr.example/api/files/1/a.png?signature=s',
          'https://kadr.example/api/files/2/b.png?signature=s',
        ],
      },
    });
    // Without references nothing is sent in their field.
    expect(toProviderRequest(checked.value).input).not.toHaveProperty('image_input');
  });
});

describe('a prompt that names its elements (issue #47)', () => {
  const anna = { name: 'Аня', description: 'рыжие волосы' };
  const bottle = { name: 'Бутылка «Роса»' };
  it('says at the first mention which picture shows each, with its description', () => {
    expect(withElementNames('@Аня держит бутылка «роса», Аня улыбается', [anna, bottle])).toBe(
      'Аня (image 1, рыжие волосы) держит бутылка «роса» (image 2), Аня улыбается',
    );
    expect(withElementNames('Anna on a beach', [{ name: 'Anna' }])).toBe(
      'Anna (image 1) on a beach',
    );
  });
  it('leaves alone a prompt that names none, a name inside a word, and a note it wrote', () => {
    expect(withElementNames('a city at night', [anna])).toBe('a city at night');
    expect(withElementNames('Аняша в саду', [anna])).toBe('Аняша в саду');
    expect(
      withElementNames('Аня и Лиса', [
        { name: 'Аня', description: 'с лисой Лиса' },
        { name: 'Лиса' },
      ]),
    ).toBe('Аня (image 1, с лисой Лиса) и Лиса (image 2)');
    expect(withElementNames('Аня Ли в кафе', [{ name: 'Аня Ли' }, { name: 'Аня' }])).toBe(
      'Аня Ли (image 1) в кафе',
    );
  });
});
