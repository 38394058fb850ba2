import { defaultHistoryPageSize, historyPageSizes, type ModelType } from '@kadr/catalog';
import type { HistoryFilter } from '../generations/api';

/**
 * History's filter, page and page size live in the address (`?type=video&page=2&perPage=24`),
 * so reload, back and a shared link all show the same page. Anything unreadable falls back to
 * the default rather than failing.
 */
export function readHistoryParams(search: URLSearchParams): HistoryFilter {
  const type = search.get('type');
  const page = Number(search.get('page'));
  const perPage = Number(search.get('perPage'));
  return {
    type: type === 'image' || type === 'video' ? type : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: historyPageSizes.includes(perPage) ? perPage : defaultHistoryPageSize,
  };
}

/** The address query of a filter; defaults are left out so the plain /history stays plain. */
export function writeHistoryParams(filter: HistoryFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.type) search.set('type', filter.type);
  if (filter.page !== 1) search.set('page', String(filter.page));
  if (filter.perPage !== defaultHistoryPageSize) search.set('perPage', String(filter.perPage));
  return search;
}

/** A new type shows its first page. */
export function withType(filter: HistoryFilter, type: ModelType | undefined): HistoryFilter {
  return { ...filter, type, page: 1 };
}

/** A new page size keeps the first item of the current page in view. */
export function withPageSize(filter: HistoryFilter, perPage: number): HistoryFilter {
  const firstIndex = (filter.page - 1) * filter.perPage;
  return { ...filter, perPage, page: Math.floor(firstIndex / perPage) + 1 };
}
