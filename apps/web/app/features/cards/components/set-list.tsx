import '~/locales/app-cards';
import { getMarketplacePreset } from '@kadr/catalog';
import { type CardSet, paths } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useGenerationRequest } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { formatDate } from '~/lib/format';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { kitKey, useBrandKit, useCardSets } from '../hooks';
import { slideVersion } from '../slides';
import { SlidePreview } from './slide-preview';

/**
 * The person's sets, newest first, each opening in the workshop (`?set=<id>`). A set whose cut-out
 * is still being made (one from a CSV batch) says so and fills in when it is done.
 */
export function SetList({ headingId }: { headingId: string }) {
  const { t } = useTranslation('app');
  const sets = useCardSets();
  const kit = useBrandKit();
  const items = sets.data ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-fg">
        {t('cards.sets.heading')}
      </h2>
      {sets.isPending ? (
        <p className="text-sm text-fg-muted">{t('cards.sets.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('cards.sets.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-card-sets="">
          {items.map((set) => (
            <li key={set.id}>
              <SetCard set={set} kit={kitKey(kit.data)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SetCard({ set, kit }: { set: CardSet; kit: string }) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const preset = getMarketplacePreset(set.preset);
  const cutting = set.cutout !== null && set.pictures.cutout === null;
  return (
    <Link
      to={`${paths.cards}?set=${encodeURIComponent(set.id)}`}
      data-card-set={set.id}
      className="group block rounded-xl border border-line bg-surface-raised/40 p-2 transition-colors hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft"
    >
      <SlidePreview
        setId={set.id}
        index={0}
        width={360}
        version={slideVersion(set, kit, 0)}
        ratio={preset?.ratio ?? { w: 3, h: 4 }}
        alt=""
        lazy
      />
      <p className="mt-2 truncate text-sm font-medium text-fg">
        {set.name || t('cards.sets.untitled')}
      </p>
      <p className="truncate text-xs text-fg-muted">
        {preset?.name[language] ?? set.preset} ·{' '}
        {t('cards.sets.slides', { count: set.slides.length })}
      </p>
      {cutting && set.cutout ? (
        <CutoutProgress id={set.cutout} />
      ) : set.batch !== null && set.cutout === null ? (
        <p className="text-xs text-accent-soft" data-cutting="">
          {t('cards.sets.queued')}
        </p>
      ) : (
        <p className="truncate text-xs text-fg-muted">
          {formatDate(set.updated, language, 'shortWithTime')}
        </p>
      )}
    </Link>
  );
}

/** A cut-out on its way: once it ends, the list is read again (its preview fills in). */
function CutoutProgress({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const status = useGenerationRequest(id).data?.status;
  useEffect(() => {
    if (status === 'completed') void client.invalidateQueries({ queryKey: queryKeys.cards.list });
  }, [status, client]);
  if (status === 'failed') {
    return <p className="text-xs text-red-300">{t('cards.sets.cutoutFailed')}</p>;
  }
  return (
    <p className="flex items-center gap-1 text-xs text-accent-soft" data-cutting="">
      <LoaderCircle aria-hidden="true" className="size-3 motion-safe:animate-spin" />
      {t('cards.sets.cutting')}
    </p>
  );
}
