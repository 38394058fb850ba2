import {
  durationParam,
  getStudioModel,
  imageToVideoModels,
  isEmptyValue,
  isParameterVisible,
  type ModelDefinition,
  type ModelType,
  modelDefaults,
  type ParamGroup,
  type ParamValue,
  parameterSections,
  studioDefaults,
} from '@kadr/catalog';
import type { ReusableSettings } from '../generations/handoff';
import { reusedValues } from '../generations/run/reused-values';
import type { GenerationPayload } from '../generations/run/run-api';

/**
 * The studio form. Pure data and a reducer, so the rules of spec §2/§4 (tab resets the model,
 * model change loads its defaults and keeps the prompt, group expansion resets) are tested alone.
 */
export type StudioState = {
  tab: ModelType;
  model: string;
  prompt: string;
  translatePrompt: boolean;
  values: Record<string, ParamValue>;
  /** Collapsible groups the person opened (or that start open). */
  openGroups: readonly ParamGroup[];
  /**
   * Library elements chosen as references (issue #47), in order. Kept across models (a model that
   * takes none just does not send them), cut to a model's limit when it takes fewer.
   */
  elements: readonly string[];
  /**
   * One of the person's trained characters chosen as the model (issue #47), or null: the model
   * that runs it is then `model`, with the element sent as its one element.
   */
  character: ChosenCharacter | null;
  /**
   * The clip this video continues (ADR 047), or null: the server starts it from the clip's last
   * frame, so the model's start frame is not asked for.
   */
  extend: ContinuedClip | null;
  /**
   * The style preset chosen (issue #49, ADR 051), or null: its words are added to the prompt by the
   * server. Kept across models that it suits, dropped on one it does not.
   */
  style: ChosenStyle | null;
};

/**
 * A style as the form keeps it: the catalogue's entry is in the picker's code, loaded on first use
 * (./styles.ts), so the form holds what it needs to show and to check it.
 */
export type ChosenStyle = {
  id: string;
  name: { ru: string; en: string };
  models: readonly string[];
};

/** A finished video of the person's, as the form shows what it continues. */
export type ContinuedClip = { id: string; poster: string | null; caption: string };

/**
 * A trained character as the studio runs it: the element, and the entry of the model that runs
 * it — which is not among the studio's models (the catalogue's by-id part, loaded only for the
 * people who have one: ./characters.ts).
 */
export type ChosenCharacter = { element: string; model: ModelDefinition };

export type StudioAction =
  | { type: 'tab'; tab: ModelType }
  | { type: 'model'; model: string }
  | { type: 'prompt'; prompt: string }
  | { type: 'translate'; on: boolean }
  | { type: 'value'; name: string; value: ParamValue }
  | { type: 'toggleGroup'; group: ParamGroup }
  | { type: 'reuse'; settings: ReusableSettings; character?: ChosenCharacter }
  | { type: 'animate'; imageUrl: string }
  | { type: 'extend'; clip: ContinuedClip }
  | { type: 'stopExtending' }
  | { type: 'elements'; ids: readonly string[] }
  | { type: 'character'; character: ChosenCharacter }
  | { type: 'style'; style: ChosenStyle | null }
  /** A format chosen (issue #49): the shape parameters it sets on this model. */
  | { type: 'values'; values: Readonly<Record<string, ParamValue>> };

function requireModel(id: string): ModelDefinition {
  const model = getStudioModel(id);
  if (!model || model.pricingOnly) throw new Error(`The studio does not offer ${id}`);
  return model;
}

function initiallyOpen(model: ModelDefinition): ParamGroup[] {
  return model.groups.filter((group) => group.id === 'basic' || group.expanded).map((g) => g.id);
}

/** The model the form is for: the chosen character's, else one of the studio's. */
export function modelOf(state: StudioState): ModelDefinition {
  return state.character?.model ?? requireModel(state.model);
}

function withEntry(
  state: StudioState,
  model: ModelDefinition,
  character: ChosenCharacter | null,
): StudioState {
  return {
    ...state,
    tab: model.type,
    model: model.id,
    values: modelDefaults(model),
    openGroups: initiallyOpen(model),
    elements: model.references ? state.elements.slice(0, model.references.max) : state.elements,
    character,
    // Kept across video models: one that does not start from a picture cannot continue it, and
    // the form says so (`continues`) rather than forgetting the clip.
    extend: model.type === 'video' ? state.extend : null,
    style: state.style?.models.includes(model.id) ? state.style : null,
  };
}

/** Whether the chosen style is sent with the form's model (it suits it). */
export function styleOf(state: StudioState): ChosenStyle | null {
  return state.style?.models.includes(modelOf(state).id) ? state.style : null;
}

function withModel(state: StudioState, modelId: string): StudioState {
  return withEntry(state, requireModel(modelId), null);
}

