// The generations module's public entry: the service other modules ask (batches, admin, realtime)
// and the repositories a transaction elsewhere may bind with it.

export { toApiGeneration } from './generation.mapper.ts';
export type {
  ApiPageRow,
  GenerationRow,
  Generations,
  RecordFile,
} from './generation.repository.ts';
export type {
  FreeRetry,
  GenerationCreate,
  GenerationService,
} from './generation.service.ts';
export { generationErrorTexts } from './generation-errors.ts';
export { type AnnouncingParts, announceGeneration } from './generation-events.ts';
export { generationProblem } from './generations.problems.ts';
export type { IdempotencyKeyRepository } from './idempotency-key.repository.ts';
