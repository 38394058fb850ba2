import type { ModelType } from '@kadr/catalog';
import type { Currency } from '@kadr/contract';
import { modelsQueryRoot } from '~/lib/query-client';
import type { HistoryFilter } from './api';

/**
 * The spec's query keys (§7): models, generation (a draft's cost), request (one generation
 * request, polled), history and token balance. Every cache entry of the signed-in app is one of
 * these, so invalidation is by prefix: `queryKeys.history.all` drops every history page. Payments
 * added packages (per currency and language), payment (one purchase, followed by the top-up
 * dialog) and ledger (token statement pages).
 */
export const queryKeys = {
  models: (type: ModelType, language: string) => [modelsQueryRoot, type, language] as const,
  generation: {
    all: ['generation'] as const,
    estimate: (type: ModelType, model: string, priced: Record<string, unknown>) =>
      ['generation', 'estimate', type, model, priced] as const,
  },
  request: (id: string) => ['request', id] as const,
  /** What was made from one result (its edits), kept in step with `generation` events. */
  edits: {
    all: ['edits'] as const,
    of: (id: string) => ['edits', id] as const,
  },
  history: {
    all: ['history'] as const,
    page: (filter: HistoryFilter) => ['history', filter] as const,
    /** The newest generations as the studio found them on one visit (`visit`: when it opened). */
    recent: (visit: number) => ['history', 'recent', visit] as const,
  },
  collections: {
    all: ['collections'] as const,
    holding: (id: string) => ['collections', 'holding', id] as const,
  },
  share: (id: string) => ['share', id] as const,
  batch: (id: string) => ['batch', id] as const,
  batchQuote: (body: unknown) => ['batch', 'quote', body] as const,
  tokenBalance: (userId: string) => ['token-balance', userId] as const,
  packages: (currency: Currency, language: string) => ['packages', currency, language] as const,
  payment: (id: string) => ['payment', id] as const,
  /** The card workshop's sets (the list, one set, its check as of one save) and the brand kit. */
  cards: {
    all: ['cards'] as const,
    list: ['cards', 'list'] as const,
    set: (id: string) => ['cards', 'set', id] as const,
    check: (id: string, version: string) => ['cards', 'check', id, version] as const,
  },
  brandKit: ['brand-kit'] as const,
  /** The library of elements: the list in use or archived, and one element. */
  elements: {
    all: ['elements'] as const,
    list: (archived: boolean) => ['elements', 'list', archived] as const,
    one: (id: string) => ['elements', 'one', id] as const,
  },
  ledger: {
    all: ['ledger'] as const,
    /** One statement page (the profile's `LedgerFilter`). */
    page: (filter: { page: number; perPage: number }) => ['ledger', filter] as const,
  },
};
