import type { LedgerEntryRecord, LedgerPage, LedgerReasonName } from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import type { Repositories } from '../../repositories.ts';
import type { SessionUser } from '../auth/session.service.ts';
import type { StatementRow } from './ledger.repository.ts';

/**
 * The names of the statement's operations in the CSV download, in the product's words: credits in
 * Russian, tokens in English (the web app's statement says the same in its own locales).
 */
const reasonLabels: Record<Locale, Record<LedgerReasonName, string>> = {
  ru: {
    welcome: 'Приветственные кредиты',
    referral_bonus: 'Бонус за приглашённого друга',
    generation_debit: 'Генерация',
    generation_refund: 'Возврат за генерацию',
    payment_credit: 'Покупка кредитов',
    referral_commission: 'Комиссия за покупку друга',
    payment_reversal: 'Списание после возврата платежа',
    commission_reversal: 'Списание комиссии после возврата платежа',
    payment_reinstatement: 'Возврат списанного: спор выигран или возврат платежа не прошёл',
    commission_reinstatement: 'Возврат списанной комиссии',
    adjustment: 'Корректировка',
  },
  en: {
    welcome: 'Welcome tokens',
    referral_bonus: 'Referral bonus',
    generation_debit: 'Generation',
    generation_refund: 'Generation refund',
    payment_credit: 'Token purchase',
    referral_commission: 'Referral commission',
    payment_reversal: 'Taken back after a refund',
    commission_reversal: 'Commission taken back after a refund',
    payment_reinstatement: 'Given back: a dispute won or a refund that failed',
    commission_reinstatement: 'Commission given back',
    adjustment: 'Adjustment',
  },
};

const csvHeaders: Record<Locale, readonly string[]> = {
  ru: ['Дата', 'Операция', 'Кредиты', 'Баланс после', 'Генерация', 'Платёж'],
  en: ['Date', 'Operation', 'Credits', 'Balance after', 'Generation', 'Payment'],
};

/** One field of a CSV line (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

function toEntryRecord(row: StatementRow): LedgerEntryRecord {
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

/** The person's token statement: every ledger entry with the balance right after it. */
export function createStatementService(repositories: Pick<Repositories, 'ledger'>) {
  return {
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

    /** The whole statement as CSV text in chunks: a BOM and the header row, then the entries. */
    async *csv(user: SessionUser, locale: Locale): AsyncGenerator<string> {
      const labels = reasonLabels[locale];
      yield `\uFEFF${csvLine(csvHeaders[locale])}`;
      for await (const batch of repositories.ledger.statement(user.id)) {
        yield batch
          .map((row) =>
            csvLine([
              row.created.toISOString(),
              labels[row.reason] ?? row.reason,
              String(row.delta),
              String(row.balanceAfter),
              row.generationId ?? '',
              row.paymentId ?? '',
            ]),
          )
          .join('');
      }
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
