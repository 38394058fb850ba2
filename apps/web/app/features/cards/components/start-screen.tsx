import '~/locales/app-cards';
import { marketplacePresets } from '@kadr/catalog';
import { paths } from '@kadr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Palette } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { SourcePicker } from '~/features/generations/pictures/source-picker';
import { queryKeys } from '~/features/generations/query-keys';
import type { ToolSource } from '~/features/generations/tools/tool-run';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { createCardSet } from '../api';
import { useBrandKit } from '../hooks';
import { problemText } from '../problems';
import { type KindTitles, newCardSet } from '../slides';
import { BrandKitDialog } from './brand-kit-dialog';
import { CsvPanel } from './csv-panel';
import { SetList } from './set-list';
import { Step } from './step';

/** The library's elements a card set starts from: a seller's saved products (issue #47). */
const productsOnly = ['product'] as const;

/** A file's name without its extension, as a product's first name. */
function nameOfFile(fileName: string | undefined): string {
  return (fileName ?? '')
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim();
}

/**
 * The workshop with no set open: how it goes, the product photo that starts a new set (upload,
 * drop, the phone's camera, or a recent result), the person's sets, and the brand kit.
 */
export function StartScreen() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const ids = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const kit = useBrandKit();
  const [name, setName] = useState('');
  const [kitOpen, setKitOpen] = useState(false);
  // A new set starts on the first preset, Wildberries.
  const preset = marketplacePresets[0];
  const titles: KindTitles = {
    features: t('cards.kinds.features'),
    sizes: t('cards.kinds.sizes'),
    'in-use': t('cards.kinds.in-use'),
    details: t('cards.kinds.details'),
  };
  const create = useMutation({
    mutationFn: createCardSet,
    onSuccess: (set) => {
      client.setQueryData(queryKeys.cards.set(set.id), set);
      void client.invalidateQueries({ queryKey: queryKeys.cards.list });
      navigate(`${paths.cards}?set=${encodeURIComponent(set.id)}`);
    },
    onError: (failure) => {
      console.warn(failure.message);
      toast.error(t('cards.start.failed'), { description: problemText(failure, t, tCommon) });
    },
  });

  const start = (source: ToolSource, fileName?: string) => {
    if (!preset || create.isPending) return;
    const named = name.trim() || nameOfFile(fileName) || t('cards.start.defaultName');
    create.mutate(newCardSet(preset, source.url, named, titles));
  };

  return (
    <div className="space-y-8">
      <ol
        className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4"
        aria-label={t('cards.how.label')}
      >
        {(['photo', 'picture', 'slides', 'check'] as const).map((step, index) => (
          <li
            key={step}
            className="flex items-start gap-2 rounded-xl border border-line bg-surface-raised/40 p-3"
          >
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent/20 text-xs font-semibold text-accent-soft"
            >
              {index + 1}
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-fg">{t(`cards.steps.${step}`)}</span>
              <span className="block text-xs text-fg-muted">{t(`cards.how.${step}`)}</span>
            </span>
          </li>
        ))}
      </ol>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,18rem)]">
        <Step
          id={`${ids}-start`}
          n={1}
          title={t('cards.start.heading')}
          hint={t('cards.start.hint')}
        >
          <div className="space-y-4">
            <div>
              <label htmlFor={`${ids}-name`} className="mb-1.5 block text-sm font-medium text-fg">
                {t('cards.name.label')}{' '}
                <span className="font-normal text-fg-muted">{t('cards.name.optional')}</span>
              </label>
              <input
                id={`${ids}-name`}
                value={name}
                maxLength={80}
                placeholder={t('cards.name.placeholder')}
                onChange={(event) => setName(event.currentTarget.value)}
                className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg placeholder:text-fg-muted/80"
              />
            </div>
            <SourcePicker
              onPick={start}
              busy={create.isPending}
              label={create.isPending ? t('cards.start.creating') : t('cards.start.upload')}
              hint={t('cards.start.uploadHint')}
              libraryKinds={productsOnly}
            />
          </div>
        </Step>
        <aside className="space-y-3 rounded-2xl border border-line bg-surface-raised/40 p-4 text-sm sm:p-5">
          <h2 className="text-base font-semibold text-fg">{t('cards.kit.heading')}</h2>
          <p className="text-fg-muted">{t('cards.kit.intro')}</p>
          <Button variant="secondary" onClick={() => setKitOpen(true)} data-brand-kit-open="">
            <Palette aria-hidden="true" />
            {t('cards.kit.open')}
          </Button>
          <p className="border-t border-line pt-3 text-xs text-fg-muted">{t('cards.costs')}</p>
        </aside>
      </div>

      <CsvPanel />
      <SetList headingId={`${ids}-sets`} />
      <BrandKitDialog open={kitOpen} onOpenChange={setKitOpen} kit={kit.data} />
    </div>
  );
}
