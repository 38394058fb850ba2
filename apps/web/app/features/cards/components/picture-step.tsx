import '~/locales/app';
import '~/locales/app-cards';
import { cardScenes, cardStepTool, getMarketplacePreset, stylesFor } from '@kadr/catalog';
import type { CardSet, CardSetBody, GenerationRecord } from '@kadr/contract';
import { clsx } from 'clsx';
import { useId, useMemo, useState } from 'react';
import { instantCost, type ToolSource, toolValues } from '~/features/generations/tools/tool-run';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { useGenerationRecord } from '../hooks';
import { isDrawnBackdrop, withBackdrop } from '../slides';
import { Step } from './step';
import { StepRun, StepStatus } from './step-run';

const checkerboard =
  'bg-[conic-gradient(#3f3f46_25%,#27272a_0_50%,#3f3f46_0_75%,#27272a_0)] bg-[length:16px_16px]';

/**
 * Steps 1 and 2 of an open set: the product photo, and the product cut out (optionally enlarged)
 * and placed on a backdrop — a drawn one (free, at once) or an AI scene (priced first).
 */
export function PictureSteps({
  set,
  draft,
  change,
  onPicturesChanged,
}: {
  set: CardSet;
  draft: CardSetBody;
  change: (edit: (body: CardSetBody) => CardSetBody, now?: boolean) => void;
  /** A step's generation ended: the set's pictures are to be read again. */
  onPicturesChanged: () => void;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const photo = set.pictures.photo;
  const source: ToolSource | null =
    photo && set.photo === draft.photo
      ? { url: draft.photo, width: photo.width, height: photo.height, generationId: null }
      : null;
  const preset = getMarketplacePreset(draft.preset);
  const [enlarging, setEnlarging] = useState<string | null>(null);
  const cutout = set.pictures.cutout;
  const cutoutSource: ToolSource | null =
    cutout && draft.cutout === set.cutout
      ? {
          // The set answers where its pictures are served; a tool takes an absolute address.
          url: new URL(cutout.url, window.location.origin).href,
          width: cutout.width,
          height: cutout.height,
          generationId: set.cutout,
        }
      : null;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <Step
        id={`${ids}-photo`}
        n={1}
        title={t('cards.steps.photo')}
        hint={t('cards.photo.hint')}
        done
      >
        <div className="space-y-3">
          <div className="overflow-hidden rounded-xl border border-line bg-surface">
            {photo ? (
              <img
                src={photo.url}
                alt={t('cards.photo.alt')}
                width={photo.width}
                height={photo.height}
                className="mx-auto max-h-40 w-auto object-contain lg:max-h-56"
              />
            ) : null}
          </div>
          {photo ? (
            <p className="text-xs text-fg-muted tabular-nums">
              {t('cards.photo.size', { width: photo.width, height: photo.height })}
            </p>
          ) : null}
        </div>
      </Step>

      <Step
        id={`${ids}-picture`}
        n={2}
        title={t('cards.steps.picture')}
        hint={t('cards.picture.hint')}
        done={set.pictures.cutout !== null || set.pictures.scene !== null}
      >
        <div className="space-y-6">
          {/* The cut-out beside what can be done with it; on a phone the buttons go below. */}
          <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-3 [grid-template-areas:'pic_info'_'act_act'] sm:grid-cols-[9rem_minmax(0,1fr)] sm:[grid-template-areas:'pic_info'_'pic_act']">
            <div
              className={clsx(
                'flex aspect-square items-center justify-center overflow-hidden rounded-xl border border-line [grid-area:pic]',
                checkerboard,
              )}
              data-cutout={cutout ? 'ready' : 'none'}
            >
              {cutout ? (
                <img
                  src={cutout.url}
                  alt={t('cards.picture.cutoutAlt')}
                  className="size-full object-contain"
                />
              ) : (
                <p className="px-2 text-center text-xs text-fg-muted">
                  {t('cards.picture.cutoutEmpty')}
                </p>
              )}
            </div>
            <div className="min-w-0 space-y-1 [grid-area:info]">
              <h3 className="text-sm font-medium text-fg">{t('cards.picture.cutoutHeading')}</h3>
              {cutout ? (
                <p className="text-xs text-fg-muted tabular-nums">
                  {t('cards.picture.cutoutSize', { width: cutout.width, height: cutout.height })}
                  {preset && (cutout.width < preset.width || cutout.height < preset.height)
                    ? ` · ${t('cards.picture.small', { width: preset.width, height: preset.height })}`
                    : ''}
                </p>
              ) : (
                <p className="text-xs text-fg-muted">{t('cards.picture.cutoutWhy')}</p>
              )}
            </div>
            <div className="min-w-0 space-y-3 [grid-area:act]">
              <div className="flex flex-col gap-2">
                <div className="min-w-0 flex-1">
                  <StepRun
                    step="cutout"
                    title={cutout ? t('cards.picture.cutoutAgain') : t('cards.picture.cutout')}
                    source={source}
                    variant={cutout ? 'secondary' : 'primary'}
                    onStarted={(id) => change((body) => ({ ...body, cutout: id }), true)}
                  />
                </div>
                {cutout ? (
                  <div className="min-w-0 flex-1">
                    <StepRun
                      step="enlarge"
                      title={t('cards.picture.enlarge')}
                      source={cutoutSource}
                      variant="secondary"
                      onStarted={setEnlarging}
                    />
                  </div>
                ) : null}
              </div>
              {draft.cutout ? (
                <StepStatus
                  key={draft.cutout}
                  id={draft.cutout}
                  title={t('cards.picture.cutoutTitle')}
                  onFinished={onPicturesChanged}
                />
              ) : null}
              {enlarging ? (
                <StepStatus
                  key={enlarging}
                  id={enlarging}
                  title={t('cards.picture.enlargeTitle')}
                  onFinished={(record) => {
                    // An enlarged cut-out is the set's cut-out from now on (the server takes it).
                    if (record.status === 'completed') {
                      change((body) => ({ ...body, cutout: record.id }), true);
                    }
                  }}
                />
              ) : null}
            </div>
          </div>
          <Backdrops
            draft={draft}
            source={source}
            change={change}
            onPicturesChanged={onPicturesChanged}
          />
        </div>
      </Step>
    </div>
  );
}

