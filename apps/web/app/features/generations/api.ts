import type { ModelType } from '@kadr/catalog';
import {
  type GenerationList,
  type GenerationRecord,
  generationListSchema,
  generationRecordSchema,
  userSchema,
} from '@kadr/contract';
import { ApiError, apiRequest } from '~/lib/api';

/**
 * The API calls every signed-in screen may make — a generation, the history's pages, the balance —
 * and the wrapping every feature's `api.ts` uses. The library's (favourites, collections, shares,
 * a result's edits) are in `library/api.ts`, running a model's in `run/run-api.ts`; a call only
 * one feature makes lives in that feature's `api.ts` (studio, pricing, profile, admin).
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
      generationListSchema,
      generationRecordSchema,
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

export function getTokenBalance(userId: string | undefined, signal?: AbortSignal): Promise<number> {
  if (!userId) return Promise.reject(new Error('No user ID found'));
  return wrapped('Failed to get user token balance', async () => {
    const user = await apiRequest('/api/me', { signal, parse: answers?.userSchema.parse });
    return user.tokens;
  });
}
