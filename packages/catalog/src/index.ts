export {
  type AcceptedAudioType,
  acceptedAudioTypes,
  isAcceptedAudioType,
  recordingMaxSeconds,
  recordingMinMs,
  takesAudio,
} from './audio.ts';
export {
  defaultParameters,
  estimateFromDraft,
  getModel,
  priceOf,
  validateRequest,
} from './catalog.ts';
export {
  evaluateCondition,
  isEmptyValue,
  isParameterVisible,
  type ParameterValues,
} from './conditions.ts';
export {
  defaultHistoryPageSize,
  historyPageSizes,
  pollIntervalMs,
  studioDefaults,
} from './defaults.ts';
export { durationParam, effectiveDuration } from './duration.ts';
export {
  type Example,
  type ExampleUseCase,
  exampleById,
  examples,
  examplesFor,
} from './examples.ts';
export { productFacts } from './facts.ts';
export {
  groupLabels,
  modelDefaults,
  type ParameterSection,
  parameterSections,
  promptUse,
} from './form.ts';
export { type FormatFit, fitFormat, formatsFor } from './format-fit.ts';
export { type FormatDefinition, formats, getFormat, takesShape } from './formats.ts';
export { type AcceptedImageType, acceptedImageTypes, isAcceptedImageType } from './images.ts';
export {
  isJoin,
  type JoinDefinition,
  joinedDurationMs,
  videoJoin,
} from './joins.ts';
export * from './marketplaces/index.ts';
export { promptMaxLength, seedMax } from './models/common.ts';
export { models } from './models/index.ts';
export { expandLayout } from './models/tools/expand.ts';
export {
  type Currency,
  currencies,
  defaultCurrency,
  getPackage,
  isCurrency,
  type TokenPackage,
  tokenPackages,
} from './packages.ts';
export { type Draft, estimateDraft, pricedParameters, priceOfModel } from './price.ts';
export {
  type CostRate,
  lowestCosts,
  lowestPrice,
  type ModelCost,
  modelCosts,
  offeredOptions,
  priceRates,
  type ToolCost,
  toolCosts,
  type WorkedExample,
  workedExamples,
} from './price-list.ts';
export {
  type PromptLanguage,
  promptImprovementInput,
  promptImprovementTokens,
  promptImprover,
  promptLanguage,
} from './prompt-help.ts';
export { type ProviderRequest, toProviderRequest } from './provider.ts';
export {
  checkReferences,
  type NamedElement,
  type ReferenceElement,
  referencePictures,
  withElementNames,
} from './references.ts';
export { validateModelRequest } from './request.ts';
export {
  extensionModels,
  getStudioModel,
  imageToVideoModels,
  listModels,
  promptModels,
} from './studio-models.ts';
export {
  getStyle,
  type StyleCategory,
  type StyleDefinition,
  type StyleFamily,
  styledPrompt,
  styleFamily,
  styleSuits,
  styles,
  stylesFor,
} from './styles.ts';
export {
  getModelSummary,
  type ModelSummary,
  modelName,
  modelSummaries,
  ownWorkSummaries,
} from './summaries.ts';
export { getTool, isTool, listTools, type ToolModel } from './tool-models.ts';
export { checkToolSource, toolOutputSize } from './tools.ts';
export {
  characterTraining,
  type TrainingDefinition,
  trainingInput,
  triggerWordFor,
  withTriggerWord,
} from './trainings.ts';
export type * from './types.ts';
export { type ParameterCheck, validateParameter } from './validate.ts';
