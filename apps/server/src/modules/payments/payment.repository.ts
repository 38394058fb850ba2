import type { Currency } from '@kadr/catalog';
import type { PaymentProviderName } from '@kadr/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { payments, users } from '../../db/schema.ts';
import { encodeRealtimeMessage } from '../../lib/realtime-messages.ts';
import { CLOSED_BY_US } from './settlement.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** What settling a payment may change on its row (the rest is fixed when it is opened). */
export type PaymentPatch = Partial<
  Pick<
    PaymentRow,
    | 'status'
    | 'providerPaymentId'
    | 'cancelReason'
    | 'succeededAt'
    | 'closedAt'
    | 'referrerId'
    | 'commissionTokens'
    | 'reversedMinor'
    | 'reversedTokens'
    | 'shortfallTokens'
    | 'commissionReversedTokens'
    | 'commissionShortfallTokens'
    | 'reversalSteps'
  >
>;

export interface NewPayment {
  userId: string;
  provider: PaymentProviderName;
  idempotencyKey: string;
  packageId: string;
  /** Whole units as a decimal string: '1300.00'. */
  amount: string;
  amountMinor: number;
  currency: Currency;
  tokens: number;
  locale: 'ru' | 'en';
  referral: string | null;
  receiptEmail?: string | null;
}

/** All SQL of `payments`. Locks (`for update`) only mean something inside a transaction. */
export function createPaymentRepository(db: Executor) {
  return {
    async insert(values: NewPayment): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      if (!row) throw new Error('insert into payments returned nothing');
      return row;
    },

    async findById(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    /** The payment if it is this person's; undefined for anyone else's, as for none. */
    async findOwned(userId: string, id: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)))
        .limit(1);
      return row;
    },

    /** Our payment by our id, locked until the transaction ends. */
    async lockById(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    /** Our payment by the provider's id for it, locked until the transaction ends. */
    async lockByProviderId(
      provider: PaymentProviderName,
      providerPaymentId: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)),
        )
        .for('update');
      return row;
    },

    async update(id: string, patch: PaymentPatch): Promise<PaymentRow> {
      const [row] = await db
        .update(payments)
        .set({ ...patch, updated: sql`now()` })
        .where(eq(payments.id, id))
        .returning();
      if (!row) throw new Error(`payment ${id} vanished`);
      return row;
    },

    /** Stores the provider's id once it answered (a settle may have stored it first). */
    async setProviderPaymentId(id: string, providerPaymentId: string): Promise<void> {
      await db
        .update(payments)
        .set({ providerPaymentId, updated: sql`now()` })
        .where(and(eq(payments.id, id), isNull(payments.providerPaymentId)));
    },

    /**
     * Claims the right to ask the provider about a payment now — pending, or closed by us in the
     * last day (it may have been paid after all): true for one caller per `intervalMs` (across
     * every node), false while someone asked recently or it is settled otherwise.
     */
    async claimCheck(id: string, intervalMs: number): Promise<boolean> {
      const claimed = await db
        .update(payments)
        .set({ checkedAt: sql`now()` })
        .where(
          and(
            eq(payments.id, id),
            sql`(${payments.status} = 'pending' or (${payments.status} = 'canceled'
                 and ${payments.cancelReason} in (${sql.join(
                   CLOSED_BY_US.map((reason) => sql`${reason}`),
                   sql`, `,
                 )}) and ${payments.closedAt} > now() - interval '1 day'))`,
            sql`(${payments.checkedAt} is null or ${payments.checkedAt} < now() - make_interval(secs => ${intervalMs / 1000}))`,
          ),
        )
        .returning({ id: payments.id });
      return claimed.length > 0;
    },

    /**
     * Payments still pending that were opened before `openedBefore`, those asked about longest ago
     * first: one the provider keeps refusing does not hold the others back.
     */
    async findStalePending(openedBefore: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lt(payments.created, openedBefore)))
        .orderBy(sql`coalesce(${payments.checkedAt}, ${payments.created})`)
        .limit(limit);
    },

    /**
     * The reconciliation's next payments to ask the provider about (ADR 034), longest unasked
     * first: pending ones, and those we closed ourselves in the last day (the provider may still
     * take the money), not asked for `pendingEveryMs`; any other of the last `windowDays` not
     * asked for `settledEveryMs`. One marked for a re-check (the epoch) is due at once.
     */
    async findDueChecks(query: {
      pendingEveryMs: number;
      settledEveryMs: number;
      windowDays: number;
      limit: number;
    }): Promise<PaymentRow[]> {
      const asked = sql`coalesce(${payments.checkedAt}, ${payments.created})`;
      return db
        .select()
        .from(payments)
        .where(
          and(
            sql`${payments.providerPaymentId} is not null`,
            sql`${payments.created} > now() - make_interval(days => ${query.windowDays})`,
            sql`${asked} < now() - make_interval(secs => case
                  when ${payments.status} = 'pending'
                    or (${payments.status} = 'canceled'
                        and ${payments.cancelReason} in (${sql.join(
                          CLOSED_BY_US.map((reason) => sql`${reason}`),
                          sql`, `,
                        )})
                        and ${payments.closedAt} > now() - interval '1 day')
                  then ${query.pendingEveryMs / 1000}::float8
                  else ${query.settledEveryMs / 1000}::float8 end)`,
          ),
        )
        .orderBy(asked)
        .limit(query.limit);
    },

    /** Records that the provider was asked about it now (the reconciliation's order). */
    async markChecked(id: string): Promise<void> {
      await db.update(payments).set({ checkedAt: sql`now()` }).where(eq(payments.id, id));
    },

    /**
     * Asks the reconciliation to read it again at its next run: a reversal moved on a view read
     * before the lock, and a later view may have been settled first.
     */
    async markForRecheck(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ checkedAt: sql`'epoch'::timestamptz` })
        .where(eq(payments.id, id));
    },

    /**
     * Locks the people whose balances a settlement moves, in one order (by id), so two settlements
     * touching the same two people never wait on each other in a circle. Answers their balances.
     */
    async lockBalances(userIds: readonly string[]): Promise<Map<string, number>> {
      const ids = [...new Set(userIds)].sort();
      const rows = await db
        .select({ id: users.id, tokens: users.tokens })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(asc(users.id))
        .for('update');
      return new Map(rows.map((row) => [row.id, row.tokens]));
    },

    /** Tells the owner's open streams the payment changed (on commit). */
    async notifyChanged(row: Pick<PaymentRow, 'userId' | 'id'>): Promise<void> {
      const { channel, payload } = encodeRealtimeMessage({
        kind: 'payment',
        userId: row.userId,
        paymentId: row.id,
      });
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
