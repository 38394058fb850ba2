import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';

/** A read's three states around its content: loading, failed (with a retry), and the data. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: Error | null; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm">
        <p>{t('common.failed', { message: query.error.message })}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="py-8 text-sm text-fg-muted">
      {t('common.loading')}
    </p>
  );
}

/** A titled block of a page, named by its title (a region a screen reader can jump to). */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-fg">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A table that scrolls sideways on a narrow screen; `empty` when there are no rows. */
export function Table({
  head,
  rows,
  label,
}: {
  head: ReactNode[];
  rows: { key: string; cells: ReactNode[] }[];
  label: string;
}) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{t('common.empty')}</p>;
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm" aria-label={label}>
        <thead>
          <tr className="border-b border-line text-left text-xs text-fg-muted">
            {head.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a header's columns never move.
              <th key={i} scope="col" className="px-2 py-2 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line/60 align-top last:border-0">
              {row.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's columns never move.
                <td key={i} className="px-2 py-2 text-fg">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A label and its value, in a definition list. */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-fg-muted">{item.label}</dt>
          <dd className="min-w-0 break-words text-fg">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A page's title and what it is for. */
export function AdminHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {description ? <p className="mt-1 max-w-3xl text-sm text-fg-muted">{description}</p> : null}
    </header>
  );
}

/** Back to the list a detail page was opened from. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
