import '~/locales/app-library';
import '~/locales/app-compare';
import { getModel } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { useQueries } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowRight, Download, Maximize2 } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { getGeneration } from '~/features/generations/api';
import { isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useGenerationRequest } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { useStudioHandoff } from '~/features/generations/reuse';
import { useTranslation } from '~/lib/use-translation';
import type { CompareRun } from './compare-form';

/**
 * The full-screen viewer history uses (`features/viewer`), handed in by the page: a feature does
 * not import another feature.
 */
export type ResultViewer = ComponentType<{
  items: readonly GenerationRecord[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}>;

/**
 * The cells of a comparison side by side, each following its generation live; a finished one
 * shows its whole picture (its own proportions, never cropped), opens in the viewer — which steps
 * through the comparison's results — and downloads.
 */
export function CompareResults({ run, Viewer }: { run: CompareRun; Viewer: ResultViewer }) {
  const { t } = useTranslation('app');
  // The cells' records as the cache holds them (each cell follows its own): what the viewer shows.
  const records = useQueries({
    queries: run.cells.map((cell) => ({
      queryKey: queryKeys.request(cell.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getGeneration(cell.id, signal),
      enabled: false,
    })),
  });
  const viewable = records.flatMap((result) =>
    result.data?.status === 'completed' && result.data.expand.output_files.length > 0
      ? [result.data]
      : [],
  );
  const [viewingId, setViewingId] = useState<string | null>(null);
  const viewingAt = viewable.findIndex((record) => record.id === viewingId);
  return (
    <section
      aria-labelledby="compare-results"
      data-compare-run={run.cells.map((cell) => cell.id).join(' ')}
      className="mt-10 scroll-mt-20"
    >
      <h2 id="compare-results" className="mb-1 text-lg font-semibold text-fg">
        {t('compare.results')}
      </h2>
      <p className="mb-4 line-clamp-2 text-sm text-fg-muted">{run.prompt}</p>
      <ul
        className={clsx(
          'grid grid-cols-1 items-start gap-4 sm:grid-cols-2',
          run.cells.length === 3 && 'lg:grid-cols-3',
          run.cells.length === 4 && 'xl:grid-cols-4',
        )}
      >
        {run.cells.map((cell) => (
          <li key={cell.id} className="flex">
            <CompareCell id={cell.id} model={cell.model} onOpen={() => setViewingId(cell.id)} />
          </li>
        ))}
      </ul>
      <Viewer
        items={viewable}
        index={viewingAt >= 0 ? viewingAt : null}
        onIndexChange={(at) => setViewingId(viewable[at]?.id ?? null)}
        onClose={() => setViewingId(null)}
      />
    </section>
  );
}

function CompareCell({ id, model, onOpen }: { id: string; model: string; onOpen: () => void }) {
  const { t } = useTranslation('app');
  const { data: record } = useGenerationRequest(id);
  const handoff = useStudioHandoff();
  const name = getModel(model)?.name ?? model;
  const file = record?.status === 'completed' ? record.expand.output_files[0] : undefined;
  // The picture's own proportions, so it is shown whole; square while it is being made.
  const ratio = file?.width && file.height ? `${file.width} / ${file.height}` : undefined;
  return (
    <article
      aria-label={name}
      data-compare-cell={model}
      data-status={record?.status ?? 'pending'}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
    >
      <div
        className={clsx('w-full overflow-hidden bg-black/40', !ratio && 'aspect-square')}
        style={ratio ? { aspectRatio: ratio } : undefined}
      >
        {record && file ? (
          file.mime.startsWith('video/') ? (
            <GenerationMedia record={record} file={file} />
          ) : (
            <button
              type="button"
              aria-label={t('viewer.open')}
              className="block h-full w-full cursor-zoom-in"
              onClick={onOpen}
            >
              <GenerationMedia record={record} file={file} />
            </button>
          )
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
        <WaitingNote record={record} className="text-xs" />
        {record && file ? (
          <div className="mt-auto flex flex-col gap-2">
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={onOpen}>
                <Maximize2 aria-hidden="true" />
                {t('generation.open')}
              </Button>
              <a
                href={file.download_url}
                // The server names the file (model, prompt, moment) in Content-Disposition.
                download
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <Download aria-hidden="true" />
                {t('generation.download')}
              </a>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="h-auto min-h-8 max-w-full self-start py-1.5 text-left whitespace-normal"
              onClick={() => handoff.reuse(record)}
            >
              <ArrowRight aria-hidden="true" />
              {t('compare.continue')}
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
