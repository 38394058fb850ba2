import { clsx } from 'clsx';
import { Check, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useConnectionState } from '~/lib/connection';
import { useTranslation } from '~/lib/use-translation';

/** How long "Back online" stays once Kadr answers again. */
export const backShownMs = 3_000;

type Shown = 'reconnecting' | 'back' | null;

/**
 * The connection's state for the person (issue #38): while a part of Kadr is away, a calm line —
 * not an error — says the page is reconnecting (reads wait and try again meanwhile, lib/api.ts);
 * when it answers again, "Back online" for a few seconds. A polite live region, so a screen reader
 * hears both without losing its place. Rendered in the flow by each shell, so it never covers the
 * phone's sticky main button or a bottom bar.
 */
export function ConnectionBanner({
  className,
  edge = 'bottom',
}: {
  className?: string;
  /** Where its line is drawn: under it (a bar at the top of the content), or over it. */
  edge?: 'top' | 'bottom';
}) {
  const { t } = useTranslation();
  const state = useConnectionState();
  const [shown, setShown] = useState<Shown>(state === 'reconnecting' ? 'reconnecting' : null);

  useEffect(() => {
    if (state === 'reconnecting') setShown('reconnecting');
    else setShown((was) => (was === 'reconnecting' ? 'back' : was));
  }, [state]);

  useEffect(() => {
    if (shown !== 'back') return;
    const timer = window.setTimeout(() => setShown(null), backShownMs);
    return () => window.clearTimeout(timer);
  }, [shown]);

  return (
    <div role="status" aria-live="polite" data-connection={shown ?? 'online'} className={className}>
      {shown ? (
        <p
          className={clsx(
            'flex justify-center px-4 py-2 text-sm',
            edge === 'top' ? 'border-t' : 'border-b',
            shown === 'reconnecting'
              ? 'border-line bg-surface-raised/95 text-fg'
              : 'border-green-400/20 bg-green-950/95 text-green-200',
          )}
        >
          {/* The icon stays beside the words when they take two lines on a phone. */}
          <span className="inline-flex items-center gap-2">
            {shown === 'reconnecting' ? (
              <RefreshCw
                aria-hidden="true"
                className="size-4 shrink-0 text-accent-soft motion-safe:animate-spin motion-safe:[animation-duration:2s]"
              />
            ) : (
              <Check aria-hidden="true" className="size-4 shrink-0" />
            )}
            {shown === 'reconnecting' ? t('connection.reconnecting') : t('connection.back')}
          </span>
        </p>
      ) : null}
    </div>
  );
}
