import '~/locales/app-elements';
import type { LibraryElement } from '@kadr/contract';
import { ImageOff } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';
import { isTrained, isTrainingRunning, trainingOf } from '../training';

/**
 * One element in the library: its cover, name, kind and how many pictures it holds, and a
 * character's training (under way, or done). The whole card opens it in the editor.
 */
export function ElementCard({
  element,
  onOpen,
}: {
  element: LibraryElement;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('app');
  const badge = isTrainingRunning(trainingOf(element))
    ? t('elements.badges.training')
    : isTrained(element)
      ? t('elements.badges.trained')
      : null;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-element={element.id}
      onClick={() => onOpen(element.id)}
      className="group block w-full min-w-0 rounded-xl border border-line bg-surface-raised/40 p-2 text-left transition-colors hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft"
    >
      <span className="relative block aspect-square overflow-hidden rounded-lg bg-surface">
        {element.cover ? (
          <img
            src={element.cover.url}
            alt=""
            loading="lazy"
            width={element.cover.width || undefined}
            height={element.cover.height || undefined}
            className="size-full object-cover transition-transform group-hover:scale-[1.02]"
          />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-fg-muted">
            <ImageOff aria-hidden="true" className="size-5" />
            {t('elements.noCover')}
          </span>
        )}
        {badge ? (
          <span
            className="absolute bottom-1 left-1 rounded-md bg-black/75 px-1.5 py-0.5 text-[11px] font-medium text-white"
            data-element-badge=""
          >
            {badge}
          </span>
        ) : null}
      </span>
      <span className="mt-2 block truncate text-sm font-medium text-fg" data-element-name="">
        {element.name}
      </span>
      <span className="block truncate text-xs text-fg-muted" data-element-summary="">
        {t(`elements.kinds.${element.kind}`)} ·{' '}
        {t('elements.pictures', { count: element.pictures.length })}
      </span>
    </button>
  );
}

export function ElementCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-xl border border-line bg-surface-raised/40 p-2">
      <div className="aspect-square rounded-lg bg-line/50 motion-safe:animate-pulse" />
      <div className="mt-2 h-3 w-2/3 rounded bg-line/70 motion-safe:animate-pulse" />
      <div className="mt-2 h-3 w-1/2 rounded bg-line/70 motion-safe:animate-pulse" />
    </div>
  );
}
