import type { ModelType } from '@kadr/catalog';
import {
  type Batch,
  batchSchema,
  type Collection,
  collectionListSchema,
  collectionSchema,
  type GenerationList,
  type GenerationRecord,
  generationCollectionsSchema,
  generationEditsSchema,
  generationListSchema,
  generationRecordSchema,
  type ModelListItem,
  modelListSchema,
  type Share,
  shareSchema,
  shareStateSchema,
  userSchema,
} from '@kadr/contract';
import { ApiError, apiRequest } from '~/lib/api';

/**
 * The API calls more than one feature makes — a generation, the history, favourites, collections,
 * shares, the models on offer, the balance, following a batch — and the wrapping every feature's `api.ts` uses. A call
 * only one feature makes lives in that feature's `api.ts` (studio, pricing, profile, admin).
 */

/**
 * A failed call as the spec names it (§8 'Wrapped client errors'): the action that failed, then
 * the cause — 'Video creation failed: Not enough tokens.'. The server's problem stays reachable.
 */
export class ClientError extends Error {
  readonly action: string;
  readonly status: number;

  constructor(action: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${action}: ${reason}`, { cause });
    this.name = 'ClientError';
    this.action = action;
    this.status = cause instanceof ApiError ? cause.status : 0;
  }

  /** The server's problem details, when it answered with one. */
  get problem(): ApiError | undefined {
    return this.cause instanceof ApiError ? this.cause : undefined;
  }
}

/** Runs one call, a failure wrapped as the spec names it (every feature's `api.ts` uses this). */
export async function wrapped<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ClientError(action, error);
  }
}

/**
 * The contract's schemas that answers are checked with — in development and in tests only. A
 * production build trusts the answers, which the server serialises from the same schemas and
 * checks against them in its own tests and the end-to-end suite (ADR 030), and carries no zod.
 */
const answers = import.meta.env.DEV
  ? {
      batchSchema,
      collectionListSchema,
      collectionSchema,
      generationCollectionsSchema,
      generationEditsSchema,
      generationListSchema,
      generationRecordSchema,
      modelListSchema,
      shareSchema,
      shareStateSchema,
      userSchema,
    }
  : undefined;

export function getGeneration(id: string, signal?: AbortSignal): Promise<GenerationRecord> {
  return wrapped('Failed to get generation request', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}`, {
      signal,
      parse: answers?.generationRecordSchema.parse,
    }),
  );
}

/** What was made from this result (lineage, ADR 038), newest first. */
export function listEdits(id: string, signal?: AbortSignal): Promise<GenerationRecord[]> {
  return wrapped('Failed to get edits', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/edits`, {
      signal,
      parse: answers?.generationEditsSchema.parse,
    });
    return result.items;
  });
}

export type HistoryFilter = {
  type?: ModelType;
  page: number;
  perPage: number;
  /** Only starred ones. */
  favorite?: boolean;
  /** Only those in this collection. */
  collection?: string;
  /** Only those whose prompt has these words. */
  q?: string;
};

export function listGenerations(
  filter: HistoryFilter,
  signal?: AbortSignal,
): Promise<GenerationList> {
  const query = new URLSearchParams({ page: String(filter.page), perPage: String(filter.perPage) });
  if (filter.type) query.set('type', filter.type);
  if (filter.favorite) query.set('favorite', '1');
  if (filter.collection) query.set('collection', filter.collection);
  if (filter.q) query.set('q', filter.q);
  return wrapped('Failed to get generation history', () =>
    apiRequest(`/api/generations?${query}`, { signal, parse: answers?.generationListSchema.parse }),
  );
}

export function setFavorite(id: string, favorite: boolean): Promise<GenerationRecord> {
  return wrapped('Failed to star generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/favorite`, {
      method: 'PUT',
      body: { favorite },
      parse: answers?.generationRecordSchema.parse,
    }),
  );
}

export function deleteGeneration(id: string): Promise<void> {
  return wrapped('Failed to delete generation', async () => {
    await apiRequest(`/api/generations/${encodeURIComponent(id)}`, { method: 'DELETE' });
  });
}

export function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  return wrapped('Failed to get collections', async () => {
    const result = await apiRequest('/api/collections', {
      signal,
      parse: answers?.collectionListSchema.parse,
    });
    return result.items;
  });
}

export function createCollection(name: string): Promise<Collection> {
  return wrapped('Failed to create collection', () =>
    apiRequest('/api/collections', {
      method: 'POST',
      body: { name },
      parse: answers?.collectionSchema.parse,
    }),
  );
}

export function collectionsHolding(id: string, signal?: AbortSignal): Promise<string[]> {
  return wrapped('Failed to get collections', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/collections`, {
      signal,
      parse: answers?.generationCollectionsSchema.parse,
    });
    return result.ids;
  });
}

export function setInCollection(collection: string, id: string, inside: boolean): Promise<void> {
  return wrapped('Failed to change collection', async () => {
    await apiRequest(
      `/api/collections/${encodeURIComponent(collection)}/items/${encodeURIComponent(id)}`,
      { method: inside ? 'PUT' : 'DELETE' },
    );
  });
}

export function readShare(id: string, signal?: AbortSignal): Promise<Share | null> {
  return wrapped('Failed to get share link', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, {
      signal,
      parse: answers?.shareStateSchema.parse,
    });
    return result.share;
  });
}

export function shareGeneration(id: string, showPrompt: boolean): Promise<Share> {
  return wrapped('Failed to share generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, {
      method: 'POST',
      body: { show_prompt: showPrompt },
      parse: answers?.shareSchema.parse,
    }),
  );
}

export function revokeShare(id: string): Promise<void> {
  return wrapped('Failed to stop sharing', async () => {
    await apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, { method: 'DELETE' });
  });
}

export function listModelsOf(type: ModelType, signal?: AbortSignal): Promise<ModelListItem[]> {
  return wrapped('Failed to get models', async () => {
    const result = await apiRequest(`/api/models?type=${type}`, {
      signal,
      parse: answers?.modelListSchema.parse,
    });
    return result.items;
  });
}

export function getTokenBalance(userId: string | undefined, signal?: AbortSignal): Promise<number> {
  if (!userId) return Promise.reject(new Error('No user ID found'));
  return wrapped('Failed to get user token balance', async () => {
    const user = await apiRequest('/api/me', { signal, parse: answers?.userSchema.parse });
    return user.tokens;
  });
}

/** The batch, after starting whatever the running cap now allows of its waiting items. */
export function followBatch(id: string, release: boolean, signal?: AbortSignal): Promise<Batch> {
  return wrapped('Failed to get batch', () =>
    apiRequest(`/api/batches/${encodeURIComponent(id)}${release ? '/release' : ''}`, {
      method: release ? 'POST' : 'GET',
      // The release starts whatever the running cap allows now: asking again is harmless.
      repeatable: true,
      signal,
      parse: answers?.batchSchema.parse,
    }),
  );
}
