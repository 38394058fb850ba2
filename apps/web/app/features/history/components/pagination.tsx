import '~/locales/app-library';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { pageWindow } from '../page-window';

const item =
  'inline-flex h-9 min-w-8 items-center justify-center gap-1 rounded-lg px-1.5 text-sm tabular-nums sm:min-w-9 sm:px-2';

/** Previous, the page window with ellipses, next — real links, so each page has an address. */
export function Pagination({
  page,
  totalPages,
  hrefOf,
}: {
  page: number;
  totalPages: number;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation('app');
  if (totalPages <= 1) return null;
  const edge = (target: number, label: string, Icon: typeof ChevronLeft, iconFirst: boolean) => {
    const content = iconFirst ? (
      <>
        <Icon aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">{label}</span>
      </>
    ) : (
      <>
        <span className="max-sm:sr-only">{label}</span>
        <Icon aria-hidden="true" className="size-4" />
      </>
    );
    if (target < 1 || target > totalPages) {
      return (
        <span aria-disabled="true" className={clsx(item, 'text-fg-muted/50')}>
          {content}
        </span>
      );
    }
    return (
      <Link to={hrefOf(target)} className={clsx(item, 'text-fg hover:bg-surface-raised')}>
        {content}
      </Link>
    );
  };

  const numbers = (entries: ReturnType<typeof pageWindow>, className: string) => (
    <ul className={clsx('flex flex-nowrap items-center gap-0.5 sm:gap-1', className)}>
      <li>{edge(page - 1, t('history.previous'), ChevronLeft, true)}</li>
      {entries.map((entry, index) =>
        entry === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
          <li key={`gap-${index}`} aria-hidden="true" className={clsx(item, 'text-fg-muted')}>
            …
          </li>
        ) : (
          <li key={entry}>
            <Link
              to={hrefOf(entry)}
              aria-label={t('history.page', { page: entry })}
              aria-current={entry === page ? 'page' : undefined}
              className={clsx(
                item,
                entry === page
                  ? 'bg-accent font-medium text-white'
                  : 'text-fg hover:bg-surface-raised',
              )}
            >
              {entry}
            </Link>
          </li>
        ),
      )}
      <li>{edge(page + 1, t('history.next'), ChevronRight, false)}</li>
    </ul>
  );

  // A phone shows at most nine items (up to seven pages, or the first, the last and one either side
  // of the current page), so the row never wraps; wider screens show two either side. Both rows
  // are rendered and one is hidden by width, so the first paint is already right.
  const phoneWindow = pageWindow(page, totalPages, totalPages <= 7 ? totalPages : 1);
  return (
    <nav aria-label={t('history.pagination')} className="flex justify-center">
      {numbers(phoneWindow, 'sm:hidden')}
      {numbers(pageWindow(page, totalPages), 'max-sm:hidden')}
    </nav>
  );
}
