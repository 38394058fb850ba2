import type { ToolKind } from '@kadr/catalog';
import type { CsvProblem } from './product-csv.ts';

/**
 * Why a field of a card request is refused: the service names the field and the reason, and
 * `cards.problems.ts` says it in the person's language.
 */
export type CardFieldError =
  /** Not a marketplace preset of the catalogue. */
  | { field: string; code: 'unknown_preset' }
  /** Not a scene of the catalogue. */
  | { field: string; code: 'unknown_scene' }
  /** More slides than the preset allows. */
  | { field: string; code: 'too_many_slides'; limit: number; preset: string }
  /** Not a picture of the person's own here (an upload or an image result). */
  | { field: string; code: 'not_own_picture' }
  /** Not a generation of the person's. */
  | { field: string; code: 'not_own_generation' }
  /** The person's generation, but not of the tool this picture comes from. */
  | { field: string; code: 'wrong_tool'; tool: ToolKind }
  /** More photos sent with a CSV than it may name. */
  | { field: string; code: 'too_many_photos'; limit: number }
  /** What is wrong with a CSV, on a line (`csv.lines.<line>`) or the whole file (`csv`). */
  | { field: string; code: 'csv'; problem: CsvProblem }
  /** A row's photo the tool refuses (the catalogue's reason, in English, is kept). */
  | { field: string; code: 'photo_refused'; line: number; reason: string };
