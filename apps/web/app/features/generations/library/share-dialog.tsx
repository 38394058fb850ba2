import '~/locales/app-library';
import '~/locales/app-library-dialogs';
import type { GenerationRecord } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2Off, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { queryKeys } from '../query-keys';
import { readShare, revokeShare, shareGeneration } from './api';

/** The share link of a result: made with or without its prompt, copied, revoked (share-button.tsx). */
export function ShareDialog({
  record,
  onClose,
}: {
  record: GenerationRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const share = useQuery({
    queryKey: queryKeys.share(record.id),
    queryFn: ({ signal }) => readShare(record.id, signal),
  });
  const [showPrompt, setShowPrompt] = useState<boolean | null>(null);
  const promptShown = showPrompt ?? share.data?.show_prompt ?? false;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(t('shareDialog.failed'));
    } finally {
      setBusy(false);
    }
  };
  const make = (show: boolean) =>
    run(async () => {
      client.setQueryData(queryKeys.share(record.id), await shareGeneration(record.id, show));
    });
  const stop = () =>
    run(async () => {
      await revokeShare(record.id);
      client.setQueryData(queryKeys.share(record.id), null);
      toast.success(t('shareDialog.revoked'));
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('shareDialog.copied'));
    } catch (error) {
      console.warn('Copying the link failed', error);
      toast.error(t('generation.copyFailed'));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('shareDialog.title')}
      description={t('shareDialog.text')}
      closeLabel={t('library.close')}
    >
      <label className="mt-5 flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-accent"
          checked={promptShown}
          disabled={busy || share.isPending}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setShowPrompt(next);
            if (share.data) void make(next);
          }}
        />
        <span>
          <span className="block text-fg">{t('shareDialog.showPrompt')}</span>
          <span className="block text-sm text-fg-muted">{t('shareDialog.showPromptHint')}</span>
        </span>
      </label>
      {share.data ? (
        <div className="mt-5 space-y-3">
          <label htmlFor={`${ids}-url`} className="block text-sm font-medium text-fg">
            {t('shareDialog.link')}
          </label>
          <div className="flex gap-2">
            <input
              id={`${ids}-url`}
              readOnly
              value={share.data.url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-sm text-fg"
            />
            <Button variant="secondary" onClick={() => void copy(share.data?.url ?? '')}>
              <Copy aria-hidden="true" />
              {t('shareDialog.copy')}
            </Button>
          </div>
          <Button variant="ghost" disabled={busy} onClick={() => void stop()}>
            <Link2Off aria-hidden="true" />
            {t('shareDialog.revoke')}
          </Button>
        </div>
      ) : (
        <Button
          className="mt-5"
          disabled={busy || share.isPending}
          onClick={() => void make(promptShown)}
        >
          <Share2 aria-hidden="true" />
          {t('shareDialog.create')}
        </Button>
      )}
    </Modal>
  );
}
