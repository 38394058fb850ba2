import '~/locales/app-library';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search, Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { HistoryFilter } from '~/features/generations/api';
import { listCollections } from '~/features/generations/library/api';
import { queryKeys } from '~/features/generations/query-keys';
import { useTranslation } from '~/lib/use-translation';
import { withNarrowing } from '../history-params';

/** Stars, a collection and words of the prompt: what the history is narrowed by, in the address. */
export function LibraryFilters({
  filter,
  go,
}: {
  filter: HistoryFilter;
  go: (next: HistoryFilter, options?: { replace?: boolean }) => void;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const collections = useQuery({
    queryKey: queryKeys.collections.all,
    queryFn: ({ signal }) => listCollections(signal),
  });
  // The search box answers as one types, a moment after the last key (one address per pause).
  const [words, setWords] = useState(filter.q ?? '');
  useEffect(() => setWords(filter.q ?? ''), [filter.q]);
  useEffect(() => {
    const trimmed = words.trim();
    if (trimmed === (filter.q ?? '')) return;
    const timer = setTimeout(
      () => go(withNarrowing(filter, { q: trimmed }), { replace: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [words, filter, go]);

  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${ids}-q`} className="sr-only">
          {t('library.search')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <input
          id={`${ids}-q`}
          type="search"
          value={words}
          maxLength={200}
          placeholder={t('library.searchPlaceholder')}
          onChange={(event) => setWords(event.currentTarget.value)}
          className="h-10 w-full rounded-xl border border-line bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-fg-muted/70"
        />
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          aria-pressed={filter.favorite === true}
          onClick={() => go(withNarrowing(filter, { favorite: !filter.favorite }))}
          className={clsx(
            'inline-flex h-10 items-center gap-2 rounded-xl border px-3 text-sm font-medium',
            filter.favorite
              ? 'border-amber-300/50 bg-amber-300/10 text-amber-200'
              : 'border-line bg-surface text-fg-muted hover:text-fg',
          )}
        >
          <Star aria-hidden="true" className={clsx('size-4', filter.favorite && 'fill-current')} />
          {t('library.favorites')}
        </button>
        <label htmlFor={`${ids}-collection`} className="sr-only">
          {t('library.collectionFilter')}
        </label>
        <select
          id={`${ids}-collection`}
          value={filter.collection ?? ''}
          onChange={(event) =>
            go(withNarrowing(filter, { collection: event.currentTarget.value || undefined }))
          }
          className="h-10 min-w-0 max-w-56 rounded-xl border border-line bg-surface px-2 text-sm text-fg"
        >
          <option value="">{t('library.allCollections')}</option>
          {(collections.data ?? []).map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.name} ({collection.count})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
