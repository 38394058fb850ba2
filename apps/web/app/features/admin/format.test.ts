import { describe, expect, it } from 'vitest';
import { formatDelta, formatDuration, formatMoney, formatPercent } from './format';

describe('the console’s formats', () => {
  it('shows waits in the unit that reads best, in both languages', () => {
    expect(formatDuration(850, 'en')).toBe('850 ms');
    expect(formatDuration(12_400, 'en')).toBe('12.4 s');
    expect(formatDuration(12_400, 'ru')).toBe('12,4 с');
    expect(formatDuration(185_000, 'ru')).toBe('3 мин 5 с');
    expect(formatDuration(null, 'en')).toBe('—');
  });

  it('signs token amounts with a true minus', () => {
    expect(formatDelta(50, 'en')).toBe('+50');
    expect(formatDelta(-1200, 'en')).toBe('−1,200');
  });

  it('shows money and rates in the reader’s language', () => {
    expect(formatMoney('1300.00', 'RUB', 'ru')).toMatch(/^1\s300,00\s₽$/);
    expect(formatMoney('12.99', 'USD', 'en')).toBe('$12.99');
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
  });
});
