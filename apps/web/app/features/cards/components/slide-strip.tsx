import '~/locales/app-cards';
import type { CardIssue, Slide } from '@kadr/contract';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';
import { issueCount } from '../issues';
import { SlidePreview } from './slide-preview';

/**
 * The set's slides as live previews, in order: pick one to edit; a slide with issues says how
 * many. A slide the server has not saved yet waits for its save; a new one is added at the end.
 */
export function SlideStrip({
  setId,
  slides,
  saved,
  versionOf,
  ratio,
  selected,
  issues,
  canAdd,
  onSelect,
  onAdd,
}: {
  setId: string;
  slides: readonly Slide[];
  /** How many slides the server holds (previews exist for those). */
  saved: number;
  /** Each slide's preview version (it changes when that slide's drawing may have). */
  versionOf: (index: number) => string;
  ratio: { w: number; h: number };
  selected: number;
  issues: readonly CardIssue[];
  canAdd: boolean;
  onSelect: (index: number) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('app');
  return (
    <div className="-mx-1 overflow-x-auto px-1 pt-1 pb-3">
      <ol className="flex gap-3" aria-label={t('cards.strip.label')}>
        {slides.map((slide, index) => {
          const count = issueCount(issues, index);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the set
            <li key={index} className="w-24 shrink-0 sm:w-28">
              <button
                type="button"
                onClick={() => onSelect(index)}
                aria-current={index === selected ? 'true' : undefined}
                data-strip-slide={index}
                className={clsx(
                  'group relative block w-full rounded-xl p-1 text-left outline-none focus-visible:outline-2 focus-visible:outline-accent-soft',
                  index === selected
                    ? 'bg-accent/20 ring-2 ring-accent-soft'
                    : 'hover:bg-surface-raised',
                )}
              >
                {index < saved ? (
                  <SlidePreview
                    setId={setId}
                    index={index}
                    width={240}
                    version={versionOf(index)}
                    ratio={ratio}
                    alt=""
                  />
                ) : (
                  <div
                    className="rounded-lg border border-dashed border-line bg-surface"
                    style={{ aspectRatio: `${ratio.w} / ${ratio.h}` }}
                  />
                )}
                <span className="mt-1 flex items-center gap-1 px-0.5 text-xs text-fg-muted">
                  <span className="sr-only">{t('cards.strip.slideWord')} </span>
                  <span className="tabular-nums">{index + 1}</span>
                  <span className="truncate">{t(`cards.kinds.${slide.kind}`)}</span>
                </span>
                {count > 0 ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="absolute top-2 right-2 flex size-5 items-center justify-center rounded-full bg-red-600 text-[11px] font-semibold text-white tabular-nums"
                    >
                      {count}
                    </span>
                    <span className="sr-only">. {t('cards.strip.issues', { count })}</span>
                  </>
                ) : null}
              </button>
            </li>
          );
        })}
        <li className="w-24 shrink-0 sm:w-28">
          <button
            type="button"
            onClick={onAdd}
            disabled={!canAdd}
            className="flex w-full flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-line p-1 text-xs text-fg-muted hover:bg-surface-raised hover:text-fg focus-visible:outline-2 focus-visible:outline-accent-soft disabled:opacity-50"
            style={{ aspectRatio: `${ratio.w} / ${ratio.h}` }}
          >
            <Plus aria-hidden="true" className="size-5" />
            {t('cards.strip.add')}
          </button>
        </li>
      </ol>
    </div>
  );
}
