import type { GenerationRecord, GenerationStatus } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { type ActiveGeneration, withRecent } from './active-generations';

function record(id: string, minute: number, status: GenerationStatus): GenerationRecord {
  const created = new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
  return {
    id,
    created,
    updated: created,
    user: 'u',
    error: '',
    model: 'seedream-3',
    type: 'image',
    replicate_id: '',
    status,
    error_code: null,
    cost: 3,
    jsondata: { type: 'image', prompt: `prompt ${id}`, input: {}, output: null },
    output_files: [],
    expand: { output_files: [] },
    favorite: false,
    source_id: null,
  } as GenerationRecord;
}

describe('withRecent', () => {
  // Newest first, as the server lists them.
  const records = [
    record('r1', 9, 'processing'),
    record('f1', 8, 'completed'),
    record('f2', 7, 'failed'),
    record('f3', 6, 'completed'),
    record('f4', 5, 'completed'),
    record('f5', 4, 'completed'),
    record('r2', 3, 'pending'),
  ];

  it('brings back every running generation and the latest four finished ones, newest first', () => {
    const panels = withRecent([], records, []);
    expect(panels.map((item) => item.id)).toEqual(['r1', 'f1', 'f2', 'f3', 'f4', 'r2']);
    // What had ended before the reload is not announced again; what runs still will be.
    expect(panels.find((item) => item.id === 'f1')?.settled).toBe(true);
    expect(panels.find((item) => item.id === 'r1')?.settled).toBeUndefined();
    expect(panels[0]).toMatchObject({ type: 'image', model: 'seedream-3', prompt: 'prompt r1' });
  });

  it('keeps what the tab followed and leaves out what the person removed', () => {
    const followed: ActiveGeneration = {
      id: 'f1',
      type: 'image',
      model: 'seedream-3',
      prompt: 'as typed',
      startedAt: Date.UTC(2026, 0, 1, 12, 8),
      settled: false,
    };
    const panels = withRecent([followed], records, ['r1', 'f2']);
    expect(panels.map((item) => item.id)).toEqual(['f1', 'f3', 'f4', 'r2']);
    expect(panels[0]).toBe(followed);
  });
});
