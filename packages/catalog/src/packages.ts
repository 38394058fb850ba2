import { deepFreeze } from './freeze.ts';
import type { Localized } from './types.ts';

export const currencies = ['RUB', 'USD'] as const;

export type Currency = (typeof currencies)[number];

export function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

/**
 * The currency a language starts with (roubles in Russian, dollars in English): what the public
 * pages quote and what /pricing offers first. A person may pay in the other one.
 */
export function defaultCurrency(language: keyof Localized): Currency {
  return language === 'en' ? 'USD' : 'RUB';
}

export type TokenPackage = {
  id: string;
  name: Localized;
  tokens: number;
  /** In whole currency units, not minor units: 1300 (₽) or 12.99 ($). */
  priceNumeric: number;
  /** Display form, e.g. '1 300 ₽' (no-break spaces) or '$12.99'. */
  price: string;
  currency: Currency;
  /** priceNumeric ÷ tokens, to four decimal places. */
  pricePerToken: number;
  description: Localized;
  popular: boolean;
  /** Percent saved per token against the currency's smallest package, rounded. */
  savings: number;
};

type PackageSpec = Pick<TokenPackage, 'tokens' | 'priceNumeric' | 'description' | 'popular'>;

const noBreakSpace = '\u00a0';

/** Russian style: thousands grouped by a no-break space, '₽' after ('1 300 ₽'). */
function formatRub(amount: number): string {
  const grouped = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, noBreakSpace);
  return `${grouped}${noBreakSpace}₽`;
}

function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

const formatters: Record<Currency, (amount: number) => string> = { RUB: formatRub, USD: formatUsd };

function buildPackages(currency: Currency, specs: readonly PackageSpec[]): TokenPackage[] {
  const perToken = (spec: PackageSpec) => spec.priceNumeric / spec.tokens;
  const smallest = specs.reduce((a, b) => (b.tokens < a.tokens ? b : a));
  return specs.map((spec) => ({
    id: `${currency.toLowerCase()}-${spec.tokens}`,
    name: { en: `${spec.tokens} credits`, ru: `${spec.tokens} кредитов` },
    tokens: spec.tokens,
    priceNumeric: spec.priceNumeric,
    price: formatters[currency](spec.priceNumeric),
    currency,
    pricePerToken: Math.round(perToken(spec) * 10_000) / 10_000,
    description: spec.description,
    popular: spec.popular,
    savings: Math.round((1 - perToken(spec) / perToken(smallest)) * 100),
  }));
}

const starter: Localized = { en: 'Try every model', ru: 'Чтобы попробовать все модели' };
const regular: Localized = { en: 'For regular use', ru: 'Для регулярной работы' };
const bestValue: Localized = { en: 'The best price per credit', ru: 'Самая выгодная цена кредита' };

/** Spec §9. Only the Russian middle package is marked popular there. */
export const tokenPackages: Readonly<Record<Currency, readonly TokenPackage[]>> = deepFreeze({
  RUB: buildPackages('RUB', [
    { tokens: 100, priceNumeric: 300, description: starter, popular: false },
    { tokens: 600, priceNumeric: 1300, description: regular, popular: true },
    { tokens: 1000, priceNumeric: 2000, description: bestValue, popular: false },
  ]),
  USD: buildPackages('USD', [
    { tokens: 100, priceNumeric: 2.99, description: starter, popular: false },
    { tokens: 500, priceNumeric: 12.99, description: regular, popular: false },
    { tokens: 1000, priceNumeric: 19.99, description: bestValue, popular: false },
  ]),
});

/** Undefined for an unknown currency or id, so request values can be passed straight in. */
export function getPackage(currency: string, id: string): TokenPackage | undefined {
  return isCurrency(currency) ? tokenPackages[currency].find((pkg) => pkg.id === id) : undefined;
}
