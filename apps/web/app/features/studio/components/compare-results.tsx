import '~/locales/app-compare';
import { getModel } from '@kadr/catalog';
import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { useGenerationRequest } from '~/features/generations/hooks';
import { useStudioHandoff } from '~/features/generations/reuse';
import { useTranslation } from '~/lib/use-translation';
import type { CompareRun } from './compare-form';

/** The cells of a comparison side by side, each following its generation live. */
export function CompareResults({ run }: { run: CompareRun }) {
  const { t } = useTranslation('app');
  return (
    <section aria-labelledby="compare-results" className="mt-10">
      <h2 id="compare-results" className="mb-1 text-lg font-semibold text-fg">
        {t('compare.results')}
      </h2>
      <p className="mb-4 line-clamp-2 text-sm text-fg-muted">{run.prompt}</p>
      <ul
        className={clsx(
          'grid grid-cols-1 gap-4 sm:grid-cols-2',
          run.cells.length === 3 && 'lg:grid-cols-3',
          run.cells.length === 4 && 'xl:grid-cols-4',
        )}
      >
        {run.cells.map((cell) => (
          <li key={cell.id} className="flex">
            <CompareCell id={cell.id} model={cell.model} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CompareCell({ id, model }: { id: string; model: string }) {
  const { t } = useTranslation('app');
  const { data: record } = useGenerationRequest(id);
  const handoff = useStudioHandoff();
  const name = getModel(model)?.name ?? model;
  const file = record?.expand.output_files[0];
  return (
    <article
      aria-label={name}
      data-compare-cell={model}
      data-status={record?.status ?? 'pending'}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
    >
      <div className="aspect-square w-full overflow-hidden bg-black/40">
        {record?.status === 'completed' && file ? (
          <GenerationMedia record={record} file={file} className="object-cover" />
        ) : (
          <div className="h-full w-full bg-gradient-to-br from-accent/15 via-surface to-surface motion-safe:animate-pulse" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-fg">{name}</span>
          {record ? <StatusBadge status={record.status} canceled={isCanceled(record)} /> : null}
        </div>
        <p className="text-xs text-fg-muted tabular-nums">
          {record ? t('generation.cost', { count: record.cost }) : null}
        </p>
        {record?.status === 'failed' ? <FailureNote record={record} className="text-xs" /> : null}
        {record?.status === 'completed' ? (
          <Button
            variant="secondary"
            size="sm"
            className="mt-auto h-auto min-h-8 max-w-full self-start py-1.5 text-left whitespace-normal"
            onClick={() => handoff.reuse(record)}
          >
            <ArrowRight aria-hidden="true" />
            {t('compare.continue')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
