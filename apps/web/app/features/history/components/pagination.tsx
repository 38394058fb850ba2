import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from '../page-window';

const item =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2 text-sm tabular-nums';

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

  return (
    <nav aria-label={t('history.pagination')} className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>{edge(page - 1, t('history.previous'), ChevronLeft, true)}</li>
        {pageWindow(page, totalPages).map((entry, index) =>
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
    </nav>
  );
}
