import type { GenerationRecord } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { deleteGeneration } from '../api';
import { queryKeys } from '../query-keys';

/** Delete a finished result after asking: its files go, its ledger entries stay. */
export function DeleteButton({ record }: { record: GenerationRecord }) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (record.status !== 'completed' && record.status !== 'failed') return null;

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteGeneration(record.id);
      setOpen(false);
      client.removeQueries({ queryKey: queryKeys.request(record.id) });
      void client.invalidateQueries({ queryKey: queryKeys.history.all });
      void client.invalidateQueries({ queryKey: queryKeys.collections.all });
      // An edit's source lists it; a deleted source's edits lose their link (source_id null).
      void client.invalidateQueries({ queryKey: queryKeys.edits.all });
      toast.success(t('library.deleted'));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(t('library.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };

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
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('library.deleteTitle')}
        description={t('library.deleteText')}
        closeLabel={t('library.close')}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('library.keep')}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
            <Trash2 aria-hidden="true" />
            {t('library.deleteConfirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
