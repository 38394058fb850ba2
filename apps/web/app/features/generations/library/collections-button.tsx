import '~/locales/app-library';
import type { GenerationRecord } from '@kadr/contract';
import { FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { useTranslation } from '~/lib/use-translation';

// The dialog's code loads at the first sign of use (a history page shows a button per card).
const CollectionsDialog = onDemand<{ record: GenerationRecord; onClose: () => void }>(
  () => import('./collections-dialog').then((module) => module.CollectionsDialog),
  () => true,
);

/** 'Add to collection': the person's collections as checkboxes, and a new one by name. */
export function CollectionsButton({ record }: { record: GenerationRecord }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('library.addToCollection')}
        title={t('library.addToCollection')}
        onClick={() => setOpen(true)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
      >
        <FolderPlus aria-hidden="true" className="size-4" />
      </button>
      {open ? <CollectionsDialog record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
