import '~/locales/app';
import '~/locales/app-keys';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';

/** A read of the keys section: a spinner, a failure with a retry, or its data. */
export function LoadState<T>({
  query,
  failed,
  children,
}: {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('app');
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-fg">
          {failed}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('keys.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="mt-4 flex items-center gap-2 py-4 text-sm text-fg-muted">
      <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      {t('keys.loading')}
    </div>
  );
}
