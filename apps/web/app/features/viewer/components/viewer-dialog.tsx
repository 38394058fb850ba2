import '~/locales/app-library-dialogs';
import '~/locales/app';
import { type GenerationRecord, isFinished } from '@kadr/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  LoaderCircle,
  X,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { GenerationActions } from '~/features/generations/components/generation-actions';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useGenerationRequest } from '~/features/generations/hooks';
import { CollectionsButton } from '~/features/generations/library/collections-button';
import { FavoriteButton } from '~/features/generations/library/favorite-button';
import { ShareButton } from '~/features/generations/library/share-button';
import { captionOf, madeWith } from '~/features/generations/lineage';
import { useTranslation } from '~/lib/use-translation';
import { Lineage } from './lineage';
import { UsedElements } from './used-elements';

const ZOOM = 2.5;

export type ViewerProps = {
  items: readonly GenerationRecord[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /**
   * Where the result stands in a longer list than `items` (one page of it), e.g. 13 of 20; by
   * default its place in `items`.
   */
  position?: (index: number) => { at: number; total: number };
  /** Steps past either end of `items`, where the list goes on (the next or the previous page). */
  beyond?: { previous?: () => void; next?: () => void };
  /**
   * A related result (lineage) to show first, over `items[index]`: history's "made from" marker
   * opens the viewer on the source this way. Back returns to `items[index]`.
   */
  visit?: string | null;
};

/**
 * A result full-screen: the picture with zoom (click where to look closer, click again to fit), or
 * the video in a real player; the previous and next result of the list with the arrow keys or the
 * buttons; and the result's actions in one place. `items` are the results it steps through; with
 * `beyond` it walks on into the list's next or previous page (history loads it and hands it over).
 */
export function ViewerDialog({
  items,
  index,
  onIndexChange,
  onClose,
  position,
  beyond,
  visit,
}: ViewerProps) {
  const { t } = useTranslation('app');
  const record = index === null ? undefined : items[index];
  // Related results walked to from this one (its source, its edits, theirs…), the last shown.
  // Stepping to another result of the list starts afresh.
  const [walked, setWalked] = useState<{ base: string | undefined; ids: string[] }>({
    base: undefined,
    ids: [],
  });
  const trail = walked.base === record?.id ? walked.ids : visit ? [visit] : [];
  const visiting = trail.at(-1);
  const toTrail = (ids: string[]) => setWalked({ base: record?.id, ids });
  const go = (to: number) => {
    if (to >= 0 && to < items.length) onIndexChange(to);
    else if (to < 0) beyond?.previous?.();
    else beyond?.next?.();
  };
  const place =
    index === null ? null : (position?.(index) ?? { at: index + 1, total: items.length });
  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null) return;
    // Arrow keys inside a video's own controls seek; elsewhere they step through the results.
    if ((event.target as HTMLElement).tagName === 'VIDEO') return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };

  return (
    <Dialog.Root open={record !== undefined} onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/95 backdrop-blur-md motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onEscapeKeyDown={(event) => {
            // Escape in an open Edit list folds the list, not the viewer.
            const target = event.target instanceof Element ? event.target : null;
            if (target?.closest('[data-edit-menu="open"]')) event.preventDefault();
          }}
          className="fixed inset-0 z-50 flex flex-col outline-none motion-safe:data-[state=open]:animate-fade-in"
        >
          {record && index !== null ? (
            visiting ? (
              <RelatedBody
                key={visiting}
                id={visiting}
                onVisit={(id) => toTrail([...trail, id])}
                onBack={() => toTrail(trail.slice(0, -1))}
                onPrevious={index > 0 || beyond?.previous ? () => go(index - 1) : undefined}
                onNext={index < items.length - 1 || beyond?.next ? () => go(index + 1) : undefined}
              />
            ) : (
              <ViewerBody
                key={record.id}
                record={record}
                position={t('viewerDialog.position', {
                  index: place?.at ?? 0,
                  total: place?.total ?? 0,
                })}
                onVisit={(id) => toTrail([id])}
                onPrevious={index > 0 || beyond?.previous ? () => go(index - 1) : undefined}
                onNext={index < items.length - 1 || beyond?.next ? () => go(index + 1) : undefined}
              />
            )
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A related result (lineage), read by its id, shown with a way back to the one before. */
function RelatedBody({
  id,
  onVisit,
  onBack,
  onPrevious,
  onNext,
}: {
  id: string;
  onVisit: (id: string) => void;
  onBack: () => void;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const { t } = useTranslation('app');
  const { data, isError } = useGenerationRequest(id);
  if (data) {
    return (
      <ViewerBody
        record={data}
        position={null}
        onBack={onBack}
        onVisit={onVisit}
        onPrevious={onPrevious}
        onNext={onNext}
      />
    );
  }
  return (
    <>
      <header className="flex items-center gap-3 px-3 py-2 text-white sm:px-4">
        <BackButton onBack={onBack} />
        <Dialog.Title className="flex-1 text-sm font-medium">
          {isError ? t('viewerDialog.lineage.failed') : t('viewerDialog.lineage.loading')}
        </Dialog.Title>
        <Dialog.Close className={iconButton} aria-label={t('viewerDialog.close')}>
          <X aria-hidden="true" />
        </Dialog.Close>
      </header>
      <div className="flex flex-1 items-center justify-center">
        {isError ? null : (
          <LoaderCircle
            aria-hidden="true"
            className="size-8 text-white/60 motion-safe:animate-spin"
          />
        )}
      </div>
    </>
  );
}

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white disabled:opacity-30';

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('app');
  return (
    <button
      type="button"
      className={iconButton}
      onClick={onBack}
      aria-label={t('viewerDialog.lineage.back')}
      title={t('viewerDialog.lineage.back')}
    >
      <ArrowLeft aria-hidden="true" />
    </button>
  );
}

function ViewerBody({
  record,
  position,
  onBack,
  onVisit,
  onPrevious,
  onNext,
}: {
  record: GenerationRecord;
  /** Its place in the list ("3 of 12"); null for a related result walked to. */
  position: string | null;
  /** A related result: back to the one it was reached from. */
  onBack?: () => void;
  onVisit: (id: string) => void;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('app');
  const file = record.expand.output_files[0];
  const prompt = record.jsondata.prompt ?? '';
  const model = madeWith(record, i18n.language);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const video = file?.mime.startsWith('video/') ?? false;

  const toggleZoom = (event: MouseEvent<HTMLImageElement>) => {
    if (zoom) {
      setZoom(null);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    });
  };
  return (
    <>
      <header className="flex items-center gap-3 px-3 py-2 text-white sm:px-4">
        {onBack ? <BackButton onBack={onBack} /> : null}
        {/* The place stays whole on a phone; only the model's name gives way. */}
        <Dialog.Title className="flex min-w-0 flex-1 items-baseline gap-2 text-sm font-medium">
          <span className="truncate">{model}</span>
          {position === null ? null : (
            <span className="shrink-0 text-white/60 tabular-nums">{position}</span>
          )}
        </Dialog.Title>
        {file && !video ? (
          <button
            type="button"
            className={iconButton}
            aria-label={zoom ? t('viewerDialog.zoomOut') : t('viewerDialog.zoomIn')}
            aria-pressed={zoom !== null}
            onClick={() => setZoom(zoom ? null : { x: 50, y: 50 })}
          >
            {zoom ? <ZoomOut aria-hidden="true" /> : <ZoomIn aria-hidden="true" />}
          </button>
        ) : null}
        <FavoriteButton record={record} className="size-10 text-white/80" />
        <CollectionsButton record={record} />
        <ShareButton record={record} className="size-10 text-white/80" />
        <Dialog.Close className={iconButton} aria-label={t('viewerDialog.close')}>
          <X aria-hidden="true" />
        </Dialog.Close>
      </header>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
        {file ? (
          video ? (
            // biome-ignore lint/a11y/useMediaCaption: generated clips have no speech to caption.
            <video
              src={file.url}
              poster={file.thumbnail ?? undefined}
              controls
              autoPlay
              playsInline
              className="max-h-full max-w-full bg-black"
              data-viewer-media
            />
          ) : (
            <div className="flex h-full w-full items-center justify-center overflow-hidden">
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: the zoom button does the same by keyboard. */}
              <img
                src={file.url}
                alt={t('generation.result', { prompt: captionOf(record, i18n.language) })}
                onClick={toggleZoom}
                data-viewer-media
                data-zoomed={zoom ? 'true' : 'false'}
                style={
                  zoom
                    ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` }
                    : undefined
                }
                className={clsx(
                  'max-h-full max-w-full object-contain transition-transform motion-reduce:transition-none',
                  zoom ? 'cursor-zoom-out' : 'cursor-zoom-in',
                )}
              />
            </div>
          )
        ) : !isFinished(record.status) ? (
          // A related result still being made (an edit walked to): what it waits for, if anything.
          <div className="flex max-w-sm flex-col items-center gap-4 px-12 text-center">
            <LoaderCircle
              aria-hidden="true"
              className="size-8 text-white/60 motion-safe:animate-spin"
            />
            <WaitingNote record={record} className="text-sm" />
          </div>
        ) : null}
        <button
          type="button"
          onClick={onPrevious}
          disabled={!onPrevious}
          aria-label={t('viewerDialog.previous')}
          className={clsx(
            iconButton,
            'absolute top-1/2 left-1 -translate-y-1/2 bg-black/40 sm:left-3',
          )}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onNext}
          disabled={!onNext}
          aria-label={t('viewerDialog.next')}
          className={clsx(
            iconButton,
            'absolute top-1/2 right-1 -translate-y-1/2 bg-black/40 sm:right-3',
          )}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
      <footer className="mx-auto flex w-full max-w-4xl flex-col gap-3 px-4 py-3 text-white">
        <Lineage record={record} onVisit={onVisit} />
        <UsedElements record={record} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="line-clamp-2 min-w-0 flex-1 text-sm text-white/80">
            {prompt === '' ? (
              <span className="text-white/60">{t('generation.noPrompt')}</span>
            ) : (
              prompt
            )}
          </p>
          <GenerationActions record={record} editPlacement="up" />
        </div>
      </footer>
    </>
  );
}
