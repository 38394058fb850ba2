import { deepFreeze } from './freeze.ts';
import type { Localized } from './types.ts';

/**
 * Kadr's own work on videos (issue #48, ADR 047): joining clips into one, which no model does and
 * which costs nothing. A joined video is a generation of its own (`model: 'join'`), so history, the
 * viewer, downloads, shares and `/api/v1` show it as every other result.
 */
export type JoinDefinition = {
  /** The id its results carry as their `model`. */
  id: 'join';
  /** Who made it, as a history card says it. */
  name: string;
  /** What the person sees ("Joined clips"). */
  title: Localized;
  /** How many clips one join takes. */
  clips: { min: number; max: number };
  /** The shortest a trimmed clip may be, in milliseconds. */
  minClipMs: number;
  /** The longest cross-fade between two clips, in milliseconds; 0 is a straight cut. */
  crossfade: { maxMs: number };
  /** The longest joined video, in milliseconds. */
  maxDurationMs: number;
  /** It is Kadr's own work: free. */
  price: { tokens: 0 };
  /** What the file is: H.264 and AAC in an MP4 with its index at the front (faststart). */
  output: { container: 'mp4'; video: 'h264'; audio: 'aac' };
  /** Usual wall-clock time, in seconds. */
  typicalSeconds: { min: number; max: number };
};

export const videoJoin: JoinDefinition = deepFreeze({
  id: 'join',
  name: 'Kadr',
  title: { en: 'Joined clips', ru: 'Склейка роликов' },
  clips: { min: 2, max: 6 },
  minClipMs: 500,
  crossfade: { maxMs: 2000 },
  maxDurationMs: 120_000,
  price: { tokens: 0 },
  output: { container: 'mp4', video: 'h264', audio: 'aac' },
  typicalSeconds: { min: 2, max: 60 },
});

/** Whether a generation's `model` is a join (Kadr's own work), not a hosted model. */
export function isJoin(model: string): boolean {
  return model === videoJoin.id;
}

/**
 * How long a join of clips lasts: the clips' trimmed lengths, each cross-fade overlapping two of
 * them.
 */
export function joinedDurationMs(
  clips: readonly { startMs: number; endMs: number }[],
  crossfadeMs: number,
): number {
  const total = clips.reduce((sum, clip) => sum + (clip.endMs - clip.startMs), 0);
  return total - crossfadeMs * Math.max(0, clips.length - 1);
}
