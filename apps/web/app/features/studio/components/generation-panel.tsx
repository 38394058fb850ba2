import '~/locales/app-run';
import { getStudioModel, modelName } from '@kadr/catalog';
import { isFinished } from '@kadr/contract';
import { clsx } from 'clsx';
import { Ban, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { announceFinished } from '~/features/generations/background-notice';
import { failureText, isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { GenerationActions } from '~/features/generations/components/generation-actions';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useGenerationRequest, useRefreshBalance } from '~/features/generations/hooks';
import { useCancelRun } from '~/features/generations/run/use-cancel-run';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { ActiveGeneration } from '../active-generations';

function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The current time, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * One running (or just finished) generation: status, elapsed and expected time, prompt, results,
 * download, cancel while it runs. Announces the end once: a toast, and a mark on the tab (and a
 * notification) when the person is elsewhere.
 */
export type GenerationPanelProps = {
  item: ActiveGeneration;
  onSettled: (id: string) => void;
  onDismiss: (id: string) => void;
};

export function GenerationPanel({ item, onSettled, onDismiss }: GenerationPanelProps) {
  const { t } = useTranslation('app');
  const refreshBalance = useRefreshBalance();
  const { data: record, error } = useGenerationRequest(item.id);
  const status = record?.status ?? 'pending';
  const finished = isFinished(status);
  const now = useNow(!finished);
  const model = getStudioModel(item.model);
  const typeWord = t(`generation.typeLower.${item.type}`);
  const { cancel, canceledHere } = useCancelRun(item.id, () =>
    toast.error(t('run.toast.cancelFailed')),
  );

  useEffect(() => {
    if (error) console.warn(error.message);
  }, [error]);

  // Announce the end exactly once per generation, even across reloads (`settled` is stored).
  useEffect(() => {
    if (!record || !isFinished(record.status) || item.settled) return;
    onSettled(record.id);
    refreshBalance();
    if (record.status === 'completed') {
      toast.success(t('run.toast.completed', { type: typeWord }));
    } else if (canceledHere.current) {
      toast.info(t('run.toast.canceled'));
    } else {
      toast.error(t('run.toast.failed'), { description: failureText(record, t) });
    }
    announceFinished({
      id: record.id,
      ok: record.status === 'completed',
      title:
        record.status === 'completed'
          ? t('run.notify.completed', { type: typeWord })
          : t('run.notify.failed'),
      body: item.prompt,
    });
  }, [
    record,
    item.settled,
    item.prompt,
    onSettled,
    refreshBalance,
    t,
    typeWord,
    canceledHere.current,
  ]);

  const startedAt = record ? Math.min(item.startedAt, Date.parse(record.created)) : item.startedAt;
  const endedAt = finished && record ? Date.parse(record.updated) : now;
  const files = record?.expand.output_files ?? [];

  return (
    <article
      aria-labelledby={`${item.id}-title`}
      data-generation={item.id}
      data-status={status}
      className="overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
    >
      <header className="flex items-start gap-3 border-b border-line px-4 py-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1.5">
          <h3 id={`${item.id}-title`} className="text-sm font-medium text-fg">
            {t(`generation.type.${item.type}`)} · {model?.name ?? modelName(item.model)}
          </h3>
          <StatusBadge status={status} canceled={record ? isCanceled(record) : false} />
          <span className="text-xs text-fg-muted tabular-nums">
            {finished
              ? t('run.running.took', { time: formatDuration(endedAt - startedAt) })
              : t('run.running.elapsed', { time: formatDuration(now - startedAt) })}
            {!finished && model ? ` · ${t('run.running.expected', model.typicalSeconds)}` : null}
          </span>
        </div>
        {!finished ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
            className="-my-1"
          >
            <Ban aria-hidden="true" />
            {t('run.running.cancel')}
          </Button>
        ) : (
          <button
            type="button"
            onClick={() => onDismiss(item.id)}
            aria-label={t('run.running.dismiss')}
            className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </header>
      <div className="space-y-4 p-4">
        <p className="line-clamp-3 text-sm text-fg">{item.prompt}</p>
        <WaitingNote record={record} announce className="text-sm" />
        {status === 'completed' && record ? (
          files.length > 0 ? (
            <div className="overflow-hidden rounded-xl border border-line bg-black/40">
              {files.map((file) => (
                <div key={file.id} className="max-h-[32rem]">
                  <GenerationMedia record={record} file={file} className="max-h-[32rem]" />
                </div>
              ))}
            </div>
          ) : (
            <p className="text-sm text-fg-muted">{t('generation.noOutput')}</p>
          )
        ) : null}
        {status === 'failed' && record ? (
          <FailureNote record={record} alert className="text-sm" />
        ) : null}
        {!finished ? (
          <div
            aria-hidden="true"
            className={clsx(
              'w-full rounded-xl border border-line bg-gradient-to-r from-surface via-line/60 to-surface bg-[length:200%_100%] motion-safe:animate-shimmer',
              item.type === 'video' ? 'aspect-video' : 'aspect-square max-h-72',
            )}
          />
        ) : null}
        {status === 'completed' && record ? <GenerationActions record={record} /> : null}
      </div>
    </article>
  );
}
