import type { BrandKit, CardSet, CardSetBody } from '@kadr/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getGeneration } from '~/features/generations/api';
import { queryKeys } from '~/features/generations/query-keys';
import { currentLanguage } from '~/lib/i18n';
import { checkCardSet, getBrandKit, getCardSet, listCardSets, saveCardSet } from './api';
import { bodyOf } from './slides';

/** The person's card sets, newest first. */
export function useCardSets() {
  return useQuery({
    queryKey: queryKeys.cards.list,
    queryFn: ({ signal }) => listCardSets(signal),
  });
}

export function useCardSet(id: string) {
  return useQuery({
    queryKey: queryKeys.cards.set(id),
    queryFn: ({ signal }) => getCardSet(id, signal),
    retry: false,
  });
}

/**
 * A step's generation when there is one (the set's scene), from the cache the realtime stream
 * keeps (the step's status follows it with `useGenerationRequest`).
 */
export function useGenerationRecord(id: string | null) {
  return useQuery({
    queryKey: queryKeys.request(id ?? ''),
    queryFn: ({ signal }) => getGeneration(id ?? '', signal),
    enabled: id !== null,
    retry: false,
  });
}

/** The seller's brand kit (the server answers its defaults until one is saved). */
export function useBrandKit() {
  return useQuery({
    queryKey: queryKeys.brandKit,
    queryFn: ({ signal }) => getBrandKit(signal),
    staleTime: Infinity,
  });
}

/**
 * The set's check as of what the previews show (`version`: its last save, the pictures made, the
 * brand kit — a logo placed can break a rule): each new version asks again, and the previous
 * answer stays on screen until the new one comes.
 */
export function useCardCheck(set: CardSet, version: string) {
  // The server words the file issues: another language is another answer.
  const language = currentLanguage();
  return useQuery({
    queryKey: queryKeys.cards.check(set.id, `${version}|${language}`),
    queryFn: ({ signal }) => checkCardSet(set.id, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export type SaveState = 'saved' | 'waiting' | 'saving' | 'failed';

/** How long typing pauses before what was typed is saved. */
const pauseMs = 600;

/**
 * The set as the seller edits it, saved by itself: `change` applies an edit at once on screen and
 * saves it after a pause in typing (`now`: at once — a preset, a backdrop, a picture made). One
 * save is in flight at a time; edits made meanwhile follow in the next. A save answers the set as
 * the server has it, which updates the previews and the check; it never re-runs anything that
 * costs tokens. What is left unsaved when the workshop closes is sent then.
 */
export function useCardDraft(set: CardSet) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<CardSetBody>(() => bodyOf(set));
  const [state, setState] = useState<SaveState>('saved');
  const latest = useRef(draft);
  const saved = useRef(JSON.stringify(draft));
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef(false);
  const id = set.id;

  const push = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current) return;
    const body = latest.current;
    const text = JSON.stringify(body);
    if (text === saved.current) {
      setState('saved');
      return;
    }
    inFlight.current = true;
    setState('saving');
    try {
      const answer = await saveCardSet(id, body);
      saved.current = text;
      client.setQueryData(queryKeys.cards.set(id), answer);
      void client.invalidateQueries({ queryKey: queryKeys.cards.list });
      inFlight.current = false;
      if (JSON.stringify(latest.current) !== saved.current) return push();
      setState('saved');
    } catch (failure) {
      inFlight.current = false;
      console.warn(failure instanceof Error ? failure.message : failure);
      setState('failed');
    }
  }, [client, id]);

  const change = useCallback(
    (edit: (body: CardSetBody) => CardSetBody, now = false) => {
      const next = edit(latest.current);
      latest.current = next;
      setDraft(next);
      window.clearTimeout(timer.current);
      if (now) {
        void push();
      } else {
        setState((current) => (current === 'saving' ? current : 'waiting'));
        timer.current = window.setTimeout(() => void push(), pauseMs);
      }
    },
    [push],
  );

  // Leaving the workshop mid-pause still saves what was typed.
  useEffect(
    () => () => {
      if (timer.current !== undefined) void push();
    },
    [push],
  );

  return { draft, change, state, retry: push };
}

/** The brand kit's fingerprint for preview addresses and the check: changes when it is saved. */
export function kitKey(kit: BrandKit | undefined): string {
  return kit ? JSON.stringify(kit) : '';
}
