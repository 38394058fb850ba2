import '~/locales/app';
import '~/locales/app-pricing';
import { characterTraining, getModel, priceOfModel } from '@kadr/catalog';
import { UserRound } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/**
 * What a character of one's own costs (ADR 045), from the catalogue: its training, once, and each
 * picture of it after — and that a training that fails or is stopped costs nothing.
 */
export function CharacterCost() {
  const { t, i18n } = useTranslation('app');
  const language = i18n.language === 'en' ? 'en' : 'ru';
  const title = t('pricing.costs.character');
  const model = getModel(characterTraining.makes);
  const perPicture = model ? priceOfModel(model, { parameters: {}, duration: 0 }) : null;
  return (
    <section aria-label={title} data-character-cost>
      <h3 className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        <UserRound aria-hidden="true" className="size-4 text-accent-soft" />
        {title}
      </h3>
      <div className="mt-3 max-w-md rounded-2xl border border-line bg-surface-raised/60 p-5">
        <p className="font-semibold text-fg">{t('pricing.costs.characterTitle')}</p>
        <p className="mt-1 text-sm text-fg-muted">{characterTraining.description[language]}</p>
        <p className="mt-4 text-sm font-medium text-accent-soft">
          {t('pricing.costs.training', {
            cost: t('pricing.tokens', { count: characterTraining.price.tokens }),
          })}
          {perPicture === null
            ? null
            : ` · ${t('pricing.costs.perPicture', { cost: t('pricing.tokens', { count: perPicture }) })}`}
        </p>
        <p className="mt-2 text-xs text-fg-muted">{t('pricing.costs.trainingRefund')}</p>
      </div>
    </section>
  );
}
