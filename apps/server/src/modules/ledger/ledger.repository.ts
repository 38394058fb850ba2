import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { RealtimeChannel } from '../realtime/realtime.hub.ts';

/** Why a balance changed. Each (reason, generation|payment|referred user) happens at most once. */
export type LedgerReason =
  | 'welcome'
  | 'referral_bonus'
  | 'generation_debit'
  | 'generation_refund'
  | 'payment_credit'
  | 'referral_commission'
  | 'adjustment';

export interface LedgerEntry {
  userId: string;
  /** Positive credits, negative debits; never zero. */
  delta: number;
  reason: LedgerReason;
  generationId?: string;
  paymentId?: string;
  referredUserId?: string;
}

export class InsufficientTokensError extends Error {
  readonly required: number;
  constructor(required: number) {
    super(`Not enough tokens: ${required} required`);
    this.name = 'InsufficientTokensError';
    this.required = required;
  }
}

export type LedgerResult = { applied: true; balance: number } | { applied: false };

/**
 * Moves a balance. In one statement it appends the ledger entry (skipped when the same entry exists:
 * a replayed refund or credit is a no-op) and moves the balance by the same delta, conditionally, so
 * the balance can never go below zero and always equals the sum of the ledger. Call it inside the
 * transaction that changes what the tokens pay for; it notifies the owner's realtime streams on
 * commit. The one other writer of balances is the create statement (`kadr_create_generations`,
 * ADR 009), which appends a debit per accepted create and moves the balance by their sum, likewise
 * in one conditional statement.
 */
export async function applyLedgerEntry(tx: Executor, entry: LedgerEntry): Promise<LedgerResult> {
  if (!Number.isInteger(entry.delta) || entry.delta === 0) {
    throw new Error(`ledger delta must be a non-zero integer, got ${entry.delta}`);
  }
  const result = await tx.execute<{ inserted: number; balance: number | null }>(sql`
    with entry as (
      insert into token_ledger (user_id, delta, reason, generation_id, payment_id, referred_user_id)
      values (${entry.userId}, ${entry.delta}, ${entry.reason}, ${entry.generationId ?? null},
              ${entry.paymentId ?? null}, ${entry.referredUserId ?? null})
      on conflict do nothing
      returning user_id, delta
    ), moved as (
      update users set tokens = users.tokens + entry.delta, updated = now()
      from entry
      where users.id = entry.user_id and users.tokens + entry.delta >= 0
      returning users.id, users.tokens
    ), notified as (
      select pg_notify(${'kadr_user' satisfies RealtimeChannel}, moved.id::text) from moved
    )
    select (select count(*) from entry)::int as inserted,
           (select tokens from moved) as balance,
           (select count(*) from notified)::int as notified
  `);
  const row = result.rows[0];
  if (!row || row.inserted === 0) return { applied: false };
  if (row.balance === null) {
    // The entry went in but the balance could not cover it: the caller's transaction must roll back.
    throw new InsufficientTokensError(-entry.delta);
  }
  return { applied: true, balance: row.balance };
}

/** The ledger on one executor (the database, or the transaction that pays for something). */
export function createLedgerRepository(db: Executor) {
  return {
    apply: (entry: LedgerEntry): Promise<LedgerResult> => applyLedgerEntry(db, entry),
  };
}
