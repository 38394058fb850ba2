import '~/locales/app-batch';
import '~/locales/app-studio';
import { getModel, type ModelType, promptModels } from '@kadr/catalog';
import { batchMaxItems } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, Layers, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { listElements } from '~/features/generations/elements/api';
import { useRefreshBalance } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { TopUpLink } from '~/features/generations/run/components/top-up-link';
import { useOfferedModelIds } from '~/features/generations/run/offered-models';
import { revealWhenShown, useSubmission } from '~/features/generations/run/submission';
import { limitMessage } from '~/lib/problem-text';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { createBatch, quoteBatch } from '../api';
import {
  type CsvProblem,
  expandBatch,
  promptsFromLines,
  rowsFromCsv,
  strictestReferenceModel,
} from '../batch';
import type { ChosenStyle } from '../studio-state';
import { ReferencePicker } from './reference-picker';
import { StyleButton } from './style-button';
import { TypeSwitch } from './type-switch';

const maxModels = 4;
const variationChoices = [1, 2, 3, 4] as const;
/** The same batch pressed again within this time is the batch already started, not a new one. */
const repeatMs = 30_000;

/**
 * Many prompts (one per line, or a CSV of prompt and parameters) × one or more models × a number of
 * variations: quoted once by the server before anything starts.
 */
