import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DateStyle, dateStyles, formatDate, formatNumber } from './format';

// Intl itself is the reference: what the screens showed before ADR 031, and what Chromium shows
// (the same ICU data; checked against Debian's Chromium when this was written).
const intlNumber = (value: number, language: string) =>
  new Intl.NumberFormat(language).format(value);
const intlDate = (value: Date, language: string, style: DateStyle) =>
  new Intl.DateTimeFormat(language, dateStyles[style]).format(value);
const styles = Object.keys(dateStyles) as DateStyle[];

describe('formatNumber', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const magnitudes = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000];
  const whole = [
    ...magnitudes,
    ...magnitudes.map((value) => -value),
    -0,
    1_234_567,
    987_654_321,
    10_000_000_000,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
  ];

  it.each(['ru', 'en'])('writes whole numbers as Intl does, in %s, without Intl', (language) => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const ours = whole.map((value) => formatNumber(value, language));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(ours).toEqual(whole.map((value) => intlNumber(value, language)));
  });

  it('groups Russian thousands with a no-break space, English with a comma', () => {
    expect(formatNumber(1_234_567, 'ru')).toBe('1\u00a0234\u00a0567');
    expect(formatNumber(-1234, 'en')).toBe('-1,234');
  });

  it('leaves fractions, unsafe integers and other languages to Intl, one formatter each', () => {
    const others = [1.5, -12_345.678, 0.001, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY];
    for (const language of ['ru', 'en', 'de']) {
      expect(others.map((value) => formatNumber(value, language))).toEqual(
        others.map((value) => intlNumber(value, language)),
      );
    }
    expect(formatNumber(1234, 'de')).toBe('1.234');
    const made = vi.spyOn(Intl, 'NumberFormat');
    formatNumber(2.5, 'ru');
    formatNumber(3.5, 'ru');
    expect(made).not.toHaveBeenCalled();
  });
});

describe('formatDate', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // Every month, short and long days, every hour (both sides of noon and midnight), minutes with and
  // without a leading zero, and the edges of four-digit years.
  const moments: Date[] = [];
  for (let month = 0; month < 12; month++) {
    for (const day of [1, 9, 10, 28]) {
      for (let hour = 0; hour < 24; hour++) {
        moments.push(new Date(2026, month, day, hour, (month * 7 + hour) % 60));
      }
    }
  }
  moments.push(
    new Date(1000, 0, 1, 0, 0),
    new Date(9999, 11, 31, 23, 59),
    new Date(2000, 1, 29, 12),
  );

  it.each(['ru', 'en'])('writes the screens’ styles as Intl does, in %s', (language) => {
    for (const style of styles) {
      expect(moments.map((moment) => formatDate(moment, language, style))).toEqual(
        moments.map((moment) => intlDate(moment, language, style)),
      );
    }
  });

  it('makes no Intl formatter for the styles it writes itself', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (const language of ['ru', 'en']) {
      formatDate('2026-11-25T22:30:00.000Z', language, 'long');
      formatDate('2026-11-25T22:30:00.000Z', language, 'mediumWithTime');
      formatDate('2026-11-25T22:30:00.000Z', language, 'shortWithTime');
    }
    expect(made).not.toHaveBeenCalled();
  });

  it('reads an ISO timestamp as the moment it names', () => {
    const at = '2026-05-03T00:05:00.000Z';
    for (const style of styles) {
      expect(formatDate(at, 'ru', style)).toBe(intlDate(new Date(at), 'ru', style));
    }
  });

  it('leaves other years and languages to Intl, and refuses an invalid date as Intl does', () => {
    const far = [new Date(999, 5, 1, 10), new Date(10_000, 0, 1)];
    for (const language of ['ru', 'en', 'de']) {
      for (const style of styles) {
        for (const moment of [...far, new Date(2026, 10, 25, 22, 30)]) {
          expect(formatDate(moment, language, style)).toBe(intlDate(moment, language, style));
        }
      }
    }
    expect(() => formatDate('not a date', 'ru', 'long')).toThrow(RangeError);
  });
});
