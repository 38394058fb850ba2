import {
  type Currency,
  type LedgerReasonName,
  type PaymentProviderName,
  statementPromptExcerpt,
} from '@kadr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { realtimeChannels } from '../../lib/realtime-messages.ts';

/**
 * Why a balance changed (the contract's list, which the token statement shows). Each (reason,
 * generation | payment + ref | referred user) happens at most once.
 */
type LedgerReason = LedgerReasonName;

export interface LedgerEntry {
  userId: string;
  /** Positive credits, negative debits; never zero. */
  delta: number;
  reason: LedgerReason;
  generationId?: string;
  paymentId?: string;
  /** A character's training (ADR 045). */
  trainingId?: string;
  /** A prompt improvement (ADR 050). */
  promptImprovementId?: string;
  referredUserId?: string;
  /**
   * With `paymentId`: tells apart entries of one payment and reason that may repeat (each step of a
   * refund). Omitted for entries that happen once per payment.
   */
  ref?: string;
  /** An `adjustment`'s operator and their reason. */
  actorId?: string;
  note?: string;
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
      insert into token_ledger
        (user_id, delta, reason, generation_id, payment_id, training_id, prompt_improvement_id,
         referred_user_id, ref, actor_id, note)
      values (${entry.userId}, ${entry.delta}, ${entry.reason}, ${entry.generationId ?? null},
              ${entry.paymentId ?? null}, ${entry.trainingId ?? null},
              ${entry.promptImprovementId ?? null},
              ${entry.referredUserId ?? null}, ${entry.ref ?? ''},
              ${entry.actorId ?? null}, ${entry.note ?? null})
      on conflict do nothing
      returning user_id, delta
    ), moved as (
      update users set tokens = users.tokens + entry.delta, updated = now()
      from entry
      where users.id = entry.user_id and users.tokens + entry.delta >= 0
      returning users.id, users.tokens
    ), notified as (
      select pg_notify(${realtimeChannels.user}, moved.id::text) from moved
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

/** One entry of a person's token statement, with their balance right after it. */
export interface StatementRow {
  id: number;
  created: Date;
  reason: LedgerReason;
  delta: number;
  balanceAfter: number;
  generationId: string | null;
  paymentId: string | null;
  /** What the entry was for, as far as it is the person's own to see (see `statementDetails`). */
  model: string | null;
  /** The start of the generation's prompt (at most `promptChars` characters, uncut otherwise). */
  prompt: string | null;
  payment: {
    provider: PaymentProviderName;
    tokens: number;
    amount: string;
    currency: Currency;
  } | null;
  friend: string | null;
  /** The library elements it was for, by name (a generation's, or the character trained). */
  elements: string[];
}

type RawStatementRow = {
  id: string | number;
  created: string | Date;
  reason: LedgerReason;
  delta: number;
  balance_after: number;
  generation_id: string | null;
  payment_id: string | null;
  model: string | null;
  prompt: string | null;
  payment_provider: PaymentProviderName | null;
  payment_tokens: number | null;
  payment_amount: string | null;
  payment_currency: Currency | null;
  friend: string | null;
  elements: string[] | null;
};

function toStatementRow(row: RawStatementRow): StatementRow {
  return {
    id: Number(row.id),
    created: row.created instanceof Date ? row.created : new Date(row.created),
    reason: row.reason,
    delta: row.delta,
    balanceAfter: row.balance_after,
    generationId: row.generation_id,
    paymentId: row.payment_id,
    model: row.model,
    prompt: row.prompt,
    payment:
      row.payment_provider &&
      row.payment_tokens !== null &&
      row.payment_amount &&
      row.payment_currency
        ? {
            provider: row.payment_provider,
            tokens: row.payment_tokens,
            amount: row.payment_amount,
            currency: row.payment_currency,
          }
        : null,
    friend: row.friend,
    elements: row.elements ?? [],
  };
}

/** A little more than the statement shows of a prompt, so the service can tell it was cut. */
const promptChars = statementPromptExcerpt + 1;

/**
 * What the entries `entries` (a CTE of token_ledger rows) were for, joined so that a person sees
 * only their own: the model, prompt and elements of a generation that is theirs, the model and
 * prompt of a prompt improvement of theirs (ADR 050), the character of a training of theirs, the
 * package of a payment that is theirs, and of a friend only the name —
 * the friend who signed up with their link (a bonus) or whose purchase paid them a share (its
 * payer).
 */
function statementDetails(entries: SQL) {
  return sql`
    select e.*, coalesce(g.model, improvement.model) as model,
           coalesce(left(g.jsondata->>'prompt', ${promptChars}),
                    left(improvement.prompt, ${promptChars})) as prompt,
           p.provider as payment_provider, p.tokens as payment_tokens,
           p.amount::text as payment_amount, p.currency as payment_currency,
           nullif(btrim(friend.name), '') as friend,
           case when e.training_id is not null then array_remove(array[trained.name], null)
                else array(select used->>'name'
                             from jsonb_array_elements(
                                    coalesce(g.jsondata->'elements', '[]'::jsonb)) used)
           end as elements
      from ${entries} e
      left join generation_requests g on g.id = e.generation_id and g.user_id = e.user_id
      left join payments p on p.id = e.payment_id and p.user_id = e.user_id
      left join payments friends_payment
             on friends_payment.id = e.payment_id and friends_payment.user_id <> e.user_id
            and e.reason in ('referral_commission', 'commission_reversal', 'commission_reinstatement')
      left join trainings training on training.id = e.training_id and training.user_id = e.user_id
      left join prompt_improvements improvement
             on improvement.id = e.prompt_improvement_id and improvement.user_id = e.user_id
      left join elements trained on trained.id = training.element_id
      left join users friend
             on friend.id = case when e.reason = 'referral_bonus' then e.referred_user_id
                                 else friends_payment.user_id end
     order by e.id desc`;
}

/** The ledger on one executor (the database, or the transaction that pays for something). */
export function createLedgerRepository(db: Executor) {
  return {
    apply: (entry: LedgerEntry): Promise<LedgerResult> => applyLedgerEntry(db, entry),

    /** Referral bonuses the person was paid since the start of the current UTC day. */
    async referralBonusesToday(userId: string): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from token_ledger
         where user_id = ${userId} and reason = 'referral_bonus'
           and created >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'`);
      return result.rows[0]?.n ?? 0;
    },

    /**
     * One page of the person's statement, newest first. `balanceAfter` is the running sum of their
     * entries in the order they were written, which ends at the balance (balance = Σ ledger).
     */
    async statementPage(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ total: number; rows: StatementRow[] }> {
      const counted = await db.execute<{ total: number }>(sql`
        select count(*)::int as total from token_ledger where user_id = ${userId}`);
      const page = sql`(
        select id, user_id, created, reason, delta, generation_id, payment_id, training_id,
               prompt_improvement_id, referred_user_id,
               (sum(delta) over (order by id))::int as balance_after
          from token_ledger
         where user_id = ${userId}
         order by id desc
         limit ${limit} offset ${offset})`;
      const result = await db.execute<RawStatementRow>(statementDetails(page));
      return { total: counted.rows[0]?.total ?? 0, rows: result.rows.map(toStatementRow) };
    },

    /**
     * Up to `limit` entries of the person's statement older than entry `beforeId` (all when
     * undefined), newest first, with the balance after each (`/api/v1/statement`'s cursor pages).
     */
    async statementBefore(
      userId: string,
      beforeId: number | undefined,
      limit: number,
    ): Promise<StatementRow[]> {
      const before = beforeId === undefined ? sql`` : sql`and id < ${beforeId}`;
      const page = sql`(
        select * from (
          select id, user_id, created, reason, delta, generation_id, payment_id, training_id,
                 prompt_improvement_id, referred_user_id,
                 (sum(delta) over (order by id))::int as balance_after
            from token_ledger
           where user_id = ${userId} ${before}) running
         order by id desc
         limit ${limit})`;
      const result = await db.execute<RawStatementRow>(statementDetails(page));
      return result.rows.map(toStatementRow);
    },

    /**
     * The person's whole statement, newest first, read in batches (for the CSV download): each
     * batch walks back from the one before, the balance after each entry derived from the sum of
     * everything up to the newest entry at the start.
     */
    async *statement(userId: string, batchSize = 500): AsyncGenerator<StatementRow[]> {
      const head = await db.execute<{ top: string | null; sum: number }>(sql`
        select max(id)::text as top, coalesce(sum(delta), 0)::int as sum
          from token_ledger where user_id = ${userId}`);
      const top = head.rows[0]?.top;
      if (!top) return;
      let balance = head.rows[0]?.sum ?? 0;
      let before = BigInt(top) + 1n;
      for (;;) {
        const batch = sql`(
          select id, user_id, created, reason, delta, generation_id, payment_id, training_id,
                 prompt_improvement_id, referred_user_id
            from token_ledger
           where user_id = ${userId} and id < ${before.toString()}
           order by id desc
           limit ${batchSize})`;
        const result = await db.execute<Omit<RawStatementRow, 'balance_after'>>(
          statementDetails(batch),
        );
        if (result.rows.length === 0) return;
        const rows = result.rows.map((row) => {
          const entry = toStatementRow({ ...row, balance_after: balance });
          balance -= row.delta;
          return entry;
        });
        yield rows;
        before = BigInt(result.rows[result.rows.length - 1]?.id ?? 0);
        if (result.rows.length < batchSize) return;
      }
    },
  };
}
