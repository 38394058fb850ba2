import type { Currency } from '@kadr/contract';

/** The interface language decides the currency (and with it the provider): RUB in Russian, USD in English. */
export function currencyFor(language: string | undefined): Currency {
  return language === 'en' ? 'USD' : 'RUB';
}

/** A price per token: kopecks for roubles, a tenth of a cent for dollars (2,17 ₽; $0.026). */
export function formatPerToken(value: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: currency === 'USD' ? 3 : 2,
  }).format(value);
}
