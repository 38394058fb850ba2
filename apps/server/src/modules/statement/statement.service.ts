import { getModel } from '@kadr/catalog';
import {
  type LedgerEntryRecord,
  type LedgerPage,
  ledgerReasonLabels,
  type StatementEntryRecord,
  type StatementPayment,
  statementPromptExcerpt,
} from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import type { SessionUser } from '../auth/index.ts';
import type { Ledger, StatementRow } from '../ledger/index.ts';

/**
 * The CSV's column names. The date column's gets the time zone its times are in, e.g.
 * `Дата (Europe/Moscow)`. The operations are named as on the screen (`ledgerReasonLabels`).
 */
const csvHeaders: Record<Locale, readonly string[]> = {
  ru: ['Дата', 'Операция', 'Подробности', 'Кредиты', 'Баланс после', 'Генерация', 'Платёж'],
  en: ['Date', 'Operation', 'Details', 'Credits', 'Balance after', 'Generation', 'Payment'],
};

/**
 * How a spreadsheet in the reader's language opens a CSV by double-click. Russian Excel splits on
 * its list separator `;` (its decimal mark is the comma), so a comma-separated file lands in one
 * column; English Excel splits on `,`. Both read `dd.mm.yyyy hh:mm:ss` (ru) and
 * `yyyy-mm-dd hh:mm:ss` (en) as dates, which ISO's `T…Z` is not; and both take UTF-8 only with
 * its BOM (without one, Russian Excel reads Windows-1251).
 */