/**
 * The backdrop: the drawn ones (free, at once) and the AI scenes (the replace-background tool with
 * the scene's prompt, priced first). A scene already made for this set is taken again for free.
 */
function Backdrops({
  draft,
  source,
  change,
  onPicturesChanged,
}: {
  draft: CardSetBody;
  source: ToolSource | null;
  change: (edit: (body: CardSetBody) => CardSetBody, now?: boolean) => void;
  onPicturesChanged: () => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const ids = useId();
  const [choice, setChoice] = useState(draft.backdrop);
  const madeScene = madeSceneOf(useGenerationRecord(draft.scene).data);
  const sceneTool = cardStepTool('scene');
  const scenePrice = useMemo(
    () => instantCost(sceneTool, toolValues(sceneTool), null),
    [sceneTool],
  );
  const chosen = cardScenes.find((scene) => scene.id === choice);
  const needsRun = chosen !== undefined && !chosen.drawn && madeScene !== chosen.id;
  // A style preset for the AI scene (issue #49, ADR 051): its words follow the scene's, free.
  const sceneStyles = useMemo(() => stylesFor(sceneTool.id), [sceneTool]);
  const [sceneStyle, setSceneStyle] = useState<string | null>(null);

  const pick = (id: string) => {
    setChoice(id);
    if (isDrawnBackdrop(id) || madeScene === id) {
      change((body) => withBackdrop(body, id), true);
    }
  };

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-3 text-sm font-medium text-fg">{t('cards.backdrop.legend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
        {cardScenes.map((scene) => {
          const checked = scene.id === choice;
          const ready = scene.drawn !== undefined || madeScene === scene.id;
          return (
            <label
              key={scene.id}
              data-backdrop={scene.id}
              className={clsx(
                'flex min-w-0 cursor-pointer items-start gap-2 rounded-xl border p-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft',
                checked
                  ? 'border-accent-soft bg-accent/15'
                  : 'border-line bg-surface hover:bg-surface-raised',
              )}
            >
              <input
                type="radio"
                name={`${ids}-backdrop`}
                value={scene.id}
                checked={checked}
                onChange={() => pick(scene.id)}
                className="mt-0.5 size-4 shrink-0 accent-accent"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="flex items-center gap-1.5">
                  {scene.drawn ? (
                    <span
                      aria-hidden="true"
                      className="size-3.5 shrink-0 rounded-full border border-line"
                      style={{
                        background: `linear-gradient(135deg, ${scene.drawn.from}, ${scene.drawn.to})`,
                      }}
                    />
                  ) : null}
                  <span className="text-sm leading-snug font-medium text-fg">
                    {scene.title[language]}
                  </span>
                </span>
                <span
                  className={clsx('text-xs', scene.drawn ? 'text-green-300' : 'text-accent-soft')}
                >
                  {scene.drawn
                    ? t('cards.free')
                    : ready
                      ? t('cards.backdrop.made')
                      : t('generation.cost', { count: scenePrice ?? 0 })}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {needsRun && chosen && sceneStyles.length > 0 ? (
        <fieldset className="min-w-0 space-y-2">
          <legend className="mb-2 text-sm font-medium text-fg">{t('cards.backdrop.style')}</legend>
          <div className="flex flex-wrap gap-2">
            {[null, ...sceneStyles].map((style) => {
              const on = (style?.id ?? null) === sceneStyle;
              return (
                <button
                  key={style?.id ?? 'none'}
                  type="button"
                  aria-pressed={on}
                  data-scene-style={style?.id ?? ''}
                  title={style?.description[language]}
                  onClick={() => setSceneStyle(style?.id ?? null)}
                  className={clsx(
                    'inline-flex min-h-10 items-center rounded-full border px-3 text-sm transition-colors',
                    on
                      ? 'border-accent bg-accent/15 text-fg'
                      : 'border-line text-fg-muted hover:border-accent/50 hover:text-fg',
                  )}
                >
                  {style ? style.name[language] : t('cards.backdrop.styleNone')}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      {needsRun && chosen ? (
        <StepRun
          step="scene"
          title={t('cards.backdrop.run', { scene: chosen.title[language] })}
          source={source}
          prompt={chosen.prompt}
          style={sceneStyle}
          onStarted={(id) => change((body) => withBackdrop(body, chosen.id, id), true)}
        />
      ) : null}
      {draft.scene ? (
        <StepStatus
          key={draft.scene}
          id={draft.scene}
          title={t('cards.backdrop.runTitle')}
          onFinished={onPicturesChanged}
        />
      ) : null}
      <p className="text-xs text-fg-muted">{t('cards.backdrop.hint')}</p>
    </fieldset>
  );
}

/** The AI scene a finished scene generation was made with, read from its prompt. */
function madeSceneOf(record: GenerationRecord | undefined): string | undefined {
  if (record?.status !== 'completed') return undefined;
  return cardScenes.find((scene) => scene.prompt !== '' && scene.prompt === record.jsondata.prompt)
    ?.id;
}
