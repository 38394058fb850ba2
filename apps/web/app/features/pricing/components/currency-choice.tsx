import '~/locales/app';
import '~/locales/app-pricing';
import { currencies } from '@kadr/catalog';
import type { Currency } from '@kadr/contract';
import { clsx } from 'clsx';
import { useTranslation } from '~/lib/use-translation';

/**
 * Roubles or dollars, whatever the interface language: the packages, their prices and the provider
 * (YooKassa or Stripe) follow the choice. Two toggle buttons, the chosen one pressed.
 */
export function CurrencyChoice({
  value,
  onChange,
}: {
  value: Currency;
  onChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <fieldset className="flex items-center gap-3">
      <legend className="float-left text-sm text-fg-muted">{t('pricing.currency.label')}</legend>
      <div className="inline-flex rounded-lg border border-line bg-surface p-0.5">
        {currencies.map((currency) => {
          const chosen = currency === value;
          return (
            <button
              key={currency}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(currency)}
              className={clsx(
                'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors',
                chosen ? 'bg-surface-raised text-fg' : 'text-fg-muted hover:text-fg',
              )}
            >
              {t(`pricing.currency.${currency}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
