import type { Language } from '~/lib/i18n';

const locales: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

/** A moment as the console shows it: day and time, in the reader's language and time zone. */
export function formatDateTime(value: string | null, language: Language): string {
  if (!value) return '—';
  return new Intl.DateTimeFormat(locales[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** A moment to the second (the model service's health: its calls are seconds apart). */
export function formatMoment(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(value));
}

export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium' }).format(
    new Date(value),
  );
}

/** A UTC day (YYYY-MM-DD) as a short label: 24 Nov. */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(locales[language]).format(value);
}

/** A signed amount of tokens: +50, −12. */
export function formatDelta(value: number, language: Language): string {
  const text = formatNumber(Math.abs(value), language);
  return value < 0 ? `−${text}` : `+${text}`;
}

export function formatMoney(amount: string | number, currency: 'RUB' | 'USD', language: Language) {
  return new Intl.NumberFormat(locales[language], { style: 'currency', currency }).format(
    Number(amount),
  );
}

export function formatPercent(ratio: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(ratio);
}

/** Milliseconds as the console reads a wait: 850 ms, 12.4 s, 3 min 5 s. */
export function formatDuration(ms: number | null, language: Language): string {
  if (ms === null) return '—';
  const units =
    language === 'ru' ? { ms: 'мс', s: 'с', min: 'мин' } : { ms: 'ms', s: 's', min: 'min' };
  if (ms < 1000) return `${Math.round(ms)} ${units.ms}`;
  if (ms < 60_000) {
    return `${new Intl.NumberFormat(locales[language], { maximumFractionDigits: 1 }).format(ms / 1000)} ${units.s}`;
  }
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} ${units.min} ${seconds} ${units.s}`;
}
