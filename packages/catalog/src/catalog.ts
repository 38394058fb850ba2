import { isParameterVisible, type ParameterValues } from './conditions.ts';
import { models } from './models/index.ts';
import type {
  GroupDefinition,
  Localized,
  ModelDefinition,
  ModelType,
  ParameterDefinition,
  ParamGroup,
  ParamValue,
  PromptUse,
  ToolDefinition,
} from './types.ts';

const byId = new Map(models.map((model) => [model.id, model]));

export function getModel(id: string): ModelDefinition | undefined {
  return byId.get(id);
}

/**
 * The models the studio offers for a new picture or video, in display order; pricing-only models
 * and the finishing tools (`listTools`) are left out.
 */
export function listModels(type?: ModelType): readonly ModelDefinition[] {
  return models.filter(
    (model) =>
      model.pricingOnly !== true &&
      model.tool === undefined &&
      (type === undefined || model.type === type),
  );
}

/** A catalogue entry that is a finishing tool: `tool` is always there. */
export type ToolModel = ModelDefinition & { tool: ToolDefinition };

export function isTool(model: ModelDefinition): model is ToolModel {
  return model.tool !== undefined;
}

/** The finishing tools, in display order (ADR 038). */
export function listTools(): readonly ToolModel[] {
  return models.filter(isTool);
}

/** Whether a model takes a prompt: `required` unless its entry says otherwise. */
export function promptUse(model: ModelDefinition): PromptUse {
  return model.prompt ?? 'required';
}

/** A fresh form state: every parameter at its default (null for an empty seed or file). */
export function defaultParameters(modelId: string): Record<string, ParamValue> {
  const model = getModel(modelId);
  if (model === undefined) return {};
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

/** Video models that take an input image, for the studio's 'Animate' action. */
export function imageToVideoModels(): readonly ModelDefinition[] {
  return listModels('video').filter((model) => model.imageParam !== undefined);
}
