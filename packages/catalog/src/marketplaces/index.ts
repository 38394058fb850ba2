export {
  type CardFileFacts,
  type CardFileIssue,
  type CardFileIssueCode,
  type CardViolation,
  type CheckedSlide,
  cardFileIssueTexts,
  checkCardFile,
  checkCardTexts,
} from './check.ts';
export { getMarketplacePreset, marketplacePresets, safeArea } from './presets.ts';
export { cardRules, ruleSources } from './rules.ts';
export { cardScenes, getCardScene } from './scenes.ts';
export { type CardStep, cardSteps, cardStepTool } from './steps.ts';
export type * from './types.ts';
