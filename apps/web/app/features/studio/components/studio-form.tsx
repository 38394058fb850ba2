import '~/locales/app-studio';
import { estimateDraft, type ModelType, pricedParameters, promptMaxLength } from '@kadr/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Image as ImageIcon, Video } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useRefreshBalance } from '~/features/generations/hooks';
import { offerNotificationsOnce } from '~/features/generations/notification-permission';
import { queryKeys } from '~/features/generations/query-keys';
import { ParameterSections } from '~/features/generations/run/components/parameter-sections';
import {
  createGeneration,
  estimateCost,
  type GenerationPayload,
} from '~/features/generations/run/run-api';
import { useSubmission } from '~/features/generations/run/submission';
import { onFirstInteraction } from '~/lib/first-interaction';
import { withTexts } from '~/lib/i18n';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { ActiveGeneration } from '../active-generations';
import { generateState } from '../generate-state';
import {
  continues,
  modelOf,
  type StudioAction,
  type StudioState,
  styleOf,
  toPayload,
  visibleSections,
} from '../studio-state';
import { preloadGenerationPanel } from './active-generations';
import { ContinuedClip } from './continued-clip';
import { ExamplesButton } from './examples-button';
import { FormatChips } from './format-chips';
import { GenerateButton } from './generate-button';
import { ModelPicker } from './model-picker';
import { PromptImprover } from './prompt-improver';
import { ReferencePicker } from './reference-picker';
import { StyleButton } from './style-button';

const tabs: readonly { type: ModelType; Icon: typeof Video }[] = [
  { type: 'image', Icon: ImageIcon },
  { type: 'video', Icon: Video },
];

/**
 * The studio form: tabs, model cards, prompt, translation, the model's parameters and the
 * generate button with its cost. Everything model-specific comes from the catalogue.
 */
/** Two presses this close together are one double click, not two runs (an OS's usual interval). */
const doubleClickMs = 600;

/** The run's checks, field errors and announcements (../run-start.ts), with their texts. */
const loadRunStart = () => withTexts(import('../run-start'));

