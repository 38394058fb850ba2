// The elements module's public entry: its service and outcomes as `/api/v1/elements` uses them,
// and the elements a generation names (`usedBy`) as the generations module reads them.
export type {
  ElementDeletion,
  ElementOutcome,
  ElementService,
  PictureProblem,
  UsedElement,
} from './element.service.ts';
export type { TrainingService } from './training.service.ts';
