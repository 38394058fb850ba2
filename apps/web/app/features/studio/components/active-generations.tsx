import '~/locales/app-studio';
import { Sparkles } from 'lucide-react';
import { onDemand } from '~/components/on-demand';
import { useTranslation } from '~/lib/use-translation';
import type { ActiveGeneration } from '../active-generations';
import type { GenerationPanelProps } from './generation-panel';

/**
 * A running or finished generation's panel: with its media, actions and notices, code the studio's
 * first paint (no generation yet) does not need (ADR 042). Fetched at the first sign of use of the
 * page, so the panel of the generation that click starts is there at once.
 */
const GenerationPanel = onDemand<GenerationPanelProps>(
  () => import('./generation-panel').then((module) => module.GenerationPanel),
  () => true,
);

/** The panel's code and texts, fetched before a run starts so that its first state shows. */
export const preloadGenerationPanel = GenerationPanel.preload;

export function ActiveGenerations({
  items,
  onSettled,
  onDismiss,
}: {
  items: readonly ActiveGeneration[];
  onSettled: (id: string) => void;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <section aria-labelledby="active-title" className="min-w-0">
      <h2 id="active-title" className="mb-3 text-sm font-medium text-fg-muted">
        {t('studio.active.title')}
      </h2>
      {items.length === 0 ? (
        <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-line px-6 py-16 text-center">
          <Sparkles aria-hidden="true" className="size-8 text-accent-soft" />
          <p className="mt-4 font-medium text-fg">{t('studio.active.emptyTitle')}</p>
          <p className="mt-1 max-w-sm text-sm text-fg-muted">{t('studio.active.emptyText')}</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.id}>
              <GenerationPanel item={item} onSettled={onSettled} onDismiss={onDismiss} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
