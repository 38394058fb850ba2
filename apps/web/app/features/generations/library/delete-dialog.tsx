import '~/locales/app-library';
import '~/locales/app-library-dialogs';
import type { GenerationRecord } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { queryKeys } from '../query-keys';
import { deleteGeneration } from './api';

/** The question before a result is deleted (delete-button.tsx), and the deletion. */
export function DeleteDialog({
  record,
  open,
  onOpenChange,
}: {
  record: GenerationRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteGeneration(record.id);
      onOpenChange(false);
      client.removeQueries({ queryKey: queryKeys.request(record.id) });
      void client.invalidateQueries({ queryKey: queryKeys.history.all });
      void client.invalidateQueries({ queryKey: queryKeys.collections.all });
      // An edit's source lists it; a deleted source's edits lose their link (source_id null).
      void client.invalidateQueries({ queryKey: queryKeys.edits.all });
      toast.success(t('deleteDialog.done'));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(t('deleteDialog.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('deleteDialog.title')}
      description={t('deleteDialog.text')}
      closeLabel={t('library.close')}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('deleteDialog.keep')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
          <Trash2 aria-hidden="true" />
          {t('deleteDialog.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
