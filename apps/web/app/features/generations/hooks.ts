import { pollIntervalMs } from '@kadr/catalog';
import { type GenerationRecord, generationRecordSchema, isFinished } from '@kadr/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '~/lib/realtime-provider';
import { useSession } from '~/lib/session';
import { getGeneration, getTokenBalance, type HistoryFilter, listGenerations } from './api';
import { queryKeys } from './query-keys';

/**
 * One generation request, kept current: `generation` events from the realtime stream write into
 * this cache entry (see useGenerationSync); while the stream is down it is fetched every 2 s until
 * it is completed or failed (spec §4).
 */
export function useGenerationRequest(id: string, initial?: GenerationRecord) {
  const { connected } = useRealtime();
  return useQuery({
    queryKey: queryKeys.request(id),
    queryFn: ({ signal }) => getGeneration(id, signal),
    initialData: initial,
    // A finished record never changes; an unfinished one is refreshed by events or polling.
    staleTime: (query) => (query.state.data && isFinished(query.state.data.status) ? Infinity : 0),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data && isFinished(data.status)) return false;
      return connected ? false : pollIntervalMs;
    },
    refetchIntervalInBackground: true,
  });
}

export function useHistoryPage(filter: HistoryFilter) {
  return useQuery({
    queryKey: queryKeys.history.page(filter),
    queryFn: ({ signal }) => listGenerations(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Wires the realtime stream into the query cache for the whole signed-in app: every `generation`
 * event replaces that request's cached record and marks history pages stale; after the stream
 * comes back, everything it might have missed is fetched again. While the stream is down the
 * balance is re-read whenever a generation finishes, so a refund shows without it.
 */
export function useGenerationSync(): void {
  const client = useQueryClient();
  const { connected, subscribeGenerations } = useRealtime();
  const { user, setUser } = useSession();
  const userId = user?.id;

  useEffect(
    () =>
      subscribeGenerations((data) => {
        const parsed = generationRecordSchema.safeParse(data);
        if (!parsed.success) {
          console.warn('Realtime: unexpected generation event', parsed.error);
          return;
        }
        client.setQueryData(queryKeys.request(parsed.data.id), parsed.data);
        void client.invalidateQueries({ queryKey: queryKeys.history.all });
      }),
    [client, subscribeGenerations],
  );

  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void client.invalidateQueries({
        predicate: (query) => {
          const [key] = query.queryKey;
          if (key === 'history' || key === 'token-balance') return true;
          if (key !== 'request') return false;
          const data = query.state.data as GenerationRecord | undefined;
          return !data || !isFinished(data.status);
        },
      });
    }
    wasConnected.current = connected;
  }, [connected, client]);

  // The balance query: only fetched when invalidated (a generation ended while polling).
  const balance = useQuery({
    queryKey: queryKeys.tokenBalance(userId ?? ''),
    queryFn: ({ signal }) => getTokenBalance(userId, signal),
    enabled: Boolean(userId),
    staleTime: Infinity,
  });
  // Only an answer fetched now moves the balance: one restored from local storage may be old.
  const mountedAt = useRef(Date.now());
  const latest = useRef({ user, setUser });
  latest.current = { user, setUser };
  useEffect(() => {
    const current = latest.current.user;
    if (balance.data === undefined || balance.dataUpdatedAt < mountedAt.current) return;
    if (current && current.tokens !== balance.data) {
      latest.current.setUser({ ...current, tokens: balance.data });
    }
  }, [balance.data, balance.dataUpdatedAt]);
}

/** Call when a generation reached its end while polling: the balance may have been refunded. */
export function useRefreshBalance(): () => void {
  const client = useQueryClient();
  const { connected } = useRealtime();
  const { user } = useSession();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.history.all });
    if (!connected && user) {
      void client.invalidateQueries({ queryKey: queryKeys.tokenBalance(user.id) });
    }
  };
}
