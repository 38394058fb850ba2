import '~/locales/app-elements';
import type { LibraryElement } from '@kadr/contract';
import { ImageOff } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/**
 * One element in the library: its cover, name, kind and how many pictures it holds. The whole
 * card opens it in the editor.
 */
export function ElementCard({
  element,
  onOpen,
}: {
  element: LibraryElement;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-element={element.id}
      onClick={() => onOpen(element.id)}
      className="group block w-full min-w-0 rounded-xl border border-line bg-surface-raised/40 p-2 text-left transition-colors hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft"
    >
      <span className="block aspect-square overflow-hidden rounded-lg bg-surface">
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
