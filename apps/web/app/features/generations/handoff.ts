// What the studio takes from another screen through the navigation state: a result's settings
// to run again, or a picture to animate. Apart from reuse.ts (which makes them, with a result's
// lineage) so that the studio, which only reads them, does not load that (ADR 042).

/** What 'Reuse settings' carries back into the form: a finished generation's request. */
export type ReusableSettings = {
  model: string;
  prompt: string;
  parameters: Readonly<Record<string, unknown>>;
  translatePrompt?: boolean;
  /** The library elements it was made with (issue #47), chosen again. */
  elements?: readonly string[];
  /** The style preset it was made with (issue #49), chosen again where the model takes it. */
  style?: string;
};

/** What history (or a panel) hands the studio through the navigation state. */
export type StudioHandoff =
  | { kind: 'reuse'; settings: ReusableSettings }
  | { kind: 'animate'; imageUrl: string }
  /** 'Continue': a finished video to go on from its last frame (ADR 047). */
  | { kind: 'extend'; clip: { id: string; poster: string | null; caption: string } };

export function isStudioHandoff(value: unknown): value is StudioHandoff {
  if (typeof value !== 'object' || value === null) return false;
  const handoff: Record<string, unknown> = { ...value };
  if (handoff.kind === 'animate') return typeof handoff.imageUrl === 'string';
  if (handoff.kind === 'extend') {
    const clip: unknown = handoff.clip;
    return (
      typeof clip === 'object' &&
      clip !== null &&
      'id' in clip &&
      typeof clip.id === 'string' &&
      'caption' in clip &&
      typeof clip.caption === 'string'
    );
  }
  if (
    handoff.kind !== 'reuse' ||
    typeof handoff.settings !== 'object' ||
    handoff.settings === null
  ) {
    return false;
  }
  const settings: Record<string, unknown> = { ...handoff.settings };
  return typeof settings.model === 'string' && typeof settings.prompt === 'string';
}
