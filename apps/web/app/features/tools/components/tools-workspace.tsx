import '~/locales/app';
import '~/locales/app-studio';
import '~/locales/app-tools';
import {
  type ParamGroup,
  type ParamValue,
  promptMaxLength,
  promptUse,
  type Size,
  type ToolModel,
  toolOutputSize,
  validateRequest,
} from '@kadr/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ImageIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { ClientError, getGeneration } from '~/features/generations/api';
import { useRefreshBalance } from '~/features/generations/hooks';
import { SourcePicker } from '~/features/generations/pictures/source-picker';
import { queryKeys } from '~/features/generations/query-keys';
import { ParameterSections } from '~/features/generations/run/components/parameter-sections';
import { fieldErrorText } from '~/features/generations/run/field-errors';
import {
  createGeneration,
  type GenerationPayload,
  uploadImage,
} from '~/features/generations/run/run-api';
import { revealWhenShown, useSubmission } from '~/features/generations/run/submission';
import { RunButton, runState } from '~/features/generations/tools/components/run-button';
import {
  maskParamOf,
  sourceOfRecord,
  type ToolSource,
  toolOf,
  toolPayload,
  toolValues,
} from '~/features/generations/tools/tool-run';
import { useToolCost } from '~/features/generations/tools/use-tool-cost';
import { currentLanguage } from '~/lib/i18n';
import { limitMessage } from '~/lib/problem-text';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import {
  encodeMaskPng,
  initialMask,
  isEmptyMask,
  type MaskAction,
  type MaskState,
  maskReducer,
  rasterizeMask,
} from '../mask';
import { initiallyOpen, sourceRefusal, toolSections } from '../tool-state';
import type { ToolsQuery } from '../tools-query';
import { FrameEditor } from './frame-editor';
import { MaskEditor } from './mask-editor';
import { RunPanel, type ToolRun } from './run-panel';
import { ToolPicker } from './tool-picker';

/** A picture's size in pixels, read by loading it (a result stored without its size, a reuse). */
function measure(url: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}

async function withSize(source: ToolSource): Promise<ToolSource> {
  if (source.width > 0 && source.height > 0) return source;
  return { ...source, ...(await measure(source.url)) };
}

/** A refusal (too large, nothing to do) in the person's language. */
function refusalText(
  t: TFunction<'app'>,
  error: { code: string },
  tool: ToolModel,
  values: Readonly<Record<string, ParamValue>>,
  source: Size | null,
): string | undefined {
  if (error.code === 'nothing_to_do') return t('tools.refuse.nothing_to_do');
  if (error.code === 'size_mismatch') return t('tools.refuse.size_mismatch');
  if (error.code !== 'too_large' || !source) return undefined;
  const out = toolOutputSize(tool, values, source) ?? source;
  return t('tools.refuse.too_large', {
    width: out.width,
    height: out.height,
    megapixels: Math.floor(tool.tool.maxOutputPixels / 1_000_000),
  });
}

/** Reads the address's result (`from`) or edit (`reuse`): the cached record when there is one. */
function useRecord(id: string | null) {
  return useQuery({
    queryKey: queryKeys.request(id ?? ''),
    queryFn: ({ signal }) => getGeneration(id ?? '', signal),
    enabled: id !== null,
    retry: false,
    staleTime: 30_000,
  });
}

/**
 * The tools workspace: pick a tool and a picture (or arrive with them), set the tool's controls
 * (the catalogue's parameters; a mask to paint or a frame to place where the tool has one), see
 * the price, run it as the studio runs a generation, and follow it to the before/after.
 */
