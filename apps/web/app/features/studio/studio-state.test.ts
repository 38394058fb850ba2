import {
  defaultParameters,
  fitFormat,
  getFormat,
  getModel,
  imageToVideoModels,
  listModels,
  promptModels,
  studioDefaults,
  validateRequest,
} from '@kadr/catalog';
import { describe, expect, it } from 'vitest';
import {
  animationModel,
  continues,
  initialStudioState,
  type StudioState,
  studioReducer,
  toPayload,
  visibleSections,
} from './studio-state';
import { findStyle } from './style-data';

const start = () => initialStudioState();

describe('studio form state (spec §2, §4)', () => {
  it('starts on the image tab with the default image model, its defaults and translation on', () => {
    const state = start();
    expect(state.tab).toBe('image');
    expect(state.model).toBe(studioDefaults.imageModel);
    expect(state.translatePrompt).toBe(true);
    expect(state.values).toEqual(defaultParameters(studioDefaults.imageModel));
  });

  it('switching tabs selects the default model of the tab and loads its defaults', () => {
    const video = studioReducer(start(), { type: 'tab', tab: 'video' });
    expect(video.model).toBe(studioDefaults.videoModel);
    expect(video.values).toEqual(defaultParameters(studioDefaults.videoModel));
    const image = studioReducer(video, { type: 'tab', tab: 'image' });
    expect(image.model).toBe(studioDefaults.imageModel);
  });

  it('changing the model keeps the prompt, loads defaults and resets group expansion', () => {
    let state = studioReducer(start(), { type: 'prompt', prompt: 'a red fox' });
    const optional = visibleSections(state).find((section) => section.collapsible);
    if (optional) state = studioReducer(state, { type: 'toggleGroup', group: optional.id });
    state = studioReducer(state, { type: 'value', name: 'output_format', value: 'png' });
    const other = listModels('image').find((model) => model.id !== state.model);
    if (!other) throw new Error('need two image models');
    const changed = studioReducer(state, { type: 'model', model: other.id });
    expect(changed.prompt).toBe('a red fox');
    expect(changed.values).toEqual(defaultParameters(other.id));
    const expected = other.groups.filter((g) => g.id === 'basic' || g.expanded).map((g) => g.id);
    expect(changed.openGroups).toEqual(expected);
  });

  it('a video model switches the tab with it', () => {
    const model = listModels('video')[0];
    if (!model) throw new Error('no video model');
    expect(studioReducer(start(), { type: 'model', model: model.id }).tab).toBe('video');
  });

  it('toggles a group open and closed', () => {
    const state = start();
    const opened = studioReducer(state, { type: 'toggleGroup', group: 'advanced' });
    expect(opened.openGroups).toContain('advanced');
    expect(studioReducer(opened, { type: 'toggleGroup', group: 'advanced' }).openGroups).toEqual(
      state.openGroups,
    );
  });

  it('reuse brings back model, prompt, parameters and seed, and opens the group of a fixed seed', () => {
    const model = listModels('image').find((m) => m.parameters.some((p) => p.name === 'seed'));
    if (!model) throw new Error('no image model with a seed');
    const seedGroup = model.parameters.find((p) => p.name === 'seed')?.group;
    const reused = studioReducer(start(), {
      type: 'reuse',
      settings: {
        model: model.id,
        prompt: 'a lighthouse at dawn',
        parameters: { seed: 42, unknown_thing: 1, output_format: 'png' },
        translatePrompt: false,
      },
    });
    expect(reused.model).toBe(model.id);
    expect(reused.prompt).toBe('a lighthouse at dawn');
    expect(reused.translatePrompt).toBe(false);
    expect(reused.values.seed).toBe(42);
    expect(reused.values).not.toHaveProperty('unknown_thing');
    expect(reused.openGroups).toContain(seedGroup);
  });

  it('reuse of a model the studio does not offer changes nothing', () => {
    const state = start();
    expect(
      studioReducer(state, {
        type: 'reuse',
        settings: { model: 'flux-dev', prompt: 'x', parameters: {} },
      }),
    ).toBe(state);
  });

  it('animate switches to a video model that takes an image, with the image filled in', () => {
    const state = studioReducer(start(), { type: 'prompt', prompt: 'make it move' });
    const animated = studioReducer(state, {
      type: 'animate',
      imageUrl: 'http://x/api/files/a/b.png',
    });
    const model = animationModel();
    expect(model && imageToVideoModels()).toContain(model);
    expect(animated.tab).toBe('video');
    expect(animated.model).toBe(model?.id);
    expect(model?.imageParam && animated.values[model.imageParam]).toBe(
      'http://x/api/files/a/b.png',
    );
    expect(animated.prompt).toBe('make it move');
  });
});

