import '~/locales/app-library';
import type { GenerationRecord } from '@kadr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { queryKeys } from '../query-keys';
import { setFavorite } from './api';

/** Star / unstar a result; the star changes at once and goes back if the server refuses. */
export function FavoriteButton({
  record,
  className,
}: {
  record: GenerationRecord;
  className?: string;
}) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (favorite: boolean) => setFavorite(record.id, favorite),
    onSuccess: (fresh) => {
      client.setQueryData(queryKeys.request(fresh.id), fresh);
      void client.invalidateQueries({ queryKey: queryKeys.history.all });
    },
    onError: (error) => {
      console.warn(error instanceof Error ? error.message : error);
      toast.error(t('library.favoriteFailed'));
    },
  });
  const starred = mutation.isPending ? (mutation.variables ?? record.favorite) : record.favorite;
  const label = starred ? t('library.unfavorite') : t('library.favorite');
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={label}
      title={label}
      onClick={() => mutation.mutate(!starred)}
      className={clsx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-line',
        starred ? 'text-amber-300' : 'text-fg-muted hover:text-fg',
        className,
      )}
    >
      <Star aria-hidden="true" className={clsx('size-4', starred && 'fill-current')} />
    </button>
  );
}