export function initialStudioState(): StudioState {
  const base: StudioState = {
    tab: studioDefaults.tab,
    model: studioDefaults.imageModel,
    prompt: '',
    translatePrompt: studioDefaults.translatePrompt,
    values: {},
    openGroups: [],
    elements: [],
    character: null,
    extend: null,
    style: null,
  };
  return withModel(base, studioDefaults.tab === 'image' ? base.model : studioDefaults.videoModel);
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'tab':
      if (action.tab === state.tab) return state;
      return withModel(
        state,
        action.tab === 'image' ? studioDefaults.imageModel : studioDefaults.videoModel,
      );
    case 'model':
      if (action.model === state.model && state.character === null) return state;
      return withModel(state, action.model);
    case 'character': {
      const { character } = action;
      if (state.character?.element === character.element && state.model === character.model.id) {
        return state;
      }
      return withEntry(state, character.model, character);
    }
    case 'prompt':
      return { ...state, prompt: action.prompt };
    case 'translate':
      return { ...state, translatePrompt: action.on };
    case 'value':
      return { ...state, values: { ...state.values, [action.name]: action.value } };
    case 'toggleGroup': {
      const open = state.openGroups.includes(action.group);
      return {
        ...state,
        openGroups: open
          ? state.openGroups.filter((group) => group !== action.group)
          : [...state.openGroups, action.group],
      };
    }
    case 'reuse': {
      // A result of a trained character's comes with it, found again (./characters.ts).
      const character = action.character ?? null;
      const model = character?.model ?? getStudioModel(action.settings.model);
      if (!model || model.pricingOnly) return state;
      // Its style is found by its id in the picker's code (./styles.ts), which chooses it once in:
      // one found already for this reuse is kept, any other dropped.
      const wanted = action.settings.style;
      const style = wanted && state.style?.id === wanted ? state.style : null;
      const next = withEntry({ ...state, extend: null, style }, model, character);
      const values = reusedValues(model, action.settings.parameters);
      const defaults = modelDefaults(model);
      // Open the groups holding a reused value that differs from the default (a fixed seed).
      const changed = new Set(
        model.parameters
          .filter((def) => values[def.name] !== defaults[def.name])
          .map((def) => def.group),
      );
      const elements = (action.settings.elements ?? []).filter(
        (id): id is string => typeof id === 'string',
      );
      return {
        ...next,
        prompt: action.settings.prompt,
        translatePrompt: action.settings.translatePrompt ?? state.translatePrompt,
        values,
        openGroups: [...new Set([...next.openGroups, ...changed])],
        // The elements it was made with, when its model takes them (one since deleted is refused
        // by the server, in the person's language, before anything is charged).
        elements: model.references ? elements.slice(0, model.references.max) : next.elements,
      };
    }
    case 'elements': {
      const max = modelOf(state).references?.max ?? 0;
      return { ...state, elements: [...new Set(action.ids)].slice(0, max) };
    }
    case 'animate': {
      const model = animationModel();
      if (!model?.imageParam) return state;
      const next = withModel({ ...state, extend: null }, model.id);
      return { ...next, values: { ...next.values, [model.imageParam]: action.imageUrl } };
    }
    case 'extend': {
      // Kept on the video model chosen, when it starts from a picture; else the default one.
      const current = state.tab === 'video' ? modelOf(state) : undefined;
      const model = current?.imageParam ? current : animationModel();
      if (!model?.imageParam) return state;
      const next =
        model === current ? state : withModel({ ...state, extend: action.clip }, model.id);
      return { ...next, extend: action.clip };
    }
    case 'stopExtending':
      return { ...state, extend: null };
    case 'style':
      if (action.style && !action.style.models.includes(modelOf(state).id)) return state;
      return { ...state, style: action.style };
    case 'values':
      return { ...state, values: { ...state.values, ...action.values } };
  }
}

/** The video model 'Animate' switches to: the default video model if it takes an image. */
export function animationModel(): ModelDefinition | undefined {
  const candidates = imageToVideoModels();
  return candidates.find((model) => model.id === studioDefaults.videoModel) ?? candidates[0];
}

/** Whether the video being made continues the chosen clip: the model starts from a picture. */
export function continues(state: StudioState): boolean {
  return state.extend !== null && modelOf(state).imageParam !== undefined;
}

/**
 * The form's sections as shown now; a continuation's start frame is the clip's last (the server
 * takes it), so its field is not shown.
 */
export function visibleSections(state: StudioState) {
  const model = modelOf(state);
  const sections = parameterSections(model, state.values);
  if (!state.extend || !model.imageParam) return sections;
  return sections
    .map((section) => ({
      ...section,
      parameters: section.parameters.filter((def) => def.name !== model.imageParam),
    }))
    .filter((section) => section.parameters.length > 0);
}

/**
 * The create payload: visible parameters only (a hidden one, such as `size` with a custom ratio,
 * is not sent), empty values left out so the server uses the default (an empty seed = random),
 * and the duration as a number (0 when the model has none to choose).
 */
export function toPayload(state: StudioState): GenerationPayload {
  const model = modelOf(state);
  const parameters: Record<string, unknown> = {};
  const continued = continues(state);
  for (const def of model.parameters) {
    const value = state.values[def.name];
    if (def.fixed || isEmptyValue(value) || !isParameterVisible(def, state.values)) continue;
    // A continuation starts from the clip's last frame, which the server reads itself.
    if (continued && def.name === model.imageParam) continue;
    parameters[def.name] = value;
  }
  const duration = parameters[durationParam];
  return {
    model: model.id,
    prompt: state.prompt.trim(),
    translate_prompt: state.translatePrompt,
    parameters,
    duration: typeof duration === 'number' ? duration : 0,
    // A trained character's model gets its one element; a model that takes references, the
    // chosen ones (ADR 044); any other none.
    ...(state.character
      ? { elements: [state.character.element] }
      : model.references && state.elements.length > 0
        ? { elements: [...state.elements] }
        : {}),
    ...(continued && state.extend ? { extend: state.extend.id } : {}),
    ...(styleOf(state) ? { style: styleOf(state)?.id } : {}),
  };
}
