import '~/locales/app';
import '~/locales/app-pricing';
import { type CostRate, toolCosts } from '@kadr/catalog';
import { Wand } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/**
 * A cost card per finishing tool (ADR 038), from the catalogue: flat per picture, or per megapixel
 * of the result with its minimum.
 */
export function ToolCosts() {
  const { t, i18n } = useTranslation('app');
  const language = i18n.language;
  const title = t('pricing.costs.tools');
  const rate = (item: CostRate) => {
    const cost = t('pricing.tokens', { count: item.tokens });
    if (item.per === 'megapixel') {
      return t('pricing.costs.perMegapixel', {
        cost,
        minimum: t('pricing.tokens', { count: item.minimum ?? 1 }),
      });
    }
    return t('pricing.costs.perPicture', { cost });
  };
  return (
    <section aria-label={title} data-tool-costs>
      <h3 className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        <Wand aria-hidden="true" className="size-4 text-accent-soft" />
        {title}
      </h3>
      <p className="mt-1 max-w-2xl text-sm text-fg-muted">{t('pricing.costs.toolsDescription')}</p>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {toolCosts().map((card) => (
          <li
            key={card.id}
            data-tool-cost={card.id}
            className="flex flex-col rounded-2xl border border-line bg-surface-raised/60 p-5"
          >
            <p className="font-semibold text-fg">{card.title[language]}</p>
            <p className="mt-1 text-sm text-fg-muted">{card.description[language]}</p>
            <p className="mt-4 text-sm font-medium text-accent-soft">{rate(card.rate)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
