// The generations module's public entry: the service other modules ask (batches, admin, realtime,
// v1), the repositories a transaction elsewhere may bind with it, the one mapping of a generation
// to v1's record, and its announcement to webhooks out in a settle's transaction.

export { toApiGeneration } from './generation.mapper.ts';
export type { Generations } from './generation.repository.ts';
export type {
  FreeRetry,
  GenerationCreate,
  GenerationService,
} from './generation.service.ts';
export { type AnnouncingParts, announceGeneration } from './generation-events.ts';
export { generationProblem } from './generations.problems.ts';
export type { IdempotencyKeyRepository } from './idempotency-key.repository.ts';
