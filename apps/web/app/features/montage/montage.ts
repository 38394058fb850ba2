import { joinedDurationMs, videoJoin } from '@kadr/catalog';
import type { CreateJoinBody, GenerationRecord, Language } from '@kadr/contract';
import { captionOf } from '../generations/lineage';

/**
 * The montage strip (ADR 047): the person's finished videos in order, each trimmed, and the
 * cross-fade between them. Pure data and a reducer; the limits are the catalogue's (`videoJoin`).
 */
export type StripClip = {
  id: string;
  caption: string;
  poster: string | null;
  url: string;
  /** The whole clip's length. */
  durationMs: number;
  /** The part kept. */
  startMs: number;
  endMs: number;
};

export type Strip = { clips: readonly StripClip[]; crossfadeMs: number };

export type StripAction =
  | { type: 'add'; clip: StripClip }
  | { type: 'remove'; index: number }
  | { type: 'move'; index: number; by: -1 | 1 }
  | { type: 'trim'; index: number; startMs?: number; endMs?: number }
  | { type: 'crossfade'; ms: number };

/** The cross-fades offered, in milliseconds (0: a straight cut). */
export const crossfadeChoices = [0, 250, 500, 1000, 1500, 2000].filter(
  (ms) => ms <= videoJoin.crossfade.maxMs,
);

export const emptyStrip: Strip = { clips: [], crossfadeMs: 0 };

/** A finished video of the person's as the strip holds it, whole; undefined for anything else. */
export function stripClipOf(record: GenerationRecord, language: Language): StripClip | undefined {
  if (record.type !== 'video' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('video/'));
  const durationMs = file?.duration_ms ?? 0;
  if (!file || durationMs <= 0) return undefined;
  return {
    id: record.id,
    caption: captionOf(record, language),
    poster: file.thumbnail,
    url: file.url,
    durationMs,
    startMs: 0,
    endMs: durationMs,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

export function stripReducer(strip: Strip, action: StripAction): Strip {
  switch (action.type) {
    case 'add':
      if (strip.clips.length >= videoJoin.clips.max) return strip;
      return { ...strip, clips: [...strip.clips, action.clip] };
    case 'remove':
      return { ...strip, clips: strip.clips.filter((_, index) => index !== action.index) };
    case 'move': {
      const to = action.index + action.by;
      if (to < 0 || to >= strip.clips.length) return strip;
      const clips = [...strip.clips];
      const [moved] = clips.splice(action.index, 1);
      if (moved) clips.splice(to, 0, moved);
      return { ...strip, clips };
    }
    case 'trim': {
      const clips = strip.clips.map((clip, index) => {
        if (index !== action.index) return clip;
        const min = videoJoin.minClipMs;
        // Each end stays within the clip and at least the shortest clip away from the other.
        const startMs =
          action.startMs === undefined
            ? clip.startMs
            : clamp(Math.round(action.startMs), 0, Math.max(0, clip.endMs - min));
        const endMs =
          action.endMs === undefined
            ? clip.endMs
            : clamp(
                Math.round(action.endMs),
                Math.min(clip.durationMs, startMs + min),
                clip.durationMs,
              );
        return { ...clip, startMs, endMs };
      });
      return { ...strip, clips };
    }
    case 'crossfade':
      return { ...strip, crossfadeMs: clamp(action.ms, 0, videoJoin.crossfade.maxMs) };
  }
}

/** How long the joined video will be. */
export function stripDurationMs(strip: Strip): number {
  return joinedDurationMs(strip.clips, strip.crossfadeMs);
}

/** Why the strip cannot be joined yet, or undefined when it can. */
export function stripProblem(
  strip: Strip,
): 'too_few' | 'crossfade_too_long' | 'too_long' | undefined {
  if (strip.clips.length < videoJoin.clips.min) return 'too_few';
  const shortest = Math.min(...strip.clips.map((clip) => clip.endMs - clip.startMs));
  if (strip.crossfadeMs >= shortest) return 'crossfade_too_long';
  if (stripDurationMs(strip) > videoJoin.maxDurationMs) return 'too_long';
  return undefined;
}

/** `POST /api/joins`: each clip's trims only where it is trimmed. */
export function joinBody(strip: Strip): CreateJoinBody {
  return {
    clips: strip.clips.map((clip) => ({
      id: clip.id,
      ...(clip.startMs > 0 ? { start_ms: clip.startMs } : {}),
      ...(clip.endMs < clip.durationMs ? { end_ms: clip.endMs } : {}),
    })),
    crossfade_ms: strip.crossfadeMs,
  };
}
