import { pollIntervalMs } from '@kadr/catalog';
import {
  type GenerationList,
  type GenerationRecord,
  generationRecordSchema,
  isFinished,
  type PaymentRecord,
  paymentRecordSchema,
} from '@kadr/contract';
import {
  keepPreviousData,
  type QueryClient,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '~/lib/realtime-provider';
import { useSession } from '~/lib/session';
import {
  ClientError,
  getGeneration,
  getTokenBalance,
  type HistoryFilter,
  listGenerations,
} from './api';
import { queryKeys } from './query-keys';

/**
 * The records realtime events carry — the same the API answers with — are checked against the
 * contract in development and tests; a production build trusts them and carries no zod (ADR 030).
 */
const events = import.meta.env.DEV ? { generationRecordSchema, paymentRecordSchema } : undefined;

function eventRecord<T>(
  check:
    | ((data: unknown) => { success: true; data: T } | { success: false; error: unknown })
    | undefined,
  data: unknown,
): T | undefined {
  // Trusted, but an event that carries no record at all is still dropped.
  if (!check) return typeof data === 'object' && data !== null ? (data as T) : undefined;
  const parsed = check(data);
  if (parsed.success) return parsed.data;
  console.warn('Realtime: an event unlike the contract', parsed.error);
  return undefined;
}

const progress = { pending: 0, processing: 1, completed: 2, failed: 2 } as const;

/**
 * Whether `next` may replace `current` in the cache. A read that left before a realtime event
 * arrived can answer after it with an older state; a generation never goes back a step.
 */
export function isNewer(current: GenerationRecord | undefined, next: GenerationRecord): boolean {
  if (!current) return true;
  const step = progress[next.status] - progress[current.status];
  if (step !== 0) return step > 0;
  return Date.parse(next.updated) >= Date.parse(current.updated);
}

/**
 * One generation request, kept current: `generation` events from the realtime stream write into
 * this cache entry (see useGenerationSync); while the stream is down it is fetched every 2 s until
 * it is completed or failed (spec §4).
 */
export function useGenerationRequest(id: string, initial?: GenerationRecord) {
  const { connected } = useRealtime();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.request(id),
    queryFn: async ({ signal }) => {
      const fresh = await getGeneration(id, signal);
      const current = client.getQueryData<GenerationRecord>(queryKeys.request(id));
      return current && !isNewer(current, fresh) ? current : fresh;
    },
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

/**
 * A fetched list's records, each replaced by the cached one when that is newer: a page asked for
 * before a `generation` event and answered after it must not take the generation a step back
 * (completed shown as processing, for good, since no event follows a completion).
 */
export function freshest(client: QueryClient, items: GenerationRecord[]): GenerationRecord[] {
  return items.map((item) => {
    const known = client.getQueryData<GenerationRecord>(queryKeys.request(item.id));
    return known && !isNewer(known, item) ? known : item;
  });
}

/**
 * A `generation` event in the edits lists: the record replaced where it is listed; a record made
 * from a result whose list does not hold it yet makes that list read again. Exported for its test.
 */
export function syncEdits(client: QueryClient, record: GenerationRecord): void {
  let listed = false;
  client.setQueriesData<GenerationRecord[]>({ queryKey: queryKeys.edits.all }, (items) => {
    if (!items?.some((item) => item.id === record.id)) return items;
    listed = true;
    return items.map((item) => (item.id === record.id && isNewer(item, record) ? record : item));
  });
  if (!listed && record.source_id !== null) {
    void client.invalidateQueries({ queryKey: queryKeys.edits.of(record.source_id) });
  }
}

export function useHistoryPage(filter: HistoryFilter) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.history.page(filter),
    queryFn: async ({ signal }) => {
      const page = await listGenerations(filter, signal);
      return { ...page, items: freshest(client, page.items) };
    },
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

  useEffect(() => {
    // A new generation changes which items each history page holds: those pages are fetched
    // again, at most about once a second however many generations start at once.
    let timer: number | undefined;
    let firstAt = 0;
    const refreshHistory = () => {
      const now = Date.now();
      if (timer === undefined) firstAt = now;
      window.clearTimeout(timer);
      const wait = Math.max(0, Math.min(300, firstAt + 1000 - now));
      timer = window.setTimeout(() => {
        timer = undefined;
        void client.invalidateQueries({ queryKey: queryKeys.history.all });
      }, wait);
    };
    const unsubscribe = subscribeGenerations((data) => {
      const record = eventRecord(events?.generationRecordSchema.safeParse, data);
      if (!record) return;
      client.setQueryData<GenerationRecord>(queryKeys.request(record.id), (current) =>
        isNewer(current, record) ? record : current,
      );
      // A generation already on a cached page is updated where it is.
      let listed = false;
      client.setQueriesData<GenerationList>({ queryKey: queryKeys.history.all }, (page) => {
        if (!page?.items.some((item) => item.id === record.id)) return page;
        listed = true;
        return {
          ...page,
          items: page.items.map((item) =>
            item.id === record.id && isNewer(item, record) ? record : item,
          ),
        };
      });
      if (!listed) refreshHistory();
      syncEdits(client, record);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [client, subscribeGenerations]);

  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void client.invalidateQueries({
        predicate: (query) => {
          const [key] = query.queryKey;
          if (key === 'history' || key === 'edits' || key === 'token-balance') return true;
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

/** An answer saying there is no such thing (for this person). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ClientError && error.status === 404;
}

/** Whether `next` may replace `current`: a payment never goes back to pending. */
export function isNewerPayment(current: PaymentRecord | undefined, next: PaymentRecord): boolean {
  if (!current) return true;
  if (current.status !== 'pending' && next.status === 'pending') return false;
  return Date.parse(next.updated) >= Date.parse(current.updated);
}

/**
 * Payments and the statement follow the realtime stream, for the whole signed-in app: a `payment`
 * event replaces that payment's cached record; a `user` event (a balance move: a purchase, a
 * generation, a refund, a commission) makes the statement and pending payments read again, and so
 * does the stream coming back.
 */
export function usePaymentSync(): void {
  const client = useQueryClient();
  const { connected, subscribePayments, subscribeUsers } = useRealtime();

  useEffect(() => {
    const stopPayments = subscribePayments((data) => {
      const record = eventRecord(events?.paymentRecordSchema.safeParse, data);
      if (!record) return;
      client.setQueryData<PaymentRecord>(queryKeys.payment(record.id), (current) =>
        isNewerPayment(current, record) ? record : current,
      );
    });
    const stopUsers = subscribeUsers(() => {
      void client.invalidateQueries({ queryKey: queryKeys.ledger.all });
      void client.invalidateQueries({
        queryKey: ['payment'],
        predicate: (query) =>
          (query.state.data as PaymentRecord | undefined)?.status !== 'succeeded',
      });
    });
    return () => {
      stopPayments();
      stopUsers();
    };
  }, [client, subscribePayments, subscribeUsers]);

  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void client.invalidateQueries({ queryKey: queryKeys.ledger.all });
    }
    wasConnected.current = connected;
  }, [connected, client]);
}
