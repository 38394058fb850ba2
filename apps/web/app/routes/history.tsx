import '~/locales/app-library';
import '~/locales/app';
import { historyPageSizes, type ModelType } from '@kadr/catalog';
import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { History as HistoryIcon } from 'lucide-react';
import { useCallback, useEffect, useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { Button } from '~/components/ui/button';
import { LinkButton } from '~/components/ui/link-button';
import type { HistoryFilter } from '~/features/generations/api';
import { useHistoryPage } from '~/features/generations/hooks';
import { HistoryCard, HistoryCardSkeleton } from '~/features/history/components/history-card';
import { LibraryFilters } from '~/features/history/components/library-filters';
import { Pagination } from '~/features/history/components/pagination';
import {
  readHistoryParams,
  withPageSize,
  withType,
  writeHistoryParams,
} from '~/features/history/history-params';
import { useHistoryViewer } from '~/features/history/history-viewer';
import { shownRange } from '~/features/history/page-window';
import { Viewer } from '~/features/viewer/components/viewer';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/history';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('history', location.pathname);

const filters: readonly { type: ModelType | undefined; key: 'all' | 'image' | 'video' }[] = [
  { type: undefined, key: 'all' },
  { type: 'image', key: 'image' },
  { type: 'video', key: 'video' },
];

const skeletonCount = 6;

function hrefOf(next: HistoryFilter): string {
  const query = writeHistoryParams(next).toString();
  return query ? `${paths.history}?${query}` : paths.history;
}

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

export default function HistoryPage() {
  const { t } = useTranslation('app');
  const sizeId = useId();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filter = readHistoryParams(search);
  const { data, isPending, isError, refetch, isPlaceholderData } = useHistoryPage(filter);

  const go = useCallback(
    (next: HistoryFilter, options?: { replace?: boolean }) => void navigate(hrefOf(next), options),
    [navigate],
  );
  const narrowed = Boolean(filter.favorite || filter.collection || filter.q);

  // A page beyond the end (items were removed, or an old link): show the last page instead.
  const totalPages = data?.totalPages ?? 0;
  useEffect(() => {
    if (!isPlaceholderData && totalPages > 0 && filter.page > totalPages) {
      void navigate(hrefOf({ ...filter, page: totalPages }), { replace: true });
    }
  });

  const range = data ? shownRange(data.page, data.perPage, data.totalItems) : null;
  // The viewer walks the whole filtered history, page by page.
  const { viewable, open, viewer } = useHistoryViewer({ data, isPlaceholderData, filter, go });

  return (
    <>
      <PageHeader title={t('history.title')} description={t('history.description')} />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <fieldset className="flex gap-1 rounded-xl border border-line bg-surface p-1">
          <legend className="sr-only">{t('history.filters.label')}</legend>
          {filters.map(({ type, key }) => {
            const active = filter.type === type;
            return (
              <button
                key={key}
                type="button"
                aria-pressed={active}
                onClick={() => go(withType(filter, type))}
                className={clsx(
                  'h-9 flex-1 rounded-lg px-4 text-sm font-medium transition-colors sm:flex-none',
                  active
                    ? 'bg-accent text-white'
                    : 'text-fg-muted hover:bg-surface-raised hover:text-fg',
                )}
              >
                {t(`history.filters.${key}`)}
              </button>
            );
          })}
        </fieldset>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm text-fg-muted">
            {t('history.pageSize')}
          </label>
          <select
            id={sizeId}
            value={filter.perPage}
            onChange={(event) => go(withPageSize(filter, Number(event.currentTarget.value)))}
            className="h-9 rounded-lg border border-line bg-surface px-2 text-sm text-fg"
          >
            {historyPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      <LibraryFilters filter={filter} go={go} />
      {isPending ? (
        <ul aria-busy="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: skeletonCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={index}>
              <HistoryCardSkeleton />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <div role="alert" className="rounded-2xl border border-line p-8 text-center">
          <p className="text-fg">{t('history.loadFailed')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      ) : data.totalItems === 0 && narrowed ? (
        <p className="rounded-2xl border border-dashed border-line px-6 py-12 text-center text-fg-muted">
          {t('library.emptyFiltered')}
        </p>
      ) : data.totalItems === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-16 text-center">
          <HistoryIcon aria-hidden="true" className="size-8 text-accent-soft" />
          <p className="mt-4 font-medium text-fg">{t(`history.empty.${filter.type ?? 'all'}`)}</p>
          <p className="mt-1 max-w-sm text-sm text-fg-muted">{t('history.empty.text')}</p>
          <LinkButton to={paths.studio} className="mt-6">
            {t('history.empty.cta')}
          </LinkButton>
        </div>
      ) : (
        <>
          {range ? (
            <p className="mb-4 text-sm text-fg-muted" aria-live="polite">
              {t('history.showing', { from: range.from, to: range.to, count: data.totalItems })}
            </p>
          ) : null}
          <ul
            aria-busy={isPlaceholderData ? true : undefined}
            className={clsx(
              'grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3',
              isPlaceholderData && 'opacity-60',
            )}
          >
            {data.items.map((record) => {
              const at = viewable.indexOf(record);
              return (
                <li key={record.id} className="flex">
                  <HistoryCard
                    record={record}
                    onOpen={at >= 0 ? () => open(record.id) : undefined}
                    onOpenSource={
                      at >= 0 && record.source_id !== null
                        ? (source) => open(record.id, source)
                        : undefined
                    }
                  />
                </li>
              );
            })}
          </ul>
          <Viewer {...viewer} />
          <div className="mt-8">
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              hrefOf={(page) => hrefOf({ ...filter, page })}
            />
          </div>
        </>
      )}
    </>
  );
}
