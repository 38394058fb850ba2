export {
  type CalloutPlace,
  calloutPlacement,
  calloutPlaces,
  calloutWords,
  type PlacedCallout,
} from './callouts.ts';
export {
  type CardFileFacts,
  type CardFileIssue,
  type CardFileIssueCode,
  type CardLayoutIssueCode,
  type CardViolation,
  type CheckedSlide,
  cardFileIssueTexts,
  cardLayoutIssueTexts,
  checkCardCodes,
  checkCardFile,
  checkCardTexts,
} from './check.ts';
export { getMarketplacePreset, marketplacePresets, safeArea } from './presets.ts';
export { cardRules, ruleSources } from './rules.ts';
export { cardScenes, getCardScene } from './scenes.ts';
export { type CardStep, cardSteps, cardStepTool } from './steps.ts';
export type * from './types.ts';
