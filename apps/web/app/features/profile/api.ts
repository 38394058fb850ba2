import {
  type LedgerPage,
  ledgerPageSchema,
  type PaymentRecord,
  paymentRecordSchema,
} from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiRequest } from '~/lib/api';

/** The profile's API calls: one of the person's payments (the top-up dialog) and the statement. */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV ? { ledgerPageSchema, paymentRecordSchema } : undefined;

export function getPayment(id: string, signal?: AbortSignal): Promise<PaymentRecord> {
  return wrapped('Failed to get payment', () =>
    apiRequest(`/api/payments/${encodeURIComponent(id)}`, {
      signal,
      parse: answers?.paymentRecordSchema.parse,
    }),
  );
}

/** The person came back through the provider's Cancel: close the pending payment. */
export function cancelPayment(id: string): Promise<PaymentRecord> {
  return wrapped('Failed to cancel payment', () =>
    apiRequest(`/api/payments/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      parse: answers?.paymentRecordSchema.parse,
    }),
  );
}

export type LedgerFilter = { page: number; perPage: number };

/** One page of the token statement, newest first. */
export function getLedgerPage(filter: LedgerFilter, signal?: AbortSignal): Promise<LedgerPage> {
  const query = new URLSearchParams({ page: String(filter.page), perPage: String(filter.perPage) });
  return wrapped('Failed to get token statement', () =>
    apiRequest(`/api/ledger?${query}`, { signal, parse: answers?.ledgerPageSchema.parse }),
  );
}

/** Where the whole statement downloads as CSV (a plain link: the browser saves the file). */
export const ledgerCsvUrl = '/api/ledger.csv';
