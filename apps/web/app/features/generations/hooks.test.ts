import type { GenerationRecord } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { isNewer } from './hooks';

const at = (status: GenerationRecord['status'], updated: string) =>
  ({ status, updated }) as GenerationRecord;

describe('isNewer: a generation never goes back a step in the cache', () => {
  it.each([
    [undefined, at('pending', '2026-01-01T00:00:00Z'), true],
    [at('pending', '2026-01-01T00:00:01Z'), at('processing', '2026-01-01T00:00:00Z'), true],
    [at('processing', '2026-01-01T00:00:01Z'), at('pending', '2026-01-01T00:00:05Z'), false],
    [at('completed', '2026-01-01T00:00:01Z'), at('processing', '2026-01-01T00:00:05Z'), false],
    [at('processing', '2026-01-01T00:00:01Z'), at('processing', '2026-01-01T00:00:02Z'), true],
    [at('processing', '2026-01-01T00:00:02Z'), at('processing', '2026-01-01T00:00:01Z'), false],
    [at('processing', '2026-01-01T00:00:02Z'), at('failed', '2026-01-01T00:00:01Z'), true],
  ])('%j then %j → %s', (current, next, expected) => {
    expect(isNewer(current, next)).toBe(expected);
  });
});
