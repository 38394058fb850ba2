import type { ModelType } from '@kadr/catalog';
import { type GenerationRecord, isFinished } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type HistoryFilter, listGenerations } from '~/features/generations/api';
import { queryKeys } from '~/features/generations/query-keys';
import { readStorage, storageKeys, writeStorage } from '~/lib/storage';

/** A generation this tab started and is following in an active panel. */
export type ActiveGeneration = {
  id: string;
  type: ModelType;
  model: string;
  prompt: string;
  /** When the person pressed generate (ms since epoch), for the elapsed-time clock. */
  startedAt: number;
  /** Its end was announced (toast, tab mark): not again after a reload. */
  settled?: boolean;
};

const limit = 12;
/** Beside every running generation, how many of the latest finished ones a reload shows again. */
const latestShown = 4;
/** The person's newest generations, asked for when the studio opens. */
const recentFilter: HistoryFilter = { page: 1, perPage: limit };

type Stored = { items: ActiveGeneration[]; dismissed: string[] };

function isActive(value: unknown): value is ActiveGeneration {
  if (typeof value !== 'object' || value === null) return false;
  const item: Record<string, unknown> = { ...value };
  return (
    typeof item.id === 'string' &&
    (item.type === 'image' || item.type === 'video') &&
    typeof item.model === 'string' &&
    typeof item.prompt === 'string' &&
    typeof item.startedAt === 'number'
  );
}

function load(): Stored {
  try {
    const parsed: unknown = JSON.parse(
      readStorage(storageKeys.activeGenerations, 'session') ?? '[]',
    );
    // Before dismissed panels were remembered, the list alone was stored.
    if (Array.isArray(parsed)) return { items: parsed.filter(isActive), dismissed: [] };
    if (typeof parsed !== 'object' || parsed === null) return { items: [], dismissed: [] };
    const { items, dismissed }: Record<string, unknown> = { ...parsed };
    return {
      items: Array.isArray(items) ? items.filter(isActive) : [],
      dismissed: Array.isArray(dismissed)
        ? dismissed.filter((id: unknown): id is string => typeof id === 'string')
        : [],
    };
  } catch {
    return { items: [], dismissed: [] };
  }
}

/**
 * The panels after the server said what the person has (newest first): what this tab followed,
 * plus every running generation and the latest few finished ones it did not know of — unless the
 * person removed them from the list. Those already finished count as announced.
 */
export function withRecent(
  items: readonly ActiveGeneration[],
  records: readonly GenerationRecord[],
  dismissed: readonly string[],
): ActiveGeneration[] {
  const known = new Set([...items.map((item) => item.id), ...dismissed]);
  const added: ActiveGeneration[] = [];
  let finished = 0;
  for (const record of records) {
    const done = isFinished(record.status);
    if (done && finished++ >= latestShown) continue;
    if (known.has(record.id)) continue;
    added.push({
      id: record.id,
      type: record.type,
      model: record.model,
      prompt: record.jsondata.prompt ?? '',
      startedAt: Date.parse(record.created),
      ...(done ? { settled: true } : {}),
    });
  }
  if (added.length === 0) return [...items];
  return [...items, ...added].sort((a, b) => b.startedAt - a.startedAt).slice(0, limit);
}

/**
 * The panels of the studio, newest first. Kept in session storage so a reload (or a visit to
 * history and back) still shows what this tab is waiting for; and filled from the server when the
 * studio opens, so a reload, another tab or another device shows the person's running and latest
 * generations too.
 */
export function useActiveGenerations() {
  const [stored, setStored] = useState<Stored>(load);
  const client = useQueryClient();
  // Asked once per visit, under a key of its own: the device's cache (restored after a reload)
  // never answers for the server here.
  const [visit] = useState(Date.now);
  const recent = useQuery({
    queryKey: queryKeys.history.recent(visit),
    queryFn: ({ signal }) => listGenerations(recentFilter, signal),
    gcTime: 0,
  });
  const restored = useRef(false);

  useEffect(() => {
    writeStorage(storageKeys.activeGenerations, JSON.stringify(stored), 'session');
  }, [stored]);

  // Once per visit: later changes reach the panels through their own records.
  useEffect(() => {
    if (restored.current || !recent.data) return;
    restored.current = true;
    const records = recent.data.items;
    for (const record of records) {
      // The panels need not ask for what this answer holds.
      client.setQueryData(
        queryKeys.request(record.id),
        (old: GenerationRecord | undefined) => old ?? record,
      );
    }
    setStored((current) => ({
      ...current,
      items: withRecent(current.items, records, current.dismissed),
    }));
  }, [recent.data, client]);

  useEffect(() => {
    if (recent.error) console.warn(recent.error.message);
  }, [recent.error]);

  const add = useCallback((item: ActiveGeneration) => {
    setStored((current) => ({
      ...current,
      items: [item, ...current.items.filter((other) => other.id !== item.id)].slice(0, limit),
    }));
  }, []);
  const dismiss = useCallback((id: string) => {
    setStored((current) => ({
      items: current.items.filter((item) => item.id !== id),
      // Remembered, so the server's list does not bring it back; the oldest are forgotten.
      dismissed: [id, ...current.dismissed.filter((other) => other !== id)].slice(0, 100),
    }));
  }, []);

  const markSettled = useCallback((id: string) => {
    setStored((current) => ({
      ...current,
      items: current.items.map((item) => (item.id === id ? { ...item, settled: true } : item)),
    }));
  }, []);

  return { items: stored.items, add, dismiss, markSettled };
}
