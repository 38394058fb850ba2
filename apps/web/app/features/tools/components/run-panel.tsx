import '~/locales/app';
import '~/locales/app-tools';
import { type ParamValue, type ToolModel, toolOutputSize } from '@kadr/catalog';
import { type GenerationRecord, isFinished, paths } from '@kadr/contract';
import { Ban, Download, History, WandSparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { LinkButton } from '~/components/ui/link-button';
import { failureText, isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useGenerationRequest, useRefreshBalance } from '~/features/generations/hooks';
import { useCancelRun } from '~/features/generations/run/use-cancel-run';
import type { ToolSource } from '~/features/generations/tools/tool-run';
import { currentLanguage } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { type Box, originalBox } from '../frame';
import { BeforeAfter } from './before-after';

/** A tool run the workspace started: what it was asked, to compare with what came back. */
export type ToolRun = {
  id: string;
  tool: ToolModel;
  source: ToolSource;
  values: Readonly<Record<string, ParamValue>>;
};

/** Where the source sits in the result: the whole frame, or its place in a new frame. */
function beforeBoxOf(run: ToolRun): Box | undefined {
  const frame = run.tool.tool.frame;
  return frame ? originalBox(frame.layout(run.values, run.source)) : undefined;
}

function resultRatio(run: ToolRun, record: GenerationRecord): number {
  const file = record.expand.output_files[0];
  if (file?.width && file.height) return file.width / file.height;
  const size = toolOutputSize(run.tool, run.values, run.source);
  return size ? size.width / size.height : run.source.width / run.source.height;
}

/**
 * The run as it goes (pending → processing → completed or failed, with cancel), then the
 * before/after comparison, download, "Edit further" and history; a failure says why and that the
 * credits came back.
 */
export function RunPanel({ run }: { run: ToolRun }) {
  const { t } = useTranslation('app');
  const refreshBalance = useRefreshBalance();
  const { data: record, error } = useGenerationRequest(run.id);
  const status = record?.status ?? 'pending';
  const finished = isFinished(status);
  const title = run.tool.tool.title[currentLanguage()];
  const announced = useRef(false);
  const { cancel, canceledHere } = useCancelRun(run.id, () =>
    toast.error(t('tools.result.cancelFailed')),
  );

  useEffect(() => {
    if (error) console.warn(error.message);
  }, [error]);

  useEffect(() => {
    if (!record || !isFinished(record.status) || announced.current) return;
    announced.current = true;
    refreshBalance();
    if (record.status === 'completed') toast.success(t('tools.result.completed', { title }));
    else if (canceledHere.current) toast.info(t('tools.result.canceled'));
    else toast.error(t('tools.result.failed', { title }), { description: failureText(record, t) });
  }, [record, refreshBalance, t, title, canceledHere.current]);

  const file = record?.expand.output_files[0];
  return (
    <section
      aria-labelledby={`${run.id}-title`}
      data-tool-run={run.id}
      data-status={status}
      className="scroll-mt-20 overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-4 py-3">
        <h2 id={`${run.id}-title`} className="text-sm font-medium text-fg">
          {t('tools.result.heading')} · {title}
        </h2>
        <StatusBadge status={status} canceled={record ? isCanceled(record) : false} />
        {!finished ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
            className="ml-auto"
          >
            <Ban aria-hidden="true" />
            {t('tools.result.cancel')}
          </Button>
        ) : null}
      </header>
      <div className="space-y-4 p-4">
        {!finished ? (
          <p className="text-sm text-fg-muted">
            {t('tools.result.running', run.tool.typicalSeconds)}
          </p>
        ) : null}
        <WaitingNote record={record} announce className="text-sm" />
        {status === 'completed' && record && file ? (
          <>
            <BeforeAfter
              before={run.source.url}
              after={file.url}
              afterAlt={t('tools.result.afterAlt', { title })}
              ratio={resultRatio(run, record)}
              beforeBox={beforeBoxOf(run)}
            />
            <div className="flex flex-wrap gap-2">
              <a
                href={file.download_url}
                download
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <Download aria-hidden="true" />
                {t('generation.download')}
              </a>
              <LinkButton
                to={`${paths.tools}?from=${encodeURIComponent(record.id)}`}
                variant="secondary"
                size="sm"
              >
                <WandSparkles aria-hidden="true" />
                {t('tools.result.further')}
              </LinkButton>
              <LinkButton to={paths.history} variant="secondary" size="sm">
                <History aria-hidden="true" />
                {t('tools.result.history')}
              </LinkButton>
            </div>
          </>
        ) : null}
        {status === 'completed' && record && !file ? (
          <p className="text-sm text-fg-muted">{t('generation.noOutput')}</p>
        ) : null}
        {status === 'failed' && record ? (
          <FailureNote record={record} alert className="text-sm" />
        ) : null}
      </div>
    </section>
  );
}
