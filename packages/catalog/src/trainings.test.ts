import { describe, expect, it } from 'vitest';
import { getModel } from './catalog.ts';
import { toProviderRequest } from './provider.ts';
import { listModels } from './studio-models.ts';
import { characterTraining, trainingInput, triggerWordFor, withTriggerWord } from './trainings.ts';

describe('training a character (ADR 045)', () => {
  it('asks only for inputs the trainer publishes, and makes a model the studio does not list', () => {
    const { inputs, constants } = characterTraining.provider;
    for (const name of Object.keys(constants)) expect(inputs).toContain(name);
    const input = trainingInput(characterTraining, {
      zipUrl: 'https://kadr.test/f/z.zip',
      triggerWord: 'KDRBCDFGH',
      description: '  freckles, red hair ',
    });
    for (const name of Object.keys(input)) expect(inputs).toContain(name);
    expect(input).toMatchObject({
      input_images: 'https://kadr.test/f/z.zip',
      trigger_word: 'KDRBCDFGH',
      autocaption_prefix: 'a photo of KDRBCDFGH, freckles, red hair, ',
      steps: 1000,
    });
    expect(
      trainingInput(characterTraining, { zipUrl: 'u', triggerWord: 'KDRX', description: '' })
        .autocaption_prefix,
    ).toBe('a photo of KDRX, ');
    const model = getModel(characterTraining.makes);
    expect(model?.trained?.kinds).toEqual(['character']);
    expect(listModels().map((m) => m.id)).not.toContain(characterTraining.makes);
  });

  it('gives each training its own trigger word, the same again for the same id, and no real word', () => {
    const a = triggerWordFor('0f5e2b7c-1d3a-4c9b-8e7f-aa55cc3311ee');
    const b = triggerWordFor('9a0b1c2d-3e4f-5a6b-7c8d-9e0f1a2b3c4d');
    expect(a).toMatch(/^KDR[BCDFGHJKLMNPQRSTVWXZ]{6}$/);
    expect(a).toBe(triggerWordFor('0f5e2b7c-1d3a-4c9b-8e7f-aa55cc3311ee'));
    expect(a).not.toBe(b);
  });

  it('puts the trigger word where the prompt names the character, or in front', () => {
    expect(withTriggerWord('@Маша в кафе', 'Маша', 'KDRX')).toBe('KDRX в кафе');
    expect(withTriggerWord('маша и кот, маша спит', 'Маша', 'KDRX')).toBe('KDRX и кот, KDRX спит');
    expect(withTriggerWord('Машина у дома', 'Маша', 'KDRX')).toBe('a photo of KDRX, Машина у дома');
    expect(withTriggerWord('Anna (2) at sea', 'Anna (2)', 'KDRX')).toBe('KDRX at sea');
    expect(withTriggerWord('KDRX on a bike', 'Anna', 'KDRX')).toBe('KDRX on a bike');
    expect(withTriggerWord('a city at night', 'Anna', 'KDRX')).toBe(
      'a photo of KDRX, a city at night',
    );
  });

  it('runs the trained version, never the trainer, and refuses a request without one', () => {
    const validated = {
      model: 'flux-character',
      type: 'image' as const,
      prompt: 'KDRX on a bike',
      parameters: { aspect_ratio: '3:4', lora_scale: 1, seed: null },
      duration: 0,
    };
    expect(() => toProviderRequest(validated)).toThrow(/trained version/);
    const request = toProviderRequest({
      ...validated,
      version: `kadr/characters:${'ab'.repeat(32)}`,
    });
    expect(request.ref).toEqual({ version: 'ab'.repeat(32) });
    expect(request.input).toMatchObject({
      prompt: 'KDRX on a bike',
      aspect_ratio: '3:4',
      num_outputs: 1,
      model: 'dev',
    });
    expect(request.input).not.toHaveProperty('seed');
  });
});