export function ToolsWorkspace({ query }: { query: ToolsQuery }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const ids = useId();
  const user = useCurrentUser();
  const refreshBalance = useRefreshBalance();
  const language = currentLanguage();

  const [toolId, setToolId] = useState<string | null>(query.tool);
  const tool = toolOf(toolId);
  const [source, setSource] = useState<ToolSource | null>(null);
  const [sourceFailed, setSourceFailed] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [values, setValues] = useState<Record<string, ParamValue>>(() =>
    tool ? toolValues(tool) : {},
  );
  const [openGroups, setOpenGroups] = useState<ParamGroup[]>(() =>
    tool ? initiallyOpen(tool) : [],
  );
  const [mask, setMask] = useState<MaskState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preparing, setPreparing] = useState(false);
  const [run, setRun] = useState<ToolRun | null>(null);
  const uploadedMask = useRef<{ strokes: MaskState['strokes']; url: string } | null>(null);

  const choose = (next: ToolSource | null) => {
    setSource(next);
    setSourceFailed(false);
    setMask(next ? initialMask(next) : null);
    setErrors({});
  };
  const pick = (next: ToolSource) => {
    withSize(next).then(choose, (failure: unknown) => {
      console.warn(failure instanceof Error ? failure.message : failure);
      setSourceFailed(true);
    });
  };

  const selectTool = (id: string) => {
    const next = toolOf(id);
    if (!next || next.id === toolId) return;
    setToolId(next.id);
    setValues(toolValues(next));
    setOpenGroups(initiallyOpen(next));
    setPrompt('');
    setErrors({});
    if (source) setMask(initialMask(source));
  };

  // The address's result (`from`) or edit to repeat (`reuse`), once.
  const from = useRecord(query.from);
  const reuse = useRecord(query.reuse);
  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when the record comes
  useEffect(() => {
    if (arrived.current) return;
    if (query.from && from.data) {
      arrived.current = true;
      const found = sourceOfRecord(from.data, window.location.origin);
      if (found) pick(found);
      else setSourceFailed(true);
    } else if (query.reuse && reuse.data) {
      arrived.current = true;
      const record = reuse.data;
      const reused = toolOf(record.model);
      const input = record.jsondata.input ?? {};
      const url = reused ? input[reused.tool.sourceParam] : undefined;
      if (!reused || typeof url !== 'string') {
        setSourceFailed(true);
        return;
      }
      setToolId(reused.id);
      setValues(toolValues(reused, input));
      setOpenGroups(initiallyOpen(reused));
      setPrompt(promptUse(reused) === 'none' ? '' : (record.jsondata.prompt ?? ''));
      pick({ url, width: 0, height: 0, generationId: record.source_id });
    } else if (from.isError || reuse.isError) {
      arrived.current = true;
      console.warn((from.error ?? reuse.error)?.message);
      setSourceFailed(true);
    }
  }, [from.data, from.isError, reuse.data, reuse.isError]);
  const loading = !arrived.current && (from.isLoading || reuse.isLoading);

  const maskParam = tool ? maskParamOf(tool) : undefined;
  const frame = tool?.tool.frame;
  const use = tool ? promptUse(tool) : 'none';
  const sections = useMemo(() => (tool ? toolSections(tool, values) : []), [tool, values]);

  const refusal = tool ? sourceRefusal(tool, values, source) : undefined;
  const refusalMessage =
    tool && refusal ? refusalText(t, refusal, tool, values, source) : undefined;
  const cost = useToolCost(tool, values, source, refusal === undefined);

  const submission = useSubmission(0);
  const create = useMutation({
    mutationFn: (input: { payload: GenerationPayload; key: string }) =>
      createGeneration('image', input.payload, input.key),
  });

  const blocked = !tool
    ? t('tools.run.needTool')
    : !source
      ? t('tools.run.needPicture')
      : (refusalMessage ?? null);
  const button = runState({
    cost,
    balance: user.tokens,
    blocked,
    preparing,
    starting: create.isPending,
  });
  const title = tool ? tool.tool.title[language] : t('tools.run.needTool');

  const showErrors = (list: readonly { field: string; code: string }[]) => {
    if (!tool) return;
    const next: Record<string, string> = {};
    for (const error of list) {
      const def = tool.parameters.find((p) => p.name === error.field);
      next[error.field] =
        refusalText(t, error, tool, values, source) ?? fieldErrorText(t, error, def);
    }
    setErrors(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (button.kind !== 'ready' || !tool || !source) return;
    const pictures: Record<string, string> = { [tool.tool.sourceParam]: source.url };
    let maskPixels: Uint8Array | undefined;
    if (maskParam && mask) {
      maskPixels = rasterizeMask(mask.strokes, source);
      if (isEmptyMask(maskPixels)) {
        setErrors({ [maskParam]: t('tools.mask.empty') });
        return;
      }
      // Checked with a stand-in until the mask is uploaded.
      pictures[maskParam] = source.url;
    }
    const draft = toolPayload(tool, values, prompt, pictures);
    const checked = validateRequest(tool.id, draft);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    const key = submission.begin(JSON.stringify([draft, mask?.strokes ?? null]));
    if (key === undefined) return;
    setErrors({});
    let payload = draft;
    if (maskParam && mask && maskPixels) {
      try {
        setPreparing(true);
        // The same strokes again (a retry) send the mask already uploaded.
        let url = uploadedMask.current?.strokes === mask.strokes ? uploadedMask.current.url : null;
        if (url === null) {
          const png = await encodeMaskPng(maskPixels, source);
          url = (await uploadImage(new File([png], 'mask.png', { type: 'image/png' }))).url;
          uploadedMask.current = { strokes: mask.strokes, url };
        }
        payload = toolPayload(tool, values, prompt, { ...pictures, [maskParam]: url });
      } catch (failure) {
        console.warn(failure instanceof Error ? failure.message : failure);
        submission.end(false);
        toast.error(t('tools.run.notStarted'), {
          description: limitMessage(failure, tCommon) ?? t('tools.run.failed'),
        });
        return;
      } finally {
        setPreparing(false);
      }
    }
    const started = { tool, source, values };
    create.mutate(
      { payload, key },
      {
        onSettled: (result) => submission.end(result !== undefined),
        onSuccess: (result) => {
          setRun({ id: result.request_id, ...started });
          refreshBalance();
          toast.success(t('tools.result.started', { title }));
          revealWhenShown(`[data-tool-run="${result.request_id}"]`);
        },
        onError: (failure) => {
          console.warn(failure.message);
          const problem = failure instanceof ClientError ? failure.problem : undefined;
          if (problem?.fieldErrors.length) showErrors(problem.fieldErrors);
          const limited = limitMessage(problem, tCommon);
          toast.error(t('tools.run.notStarted'), {
            description: limited ?? problem?.message ?? t('tools.run.failed'),
          });
        },
      },
    );
  };

  const promptId = `${ids}-prompt`;
  const promptText = tool?.tool.promptText;
  const sourceError = tool ? errors[tool.tool.sourceParam] : undefined;
  const otherErrors = Object.keys(errors).length > 0;
  const setValue = (name: string, value: ParamValue) => {
    setErrors(({ [name]: _dropped, ...rest }) => rest);
    setValues((current) => ({ ...current, [name]: value }));
  };

  return (
    <div className="space-y-8">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-8"
        aria-describedby={otherErrors ? `${ids}-errors` : undefined}
      >
        <ToolPicker selected={tool?.id ?? null} onSelect={selectTool} />

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
          <section aria-labelledby={`${ids}-picture`} className="min-w-0 space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`${ids}-picture`} className="text-sm font-medium text-fg">
                {t('tools.picture.heading')}
              </h2>
              {source ? (
                <Button variant="ghost" size="sm" onClick={() => choose(null)}>
                  <ImageIcon aria-hidden="true" />
                  {t('tools.picture.change')}
                </Button>
              ) : null}
            </div>
            {loading ? (
              <p className="text-sm text-fg-muted" aria-live="polite">
                {t('tools.picture.loading')}
              </p>
            ) : null}
            {sourceFailed && !source ? (
              <p role="alert" className="text-sm text-red-300">
                {t('tools.picture.notFound')}
              </p>
            ) : null}
            {source ? (
              <div className="space-y-3" data-source={source.generationId ?? 'upload'}>
                {tool && maskParam && mask ? (
                  <MaskEditor
                    source={source}
                    state={mask}
                    dispatch={(action: MaskAction) => {
                      setErrors(({ [maskParam]: _dropped, ...rest }) => rest);
                      setMask((current) => (current ? maskReducer(current, action) : current));
                    }}
                    error={errors[maskParam]}
                  />
                ) : tool && frame ? (
                  <FrameEditor
                    source={source}
                    layoutOf={frame.layout}
                    values={values}
                    position={{
                      x: Number(values[frame.x] ?? 50),
                      y: Number(values[frame.y] ?? 50),
                    }}
                    onMove={(next) => {
                      setValues((current) => ({
                        ...current,
                        [frame.x]: next.x,
                        [frame.y]: next.y,
                      }));
                    }}
                  />
                ) : (
                  <div
                    className="mx-auto max-w-full overflow-hidden rounded-xl border border-line bg-[conic-gradient(#9ca3af_25%,#e5e7eb_0_50%,#9ca3af_0_75%,#e5e7eb_0)] bg-[length:24px_24px]"
                    style={{
                      aspectRatio: `${source.width} / ${source.height}`,
                      width: `min(100%, calc(60vh * ${source.width / source.height}))`,
                    }}
                  >
                    <img src={source.url} alt={t('tools.picture.alt')} className="size-full" />
                  </div>
                )}
                <p className="text-xs text-fg-muted">
                  {source.generationId
                    ? t('tools.picture.fromResult')
                    : t('tools.picture.fromUpload')}{' '}
                  · <span className="tabular-nums">{t('tools.picture.size', source)}</span>
                </p>
              </div>
            ) : loading ? null : (
              <SourcePicker onPick={pick} />
            )}
            {sourceError ? <p className="text-sm text-red-300">{sourceError}</p> : null}
          </section>

          <div className="min-w-0 space-y-6">
            {tool && use !== 'none' ? (
              <div>
                <div className="mb-1.5 flex items-baseline justify-between gap-2">
                  <label htmlFor={promptId} className="text-sm font-medium text-fg">
                    {promptText?.label[language]}
                    {use === 'required' ? <span aria-hidden="true"> *</span> : null}
                  </label>
                  <span className="text-xs text-fg-muted tabular-nums" aria-hidden="true">
                    {t('studio.prompt.count', { count: prompt.length, max: promptMaxLength })}
                  </span>
                </div>
                <textarea
                  id={promptId}
                  rows={3}
                  maxLength={promptMaxLength}
                  value={prompt}
                  required={use === 'required'}
                  placeholder={promptText?.placeholder[language]}
                  aria-invalid={errors.prompt ? true : undefined}
                  aria-describedby={`${promptId}-hint${errors.prompt ? ` ${promptId}-error` : ''}`}
                  onChange={(event) => {
                    setErrors(({ prompt: _dropped, ...rest }) => rest);
                    setPrompt(event.currentTarget.value);
                  }}
                  className="w-full resize-y rounded-xl border border-line bg-surface px-3 py-2.5 text-sm text-fg placeholder:text-fg-muted/80 aria-invalid:border-red-400"
                />
                <p id={`${promptId}-hint`} className="mt-1 text-xs text-fg-muted">
                  {promptText?.hint[language]}
                </p>
                {errors.prompt ? (
                  <p id={`${promptId}-error`} className="mt-1 text-xs text-red-300">
                    {errors.prompt}
                  </p>
                ) : null}
              </div>
            ) : null}
            {tool && sections.length > 0 ? (
              <div>
                <h2 className="mb-3 text-sm font-medium text-fg">{t('studio.settings')}</h2>
                <ParameterSections
                  sections={sections}
                  values={values}
                  openGroups={openGroups}
                  errors={errors}
                  onToggle={(group) =>
                    setOpenGroups((open) =>
                      open.includes(group) ? open.filter((g) => g !== group) : [...open, group],
                    )
                  }
                  onChange={setValue}
                  onUploadingChange={() => undefined}
                />
              </div>
            ) : null}
            <div className="sticky bottom-0 -mx-4 border-t border-line bg-surface/90 px-4 py-3 backdrop-blur-md sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
              {otherErrors ? (
                <p id={`${ids}-errors`} role="alert" className="mb-2 text-sm text-red-300">
                  {t('studio.fieldErrors')}
                </p>
              ) : null}
              <RunButton title={title} state={button} />
            </div>
          </div>
        </div>
      </form>
      {run ? <RunPanel key={run.id} run={run} /> : null}
    </div>
  );
}
