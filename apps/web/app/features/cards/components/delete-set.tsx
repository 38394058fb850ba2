import '~/locales/app-cards';
import { paths } from '@kadr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { queryKeys } from '~/features/generations/query-keys';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { deleteCardSet } from '../api';
import { problemText } from '../problems';

/** Deleting the open set, once confirmed; the pictures its AI steps made stay in history. */
export function DeleteSet({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteCardSet(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.cards.set(id) });
      void client.invalidateQueries({ queryKey: queryKeys.cards.list });
      toast.success(t('cards.delete.done'));
      navigate(paths.cards);
    },
    onError: (failure) => {
      console.warn(failure.message);
      toast.error(t('cards.delete.failed'), { description: problemText(failure, t, tCommon) });
    },
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {t('cards.delete.open')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('cards.delete.title')}
        description={t('cards.delete.description', { name: name || t('cards.sets.untitled') })}
        closeLabel={t('cards.kit.close')}
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cards.kit.cancel')}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {t('cards.delete.confirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
