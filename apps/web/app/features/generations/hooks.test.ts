import type { GenerationRecord } from '@kadr/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { freshest, isNewer, syncEdits } from './hooks';
import { queryKeys } from './query-keys';

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

describe('syncEdits: the edits lists follow generation events', () => {
  const edit = (id: string, source: string | null, status: GenerationRecord['status']) =>
    ({ id, source_id: source, status, updated: '2026-01-01T00:00:01Z' }) as GenerationRecord;

  it('replaces a listed edit, and reads a source’s list again for a new one', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.edits.of('a'), [edit('b', 'a', 'processing')]);
    client.setQueryData(queryKeys.edits.of('x'), []);
    syncEdits(client, edit('b', 'a', 'completed'));
    expect(client.getQueryData<GenerationRecord[]>(queryKeys.edits.of('a'))?.[0]?.status).toBe(
      'completed',
    );
    expect(client.getQueryState(queryKeys.edits.of('a'))?.isInvalidated).toBe(false);
    syncEdits(client, edit('c', 'x', 'pending'));
    expect(client.getQueryState(queryKeys.edits.of('x'))?.isInvalidated).toBe(true);
    syncEdits(client, edit('d', null, 'pending'));
    expect(client.getQueryState(queryKeys.edits.of('a'))?.isInvalidated).toBe(false);
  });
});

describe('freshest: a page answered after an event keeps what the event said', () => {
  it('keeps the cached record where it is newer, and the fetched one otherwise', () => {
    const client = new QueryClient();
    const done = { ...at('completed', '2026-01-01T00:00:05Z'), id: 'a' } as GenerationRecord;
    const stale = { ...at('processing', '2026-01-01T00:00:01Z'), id: 'a' } as GenerationRecord;
    const other = { ...at('processing', '2026-01-01T00:00:02Z'), id: 'b' } as GenerationRecord;
    client.setQueryData(queryKeys.request('a'), done);
    client.setQueryData(queryKeys.request('b'), {
      ...at('pending', '2026-01-01T00:00:00Z'),
      id: 'b',
    });
    expect(freshest(client, [stale, other])).toEqual([done, other]);
  });
});
