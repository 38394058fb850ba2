import '~/locales/app-styles';
import { Check, RotateCcw, Sparkles, Undo2 } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/** An improvement shown: the person's prompt, the rewrite, and which of the two is in the box. */
export type ImproveOutcome = { before: string; after: string; undone: boolean; cost: number };

export type ImprovePanelProps = {
  outcome: ImproveOutcome | null;
  onUndo: () => void;
  onRedo: () => void;
  onClose: () => void;
};

/**
 * Before and after (issue #49): the rewrite is in the prompt box, the person's own beside it; they
 * keep the rewrite, go back to their own, or back to the rewrite again.
 */
export function ImprovePanel({ outcome, onUndo, onRedo, onClose }: ImprovePanelProps) {
  const { t } = useTranslation('app');
  if (!outcome) return null;
  const button =
    'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors';
  // Applied: keep it, or back to mine. Undone: back to the improved one, or close.
  const main = outcome.undone
    ? { label: t('styles.improve.redo'), Icon: RotateCcw, act: onRedo }
    : { label: t('styles.improve.keep'), Icon: Check, act: onClose };
  const other = outcome.undone
    ? { label: t('styles.improve.close'), Icon: null, act: onClose }
    : { label: t('styles.improve.undo'), Icon: Undo2, act: onUndo };
  return (
    <section
      aria-label={t('styles.improve.title')}
      data-improved={outcome.undone ? 'undone' : 'applied'}
      className="w-full basis-full space-y-3 rounded-xl border border-accent/40 bg-accent/10 p-3"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-fg" role="status">
        <Sparkles aria-hidden="true" className="size-4 text-accent-soft" />
        {outcome.undone
          ? t('styles.improve.undone')
          : t('styles.improve.done', { count: outcome.cost })}
      </p>
      <dl className="grid gap-2 text-xs sm:grid-cols-2">
        <div className="min-w-0 rounded-lg bg-surface/70 p-2">
          <dt className="font-medium text-fg-muted">{t('styles.improve.before')}</dt>
          <dd className="mt-1 break-words text-fg" data-before>
            {outcome.before}
          </dd>
        </div>
        <div className="min-w-0 rounded-lg bg-surface/70 p-2">
          <dt className="font-medium text-fg-muted">{t('styles.improve.after')}</dt>
          <dd className="mt-1 line-clamp-6 break-words text-fg" data-after>
            {outcome.after}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={main.act} className={`${button} bg-accent text-white`}>
          <main.Icon aria-hidden="true" className="size-4" />
          {main.label}
        </button>
        <button
          type="button"
          onClick={other.act}
          className={`${button} border border-line text-fg hover:bg-line`}
        >
          {other.Icon ? <other.Icon aria-hidden="true" className="size-4" /> : null}
          {other.label}
        </button>
      </div>
    </section>
  );
}