export function BatchForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const user = useCurrentUser();
  const refreshBalance = useRefreshBalance();
  const ids = useId();
  const [type, setType] = useState<ModelType>('image');
  // Models an operator switched off are not offered.
  const offered = useOfferedModelIds(type);
  const [picked, setModels] = useState<string[]>([]);
  // A model switched off while the form is open leaves the selection too, not only the list.
  const models = picked.filter((id) => offered.has(id));
  const [mode, setMode] = useState<'lines' | 'csv'>('lines');
  const [text, setText] = useState('');
  const [variations, setVariations] = useState(1);
  // Library elements for the chosen models that take references (issue #47).
  const [elementIds, setElements] = useState<readonly string[]>([]);
  const referenceModel = strictestReferenceModel(models.map((id) => getModel(id)));
  const library = useQuery({
    queryKey: queryKeys.elements.list(false),
    queryFn: ({ signal }) => listElements(false, signal),
    enabled: elementIds.length > 0,
  });
  const chosenElements = referenceModel
    ? elementIds.flatMap((id) => library.data?.filter((element) => element.id === id) ?? [])
    : [];
  const [style, setStyle] = useState<ChosenStyle | null>(null);
  const [busy, setBusy] = useState(false);
  const submission = useSubmission(repeatMs);
  // The batch this form started last: a repeat that answers it again says so.
  const lastStarted = useRef<string | undefined>(undefined);

  const parsed =
    mode === 'lines'
      ? { rows: promptsFromLines(text), problems: [] as CsvProblem[] }
      : rowsFromCsv(text);
  const items = expandBatch(type, parsed.rows, models, variations, chosenElements, style);
  // The style picker offers the first chosen model's styles; each item gets the style if its
  // model takes it.
  const styleModel = getModel(models[0] ?? '') ?? null;
  const tooMany = items.length > batchMaxItems;
  const body = { type, items };
  const valid = items.length > 0 && !tooMany && parsed.problems.length === 0;
  const quote = useQuery({
    queryKey: queryKeys.batchQuote(body),
    queryFn: ({ signal }) => quoteBatch(body, signal),
    enabled: valid,
    retry: false,
    staleTime: 60_000,
  });
  const total = quote.data?.total;
  const enough = total === undefined || total <= user.tokens;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || total === undefined || !enough) return;
    const key = submission.begin(JSON.stringify(body));
    if (key === undefined) return;
    setBusy(true);
    let accepted = false;
    try {
      const batch = await createBatch(body, key);
      accepted = true;
      if (batch.id === lastStarted.current) {
        toast.info(t('studio.spend.batchAgain'));
      } else {
        toast.success(t('studio.spend.batchStarted', { count: batch.items.length }), {
          description: t('studio.spend.below'),
        });
      }
      lastStarted.current = batch.id;
      onStarted(batch.id);
      revealWhenShown(`section[data-batch="${batch.id}"]`);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(t('batch.startFailed'), { description: limitMessage(failure, tCommon) });
    } finally {
      submission.end(accepted);
      refreshBalance();
      setBusy(false);
    }
  };

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setMode('csv');
    setText(await file.text());
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-6" noValidate>
      <TypeSwitch
        type={type}
        onChange={(tab) => {
          setType(tab);
          setModels([]);
        }}
      />

      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-fg">
          {t('batch.models', { max: maxModels })}
        </legend>
        <div className="flex flex-wrap gap-2">
          {promptModels(type)
            .filter((model) => offered.has(model.id))
            .map((model) => {
              const checked = models.includes(model.id);
              const full = !checked && models.length >= maxModels;
              return (
                <label
                  key={model.id}
                  className={clsx(
                    'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm focus-within:outline-2 focus-within:outline-accent-soft',
                    checked
                      ? 'border-accent-soft bg-accent/15 text-fg'
                      : 'border-line bg-surface text-fg-muted',
                    full && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    disabled={full}
                    onChange={() =>
                      setModels(
                        checked ? models.filter((id) => id !== model.id) : [...models, model.id],
                      )
                    }
                  />
                  {checked ? (
                    <Check aria-hidden="true" className="size-4 text-accent-soft" />
                  ) : null}
                  {model.name}
                </label>
              );
            })}
        </div>
      </fieldset>

      {referenceModel ? (
        <div data-batch-references="">
          <ReferencePicker model={referenceModel} selected={elementIds} onChange={setElements} />
          <p className="mt-2 text-xs text-fg-muted">
            {t('batch.references', {
              models: models
                .flatMap((id) => {
                  const model = getModel(id);
                  return model?.references ? [model.name] : [];
                })
                .join(', '),
            })}
          </p>
        </div>
      ) : null}

      {styleModel ? (
        <div className="space-y-1" data-batch-style="">
          <StyleButton
            model={{ id: styleModel.id, name: styleModel.name }}
            style={style}
            onChange={setStyle}
          />
          {style && models.some((id) => !style.models.includes(id)) ? (
            <p className="text-xs text-fg-muted">{t('batch.styleSome')}</p>
          ) : null}
        </div>
      ) : null}

      <fieldset className="min-w-0 space-y-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('batch.prompts')}</legend>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          {(['lines', 'csv'] as const).map((value) => (
            <label key={value} className="inline-flex cursor-pointer items-center gap-2 text-fg">
              <input
                type="radio"
                name={`${ids}-mode`}
                className="accent-accent"
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {t(`batch.mode.${value}`)}
            </label>
          ))}
          <label className="inline-flex cursor-pointer items-center gap-2 text-accent-soft underline underline-offset-2">
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              onChange={(event) => void loadFile(event.currentTarget.files?.[0])}
            />
            {t('batch.csvFile')}
          </label>
        </div>
        <label htmlFor={`${ids}-text`} className="sr-only">
          {t(`batch.mode.${mode}`)}
        </label>
        <textarea
          id={`${ids}-text`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rows={6}
          placeholder={t(`batch.placeholder.${mode}`)}
          aria-describedby={`${ids}-hint`}
          className="w-full rounded-xl border border-line bg-surface px-3 py-2 font-mono text-sm text-fg placeholder:text-fg-muted/70"
        />
        <p id={`${ids}-hint`} className="text-xs text-fg-muted">
          {t(`batch.hint.${mode}`)}
        </p>
        {parsed.problems.map((problem) => (
          <p key={`${problem.line}-${problem.code}`} role="alert" className="text-sm text-red-300">
            {t(`batch.csv.${problem.code}`, { line: problem.line })}
          </p>
        ))}
      </fieldset>

      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${ids}-variations`} className="mb-1.5 block text-sm font-medium text-fg">
            {t('batch.variations')}
          </label>
          <select
            id={`${ids}-variations`}
            value={variations}
            onChange={(event) => setVariations(Number(event.currentTarget.value))}
            className="h-10 rounded-xl border border-line bg-surface px-3 text-sm text-fg"
          >
            {variationChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <p
          className="pb-2 text-sm text-fg-muted"
          aria-live="polite"
          data-batch-count={items.length}
        >
          {t('batch.count', { count: items.length })}
        </p>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="submit"
          disabled={!valid || total === undefined || !enough || busy}
          aria-busy={busy ? true : undefined}
          className="sm:min-w-64"
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Layers aria-hidden="true" />
          )}
          {busy
            ? t('studio.starting')
            : total !== undefined && valid
              ? t('batch.start', { count: total })
              : t('batch.startPlain')}
        </Button>
        {tooMany ? (
          <p role="alert" className="text-sm text-red-300">
            {t('batch.tooMany', { count: batchMaxItems })}
          </p>
        ) : !enough && total !== undefined ? (
          <>
            <p role="status" className="text-sm text-red-300">
              {t('studio.notEnough', { count: total })}
            </p>
            <TopUpLink size="md" />
          </>
        ) : quote.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {t('batch.invalid')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
