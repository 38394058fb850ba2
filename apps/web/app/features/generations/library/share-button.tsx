import '~/locales/app-library';
import type { GenerationRecord } from '@kadr/contract';
import { clsx } from 'clsx';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { useTranslation } from '~/lib/use-translation';

// The dialog's code loads at the first sign of use (a history page shows a button per card).
const ShareDialog = onDemand<{ record: GenerationRecord; onClose: () => void }>(
  () => import('./share-dialog').then((module) => module.ShareDialog),
  () => true,
);

/** 'Share': a private link to this result, with or without its prompt, that can be revoked. */
export function ShareButton({
  record,
  className,
}: {
  record: GenerationRecord;
  className?: string;
}) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  if (record.status !== 'completed') return null;
  return (
    <>
      <button
        type="button"
        aria-label={t('share.open')}
        title={t('share.open')}
        onClick={() => setOpen(true)}
        className={clsx(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg',
          className,
        )}
      >
        <Share2 aria-hidden="true" className="size-4" />
      </button>
      {open ? <ShareDialog record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
