// The catalog module's public entry: which models are on, and a request checked against its model.
export type { ModelSwitchRepository } from './model-switch.repository.ts';
export type { ModelSwitchService } from './model-switch.service.ts';
export { validateForType } from './request-validation.ts';
