import '~/locales/app-studio';
import { FastForward, X } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';
import type { ContinuedClip as Clip } from '../studio-state';

/**
 * What the video being made continues (ADR 047): the clip's poster and prompt, that the new video
 * starts on its last frame and is then joined onto it for free, and a way to stop continuing.
 */
export function ContinuedClip({
  clip,
  blockedBy,
  onStop,
}: {
  clip: Clip;
  /** The chosen model, when it cannot continue a clip (it does not start from a picture). */
  blockedBy?: string | undefined;
  onStop: () => void;
}) {
  const { t } = useTranslation('app');
  return (
    <section
      aria-label={t('studio.continuing.title')}
      data-continuing={clip.id}
      className="flex items-start gap-3 rounded-2xl border border-accent/40 bg-accent/10 p-3"
    >
      {clip.poster ? (
        <img
          src={clip.poster}
          alt=""
          className="aspect-video w-24 shrink-0 rounded-lg bg-black/40 object-cover"
        />
      ) : (
        <span className="flex aspect-video w-24 shrink-0 items-center justify-center rounded-lg bg-black/40">
          <FastForward aria-hidden="true" className="size-5 text-accent-soft" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{t('studio.continuing.title')}</p>
        <p className="truncate text-xs text-fg-muted">
          {t('studio.continuing.clip', { caption: clip.caption })}
        </p>
        {blockedBy ? (
          <p className="mt-1 text-xs text-amber-200" role="status">
            {t('studio.continuing.notThisModel', { model: blockedBy })}
          </p>
        ) : (
          <p className="mt-1 text-xs text-fg-muted">{t('studio.continuing.hint')}</p>
        )}
      </div>
      <button
        type="button"
        onClick={onStop}
        aria-label={t('studio.continuing.stop')}
        title={t('studio.continuing.stop')}
        className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
