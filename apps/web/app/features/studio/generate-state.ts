/** Why the generate button is what it is (spec §5). */
export type GenerateState =
  | { kind: 'ready'; cost: number | null }
  | { kind: 'blank-prompt'; cost: number | null }
  | { kind: 'starting' }
  | { kind: 'uploading'; cost: number | null }
  | { kind: 'not-enough'; required: number };

/**
 * The button is disabled while the prompt is blank (unless the model takes none: a talking
 * character), a start is pending or an upload is pending, and when a positive estimate is above
 * the balance — then it says how many tokens are needed.
 */
export function generateState({
  prompt,
  promptOptional = false,
  starting,
  uploading,
  estimate,
  balance,
}: {
  prompt: string;
  promptOptional?: boolean;
  starting: boolean;
  uploading: boolean;
  estimate: number | null;
  balance: number;
}): GenerateState {
  if (starting) return { kind: 'starting' };
  if (estimate !== null && estimate > 0 && balance < estimate) {
    return { kind: 'not-enough', required: estimate };
  }
  if (uploading) return { kind: 'uploading', cost: estimate };
  if (prompt.trim() === '' && !promptOptional) return { kind: 'blank-prompt', cost: estimate };
  return { kind: 'ready', cost: estimate };
}
