import type { TrainingDefinition } from '@kadr/catalog';
import type { LibraryElement, Training, TrainingStatus } from '@kadr/contract';

// A character's training as the library shows it (issue #47, ADR 045): plain rules, apart from
// the catalogue's entry (the editor's section passes `characterTraining` in), so that the
// library's first paint, which polls a list with a training under way, does not carry it.

const underWay: ReadonlySet<TrainingStatus> = new Set(['queued', 'starting', 'processing']);

/** The element's latest training; null when never trained (or read by an older build). */
export function trainingOf(element: LibraryElement): Training | null {
  return element.training ?? null;
}

/** Whether a training is still under way: its element is read again until it ends. */
export function isTrainingRunning(training: Training | null | undefined): boolean {
  return training !== null && training !== undefined && underWay.has(training.status);
}

/** Whether a training taught it a character the studio runs (an earlier one, maybe). */
export function isTrained(element: LibraryElement): boolean {
  return (element.trained_model ?? null) !== null;
}

/** Why the train button cannot be pressed, or null when it can. */
export type TrainBlocker =
  | { kind: 'too-few'; missing: number }
  | { kind: 'too-many'; extra: number }
  | { kind: 'not-enough'; required: number; balance: number };

/** The pictures first (adding them is free), then the balance. */
export function trainBlocker(
  pictures: number,
  balance: number,
  training: Pick<TrainingDefinition, 'pictures' | 'price'>,
): TrainBlocker | null {
  if (pictures < training.pictures.min) {
    return { kind: 'too-few', missing: training.pictures.min - pictures };
  }
  if (pictures > training.pictures.max) {
    return { kind: 'too-many', extra: pictures - training.pictures.max };
  }
  if (balance < training.price.tokens) {
    return { kind: 'not-enough', required: training.price.tokens, balance };
  }
  return null;
}

/** A running time as minutes and seconds: `0:07`, `12:30`, `75:02`. */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
