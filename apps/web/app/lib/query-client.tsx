import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useState } from 'react';
import { isAway } from './api';
import { storageKeys } from './storage';

const day = 24 * 60 * 60 * 1000;

/**
 * The first part of the key of the models on offer (`queryKeys.models`). An operator may switch a
 * model off at any moment: the list is kept in memory only, where the realtime `models` event
 * reaches it, and never persisted, so a reload asks the server (whose answer is `no-store`).
 */
export const modelsQueryRoot = 'models';

/**
 * What the persisted cache was written by: raising it drops what older builds persisted (before
 * `v2`, the models on offer, which a reload would otherwise have shown for up to a minute).
 */
const persistedVersion = 'v2';

/** TanStack's own rule (queries that succeeded), less the models on offer. */
export const persisted = (query: {
  queryKey: readonly unknown[];
  state: { status: string };
}): boolean => query.state.status === 'success' && query.queryKey[0] !== modelsQueryRoot;

/** One more try for a failed read, unless it failed because Kadr is away (it has retried). */
export const retryOnce = (failures: number, error: unknown): boolean =>
  failures < 1 && !isAway(error);

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The spec's cache lifetime of 5 s is how long data counts as fresh; entries stay cached
      // (and persisted) for a day so a reload paints from local storage at once. A read that
      // failed because Kadr is away has waited and tried for two minutes already (lib/api.ts).
      queries: { staleTime: 5_000, gcTime: day, retry: retryOnce },
    },
  });
}

function createPersister() {
  return createSyncStoragePersister({
    storage: typeof window === 'undefined' ? undefined : window.localStorage,
    key: storageKeys.query,
    throttleTime: 1_000,
  });
}

/**
 * Server-state cache for the signed-in screens, persisted to local storage. `userId` busts the
 * persisted cache, so one person never sees another's data on a shared device.
 */
export function QueryProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const [persister] = useState(createPersister);
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={{
        persister,
        maxAge: day,
        buster: `${userId}:${persistedVersion}`,
        dehydrateOptions: { shouldDehydrateQuery: persisted },
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