const csvFormats: Record<Locale, { separator: string; date: (p: DateParts) => string }> = {
  ru: {
    separator: ';',
    date: (p) => `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`,
  },
  en: {
    separator: ',',
    date: (p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`,
  },
};

/** Without the browser's zone: Moscow for Russian readers (most are there), UTC otherwise. */
const defaultZones: Record<Locale, string> = { ru: 'Europe/Moscow', en: 'UTC' };

/** The words of the CSV's details column (the screen says the same through its locales). */
const detailTexts: Record<
  Locale,
  {
    prompt: (text: string) => string;
    credits: Record<Intl.LDMLPluralRule, string>;
    friend: (name: string) => string;
    providers: Record<StatementPayment['provider'], string>;
  }
> = {
  ru: {
    prompt: (text) => `«${text}»`,
    credits: {
      one: 'кредит',
      few: 'кредита',
      many: 'кредитов',
      other: 'кредита',
      zero: '',
      two: '',
    },
    friend: (name) => `Друг: ${name}`,
    providers: { yookassa: 'ЮKassa', stripe: 'Stripe' },
  },
  en: {
    prompt: (text) => `“${text}”`,
    credits: { one: 'credit', other: 'credits', few: '', many: '', zero: '', two: '' },
    friend: (name) => `Friend: ${name}`,
    providers: { yookassa: 'YooKassa', stripe: 'Stripe' },
  },
};

type DateParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** The zone a reader asked for when it is one this runtime knows, else the language's default. */
export function statementZone(locale: Locale, requested: string | undefined): string {
  if (requested) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: requested }).resolvedOptions().timeZone;
    } catch {
      // An unknown zone (RangeError): the default below.
    }
  }
  return defaultZones[locale];
}

function dateFormatter(locale: Locale, timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const parts = Object.fromEntries(
      format.formatToParts(date).map((part) => [part.type, part.value]),
    ) as DateParts;
    return csvFormats[locale].date(parts);
  };
}

/** A prompt on one line, cut to the excerpt's length with an ellipsis when it was longer. */
function promptExcerpt(prompt: string | null): string | null {
  if (!prompt) return null;
  const line = prompt.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  if (line.length <= statementPromptExcerpt) return line;
  // Cut at the last word that fits, unless that leaves much less than fits.
  const head = line.slice(0, statementPromptExcerpt);
  const space = head.lastIndexOf(' ');
  const cut = space >= statementPromptExcerpt * 0.75 ? head.slice(0, space) : head.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** What an entry was for, in words: the model and prompt, the package bought, or the friend. */
function details(entry: StatementEntryRecord, locale: Locale): string {
  const words = detailTexts[locale];
  const elements = entry.elements.map(words.prompt).join(', ');
  if (entry.model) {
    const model = getModel(entry.model)?.name ?? entry.model;
    const what = entry.prompt ? `${model} · ${words.prompt(entry.prompt)}` : model;
    return elements ? `${what} · ${elements}` : what;
  }
  if (elements) return elements;
  if (entry.payment) {
    const { tokens, amount, currency, provider } = entry.payment;
    const form = new Intl.PluralRules(locale).select(tokens);
    const credits = `${new Intl.NumberFormat(locale).format(tokens)} ${words.credits[form] || words.credits.other}`;
    const price = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
      Number(amount),
    );
    return `${credits} · ${price} · ${words.providers[provider]}`;
  }
  return entry.friend ? words.friend(entry.friend) : '';
}

/**
 * One field of a CSV line (RFC 4180): quoted when it holds the separator, a quote or a line break.
 * A text that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`: a friend's name is
 * someone else's words) starts with an apostrophe, which shows it as text.
 */
function csvField(value: string | number, separator: string): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

/** An entry as the ledger has it: the API's statement shows no more. */
function toLedgerEntry(row: StatementRow): LedgerEntryRecord {
  return {
    id: String(row.id),
    created: row.created.toISOString(),
    reason: row.reason,
    delta: row.delta,
    balance_after: row.balanceAfter,
    generation_id: row.generationId,
    payment_id: row.paymentId,
  };
}

function toEntryRecord(row: StatementRow): StatementEntryRecord {
  return {
    ...toLedgerEntry(row),
    model: row.model,
    prompt: promptExcerpt(row.prompt),
    payment: row.payment,
    friend: row.friend,
    elements: row.elements,
  };
}

/** The person's token statement: every ledger entry with the balance right after it. */
export function createStatementService(repositories: {
  ledger: Pick<Ledger, 'statement' | 'statementPage' | 'statementBefore'>;
}) {
  return {
    /**
     * Up to `limit` entries older than entry `beforeId` (from the start when undefined), newest
     * first, and whether more follow (`/api/v1/statement`).
     */
    async before(
      user: SessionUser,
      beforeId: number | undefined,
      limit: number,
    ): Promise<{ items: LedgerEntryRecord[]; more: boolean }> {
      const rows = await repositories.ledger.statementBefore(user.id, beforeId, limit + 1);
      return { items: rows.slice(0, limit).map(toLedgerEntry), more: rows.length > limit };
    },

    async page(user: SessionUser, query: { page: number; perPage: number }): Promise<LedgerPage> {
      const { total, rows } = await repositories.ledger.statementPage(
        user.id,
        query.perPage,
        (query.page - 1) * query.perPage,
      );
      return {
        page: query.page,
        perPage: query.perPage,
        totalItems: total,
        totalPages: Math.ceil(total / query.perPage),
        items: rows.map(toEntryRecord),
      };
    },

    /**
     * The whole statement as CSV text in chunks: a BOM and the header row, then the entries, in
     * the reader's language and time zone (`timeZone` as `statementZone` settled it).
     */
    async *csv(user: SessionUser, locale: Locale, timeZone: string): AsyncGenerator<string> {
      const { separator } = csvFormats[locale];
      const line = (fields: readonly (string | number)[]) =>
        `${fields.map((field) => csvField(field, separator)).join(separator)}\r\n`;
      const date = dateFormatter(locale, timeZone);
      const labels = ledgerReasonLabels[locale];
      const [dateHeader, ...headers] = csvHeaders[locale];
      yield `\uFEFF${line([`${dateHeader} (${timeZone})`, ...headers])}`;
      for await (const batch of repositories.ledger.statement(user.id)) {
        yield batch
          .map((row) => {
            const entry = toEntryRecord(row);
            return line([
              date(row.created),
              labels[row.reason] ?? row.reason,
              details(entry, locale),
              row.delta,
              row.balanceAfter,
              row.generationId ?? '',
              row.paymentId ?? '',
            ]);
          })
          .join('');
      }
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
