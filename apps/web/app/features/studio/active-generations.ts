import type { ModelType } from '@kadr/catalog';
import { useCallback, useEffect, useState } from 'react';
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

function load(): ActiveGeneration[] {
  try {
    const parsed: unknown = JSON.parse(
      readStorage(storageKeys.activeGenerations, 'session') ?? '[]',
    );
    return Array.isArray(parsed) ? parsed.filter(isActive) : [];
  } catch {
    return [];
  }
}

/**
 * The panels of the studio, newest first. Kept in session storage so a reload (or a visit to
 * history and back) still shows what this tab is waiting for.
 */
export function useActiveGenerations() {
  const [items, setItems] = useState<ActiveGeneration[]>(load);

  useEffect(() => {
    writeStorage(storageKeys.activeGenerations, JSON.stringify(items), 'session');
  }, [items]);

  const add = useCallback((item: ActiveGeneration) => {
    setItems((current) =>
      [item, ...current.filter((other) => other.id !== item.id)].slice(0, limit),
    );
  }, []);
  const dismiss = useCallback((id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const markSettled = useCallback((id: string) => {
    setItems((current) =>
      current.map((item) => (item.id === id ? { ...item, settled: true } : item)),
    );
  }, []);

  return { items, add, dismiss, markSettled };
}