export function StudioForm({
  state,
  dispatch,
  onStarted,
}: {
  state: StudioState;
  dispatch: (action: StudioAction) => void;
  onStarted: (item: ActiveGeneration) => void;
}) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const user = useCurrentUser();
  const refreshBalance = useRefreshBalance();
  const ids = useId();
  const [uploads, setUploads] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    onFirstInteraction(() => void loadRunStart().catch(() => {}));
  }, []);
  // One of the studio's models, or the one that runs the person's chosen character.
  const model = modelOf(state);

  const payload = useMemo(() => toPayload(state), [state]);
  const sections = useMemo(() => visibleSections(state), [state]);

  // The catalogue's own figure at once; the server's answer replaces it when it comes. The cost
  // never depends on the prompt, so the server is asked once a prompt exists (it refuses a blank
  // one) and again only when the model or a priced parameter changes. A talking character costs
  // its recording's seconds, which only the server reads from the file: it is asked once the
  // picture and the recording it cannot do without are there, and again when either changes.
  const needed = useMemo(
    () =>
      model.speech
        ? model.parameters.filter((def) => def.type === 'file' && def.required).map((d) => d.name)
        : [],
    [model],
  );
  const priced = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const name of [...pricedParameters(model), ...needed]) {
      if (name in payload.parameters) values[name] = payload.parameters[name];
    }
    return values;
  }, [model, needed, payload.parameters]);
  const instant = estimateDraft(model, { parameters: priced, duration: payload.duration });
  const promptOptional = model.prompt === 'optional';
  // Styles and the improver are for models that read a look from the prompt: not a talking
  // character's, which follows its recording.
  const stylable = model.speech === undefined;
  const askable = model.speech
    ? needed.every((name) => typeof priced[name] === 'string' && priced[name] !== '')
    : payload.prompt !== '' || promptOptional;
  const estimate = useQuery({
    queryKey: queryKeys.generation.estimate(model.type, model.id, priced),
    queryFn: ({ signal }) =>
      estimateCost(
        model.type,
        { model: model.id, prompt: payload.prompt, parameters: priced, duration: payload.duration },
        signal,
      ),
    enabled: askable,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  useEffect(() => {
    // Estimation errors are only logged (spec §8); the catalogue's figure stays on the button.
    if (estimate.error) console.warn(estimate.error.message);
  }, [estimate.error]);
  const cost = estimate.data ?? instant;

  // Every press is a run of its own (people press again for another variation), but a double
  // click's second click is not: dropped while the first is unanswered, and answered with the same
  // run when the first was accepted within a double click's time (a fast server can answer between
  // the two clicks). A retry after no answer keeps the key.
  const submission = useSubmission(doubleClickMs);
  const create = useMutation({
    mutationFn: (input: { type: ModelType; payload: GenerationPayload; key: string }) =>
      createGeneration(input.type, input.payload, input.key),
  });

  const button = generateState({
    prompt: state.prompt,
    promptOptional,
    starting: create.isPending,
    uploading: uploads > 0,
    estimate: cost,
    balance: user.tokens,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (button.kind !== 'ready') return;
    // Its checks and announcements load with the first run (fetched at the first interaction),
    // and the panel that will show it, so that the run's first state ('pending') is seen.
    Promise.all([loadRunStart(), preloadGenerationPanel()]).then(
      ([start]) => {
        const invalid = start.requestErrors(t, model, payload);
        if (invalid) {
          setErrors(invalid);
          return;
        }
        const key = submission.begin(JSON.stringify([model.type, payload]));
        if (key === undefined) return;
        setErrors({});
        offerNotificationsOnce();
        create.mutate(
          { type: model.type, payload, key },
          {
            onSettled: (result) => submission.end(result !== undefined),
            onSuccess: (result) => {
              onStarted({
                id: result.request_id,
                type: model.type,
                model: model.id,
                prompt: payload.prompt,
                startedAt: Date.now(),
              });
              refreshBalance();
              start.announceStarted(t, model.type);
            },
            onError: (failure) => {
              const fields = start.announceNotStarted(t, tCommon, model, failure);
              if (fields) setErrors(fields);
            },
          },
        );
      },
      (failure: unknown) => {
        console.warn(failure instanceof Error ? failure.message : failure);
        toast.error(t('studio.loadFailed'));
      },
    );
  };

  const promptId = `${ids}-prompt`;
  const translateId = `${ids}-translate`;
  const panelId = `${ids}-panel`;
  const formErrors = Object.keys(errors).length > 0;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-6"
      aria-describedby={formErrors ? `${ids}-errors` : undefined}
    >
      <div
        role="tablist"
        aria-label={t('studio.tabsLabel')}
        className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface p-1"
      >
        {tabs.map(({ type, Icon }) => {
          const selected = state.tab === type;
          return (
            <button
              key={type}
              id={`${ids}-tab-${type}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => dispatch({ type: 'tab', tab: type })}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                const other = type === 'image' ? 'video' : 'image';
                dispatch({ type: 'tab', tab: other });
                document.getElementById(`${ids}-tab-${other}`)?.focus();
              }}
              className={clsx(
                'inline-flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors',
                selected
                  ? 'bg-accent text-white'
                  : 'text-fg-muted hover:bg-surface-raised hover:text-fg',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`generation.type.${type}`)}
            </button>
          );
        })}
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${ids}-tab-${state.tab}`}
        className="space-y-6"
      >
        {state.extend ? (
          <ContinuedClip
            clip={state.extend}
            blockedBy={continues(state) ? undefined : model.name}
            onStop={() => dispatch({ type: 'stopExtending' })}
          />
        ) : null}
        <ModelPicker
          type={state.tab}
          selected={state.model}
          character={state.character?.element ?? null}
          onSelect={(id) => {
            setErrors({});
            dispatch({ type: 'model', model: id });
          }}
          onSelectCharacter={(character) => {
            setErrors({});
            dispatch({ type: 'character', character });
          }}
        />

        <div>
          <div className="mb-1.5 flex items-baseline justify-between gap-2">
            <label htmlFor={promptId} className="text-sm font-medium text-fg">
              {promptOptional ? t('studio.prompt.optionalLabel') : t('studio.prompt.label')}
            </label>
            <span className="text-xs text-fg-muted tabular-nums" aria-hidden="true">
              {t('studio.prompt.count', { count: state.prompt.length, max: promptMaxLength })}
            </span>
          </div>
          <textarea
            id={promptId}
            rows={5}
            maxLength={promptMaxLength}
            value={state.prompt}
            placeholder={
              model.speech ? t('studio.prompt.speechPlaceholder') : t('studio.prompt.placeholder')
            }
            aria-invalid={errors.prompt ? true : undefined}
            aria-describedby={errors.prompt ? `${promptId}-error` : undefined}
            onChange={(event) => dispatch({ type: 'prompt', prompt: event.currentTarget.value })}
            className="w-full resize-y rounded-xl border border-line bg-surface px-3 py-2.5 text-sm text-fg placeholder:text-fg-muted/80 aria-invalid:border-red-400"
          />
          {errors.prompt ? (
            <p id={`${promptId}-error`} className="mt-1 text-xs text-red-300">
              {errors.prompt}
            </p>
          ) : null}
          {errors.style ? (
            <p className="mt-1 text-xs text-red-300" role="alert">
              {errors.style}
            </p>
          ) : null}
          {stylable ? (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <StyleButton
                model={{ id: model.id, name: model.name }}
                style={styleOf(state)}
                onChange={(style) => {
                  setErrors(({ style: _dropped, ...rest }) => rest);
                  dispatch({ type: 'style', style });
                }}
              />
              <ExamplesButton />
              <PromptImprover
                prompt={state.prompt}
                model={model.id}
                style={styleOf(state)?.id ?? null}
                onPrompt={(prompt) => dispatch({ type: 'prompt', prompt })}
              />
            </div>
          ) : null}
          {model.references ? (
            <div className="mt-4">
              <ReferencePicker
                model={model}
                selected={state.elements}
                error={Object.entries(errors).find(([field]) => field.startsWith('elements'))?.[1]}
                onChange={(elements) => {
                  setErrors(({ elements: _dropped, ...rest }) => rest);
                  dispatch({ type: 'elements', ids: elements });
                }}
              />
            </div>
          ) : null}
          <div className="mt-3 flex items-start gap-3">
            <input
              id={translateId}
              type="checkbox"
              checked={state.translatePrompt}
              onChange={(event) => dispatch({ type: 'translate', on: event.currentTarget.checked })}
              aria-describedby={`${translateId}-hint`}
              className="mt-0.5 size-5 shrink-0 accent-accent"
            />
            <div>
              <label htmlFor={translateId} className="text-sm font-medium text-fg">
                {t('studio.translate')}
              </label>
              <p id={`${translateId}-hint`} className="text-xs text-fg-muted">
                {t('studio.translateHint')}
              </p>
            </div>
          </div>
        </div>

        <div>
          <h2 className="mb-3 text-sm font-medium text-fg">{t('studio.settings')}</h2>
          <FormatChips
            model={model}
            values={state.values}
            onChoose={(values) => {
              setErrors((current) =>
                Object.fromEntries(Object.entries(current).filter(([name]) => !(name in values))),
              );
              dispatch({ type: 'values', values });
            }}
          />
          <ParameterSections
            sections={sections}
            values={state.values}
            openGroups={state.openGroups}
            errors={errors}
            onToggle={(group) => dispatch({ type: 'toggleGroup', group })}
            onChange={(name, value) => {
              setErrors(({ [name]: _dropped, ...rest }) => rest);
              dispatch({ type: 'value', name, value });
            }}
            onUploadingChange={(uploading) => setUploads((n) => n + (uploading ? 1 : -1))}
          />
        </div>
      </div>

      <div className="sticky bottom-0 -mx-4 border-t border-line bg-surface/90 px-4 py-3 backdrop-blur-md sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        {formErrors ? (
          <p id={`${ids}-errors`} role="alert" className="mb-2 text-sm text-red-300">
            {t('studio.fieldErrors')}
          </p>
        ) : null}
        <GenerateButton state={button} />
      </div>
    </form>
  );
}
