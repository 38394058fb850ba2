import { defaultCurrency, isCurrency } from '@kadr/catalog';
import { type Currency, isLanguage } from '@kadr/contract';
import { useSearchParams } from 'react-router';

/** The address parameter that holds the currency a person chose on /pricing. */
const currencyParam = 'currency';

/**
 * The currency /pricing sells in (and with it the provider): the person's choice, kept in the
 * address so a reload or a shared link keeps it, else the interface language's (RUB in Russian,
 * USD in English). A Russian reading the English interface can still pay in roubles.
 */
export function useCurrency(language: string): [Currency, (currency: Currency) => void] {
  const [search, setSearch] = useSearchParams();
  const chosen = search.get(currencyParam);
  const currency =
    chosen !== null && isCurrency(chosen)
      ? chosen
      : defaultCurrency(isLanguage(language) ? language : 'ru');
  const choose = (next: Currency) =>
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        query.set(currencyParam, next);
        return query;
      },
      { replace: true, preventScrollReset: true },
    );
  return [currency, choose];
}

/** A price per credit: kopecks for roubles, a tenth of a cent for dollars (2,17 ₽; $0.026). */
export function formatPerToken(value: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: currency === 'USD' ? 3 : 2,
  }).format(value);
}
