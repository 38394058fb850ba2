import '~/locales/landing';
import {
  type CostRate,
  defaultCurrency,
  type ModelCost,
  modelCosts,
  tokenPackages,
} from '@kadr/catalog';
import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { Film, Image, type LucideIcon } from 'lucide-react';
import { usePageLanguage } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import { sections } from '../sections';
import { ToolPriceGroup } from './tool-prices';

const groups: { type: 'image' | 'video'; icon: LucideIcon }[] = [
  { type: 'image', icon: Image },
  { type: 'video', icon: Film },
];

/**
 * A model's rates as the public pages say them: per image, per second (at a resolution, or with an
 * option such as sound), fixed.
 */
export function useModelRates(): (card: ModelCost) => string[] {
  const { t } = useTranslation('landing');
  const language = usePageLanguage();
  const credits = (count: number) => t('home.prices.credits', { count });
  const rate = (item: CostRate) => {
    const cost = credits(item.tokens);
    if (item.per === 'image') return t('home.prices.perImage', { cost });
    if (item.per === 'video') return t('home.prices.perVideo', { cost });
    if (item.option) return t('home.prices.perSecondWith', { cost, option: item.option[language] });
    return item.resolution
      ? t('home.prices.perSecondAt', { cost, resolution: item.resolution })
      : t('home.prices.perSecond', { cost });
  };
  const fixedCost = ({ tokens, upTo }: NonNullable<ModelCost['fixed']>) =>
    upTo === undefined
      ? credits(tokens)
      : t('home.prices.range', { from: tokens, cost: credits(upTo) });
  return (card) => [
    ...card.rates.map(rate),
    ...(card.fixed
      ? [t('home.prices.fixed', { seconds: card.fixed.seconds, cost: fixedCost(card.fixed) })]
      : []),
  ];
}

/**
 * What things cost, for visitors who have not signed in (the pricing screen is for people who
 * have): the credit packages of the page's currency, every model's and tool's rates, read from the
 * catalogue while prerendering, so no figure here can drift from what the studio charges.
 */
export function PricesSection() {
  const { t } = useTranslation('landing');
  const language = usePageLanguage();
  const credits = (count: number) => t('home.prices.credits', { count });
  const rates = useModelRates();
  return (
    <section
      id={sections.prices}
      tabIndex={-1}
      aria-labelledby="prices-title"
      className="scroll-mt-20 border-t border-line/60 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="prices-title"
            className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
          >
            {t('home.prices.title')}
          </h2>
          <p className="mt-4 text-fg-muted">{t('home.prices.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {tokenPackages[defaultCurrency(language)].map((item) => (
            <li
              key={item.id}
              data-package={item.id}
              className={clsx(
                'rounded-2xl border p-6',
                item.popular ? 'border-accent/60 bg-accent/10' : 'border-line bg-surface-raised/60',
              )}
            >
              <h3 className="text-lg font-semibold text-fg">{credits(item.tokens)}</h3>
              <p className="mt-1 text-sm text-fg-muted">{item.description[language]}</p>
              <p className="mt-4 text-3xl font-semibold tracking-tight text-fg">{item.price}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-center text-sm text-fg-muted">{t('home.prices.otherCurrency')}</p>
        <div className="mt-12 grid gap-8 md:grid-cols-2">
          {groups.map(({ type, icon: Icon }) => (
            <section key={type} aria-labelledby={`prices-${type}`}>
              <h3
                id={`prices-${type}`}
                className="flex items-center gap-2 text-sm font-medium text-fg-muted"
              >
                <Icon aria-hidden="true" className="size-4 text-accent-soft" />
                {t(`home.prices.${type}s`)}
              </h3>
              <ul className="mt-3 divide-y divide-line/60 rounded-2xl border border-line bg-surface-raised/40">
                {modelCosts(type).map((card) => (
                  <li
                    key={card.id}
                    data-model-cost={card.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-3 text-sm"
                  >
                    <span className="font-medium text-fg">{card.name}</span>
                    <span className="text-accent-soft">{rates(card).join(' · ')}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ToolPriceGroup />
        </div>
        <p className="mt-8 text-center text-sm text-fg-muted">
          {t('home.prices.note')}{' '}
          <a
            href={paths.pricing}
            className="font-medium text-accent-soft underline-offset-4 hover:underline"
          >
            {t('home.prices.pricing')}
          </a>
        </p>
      </div>
    </section>
  );
}