describe('continuing a clip (ADR 047)', () => {
  const clip = { id: 'clip-1', poster: '/p.webp', caption: 'a red car' };

  it('switches to a video model that starts from a picture and sends extend, not a start frame', () => {
    const state = studioReducer(
      studioReducer(start(), { type: 'prompt', prompt: ' keeps driving ' }),
      { type: 'extend', clip },
    );
    const model = getModel(state.model);
    expect(state.tab).toBe('video');
    expect(model?.imageParam).toBeDefined();
    expect(state.extend).toEqual(clip);
    const withImage = studioReducer(state, {
      type: 'value',
      name: model?.imageParam ?? '',
      value: 'https://kadr.test/api/files/x/a.png',
    });
    const payload = toPayload(withImage);
    expect(payload.extend).toBe('clip-1');
    expect(payload.prompt).toBe('keeps driving');
    expect(payload.parameters).not.toHaveProperty(model?.imageParam ?? '');
    // Its start frame's field is not shown: the clip's last frame is the start.
    const shown = visibleSections(withImage).flatMap((section) =>
      section.parameters.map((def) => def.name),
    );
    expect(shown).not.toContain(model?.imageParam);
  });

  it('keeps the chosen video model when it starts from a picture, and the clip for one that does not, sending no extend', () => {
    const lite = studioReducer(start(), { type: 'model', model: 'seedance-lite' });
    const continuing = studioReducer(lite, { type: 'extend', clip });
    expect(continuing.model).toBe('seedance-lite');
    const textOnly = studioReducer(continuing, { type: 'model', model: 'hunyuan' });
    expect(textOnly.extend).toEqual(clip);
    expect(continues(textOnly)).toBe(false);
    expect(toPayload(textOnly)).not.toHaveProperty('extend');
    // Back on a model that starts from a picture, it continues the clip again.
    const back = studioReducer(textOnly, { type: 'model', model: 'seedance-pro' });
    expect(continues(back)).toBe(true);
    expect(toPayload(back).extend).toBe('clip-1');
    const image = studioReducer(continuing, { type: 'tab', tab: 'image' });
    expect(image.extend).toBeNull();
    const stopped = studioReducer(continuing, { type: 'stopExtending' });
    expect(stopped.extend).toBeNull();
    expect(stopped.model).toBe('seedance-lite');
  });
});

describe('toPayload', () => {
  const withPrompt = (state: StudioState) =>
    studioReducer(state, { type: 'prompt', prompt: '  a cat  ' });

  it.each(promptModels().map((model) => [model.id] as const))(
    '%s: the default form is a request the catalogue accepts, at the catalogue price',
    (id) => {
      const state = withPrompt(studioReducer(start(), { type: 'model', model: id }));
      const payload = toPayload(state);
      expect(payload.prompt).toBe('a cat');
      const result = validateRequest(id, payload);
      expect(result.ok && result.value.model).toBe(id);
    },
  );

  it('leaves out hidden parameters and empty values; a video duration is a number', () => {
    const video = listModels('video').find((m) =>
      m.parameters.some((p) => p.name === 'duration' && !p.fixed),
    );
    if (!video) throw new Error('no video model with a duration');
    const state = withPrompt(studioReducer(start(), { type: 'model', model: video.id }));
    const payload = toPayload(state);
    expect(typeof payload.duration).toBe('number');
    expect(payload.duration).toBeGreaterThan(0);
    expect(Object.values(payload.parameters)).not.toContain(null);
    expect(Object.values(payload.parameters)).not.toContain('');
    expect(payload.duration).toBe(payload.parameters.duration);
  });

  it('drops a parameter hidden by showWhen', () => {
    for (const model of listModels()) {
      for (const def of model.parameters) {
        if (!def.showWhen) continue;
        let state = withPrompt(studioReducer(start(), { type: 'model', model: model.id }));
        // Put a value in, then make the condition fail.
        state = studioReducer(state, { type: 'value', name: def.name, value: def.default ?? 1 });
        const { param } = def.showWhen;
        const failing =
          'equals' in def.showWhen
            ? 'something-else'
            : 'notEquals' in def.showWhen
              ? def.showWhen.notEquals
              : def.showWhen.empty
                ? 'http://x/api/files/a/b.png'
                : null;
        state = studioReducer(state, { type: 'value', name: param, value: failing as never });
        expect(toPayload(state).parameters, `${model.id}.${def.name}`).not.toHaveProperty(def.name);
      }
    }
  });
});

