import { defaultHistoryPageSize, historyPageSizes, type ModelType } from '@kadr/catalog';
import { uuidPattern } from '@kadr/contract';
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
  const collection = search.get('collection') ?? '';
  const q = (search.get('q') ?? '').trim().slice(0, 200);
  return {
    type: type === 'image' || type === 'video' ? type : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: historyPageSizes.includes(perPage) ? perPage : defaultHistoryPageSize,
    ...(search.get('favorite') === '1' ? { favorite: true } : {}),
    ...(uuidPattern.test(collection) ? { collection: collection.toLowerCase() } : {}),
    ...(q ? { q } : {}),
  };
}

/** The address query of a filter; defaults are left out so the plain /history stays plain. */
export function writeHistoryParams(filter: HistoryFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.type) search.set('type', filter.type);
  if (filter.page !== 1) search.set('page', String(filter.page));
  if (filter.perPage !== defaultHistoryPageSize) search.set('perPage', String(filter.perPage));
  if (filter.favorite) search.set('favorite', '1');
  if (filter.collection) search.set('collection', filter.collection);
  if (filter.q) search.set('q', filter.q);
  return search;
}

/** A new type shows its first page. */
export function withType(filter: HistoryFilter, type: ModelType | undefined): HistoryFilter {
  return { ...filter, type, page: 1 };
}

/** Another narrowing (stars, a collection, words) shows its first page. */
export function withNarrowing(
  filter: HistoryFilter,
  change: Partial<Pick<HistoryFilter, 'favorite' | 'collection' | 'q'>>,
): HistoryFilter {
  const next: HistoryFilter = { ...filter, ...change, page: 1 };
  if (!next.favorite) delete next.favorite;
  if (!next.collection) delete next.collection;
  if (!next.q) delete next.q;
  return next;
}

/** A new page size keeps the first item of the current page in view. */
export function withPageSize(filter: HistoryFilter, perPage: number): HistoryFilter {
  const firstIndex = (filter.page - 1) * filter.perPage;
  return { ...filter, perPage, page: Math.floor(firstIndex / perPage) + 1 };
}
