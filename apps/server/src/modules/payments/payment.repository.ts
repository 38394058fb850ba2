import type { Currency } from '@kadr/catalog';
import type { PaymentProviderName } from '@kadr/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { payments, users } from '../../db/schema.ts';
import type { RealtimeChannel } from '../realtime/realtime.hub.ts';

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
     * Claims the right to ask the provider about a pending payment now: true for one caller per
     * `intervalMs` (across every node), false while someone asked recently or it is no longer pending.
     */
    async claimCheck(id: string, intervalMs: number): Promise<boolean> {
      const claimed = await db
        .update(payments)
        .set({ checkedAt: sql`now()` })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'pending'),
            sql`(${payments.checkedAt} is null or ${payments.checkedAt} < now() - make_interval(secs => ${intervalMs / 1000}))`,
          ),
        )
        .returning({ id: payments.id });
      return claimed.length > 0;
    },

    /** Payments still pending that were opened before `openedBefore`, oldest first. */
    async findStalePending(openedBefore: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lt(payments.created, openedBefore)))
        .orderBy(asc(payments.created))
        .limit(limit);
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
      await db.execute(
        sql`select pg_notify(${'kadr_payment' satisfies RealtimeChannel}, ${`${row.userId}:${row.id}`})`,
      );
    },
  };
}
