import '~/locales/app-compare';
import '~/locales/app-studio';
import { getModel, type ModelType, promptModels } from '@kadr/catalog';
import { clsx } from 'clsx';
import { Check, Columns2, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useRefreshBalance } from '~/features/generations/hooks';
import { TopUpLink } from '~/features/generations/run/components/top-up-link';
import { useOfferedModelIds } from '~/features/generations/run/offered-models';
import { createGeneration } from '~/features/generations/run/run-api';
import { revealWhenShown, useSubmission } from '~/features/generations/run/submission';
import { limitMessage } from '~/lib/problem-text';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { compareLimits, comparePayload, compareQuote, toggleModel } from '../compare';
import { TypeSwitch } from './type-switch';

/** The same comparison pressed again within this time is the one already started, not a new one. */
const repeatMs = 30_000;

/** Where a comparison's results are on the page (CompareResults marks its section so). */
const compareRunSelector = (run: CompareRun) =>
  `section[data-compare-run="${run.cells.map((cell) => cell.id).join(' ')}"]`;

export type CompareRun = {
  type: ModelType;
  prompt: string;
  cells: { model: string; id: string }[];
};

/**
 * One prompt, two to four models of one type, one quote: each cell is a normal generation at the
 * model's default settings (charged, followed, refunded on failure).
 */
export function CompareForm({ onStarted }: { onStarted: (run: CompareRun) => void }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const user = useCurrentUser();
  const refreshBalance = useRefreshBalance();
  const promptId = useId();
  const [type, setType] = useState<ModelType>('image');
  // Models an operator switched off are not offered.
  const offered = useOfferedModelIds(type);
  const [picked, setSelected] = useState<string[]>([]);
  // A model switched off while the form is open leaves the selection too, not only the list.
  const selected = picked.filter((id) => offered.has(id));
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const submission = useSubmission(repeatMs);
  // The comparison this form started last: a repeat that answers it again says so.
  const lastStarted = useRef('');
  const quote = compareQuote(type, selected);
  const enough = quote.total <= user.tokens;
  const ready = prompt.trim() !== '' && selected.length >= compareLimits.min && enough && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const text = prompt.trim();
    const key = submission.begin(JSON.stringify([type, selected, text]));
    if (key === undefined) return;
    setBusy(true);
    const cells: CompareRun['cells'] = [];
    try {
      for (const model of selected) {
        try {
          // One key per cell, from the submission's: a repeat of the whole starts no cell twice.
          const created = await createGeneration(
            type,
            comparePayload(type, model, prompt),
            `${key}:${model}`,
          );
          cells.push({ model, id: created.request_id });
        } catch (failure) {
          console.warn(failure instanceof Error ? failure.message : failure);
          toast.error(t('compare.startFailed', { model: getModel(model)?.name ?? model }), {
            description: limitMessage(failure, tCommon),
          });
        }
      }
      if (cells.length > 0) {
        const run = { type, prompt: text, cells };
        const ids = cells.map((cell) => cell.id).join(' ');
        if (ids === lastStarted.current) {
          toast.info(t('studio.spend.compareAgain'));
        } else {
          toast.success(t('studio.spend.compareStarted', { count: cells.length }), {
            description: t('studio.spend.below'),
          });
        }
        lastStarted.current = ids;
        onStarted(run);
        revealWhenShown(compareRunSelector(run));
      }
    } finally {
      submission.end(cells.length === selected.length);
      refreshBalance();
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-6" noValidate>
      <TypeSwitch
        type={type}
        onChange={(tab) => {
          setType(tab);
          setSelected([]);
        }}
      />

      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-fg">
          {t('compare.models', { min: compareLimits.min, max: compareLimits.max })}
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {promptModels(type)
            .filter((model) => offered.has(model.id))
            .map((model) => {
              const checked = selected.includes(model.id);
              const full = !checked && selected.length >= compareLimits.max;
              const cost = compareQuote(type, [model.id]).total;
              return (
                <label
                  key={model.id}
                  className={clsx(
                    'relative flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-surface focus-within:outline-2 focus-within:outline-accent-soft',
                    checked ? 'border-accent-soft ring-1 ring-accent-soft' : 'border-line',
                    full && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    disabled={full}
                    onChange={() => setSelected(toggleModel(selected, model.id))}
                  />
                  {model.demoImages[0] ? (
                    <img
                      src={model.demoImages[0]}
                      alt=""
                      width={320}
                      height={180}
                      loading="lazy"
                      className="aspect-video w-full object-cover"
                    />
                  ) : null}
                  <span className="flex flex-col gap-0.5 p-2">
                    <span className="text-sm font-medium text-fg">{model.name}</span>
                    <span className="text-xs text-fg-muted tabular-nums">
                      {t('generation.cost', { count: cost })}
                    </span>
                  </span>
                  {checked ? (
                    <span
                      aria-hidden="true"
                      className="absolute top-2 right-2 inline-flex size-6 items-center justify-center rounded-full bg-accent text-white"
                    >
                      <Check className="size-4" />
                    </span>
                  ) : null}
                </label>
              );
            })}
        </div>
      </fieldset>

      <div>
        <label htmlFor={promptId} className="mb-1.5 block text-sm font-medium text-fg">
          {t('studio.prompt.label')}
        </label>
        <textarea
          id={promptId}
          value={prompt}
          onChange={(event) => setPrompt(event.currentTarget.value)}
          rows={3}
          maxLength={2000}
          placeholder={t('compare.promptPlaceholder')}
          className="w-full rounded-xl border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-muted/70"
        />
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="submit"
          disabled={!ready}
          aria-busy={busy ? true : undefined}
          className="sm:min-w-64"
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Columns2 aria-hidden="true" />
          )}
          {busy
            ? t('studio.starting')
            : selected.length >= compareLimits.min
              ? t('compare.start', { count: quote.total })
              : t('compare.startPlain')}
        </Button>
        {!enough ? (
          <>
            <p role="status" className="text-sm text-red-300">
              {t('studio.notEnough', { count: quote.total })}
            </p>
            <TopUpLink size="md" />
          </>
        ) : selected.length < compareLimits.min ? (
          <p className="text-sm text-fg-muted">
            {t('compare.pickMore', { count: compareLimits.min })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
