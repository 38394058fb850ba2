import { videoJoin } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyStrip,
  joinBody,
  type Strip,
  type StripClip,
  stripClipOf,
  stripDurationMs,
  stripProblem,
  stripReducer,
} from './montage';

const clip = (id: string, durationMs = 5000): StripClip => ({
  id,
  caption: id,
  poster: null,
  url: `/api/files/${id}/0.mp4`,
  durationMs,
  startMs: 0,
  endMs: durationMs,
});

const withClips = (...clips: StripClip[]): Strip =>
  clips.reduce((strip, item) => stripReducer(strip, { type: 'add', clip: item }), emptyStrip);

describe('the montage strip (ADR 047)', () => {
  it('adds up to the catalogue’s most clips, moves and removes them', () => {
    let strip = withClips(
      ...Array.from({ length: videoJoin.clips.max + 2 }, (_, i) => clip(`c${i}`)),
    );
    expect(strip.clips).toHaveLength(videoJoin.clips.max);
    strip = stripReducer(strip, { type: 'move', index: 0, by: 1 });
    expect(strip.clips.slice(0, 2).map((c) => c.id)).toEqual(['c1', 'c0']);
    expect(stripReducer(strip, { type: 'move', index: 0, by: -1 })).toBe(strip);
    strip = stripReducer(strip, { type: 'remove', index: 1 });
    expect(strip.clips.map((c) => c.id)).not.toContain('c0');
  });

  it('keeps each trim within the clip and at least the shortest part long', () => {
    let strip = withClips(clip('a', 5000));
    strip = stripReducer(strip, { type: 'trim', index: 0, startMs: 4900 });
    expect(strip.clips[0]?.startMs).toBe(5000 - videoJoin.minClipMs);
    strip = stripReducer(strip, { type: 'trim', index: 0, startMs: -3, endMs: 99_000 });
    expect(strip.clips[0]).toMatchObject({ startMs: 0, endMs: 5000 });
    strip = stripReducer(strip, { type: 'trim', index: 0, startMs: 1000, endMs: 1100 });
    expect(strip.clips[0]).toMatchObject({ startMs: 1000, endMs: 1000 + videoJoin.minClipMs });
  });

  it('lasts the kept parts less each cross-fade, and says why it cannot be joined', () => {
    let strip = withClips(clip('a', 5000));
    expect(stripProblem(strip)).toBe('too_few');
    strip = stripReducer(strip, { type: 'add', clip: clip('b', 4000) });
    strip = stripReducer(strip, { type: 'trim', index: 0, startMs: 1000 });
    strip = stripReducer(strip, { type: 'crossfade', ms: 500 });
    expect(stripDurationMs(strip)).toBe(4000 + 4000 - 500);
    expect(stripProblem(strip)).toBeUndefined();
    expect(joinBody(strip)).toEqual({
      clips: [{ id: 'a', start_ms: 1000 }, { id: 'b' }],
      crossfade_ms: 500,
    });
    strip = stripReducer(strip, { type: 'trim', index: 1, endMs: 500 });
    expect(stripProblem(strip)).toBe('crossfade_too_long');
  });

  it('takes only finished videos with a length', () => {
    const video = {
      id: 'v',
      type: 'video',
      status: 'completed',
      jsondata: { prompt: 'a car' },
      model: 'seedance-pro',
      expand: {
        output_files: [{ mime: 'video/mp4', duration_ms: 5000, url: '/f/v.mp4', thumbnail: null }],
      },
    } as unknown as GenerationRecord;
    expect(stripClipOf(video, 'ru')).toMatchObject({ id: 'v', caption: 'a car', endMs: 5000 });
    expect(stripClipOf({ ...video, status: 'processing' }, 'ru')).toBeUndefined();
    expect(stripClipOf({ ...video, type: 'image' }, 'ru')).toBeUndefined();
  });
});
