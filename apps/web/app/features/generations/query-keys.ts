import type { ModelType } from '@kadr/catalog';
import type { HistoryFilter } from './api';

/**
 * The spec's query keys (§7): models, generation (a draft's cost), request (one generation
 * request, polled), history and token balance. Every cache entry of the signed-in app is one of
 * these, so invalidation is by prefix: `queryKeys.history.all` drops every history page.
 */
export const queryKeys = {
  models: (type: ModelType, language: string) => ['models', type, language] as const,
  generation: {
    all: ['generation'] as const,
    estimate: (type: ModelType, model: string, priced: Record<string, unknown>) =>
      ['generation', 'estimate', type, model, priced] as const,
  },
  request: (id: string) => ['request', id] as const,
  history: {
    all: ['history'] as const,
    page: (filter: HistoryFilter) => ['history', filter] as const,
  },
  tokenBalance: (userId: string) => ['token-balance', userId] as const,
};