describe('library elements as references (issue #47)', () => {
  const chosen = (state: StudioState, ids: string[]) =>
    studioReducer(state, { type: 'elements', ids });
  const on = (model: string) => studioReducer(initialStudioState(), { type: 'model', model });

  it('keeps each element once, up to the model’s own limit, and sends them only to such a model', () => {
    const banana = chosen(on('nano-banana'), ['a', 'b', 'a', 'c', 'd']);
    expect(banana.elements).toEqual(['a', 'b', 'c']);
    expect(toPayload({ ...banana, prompt: 'x' }).elements).toEqual(['a', 'b', 'c']);
    // A model that takes none keeps the choice for later but sends nothing.
    const plain = studioReducer(banana, { type: 'model', model: 'seedream-3' });
    expect(plain.elements).toEqual(['a', 'b', 'c']);
    expect(toPayload(plain)).not.toHaveProperty('elements');
    expect(chosen(plain, ['e']).elements).toEqual([]);
  });

  it('cuts the choice to a model that takes fewer, and keeps it for one that takes more', () => {
    const seedream = chosen(on('seedream-4'), ['a', 'b', 'c', 'd', 'e']);
    expect(seedream.elements).toHaveLength(5);
    const video = studioReducer(seedream, { type: 'model', model: 'seedance-lite' });
    expect(video.elements).toEqual(['a', 'b', 'c', 'd']);
    expect(studioReducer(video, { type: 'model', model: 'seedream-4' }).elements).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(toPayload(chosen(on('seedream-4'), [])).elements).toBeUndefined();
  });
});

describe('reuse settings with elements (issue #47)', () => {
  it('chooses again the elements a result was made with, for a model that takes them', () => {
    const reused = studioReducer(initialStudioState(), {
      type: 'reuse',
      settings: { model: 'nano-banana', prompt: 'Аня', parameters: {}, elements: ['a', 'b'] },
    });
    expect(reused.elements).toEqual(['a', 'b']);
    expect(toPayload(reused).elements).toEqual(['a', 'b']);
    const plain = studioReducer(initialStudioState(), {
      type: 'reuse',
      settings: { model: 'seedream-3', prompt: 'x', parameters: {}, elements: ['a'] },
    });
    expect(toPayload(plain)).not.toHaveProperty('elements');
  });
});

