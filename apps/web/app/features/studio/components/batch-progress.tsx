import '~/locales/app-batch';
import '~/locales/app-run';
import { getModel } from '@kadr/catalog';
import { type Batch, type GenerationRecord, isFinished } from '@kadr/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Download } from 'lucide-react';
import { Button, buttonClasses } from '~/components/ui/button';
import { getGeneration } from '~/features/generations/api';
import { isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useRefreshBalance } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { cancelGeneration, followBatch } from '~/features/generations/run/run-api';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { cancelBatch } from '../api';

const followMs = 2000;

type Counts = { done: number; failed: number; running: number; waiting: number; skipped: number };

/** One batch as one group: its progress, its items (each an ordinary generation) and its zip. */
export function BatchProgress({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const batch = useQuery({
    queryKey: queryKeys.batch(id),
    // While items wait, each look also starts what the running cap now allows.
    queryFn: ({ signal }) => {
      const current = client.getQueryData<Batch>(queryKeys.batch(id));
      const waiting = current ? current.items.some((item) => item.state === 'waiting') : false;
      return followBatch(id, waiting, signal);
    },
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'waiting') ? followMs : false,
  });
  const started = (batch.data?.items ?? []).filter((item) => item.generation_id);
  const records = useQueries({
    queries: started.map((item) => ({
      queryKey: queryKeys.request(item.generation_id ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getGeneration(item.generation_id ?? '', signal),
      refetchInterval: (query: { state: { data: GenerationRecord | undefined } }) =>
        query.state.data && isFinished(query.state.data.status) ? false : followMs,
    })),
  });
  const recordOf = new Map(
    records.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])),
  );
  if (!batch.data) return null;
  const data = batch.data;

  const counts: Counts = { done: 0, failed: 0, running: 0, waiting: 0, skipped: 0 };
  for (const item of data.items) {
    const record = item.generation_id ? recordOf.get(item.generation_id) : undefined;
    if (item.state === 'waiting') counts.waiting++;
    else if (item.state !== 'started') counts.skipped++;
    else if (record?.status === 'completed') counts.done++;
    else if (record?.status === 'failed') counts.failed++;
    else counts.running++;
  }
  const ended = counts.done + counts.failed + counts.skipped;
  const total = data.items.length;

  const stopWaiting = async () => {
    try {
      client.setQueryData(queryKeys.batch(id), await cancelBatch(id));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(t('batch.cancelFailed'));
    }
  };
  const cancelOne = async (generationId: string) => {
    try {
      client.setQueryData(queryKeys.request(generationId), await cancelGeneration(generationId));
      refreshBalance();
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(t('run.toast.cancelFailed'));
    }
  };

  return (
    <section aria-labelledby="batch-progress" className="mt-10" data-batch={data.id}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="batch-progress" className="text-lg font-semibold text-fg">
          {t('batch.progressTitle')}
        </h2>
        <span className="text-sm text-fg-muted tabular-nums">
          {t('batch.quoted', { count: data.quote })}
        </span>
        <span className="ml-auto flex flex-wrap gap-2">
          {counts.waiting > 0 ? (
            <Button variant="secondary" size="sm" onClick={() => void stopWaiting()}>
              <Ban aria-hidden="true" />
              {t('batch.cancelWaiting')}
            </Button>
          ) : null}
          {counts.done > 0 ? (
            <a
              href={`/api/batches/${encodeURIComponent(data.id)}/zip`}
              download
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              {t('batch.zip', { count: counts.done })}
            </a>
          ) : null}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('batch.progressTitle')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={ended}
        aria-valuetext={t('batch.ended', { count: ended, total })}
        className="mt-3 h-2 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full bg-accent transition-all"
          style={{ width: `${(ended / total) * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-fg-muted" data-batch-summary aria-live="polite">
        {[
          t('batch.summary.done', { count: counts.done }),
          t('batch.summary.failed', { count: counts.failed }),
          t('batch.summary.running', { count: counts.running }),
          t('batch.summary.waiting', { count: counts.waiting }),
          ...(counts.skipped > 0 ? [t('batch.summary.skipped', { count: counts.skipped })] : []),
        ].join(' · ')}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {data.items.map((item) => {
          const record = item.generation_id ? recordOf.get(item.generation_id) : undefined;
          const file = record?.expand.output_files[0];
          const name = getModel(item.model)?.name ?? item.model;
          return (
            <li key={item.position} className="flex">
              <article
                aria-label={`${name}: ${item.prompt}`}
                data-batch-item={item.position}
                data-state={item.state}
                data-status={record?.status ?? ''}
                className="flex w-full min-w-0 flex-col overflow-hidden rounded-xl border border-line bg-surface-raised/60"
              >
                <div className="aspect-square w-full overflow-hidden bg-black/40">
                  {record?.status === 'completed' && file ? (
                    <GenerationMedia record={record} file={file} preview className="object-cover" />
                  ) : (
                    <div className="h-full w-full bg-gradient-to-br from-accent/10 via-surface to-surface" />
                  )}
                </div>
                <div className="flex flex-1 flex-col gap-1.5 p-2.5 text-xs">
                  <div className="flex flex-wrap items-center gap-1.5">
                    {record ? (
                      <StatusBadge status={record.status} canceled={isCanceled(record)} />
                    ) : (
                      <span className="rounded-full border border-line px-2 py-0.5 text-fg-muted">
                        {t(`batch.state.${item.state}`)}
                      </span>
                    )}
                  </div>
                  <p className="font-medium text-fg">{name}</p>
                  <p className="line-clamp-2 text-fg-muted">{item.prompt}</p>
                  {item.problem ? (
                    <p className="text-red-300">
                      {t(
                        `batch.problem.${item.problem === 'insufficient_tokens' ? 'insufficient_tokens' : 'invalid'}`,
                      )}
                    </p>
                  ) : null}
                  {record?.status === 'failed' ? (
                    <FailureNote record={record} className="text-xs" />
                  ) : null}
                  <WaitingNote record={record} variant="line" />
                  {record && !isFinished(record.status) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="mt-auto self-start"
                      onClick={() => void cancelOne(record.id)}
                    >
                      {t('run.running.cancel')}
                    </Button>
                  ) : null}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
