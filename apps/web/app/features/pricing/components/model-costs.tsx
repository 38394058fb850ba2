import '~/locales/app';
import '~/locales/app-pricing';
import type { ModelType } from '@kadr/catalog';
import { type CostRate, type ModelCost, modelCosts } from '@kadr/catalog';
import { Film, Image } from 'lucide-react';
import { useOfferedModelIds } from '~/features/generations/run/offered-models';
import { useTranslation } from '~/lib/use-translation';
import { CharacterCost } from './character-cost';
import { ToolCosts } from './tool-costs';

const icons = { image: Image, video: Film } as const;

/**
 * A cost card per model on offer (not one an operator switched off), image models then video
 * models, then the finishing tools and a trained character, figures from the catalogue.
 */
export function ModelCosts() {
  const { t } = useTranslation('app');
  return (
    <div className="space-y-8">
      {(['image', 'video'] as const).map((type) => (
        <CostGroup key={type} type={type} title={t(`pricing.costs.${type}s`)} />
      ))}
      <ToolCosts />
      <CharacterCost />
    </div>
  );
}

function CostGroup({ type, title }: { type: ModelType; title: string }) {
  const { t, i18n } = useTranslation('app');
  const language = i18n.language;
  const Icon = icons[type];
  const offered = useOfferedModelIds(type);
  const rate = (item: CostRate) => {
    const cost = t('pricing.tokens', { count: item.tokens });
    if (item.per === 'image') return t('pricing.costs.perImage', { cost });
    if (item.per === 'video') return t('pricing.costs.perVideo', { cost });
    if (item.option) {
      return t('pricing.costs.perSecondWith', { cost, option: item.option[language] });
    }
    return item.resolution
      ? t('pricing.costs.perSecondAt', { cost, resolution: item.resolution })
      : t('pricing.costs.perSecond', { cost });
  };
  const fixedCost = ({ tokens, upTo }: NonNullable<ModelCost['fixed']>) =>
    upTo === undefined
      ? t('pricing.tokens', { count: tokens })
      : t('pricing.costs.range', { from: tokens, cost: t('pricing.tokens', { count: upTo }) });
  return (
    <section aria-label={title}>
      <h3 className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        <Icon aria-hidden="true" className="size-4 text-accent-soft" />
        {title}
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {modelCosts(type)
          .filter((card) => offered.has(card.id))
          .map((card) => (
            <li
              key={card.id}
              data-model-cost={card.id}
              className="flex flex-col rounded-2xl border border-line bg-surface-raised/60 p-5"
            >
              <p className="font-semibold text-fg">{card.name}</p>
              <p className="mt-1 text-sm text-fg-muted">{card.description[language]}</p>
              <ul className="mt-4 space-y-1 text-sm font-medium text-accent-soft">
                {card.rates.map((item) => (
                  <li key={`${item.per}-${item.resolution ?? item.option?.en ?? ''}`}>
                    {rate(item)}
                  </li>
                ))}
                {card.fixed ? (
                  <li>
                    {t('pricing.costs.fixed', {
                      seconds: card.fixed.seconds,
                      cost: fixedCost(card.fixed),
                    })}
                  </li>
                ) : null}
              </ul>
            </li>
          ))}
      </ul>
    </section>
  );
}
