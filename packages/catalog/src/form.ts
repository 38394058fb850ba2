import { isParameterVisible, type ParameterValues } from './conditions.ts';
import type {
  GroupDefinition,
  Localized,
  ModelDefinition,
  ParameterDefinition,
  ParamGroup,
  ParamValue,
  PromptUse,
} from './types.ts';

/** Whether a model takes a prompt: `required` unless its entry says otherwise. */
export function promptUse(model: ModelDefinition): PromptUse {
  return model.prompt ?? 'required';
}

/** A fresh form state: every parameter at its default (null for an empty seed or file). */
export function modelDefaults(model: ModelDefinition): Record<string, ParamValue> {
  return Object.fromEntries(model.parameters.map((def) => [def.name, def.default ?? null]));
}

export const groupLabels: Readonly<Record<ParamGroup, Localized>> = {
  basic: { en: 'Basic', ru: 'Основные' },
  quality: { en: 'Quality', ru: 'Качество' },
  advanced: { en: 'Advanced', ru: 'Дополнительно' },
  'model-specific': { en: 'Model settings', ru: 'Настройки модели' },
};

export type ParameterSection = {
  id: ParamGroup;
  label: Localized;
  /** Whether the section starts open; `basic` is always open and not collapsible. */
  expanded: boolean;
  collapsible: boolean;
  parameters: ParameterDefinition[];
};

/**
 * The form as the studio renders it: the model's groups in order, each with its visible
 * parameters sorted by `order`; groups with nothing to show are left out.
 */
export function parameterSections(
  model: ModelDefinition,
  values: ParameterValues,
): ParameterSection[] {
  return model.groups
    .map((group: GroupDefinition) => ({
      id: group.id,
      label: group.label ?? groupLabels[group.id],
      expanded: group.id === 'basic' || group.expanded,
      collapsible: group.id !== 'basic',
      parameters: model.parameters
        .filter((def) => def.group === group.id && isParameterVisible(def, values))
        .sort((a, b) => a.order - b.order),
    }))
    .filter((section) => section.parameters.length > 0);
}
