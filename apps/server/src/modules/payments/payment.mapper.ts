import type { PaymentRecord } from '@kadr/contract';
import type { PaymentRow } from './payment.repository.ts';

/** A purchase as its owner sees it (the top-up dialog, the statement's links). */
export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    provider: row.provider,
    status: row.status,
    tokens: row.tokens,
    amount: row.amount,
    currency: row.currency,
    reversed_tokens: row.reversedTokens,
  };
}