describe('a trained character as the model (issue #47)', () => {
  const model = getModel('flux-character');
  if (!model) throw new Error('the catalogue has no model of trained characters');
  const anna = { element: 'anna', model };
  const chosen = studioReducer(
    studioReducer(chosenReferences(), { type: 'prompt', prompt: ' на пляже ' }),
    { type: 'character', character: anna },
  );
  function chosenReferences() {
    return studioReducer(studioReducer(start(), { type: 'model', model: 'nano-banana' }), {
      type: 'elements',
      ids: ['a', 'b'],
    });
  }

  it('runs its model with its defaults and sends its one element, not the references', () => {
    expect(chosen.model).toBe('flux-character');
    expect(chosen.character).toEqual(anna);
    expect(chosen.values).toEqual(defaultParameters('flux-character'));
    expect(visibleSections(chosen).flatMap((s) => s.parameters.map((p) => p.name))).toContain(
      'lora_scale',
    );
    const payload = toPayload(chosen);
    expect(payload).toMatchObject({ model: 'flux-character', prompt: 'на пляже' });
    expect(payload.elements).toEqual(['anna']);
    expect(validateRequest('flux-character', payload).ok).toBe(true);
    // The references chosen for other models wait for them.
    expect(chosen.elements).toEqual(['a', 'b']);
  });

  it('another character or one of the studio’s models replaces it', () => {
    const max = studioReducer(chosen, { type: 'character', character: { element: 'max', model } });
    expect(toPayload(max).elements).toEqual(['max']);
    expect(studioReducer(max, { type: 'character', character: { element: 'max', model } })).toBe(
      max,
    );
    const back = studioReducer(max, { type: 'model', model: 'nano-banana' });
    expect(back.character).toBeNull();
    expect(toPayload(back).elements).toEqual(['a', 'b']);
    expect(studioReducer(max, { type: 'tab', tab: 'video' }).character).toBeNull();
  });

  it('a reuse with the character found again keeps the result’s settings', () => {
    const reused = studioReducer(start(), {
      type: 'reuse',
      settings: {
        model: 'flux-character',
        prompt: 'в кафе',
        parameters: { lora_scale: 0.8 },
        elements: ['anna'],
      },
      character: anna,
    });
    expect(reused.values.lora_scale).toBe(0.8);
    expect(toPayload(reused)).toMatchObject({ model: 'flux-character', elements: ['anna'] });
    // Without it (not found), the studio cannot run that model: nothing changes.
    const lost = studioReducer(start(), {
      type: 'reuse',
      settings: { model: 'flux-character', prompt: 'x', parameters: {}, elements: ['anna'] },
    });
    expect(lost).toEqual(start());
  });
});

describe('styles and formats in the form (issue #49)', () => {
  const chosen = (id: string) => {
    const style = findStyle(id);
    if (!style) throw new Error(`no style ${id}`);
    return style;
  };

  it('sends the chosen style with a model it suits, keeps it across such models, drops it on others', () => {
    const styled = studioReducer(start(), { type: 'style', style: chosen('film-photo') });
    expect(toPayload(styled).style).toBe('film-photo');
    const other = studioReducer(styled, { type: 'model', model: 'imagen-4-ultra' });
    expect(toPayload(other).style).toBe('film-photo');
    const speaking = studioReducer(studioReducer(other, { type: 'tab', tab: 'video' }), {
      type: 'model',
      model: 'omni-human',
    });
    expect(speaking.style).toBeNull();
    expect(toPayload(speaking)).not.toHaveProperty('style');
  });

  it('refuses a style the model does not take, and clears one on request', () => {
    const video = studioReducer(studioReducer(start(), { type: 'tab', tab: 'video' }), {
      type: 'model',
      model: 'omni-human',
    });
    expect(studioReducer(video, { type: 'style', style: chosen('anime') })).toBe(video);
    const styled = studioReducer(start(), { type: 'style', style: chosen('anime') });
    expect(studioReducer(styled, { type: 'style', style: null }).style).toBeNull();
  });

  it('reuse keeps a style already found for it and drops any other', () => {
    const settings = { model: 'seedream-3', prompt: 'a cat', parameters: {}, style: 'anime' };
    const found = studioReducer(start(), { type: 'style', style: chosen('anime') });
    expect(studioReducer(found, { type: 'reuse', settings }).style?.id).toBe('anime');
    const other = studioReducer(start(), { type: 'style', style: chosen('neon') });
    expect(studioReducer(other, { type: 'reuse', settings }).style).toBeNull();
    const none = studioReducer(found, {
      type: 'reuse',
      settings: { model: 'seedream-3', prompt: 'a cat', parameters: {} },
    });
    expect(none.style).toBeNull();
  });

  it('a format sets its values on the form, and they are sent', () => {
    const model = getModel('seedream-3');
    const stories = getFormat('stories');
    if (!model || !stories) throw new Error('catalogue changed');
    const fit = fitFormat(model, stories);
    if (!fit) throw new Error('no fit');
    const state = studioReducer(start(), { type: 'values', values: fit.values });
    expect(toPayload(state).parameters.aspect_ratio).toBe('9:16');
  });
});
