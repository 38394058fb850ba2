import '~/locales/landing';
import { type CostRate, toolCosts } from '@kadr/catalog';
import { Wand } from 'lucide-react';
import { usePageLanguage } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';

/** A tool's price as the public pages say it: per picture, or per megapixel with its minimum. */
export function useToolRate(): (rate: CostRate) => string {
  const { t } = useTranslation('landing');
  return (rate) => {
    const cost = t('home.prices.credits', { count: rate.tokens });
    return rate.per === 'megapixel'
      ? t('home.prices.perMegapixel', {
          cost,
          minimum: t('home.prices.credits', { count: rate.minimum ?? 1 }),
        })
      : t('home.prices.perPicture', { cost });
  };
}

/**
 * The finishing tools and their prices in the home page's price list, read from the catalogue
 * while prerendering, like the models' rates beside it.
 */
export function ToolPriceGroup() {
  const { t } = useTranslation('landing');
  const language = usePageLanguage();
  const rate = useToolRate();
  return (
    <section aria-labelledby="prices-tools" className="md:col-span-2">
      <h3 id="prices-tools" className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        <Wand aria-hidden="true" className="size-4 text-accent-soft" />
        {t('home.prices.tools')}
      </h3>
      <ul className="mt-3 divide-y divide-line/60 rounded-2xl border border-line bg-surface-raised/40">
        {toolCosts().map((card) => (
          <li
            key={card.id}
            data-tool-cost={card.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-3 text-sm"
          >
            <span className="font-medium text-fg">{card.title[language]}</span>
            <span className="text-accent-soft">{rate(card.rate)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A use-case page's tools block (the marketplace's: cut-outs and new backgrounds are a seller's
 * first step): each tool with what it does and what it costs, from the catalogue.
 */
export function ToolsSection({ title, subtitle }: { title: string; subtitle: string }) {
  const language = usePageLanguage();
  const rate = useToolRate();
  return (
    <section aria-labelledby="tools-title" className="border-t border-line/60 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="tools-title"
            className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mt-4 text-fg-muted">{subtitle}</p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {toolCosts().map((card) => (
            <li
              key={card.id}
              data-tool-cost={card.id}
              className="flex flex-col rounded-2xl border border-line bg-surface-raised/60 p-6"
            >
              <h3 className="text-lg font-semibold text-fg">{card.title[language]}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-fg-muted">
                {card.description[language]}
              </p>
              <p className="mt-4 text-sm font-medium text-accent-soft">{rate(card.rate)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
