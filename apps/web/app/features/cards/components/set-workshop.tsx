import '~/locales/app-cards';
import { getMarketplacePreset } from '@kadr/catalog';
import { type CardSet, paths, type Slide } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, LoaderCircle, Palette } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { queryKeys } from '~/features/generations/query-keys';
import { useTranslation } from '~/lib/use-translation';
import { kitKey, type SaveState, useBrandKit, useCardCheck, useCardDraft } from '../hooks';
import { fieldElementId } from '../issues';
import { maxSlides, moveSlide, newSlide, removeSlide, setVersion, slideVersion } from '../slides';
import { BrandKitDialog } from './brand-kit-dialog';
import { CheckPanel } from './check-panel';
import { DeleteSet } from './delete-set';
import { PictureSteps } from './picture-step';
import { PresetSwitch } from './preset-switch';
import { SlideEditor } from './slide-editor';
import { SlidePreview } from './slide-preview';
import { SlideStrip } from './slide-strip';
import { Step } from './step';

/**
 * An open card set: its name, then the steps — photo, product and backdrop, slides on a
 * marketplace, check and export. What the seller types shows at once and is saved by itself;
 * the previews, the check and the zip follow each save. Only the AI steps cost credits.
 */
export function SetWorkshop({ set }: { set: CardSet }) {
  const { t } = useTranslation('app');
  const ids = useId();
  const client = useQueryClient();
  const { draft, change, state, retry } = useCardDraft(set);
  const kit = useBrandKit();
  const kitVersion = kitKey(kit.data);
  const [selected, setSelected] = useState(0);
  const [kitOpen, setKitOpen] = useState(false);
  const preset = getMarketplacePreset(draft.preset);
  const ratio = preset?.ratio ?? { w: 3, h: 4 };
  const max = preset ? maxSlides(preset) : draft.slides.length;
  const current = Math.min(selected, draft.slides.length - 1);
  const slide = draft.slides[current];
  const check = useCardCheck(set, setVersion(set, kitVersion));
  const versionOf = (index: number) => slideVersion(set, kitVersion, index);
  const base = `${ids}-slide-${current}`;
  // The previews and the check are of the saved set: the check applies while nothing waits.
  const issues = check.data?.preset === draft.preset ? (check.data?.issues ?? []) : [];
  const pictures = {
    cutout: set.pictures.cutout !== null,
    scene: set.pictures.scene !== null,
    photo: set.pictures.photo !== null,
  };

  const setSlides = (edit: (slides: Slide[]) => Slide[], now = false) =>
    change((body) => ({ ...body, slides: edit(body.slides) }), now);

  const readPictures = () => {
    void client.invalidateQueries({ queryKey: queryKeys.cards.set(set.id) });
    void client.invalidateQueries({ queryKey: queryKeys.cards.list });
  };

  const show = (index: number | null, field: string | null) => {
    if (index === null) return;
    setSelected(index);
    const target = fieldElementId(`${ids}-slide-${index}`, field);
    requestAnimationFrame(() => {
      const element = document.getElementById(target);
      element?.scrollIntoView({ block: 'center' });
      element?.focus();
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-name`} className="mb-1.5 block text-sm font-medium text-fg">
            {t('cards.name.label')}
          </label>
          <input
            id={`${ids}-name`}
            value={draft.name}
            maxLength={80}
            placeholder={t('cards.name.placeholder')}
            onChange={(event) => {
              const name = event.currentTarget.value;
              change((body) => ({ ...body, name }));
            }}
            className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-base font-medium text-fg placeholder:text-fg-muted/80"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SaveStatus state={state} onRetry={() => void retry()} />
          <Button variant="secondary" onClick={() => setKitOpen(true)} data-brand-kit-open="">
            <Palette aria-hidden="true" />
            {t('cards.kit.open')}
          </Button>
          <DeleteSet id={set.id} name={draft.name} />
          <Link
            to={paths.cards}
            className="inline-flex h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-fg-muted hover:bg-surface-raised hover:text-fg"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('cards.allSets')}
          </Link>
        </div>
      </div>

      <PictureSteps set={set} draft={draft} change={change} onPicturesChanged={readPictures} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <Step
          id={`${ids}-slides`}
          n={3}
          title={t('cards.steps.slides')}
          hint={t('cards.slides.hint')}
        >
          <div className="space-y-5">
            <PresetSwitch
              value={draft.preset}
              slideCount={draft.slides.length}
              onChange={(id) => change((body) => ({ ...body, preset: id }), true)}
            />
            <SlideStrip
              setId={set.id}
              slides={draft.slides}
              saved={set.slides.length}
              versionOf={versionOf}
              ratio={ratio}
              selected={current}
              issues={issues}
              canAdd={draft.slides.length < max}
              onSelect={setSelected}
              onAdd={() => {
                setSlides((slides) => [...slides, newSlide('features', '')], true);
                setSelected(draft.slides.length);
              }}
            />
            {current < set.slides.length ? (
              <SlidePreview
                setId={set.id}
                index={current}
                width={720}
                version={versionOf(current)}
                ratio={ratio}
                alt={t('cards.preview.alt', { n: current + 1 })}
                lazy
                className="mx-auto w-full max-w-64 lg:hidden"
              />
            ) : null}
            {slide ? (
              <SlideEditor
                key={current}
                base={base}
                slide={slide}
                index={current}
                count={draft.slides.length}
                max={max}
                issues={issues}
                pictures={pictures}
                hasLogo={kit.data?.logo != null}
                onChange={(next) =>
                  setSlides((slides) => slides.map((each, i) => (i === current ? next : each)))
                }
                onMove={(to) => {
                  setSlides((slides) => moveSlide(slides, current, to), true);
                  setSelected(to);
                }}
                onRemove={() => {
                  setSlides((slides) => removeSlide(slides, current), true);
                  setSelected(Math.max(0, current - 1));
                }}
              />
            ) : null}
          </div>
        </Step>

        <div className="min-w-0 space-y-4">
          {current < set.slides.length ? (
            <div className="hidden lg:block">
              <SlidePreview
                setId={set.id}
                index={current}
                width={720}
                version={versionOf(current)}
                ratio={ratio}
                alt={t('cards.preview.alt', { n: current + 1 })}
                lazy
                className="w-full"
              />
            </div>
          ) : null}
          <Step
            id={`${ids}-check`}
            n={4}
            title={t('cards.steps.check')}
            done={check.data?.ok === true}
          >
            <CheckPanel
              setId={set.id}
              draft={draft}
              check={check.data?.preset === draft.preset ? check.data : undefined}
              checking={check.isFetching}
              settled={state === 'saved'}
              onShow={show}
              onSave={retry}
              onRefused={() => void check.refetch()}
            />
          </Step>
        </div>
      </div>
      <BrandKitDialog open={kitOpen} onOpenChange={setKitOpen} kit={kit.data} />
    </div>
  );
}

/** Whether what was typed is saved, on its way, or could not be (with a retry). */
function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation('app');
  if (state === 'failed') {
    return (
      <span role="alert" className="flex items-center gap-2 text-sm text-red-300">
        <CircleAlert aria-hidden="true" className="size-4" />
        {t('cards.save.failed')}
        <Button variant="ghost" size="sm" onClick={onRetry}>
          {t('cards.save.retry')}
        </Button>
      </span>
    );
  }
  return (
    <span className="flex h-11 items-center gap-1.5 px-1 text-sm text-fg-muted" data-save={state}>
      {state === 'saved' ? null : (
        <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      )}
      {state === 'saved' ? t('cards.save.saved') : t('cards.save.saving')}
    </span>
  );
}
