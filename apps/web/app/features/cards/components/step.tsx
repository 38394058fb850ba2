import '~/locales/app-cards';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/use-translation';

/** One numbered step of the workshop: its number (a tick once done), title, hint and body. */
export function Step({
  id,
  n,
  title,
  hint,
  done = false,
  aside,
  className,
  children,
}: {
  id: string;
  n: number;
  title: string;
  hint?: ReactNode;
  done?: boolean;
  /** Beside the title (a "free" tag, a count). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  return (
    <section
      aria-labelledby={id}
      data-card-step={n}
      className={clsx(
        'min-w-0 rounded-2xl border border-line bg-surface-raised/40 p-4 sm:p-5',
        className,
      )}
    >
      <header className="mb-4 flex items-start gap-3">
        <span
          aria-hidden="true"
          className={clsx(
            'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
            done ? 'bg-green-400/15 text-green-300' : 'bg-accent/20 text-accent-soft',
          )}
        >
          {done ? <Check className="size-4" /> : n}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={id} className="text-base font-semibold text-fg">
              <span className="sr-only">{t('cards.steps.number', { n })} </span>
              {title}
            </h2>
            {aside}
          </div>
          {hint ? <p className="mt-1 text-sm text-fg-muted">{hint}</p> : null}
        </div>
      </header>
      {children}
    </section>
  );
}

/** The tag that says an action costs nothing and runs no AI. */
export function FreeTag({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <span
      data-free=""
      className="inline-flex items-center rounded-full border border-green-400/30 bg-green-400/10 px-2.5 py-0.5 text-xs font-medium text-green-300"
    >
      {children ?? t('cards.free')}
    </span>
  );
}
