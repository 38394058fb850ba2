import { describe, expect, it } from 'vitest';
import { currencies, getPackage, isCurrency, tokenPackages } from './index.ts';

const nbsp = '\u00a0';

describe('tokenPackages (spec §9)', () => {
  it.each([
    ['RUB', 'rub-100', 100, 300, `300${nbsp}₽`, 3, 0, false],
    ['RUB', 'rub-600', 600, 1300, `1${nbsp}300${nbsp}₽`, 2.1667, 28, true],
    ['RUB', 'rub-1000', 1000, 2000, `2${nbsp}000${nbsp}₽`, 2, 33, false],
    ['USD', 'usd-100', 100, 2.99, '$2.99', 0.0299, 0, false],
    ['USD', 'usd-500', 500, 12.99, '$12.99', 0.026, 13, false],
    ['USD', 'usd-1000', 1000, 19.99, '$19.99', 0.02, 33, false],
  ] as const)(
    '%s %s: %i tokens for %s (%s), %s per token, %i%% off, popular: %s',
    (currency, id, tokens, priceNumeric, price, pricePerToken, savings, popular) => {
      expect(getPackage(currency, id)).toMatchObject({
        id,
        currency,
        tokens,
        priceNumeric,
        price,
        pricePerToken,
        savings,
        popular,
      });
    },
  );

  it.each(currencies.map((c) => [c] as const))('%s lists three packages, smallest first', (c) => {
    const tokens = tokenPackages[c].map((pkg) => pkg.tokens);
    expect(tokens).toHaveLength(3);
    expect([...tokens].sort((a, b) => a - b)).toEqual(tokens);
  });

  it('marks exactly one package popular', () => {
    const popular = currencies.flatMap((c) => tokenPackages[c].filter((pkg) => pkg.popular));
    expect(popular.map((pkg) => pkg.id)).toEqual(['rub-600']);
  });

  it.each(currencies.flatMap((c) => tokenPackages[c].map((pkg) => [pkg.id, pkg] as const)))(
    '%s is named and described in both languages',
    (_id, pkg) => {
      expect(pkg.name.en).toBe(`${pkg.tokens} credits`);
      expect(pkg.name.ru).toBe(`${pkg.tokens} кредитов`);
      expect(pkg.description.en.trim()).not.toBe('');
      expect(pkg.description.ru).toMatch(/[а-яё]/i);
      // People buy credits: 'token' is the code's word, never the screen's (issue 33).
      expect(`${pkg.name.en} ${pkg.description.en}`).not.toMatch(/token/i);
    },
  );

  it.each([
    ['RUB', 'usd-100'],
    ['USD', 'rub-600'],
    ['EUR', 'rub-600'],
    ['rub', 'rub-600'],
    ['RUB', ''],
  ])('getPackage(%s, %s) is undefined', (currency, id) => {
    expect(getPackage(currency, id)).toBeUndefined();
  });

  it.each([
    ['RUB', true],
    ['USD', true],
    ['usd', false],
    ['EUR', false],
  ])('isCurrency(%s) is %s', (value, expected) => {
    expect(isCurrency(value)).toBe(expected);
  });

  it('cannot be edited by a consumer', () => {
    expect(Object.isFrozen(tokenPackages.RUB[0])).toBe(true);
  });
});
