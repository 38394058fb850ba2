import '~/locales/app';
import '~/locales/app-cards';
import { type CardStep, cardStepTool, type ParamValue } from '@kadr/catalog';
import { type GenerationRecord, isFinished } from '@kadr/contract';
import { useMutation } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useGenerationRequest, useRefreshBalance } from '~/features/generations/hooks';
import { createGeneration, type GenerationPayload } from '~/features/generations/run/run-api';
import { useSubmission } from '~/features/generations/run/submission';
import { useCancelRun } from '~/features/generations/run/use-cancel-run';
import { RunButton, runState } from '~/features/generations/tools/components/run-button';
import { type ToolSource, toolPayload, toolValues } from '~/features/generations/tools/tool-run';
import { useToolCost } from '~/features/generations/tools/use-tool-cost';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { problemText } from '../problems';

/**
 * One AI step of the set (the cut-out, a scene, upscale): the finishing tool run on the set's
 * photo exactly as the tools page runs it — its price on the button before anything is spent, a
 * new run per press (never a repeat charge for one press), then its live status with cancel, and
 * a failure that says the credits came back.
 */
export function StepRun({
  step,
  title,
  source,
  prompt = '',
  style = null,
  blocked = null,
  variant,
  onStarted,
}: {
  step: CardStep;
  /** What the button does: "Cut out the product". */
  title: string;
  /** The picture the tool works on; null while there is none. */
  source: ToolSource | null;
  prompt?: string;
  /** A style preset whose words follow the prompt (an AI scene's, ADR 051), or null. */
  style?: string | null;
  /** Why it cannot run yet, or null. */
  blocked?: string | null;
  variant?: ButtonVariant;
  onStarted: (generationId: string) => void;
}) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const user = useCurrentUser();
  const refreshBalance = useRefreshBalance();
  const tool = cardStepTool(step);
  const values = useMemo<Record<string, ParamValue>>(() => toolValues(tool), [tool]);
  const cost = useToolCost(tool, values, source);
  const submission = useSubmission(0);
  const create = useMutation({
    mutationFn: (input: { payload: GenerationPayload; key: string }) =>
      createGeneration('image', input.payload, input.key),
  });
  const state = runState({
    cost,
    balance: user.tokens,
    blocked: source ? blocked : t('cards.picture.needPhoto'),
    preparing: false,
    starting: create.isPending,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.kind !== 'ready' || !source) return;
    const payload = {
      ...toolPayload(tool, values, prompt, { [tool.tool.sourceParam]: source.url }),
      ...(style ? { style } : {}),
    };
    const key = submission.begin(JSON.stringify(payload));
    if (key === undefined) return;
    create.mutate(
      { payload, key },
      {
        onSettled: (result) => submission.end(result !== undefined),
        onSuccess: (result) => {
          refreshBalance();
          onStarted(result.request_id);
        },
        onError: (failure) => {
          console.warn(failure.message);
          toast.error(t('cards.run.notStarted', { title }), {
            description: problemText(failure, t, tCommon),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-step={step}>
      <RunButton title={title} state={state} size="md" variant={variant} />
    </form>
  );
}

/**
 * A step's generation as it goes: its status, cancel while it runs, and at its end the balance
 * read again and a word of what happened; a failure says why and that the credits came back.
 * `onFinished` hears the end once (the set reads its pictures again).
 */
export function StepStatus({
  id,
  title,
  onFinished,
}: {
  id: string;
  title: string;
  onFinished: (record: GenerationRecord) => void;
}) {
  const { t } = useTranslation('app');
  const refreshBalance = useRefreshBalance();
  const { data: record, error } = useGenerationRequest(id);
  const status = record?.status ?? 'pending';
  const finished = isFinished(status);
  const { cancel, canceledHere } = useCancelRun(id, () => toast.error(t('cards.run.cancelFailed')));
  // Heard once per generation; a record already finished when the set opened is not news.
  const heard = useRef<'not-yet' | 'done'>('not-yet');
  const wasRunning = useRef(false);
  const latest = useRef(onFinished);
  latest.current = onFinished;

  useEffect(() => {
    if (error) console.warn(error.message);
  }, [error]);

  useEffect(() => {
    if (!record) return;
    if (!isFinished(record.status)) {
      wasRunning.current = true;
      return;
    }
    if (heard.current === 'done') return;
    heard.current = 'done';
    latest.current(record);
    if (!wasRunning.current) return;
    refreshBalance();
    if (record.status === 'completed') toast.success(t('cards.run.completed', { title }));
    else if (canceledHere.current) toast.info(t('cards.run.canceled'));
    else toast.error(t('cards.run.failed', { title }));
  }, [record, refreshBalance, t, title, canceledHere]);

  if (!record) return null;
  return (
    <div className="space-y-2" data-step-run={id} data-status={status}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={status} canceled={isCanceled(record)} />
        {!finished ? (
          <>
            <span className="text-xs text-fg-muted">{t('cards.run.running')}</span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              className="ml-auto"
            >
              <Ban aria-hidden="true" />
              {t('cards.run.cancel')}
            </Button>
          </>
        ) : null}
      </div>
      {status === 'failed' ? <FailureNote record={record} alert className="text-sm" /> : null}
      <WaitingNote record={record} announce className="text-sm" />
    </div>
  );
}
