import '~/locales/app-library';
import type { GenerationRecord } from '@kadr/contract';
import { Trash2 } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { useTranslation } from '~/lib/use-translation';
import type { DeleteDialog as Dialog } from './delete-dialog';

// The question's code loads at the first sign of use (a history page shows a button per card).
const DeleteDialog = onDemand<ComponentProps<typeof Dialog>>(
  () => import('./delete-dialog').then((module) => module.DeleteDialog),
  (props) => props.open,
);

/** Delete a finished result after asking: its files go, its ledger entries stay. */
export function DeleteButton({ record }: { record: GenerationRecord }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  if (record.status !== 'completed' && record.status !== 'failed') return null;
  return (
    <>
      <button
        type="button"
        aria-label={t('library.delete')}
        title={t('library.delete')}
        onClick={() => setOpen(true)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-red-500/15 hover:text-red-200"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <DeleteDialog record={record} open={open} onOpenChange={setOpen} />
    </>
  );
}
