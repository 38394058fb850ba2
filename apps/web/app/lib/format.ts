import { isLanguage, type Language } from '@kadr/contract';

/**
 * Numbers and dates in the interface's words (ADR 031). The first `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` a page makes costs Chromium 13–40 ms of main thread (ICU loads its locale
 * data), inside the task that first renders a signed-in screen — on a phone, several times that. The
 * screens' own formats in Russian and English (whole numbers; three date styles) are written out
 * here, exactly as Intl writes them (format.test.ts compares every month, hour and magnitude with
 * Intl itself); anything else goes to Intl, one formatter per language and style, made on first use.
 */

/** The date styles of the screens, each as its `Intl.DateTimeFormat` options. */
export const dateStyles = {
  /** 25 ноября 2026 г. · November 25, 2026 */
  long: { dateStyle: 'long' },
  /** 25 ноября 2026 г. в 22:30 · November 25, 2026 at 10:30 PM (through Intl) */
  longWithTime: { dateStyle: 'long', timeStyle: 'short' },
  /** 25 нояб. 2026 г., 22:30 · Nov 25, 2026, 10:30 PM */
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 25.11.2026, 22:30 · 11/25/26, 10:30 PM */
  shortWithTime: { dateStyle: 'short', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

const made = new Map<string, object>();

/** One `Intl` object per key (its kind, language and style), made on first use. */
export function cachedIntl<T extends object>(key: string, make: () => T): T {
  let value = made.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

const groupSeparator: Record<Language, string> = { ru: '\u00a0', en: ',' };

/** A number as the language writes it: 12 345 · 12,345 (fractions through Intl: 1,5 · 1.5). */
export function formatNumber(value: number, language: string): string {
  if (!isLanguage(language) || !Number.isSafeInteger(value)) {
    return cachedIntl(`number:${language}`, () => new Intl.NumberFormat(language)).format(value);
  }
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += groupSeparator[language] + digits.slice(at, at + 3);
  }
  return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
}

const months: Record<Language, { long: readonly string[]; short: readonly string[] }> = {
  // Russian dates name the month in the genitive: «25 ноября».
  ru: {
    long: [
      'января',
      'февраля',
      'марта',
      'апреля',
      'мая',
      'июня',
      'июля',
      'августа',
      'сентября',
      'октября',
      'ноября',
      'декабря',
    ],
    short: [
      'янв.',
      'февр.',
      'мар.',
      'апр.',
      'мая',
      'июн.',
      'июл.',
      'авг.',
      'сент.',
      'окт.',
      'нояб.',
      'дек.',
    ],
  },
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 22:30 · 10:30 PM */
function time(date: Date, language: Language): string {
  const hours = date.getHours();
  const minutes = twoDigits(date.getMinutes());
  if (language === 'ru') return `${twoDigits(hours)}:${minutes}`;
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

function ownDate(date: Date, language: Language, style: Exclude<DateStyle, 'longWithTime'>) {
  const day = date.getDate();
  const month = date.getMonth();
  const year = date.getFullYear();
  const names = months[language];
  if (language === 'ru') {
    if (style === 'long') return `${day} ${names.long[month]} ${year} г.`;
    if (style === 'mediumWithTime')
      return `${day} ${names.short[month]} ${year} г., ${time(date, language)}`;
    return `${twoDigits(day)}.${twoDigits(month + 1)}.${year}, ${time(date, language)}`;
  }
  if (style === 'long') return `${names.long[month]} ${day}, ${year}`;
  if (style === 'mediumWithTime')
    return `${names.short[month]} ${day}, ${year}, ${time(date, language)}`;
  return `${month + 1}/${day}/${twoDigits(year % 100)}, ${time(date, language)}`;
}

/** A moment in the person's time zone, in one of the screens' styles. */
export function formatDate(value: Date | string, language: string, style: DateStyle): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const year = date.getFullYear();
  // Four-digit years of the Gregorian calendar are written out here; the rest (and an invalid date,
  // which Intl refuses) go to Intl.
  if (isLanguage(language) && style !== 'longWithTime' && year >= 1000 && year <= 9999) {
    return ownDate(date, language, style);
  }
  return cachedIntl(
    `date:${language}:${style}`,
    () => new Intl.DateTimeFormat(language, dateStyles[style]),
  ).format(date);
}
