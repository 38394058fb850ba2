import { defaultHistoryPageSize, modelName } from '@kadr/catalog';
import { paths } from '@kadr/contract';
import { Clock, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useHistoryPage } from '~/features/generations/hooks';
import { useTranslation } from '~/lib/use-translation';
import { ProfileCard } from './profile-card';

const shown = 6;

/** The latest finished and running generations (spec §2: completed and processing only). */
export function RecentGenerations({ className }: { className?: string }) {
  const { t } = useTranslation('app');
  // The first history page: the same cache entry as /history opened plainly.
  const { data, isPending } = useHistoryPage({ page: 1, perPage: defaultHistoryPageSize });
  const items = (data?.items ?? [])
    .filter((item) => item.status === 'completed' || item.status === 'processing')
    .slice(0, shown);

  return (
    <ProfileCard title={t('recent.title')} icon={Clock} className={className}>
      {isPending ? (
        <div className="mt-4 flex justify-center py-6">
          <LoaderCircle
            aria-hidden="true"
            className="size-5 text-fg-muted motion-safe:animate-spin"
          />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">{t('recent.empty')}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {items.map((item) => {
            const file = item.expand.output_files[0];
            return (
              <li key={item.id} data-generation={item.id} className="min-w-0">
                <div className="aspect-square overflow-hidden rounded-xl border border-line bg-black/40">
                  {item.status === 'completed' && file ? (
                    <GenerationMedia record={item} file={file} preview className="object-cover" />
                  ) : (
                    <div className="flex h-full items-center justify-center">
                      <LoaderCircle
                        aria-hidden="true"
                        className="size-6 text-accent-soft motion-safe:animate-spin"
                      />
                    </div>
                  )}
                </div>
                <div className="mt-2 flex items-center gap-2">
                  <StatusBadge status={item.status} />
                </div>
                <WaitingNote record={item} variant="line" className="mt-1 text-xs" />
                <p className="mt-1 truncate text-xs text-fg" title={item.jsondata.prompt}>
                  {item.jsondata.prompt}
                </p>
                <p className="truncate text-xs text-fg-muted">{modelName(item.model)}</p>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        to={paths.history}
        className="mt-4 inline-block text-sm font-medium text-accent-soft hover:underline"
      >
        {t('recent.all')}
      </Link>
    </ProfileCard>
  );
}
