import { randomUUID } from 'node:crypto';
import { type Currency, tokenPackages } from '@kadr/catalog';
import {
  type CreatePaymentBody,
  type CreatePaymentResponse,
  type FieldError,
  type PaymentProviderName,
  type PaymentRecord,
  paymentProviderSchema,
  uuidPattern,
} from '@kadr/contract';
import type { Locale } from '../../lib/locale.ts';
import type { Transaction } from '../../lib/transaction.ts';
import {
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
  type RefundResult,
  WebhookRejectedError,
  type WebhookRequest,
} from '../../providers/payments/gateway.ts';
import type { SessionUser } from '../auth/index.ts';
import type { WebhookEventRepository } from '../deliveries/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { UserRepository } from '../users/index.ts';
import { toPaymentRecord } from './payment.mapper.ts';
import type { PaymentPatch, PaymentRepository, PaymentRow } from './payment.repository.ts';
import { commissionFor, decideSettlement, mayStillBePaid, reversalStep } from './settlement.ts';

interface PaymentLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a payment's transactions bind. */
interface PaymentParts {
  payments: PaymentRepository;
  users: UserRepository;
  ledger: Ledger;
  webhookEvents: WebhookEventRepository;
}

export interface PaymentServiceOptions {
  repositories: {
    payments: PaymentRepository;
    users: UserRepository;
    webhookEvents: WebhookEventRepository;
    transaction: Transaction<PaymentParts>;
  };
  /** The providers available (real or emulated), at most one per currency. */
  gateways: readonly PaymentGateway[];
  /** Where the provider sends the person back: `${publicUrl}/profile?topUp=<id>`. */
  publicUrl: string;
  /** A payment still pending this long after it opened is asked about and closed. */
  pendingTimeoutMs: number;
  /**
   * The reconciliation asks the provider again about a pending payment (or one we closed in the
   * last day) this often (default 15 minutes), and about any other of the last 120 days this
   * often (default a day): a lost notification of any kind is applied within one period.
   */
  reconcilePendingEveryMs?: number;
  reconcileSettledEveryMs?: number;
  logger: PaymentLogger;
  /** A read of a pending payment asks the provider at most this often (default 3 s). */
  checkIntervalMs?: number;
}

/** How one provider view of a payment was taken. */
export type SettleOutcome =
  | { kind: 'settled'; payment: PaymentRow; changed: boolean }
  | { kind: 'unknown' }
  | { kind: 'mismatch'; payment: PaymentRow; reason: string };

/** One of the person's payments, or none of theirs by that id. */
export type PaymentLookup = { outcome: 'found'; payment: PaymentRecord } | { outcome: 'not_found' };

/** How opening a payment ended: the route maps each outcome to its answer. */
export type PaymentOpening =
  | { outcome: 'opened'; checkout: CreatePaymentResponse }
  /** No such package, or no e-mail for a receipt that needs one. */
  | { outcome: 'invalid'; errors: FieldError[] }
  /** No provider takes this currency here. */
  | { outcome: 'currency_unavailable'; currency: Currency }
  /** The session's account is gone. */
  | { outcome: 'signed_out' }
  /** The provider did not open a checkout; the payment was closed. */
  | { outcome: 'checkout_failed' };

/** How the person's Cancel ended. */
export type PaymentCancel =
  | { outcome: 'canceled'; payment: PaymentRecord }
  | { outcome: 'not_found' }
  | { outcome: 'not_pending' };

/** What became of a provider's notification. */
export type WebhookAcceptance =
  /** Taken, or a repeat or a notice about nothing of ours: acknowledged either way. */
  | { outcome: 'accepted' }
  /** No gateway by that name here. */
  | { outcome: 'unknown_provider' }
  /** The gateway does not vouch for it (a bad signature, an address not the provider's). */
  | { outcome: 'refused'; provider: PaymentProviderName }
  /** The provider's API, needed to read or confirm it, failed: the provider should retry. */
  | { outcome: 'provider_unreachable' }
  /** The provider's API still reports the payment pending: the provider should retry. */
  | { outcome: 'unconfirmed' };

/** How an operator's refund ended. */
export type PaymentRefund =
  /** `settled` is undefined when the payment could not be read back (the reconciliation will). */
  | { outcome: 'refunded'; refund: RefundResult; settled: SettleOutcome | undefined }
  | { outcome: 'not_found' }
  /** Not paid, or nothing left on it to give back. */
  | { outcome: 'not_refundable' }
  | { outcome: 'provider_not_configured'; provider: PaymentProviderName }
  /** The provider refused or could not be reached: no refund was made, nothing taken back. */
  | { outcome: 'refund_failed'; reason: string };

/** Every way the payment service turns a request down. */
export type PaymentRefusal = Exclude<
  PaymentLookup | PaymentOpening | PaymentCancel | WebhookAcceptance | PaymentRefund,
  { outcome: 'found' | 'opened' | 'canceled' | 'accepted' | 'refunded' }
>;

/** What settling touches in its transaction. */
type SettleTx = Pick<PaymentParts, 'payments' | 'users' | 'ledger'>;
const SETTLE_USES = ['payments', 'users', 'ledger'] as const;

/** How many payments one run of the reconciliation asks about (each a provider call). */
const RECONCILE_BATCH = 100;
/** How far back the reconciliation looks: refunds and disputes come within this window. */
const RECONCILE_WINDOW_DAYS = 120;

/**
 * Buying tokens (ADR 013). A payment is recorded `pending` before the provider is asked, and only
 * the provider's confirmed view of it moves it on, through `settle`: the one place that credits the
 * tokens and the referrer's commission, closes unpaid payments and takes tokens back after refunds,
 * each exactly once, in one transaction with the payment locked — whoever brings the news (a
 * webhook, the return page, the cancel button, the reconcile job), however often, in any order.
 */
export function createPaymentService(options: PaymentServiceOptions) {
  const { repositories, logger } = options;
  const checkIntervalMs = options.checkIntervalMs ?? 3000;
  const byName = new Map<PaymentProviderName, PaymentGateway>(
    options.gateways.map((gateway) => [gateway.name, gateway]),
  );
  const byCurrency = new Map<Currency, PaymentGateway>(
    options.gateways.map((gateway) => [gateway.currency, gateway]),
  );

  /** Runs `fn` in a transaction, again when PostgreSQL broke a deadlock or serialisation race. */
  async function inTransaction<K extends keyof PaymentParts, T>(
    uses: readonly K[],
    fn: (tx: Pick<PaymentParts, K>) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await repositories.transaction(uses, fn);
      } catch (error) {
        if (attempt >= 3 || !isTransientConflict(error)) throw error;
      }
    }
  }

  /** Finds and locks our payment for a provider's view of it, checking the two agree on which. */
  async function lockFor(
    tx: Pick<PaymentParts, 'payments'>,
    provider: PaymentProviderName,
    snapshot: ProviderPayment,
  ): Promise<{ row: PaymentRow; mismatch?: string } | undefined> {
    const ours =
      snapshot.paymentId !== undefined && uuidPattern.test(snapshot.paymentId)
        ? await tx.payments.lockById(snapshot.paymentId)
        : undefined;
    if (ours) {
      if (ours.provider !== provider) {
        return { row: ours, mismatch: `it is a ${ours.provider} payment, not ${provider}'s` };
      }
      if (ours.providerPaymentId && ours.providerPaymentId !== snapshot.providerPaymentId) {
        return {
          row: ours,
          mismatch: `its provider id is ${ours.providerPaymentId}, not ${snapshot.providerPaymentId}`,
        };
      }
      return { row: ours };
    }
    const found = await tx.payments.lockByProviderId(provider, snapshot.providerPaymentId);
    if (!found) return undefined;
    if (snapshot.paymentId !== undefined && snapshot.paymentId !== found.id) {
      return { row: found, mismatch: `its metadata names payment ${snapshot.paymentId}` };
    }
    return { row: found };
  }

  /** `settle` inside the caller's transaction (a webhook records its event in the same one). */
  async function settleIn(
    tx: SettleTx,
    provider: PaymentProviderName,
    snapshot: ProviderPayment,
  ): Promise<SettleOutcome> {
    const found = await lockFor(tx, provider, snapshot);
    if (!found) return { kind: 'unknown' };
    const { row } = found;
    const decision = found.mismatch
      ? ({
          kind: 'mismatch',
          reason: found.mismatch,
          review: snapshot.status === 'succeeded' && row.status !== 'succeeded',
        } as const)
      : decideSettlement(row, snapshot);
    if (decision.kind === 'mismatch') {
      logger.error(
        { paymentId: row.id, provider, providerPaymentId: snapshot.providerPaymentId },
        `payment not credited: ${decision.reason}`,
      );
      if (!decision.review || row.status === 'review') {
        return { kind: 'mismatch', payment: row, reason: decision.reason };
      }
      // The provider took money for it, but not as we opened it: never "canceled" for a person
      // who paid; an operator settles it by hand (a refund, or a credit by adjustment).
      const held = await tx.payments.update(row.id, {
        status: 'review',
        closedAt: row.closedAt ?? new Date(),
        cancelReason: 'mismatch',
      });
      await tx.payments.notifyChanged(held);
      return { kind: 'mismatch', payment: held, reason: decision.reason };
    }

    const patch: PaymentPatch = {};
    if (!row.providerPaymentId) patch.providerPaymentId = snapshot.providerPaymentId;
    const now = new Date();
    let referrerId = row.referrerId;
    let commission = row.commissionTokens;
    let balances = new Map<string, number>();

    if (decision.succeed) {
      const candidate = await tx.users.commissionReferrerOf(row.userId);
      balances = await tx.payments.lockBalances(candidate ? [row.userId, candidate] : [row.userId]);
      referrerId = candidate && balances.has(candidate) ? candidate : null;
      commission = referrerId ? commissionFor(row.tokens) : 0;
      await tx.ledger.creditPayment({ userId: row.userId, paymentId: row.id, tokens: row.tokens });
      balances.set(row.userId, (balances.get(row.userId) ?? 0) + row.tokens);
      if (referrerId && commission > 0) {
        await tx.ledger.payCommission({ referrerId, paymentId: row.id, tokens: commission });
        balances.set(referrerId, (balances.get(referrerId) ?? 0) + commission);
      }
      Object.assign(patch, {
        status: 'succeeded',
        succeededAt: now,
        closedAt: row.closedAt ?? now,
        cancelReason: null,
        referrerId,
        commissionTokens: commission,
      } satisfies PaymentPatch);
      logger.info(
        {
          paymentId: row.id,
          tokens: row.tokens,
          referrerId,
          commission,
          late: row.status !== 'pending',
        },
        'payment credited',
      );
    } else if (decision.cancel) {
      Object.assign(patch, {
        status: 'canceled',
        closedAt: now,
        cancelReason: snapshot.cancelReason ?? 'canceled',
      } satisfies PaymentPatch);
    }

    if (decision.reverseTo !== undefined) {
      const reverseTo = decision.reverseTo;
      if (!decision.succeed) {
        balances = await tx.payments.lockBalances(
          referrerId ? [row.userId, referrerId] : [row.userId],
        );
      }
      const step = row.reversalSteps + 1;
      const payer = reversalStep({
        credited: row.tokens,
        reversedMinor: reverseTo,
        amountMinor: row.amountMinor,
        taken: row.reversedTokens,
        shortfall: row.shortfallTokens,
        balance: balances.get(row.userId) ?? 0,
      });
      const moved = payer.giveBack - payer.take;
      if (moved !== 0) {
        await tx.ledger.reversePayment({
          side: 'payer',
          userId: row.userId,
          paymentId: row.id,
          step,
          tokens: moved,
        });
      }
      const referrer = reversalStep({
        credited: commission,
        reversedMinor: reverseTo,
        amountMinor: row.amountMinor,
        taken: row.commissionReversedTokens,
        shortfall: row.commissionShortfallTokens,
        // A referrer who is gone has nothing to take back: all of it is shortfall.
        balance: referrerId ? (balances.get(referrerId) ?? 0) : 0,
      });
      const commissionMoved = referrer.giveBack - referrer.take;
      if (referrerId && commissionMoved !== 0) {
        await tx.ledger.reversePayment({
          side: 'referrer',
          userId: referrerId,
          paymentId: row.id,
          step,
          tokens: commissionMoved,
        });
      }
      Object.assign(patch, {
        reversedMinor: reverseTo,
        reversalSteps: step,
        reversedTokens: payer.taken,
        shortfallTokens: payer.shortfall,
        // A gone referrer's account cannot be given back to: what was taken stays taken.
        commissionReversedTokens: referrerId ? referrer.taken : row.commissionReversedTokens,
        commissionShortfallTokens: referrerId
          ? referrer.shortfall
          : Math.max(0, referrer.taken + referrer.shortfall - row.commissionReversedTokens),
      } satisfies PaymentPatch);
      const details = {
        paymentId: row.id,
        from: row.reversedMinor,
        reversedMinor: reverseTo,
        moved,
        shortfall: payer.shortfall,
        commissionMoved,
        commissionShortfall: referrer.shortfall,
      };
      if (reverseTo < row.reversedMinor) {
        logger.info(details, 'payment reversal shrank: tokens given back');
      } else if (payer.shortfall + referrer.shortfall > 0) {
        logger.warn(details, 'payment reversed with a shortfall: tokens were already spent');
      } else {
        logger.info(details, 'payment reversed');
      }
      // The view was read before the lock: a later one may have been settled first. The next
      // reconciliation run reads it again, so an out-of-order pair is put right within a minute.
      await tx.payments.markForRecheck(row.id);
    }

    if (Object.keys(patch).length === 0) return { kind: 'settled', payment: row, changed: false };
    const updated = await tx.payments.update(row.id, patch);
    const changed = decision.succeed || decision.cancel || decision.reverseTo !== undefined;
    if (changed) await tx.payments.notifyChanged(updated);
    return { kind: 'settled', payment: updated, changed };
  }

  /** Takes the provider's view of a payment, in a transaction of its own. */
  function settle(
    provider: PaymentProviderName,
    snapshot: ProviderPayment,
  ): Promise<SettleOutcome> {
    return inTransaction(SETTLE_USES, (tx) => settleIn(tx, provider, snapshot));
  }

  /** Closes a payment we gave up on (the person cancelled, or it timed out) if still pending. */
  async function closeIfPending(id: string, reason: string): Promise<void> {
    await inTransaction(['payments'], async (tx) => {
      const row = await tx.payments.lockById(id);
      if (row?.status !== 'pending') return;
      const closed = await tx.payments.update(id, {
        status: 'canceled',
        closedAt: new Date(),
        cancelReason: reason,
      });
      await tx.payments.notifyChanged(closed);
    });
  }

  async function owned(user: SessionUser, id: string): Promise<PaymentRow | undefined> {
    return uuidPattern.test(id) ? await repositories.payments.findOwned(user.id, id) : undefined;
  }

  const found = (row: PaymentRow | undefined): PaymentLookup =>
    row ? { outcome: 'found', payment: toPaymentRecord(row) } : { outcome: 'not_found' };

  return {
    settle,

    /** One of the person's payments as it is recorded (no provider call): realtime events. */
    async record(user: SessionUser, id: string): Promise<PaymentLookup> {
      return found(await owned(user, id));
    },

    /**
     * `POST /api/create-payment`: the package by its token amount in the currency asked for (else the
     * interface language's), recorded pending, then the provider's page opened for it.
     */
    async create(
      user: SessionUser,
      body: CreatePaymentBody,
      locale: Locale,
    ): Promise<PaymentOpening> {
      const currency: Currency = body.currency ?? (locale === 'en' ? 'USD' : 'RUB');
      const packages = tokenPackages[currency];
      const pkg = packages.find((candidate) => String(candidate.tokens) === body.amount.trim());
      if (!pkg) {
        return {
          outcome: 'invalid',
          errors: [
            {
              field: 'amount',
              code: 'unknown_package',
              message: `must be the token amount of a ${currency} package: ${packages.map((p) => p.tokens).join(', ')}`,
            },
          ],
        };
      }
      const gateway = byCurrency.get(currency);
      if (!gateway) return { outcome: 'currency_unavailable', currency };
      const person = await repositories.users.findById(user.id);
      if (!person) return { outcome: 'signed_out' };
      // Kept for the record only: a referrer comes with the sign-up link, never with a purchase
      // (a second account's purchase named as "referred" would earn its owner 1.5 × the tokens).
      const referral = body.referral?.trim() || null;
      const receipt = receiptEmailFor(gateway, person.email, body.email);
      if ('errors' in receipt) return { outcome: 'invalid', errors: receipt.errors };
      const customerEmail = receipt.email;
      const amountMinor = Math.round(pkg.priceNumeric * 100);
      const payment = await repositories.payments.insert({
        userId: user.id,
        provider: gateway.name,
        idempotencyKey: randomUUID(),
        packageId: pkg.id,
        amount: pkg.priceNumeric.toFixed(2),
        amountMinor,
        currency,
        tokens: pkg.tokens,
        locale,
        referral: referral?.slice(0, 100) ?? null,
        receiptEmail: person.email.trim() ? null : (customerEmail ?? null),
      });
      const returnUrl = `${options.publicUrl}/profile?topUp=${payment.id}`;
      let session: { providerPaymentId: string; url: string };
      try {
        session = await gateway.createCheckout({
          paymentId: payment.id,
          idempotencyKey: payment.idempotencyKey,
          amountMinor,
          currency,
          tokens: pkg.tokens,
          description: itemName(pkg.tokens, locale),
          locale,
          returnUrl,
          cancelUrl: `${returnUrl}&cancelled=1`,
          customerEmail,
        });
      } catch (error) {
        logger.error(
          { err: error, paymentId: payment.id, provider: gateway.name },
          'the payment provider did not open a checkout',
        );
        await closeIfPending(payment.id, 'provider_error');
        return { outcome: 'checkout_failed' };
      }
      await repositories.payments.setProviderPaymentId(payment.id, session.providerPaymentId);
      logger.info(
        { paymentId: payment.id, provider: gateway.name, tokens: pkg.tokens, currency },
        'payment opened',
      );
      return { outcome: 'opened', checkout: { url: session.url } };
    },

    /**
     * One of the person's payments. While it is pending — or closed by us in the last day, since
     * the provider may have taken the money after all — the provider is asked (at most once per
     * few seconds per payment), so the page the person returns to learns of the payment even
     * before the provider's notification arrives.
     */
    async read(user: SessionUser, id: string): Promise<PaymentLookup> {
      const row = await owned(user, id);
      if (!row) return { outcome: 'not_found' };
      const gateway = byName.get(row.provider);
      if (
        (row.status === 'pending' || mayStillBePaid(row, new Date())) &&
        row.providerPaymentId &&
        gateway &&
        (await repositories.payments.claimCheck(row.id, checkIntervalMs))
      ) {
        try {
          const outcome = await settle(
            row.provider,
            await gateway.getPayment(row.providerPaymentId),
          );
          if (outcome.kind === 'settled') return found(outcome.payment);
        } catch (error) {
          logger.warn(
            { err: error, paymentId: row.id },
            'could not ask the provider about a payment',
          );
        }
      }
      return found(row);
    },

    /**
     * The person came back from the provider's page through Cancel: close the checkout at the
     * provider where it can be closed, take what it says, and close ours if it is still pending.
     */
    async cancel(user: SessionUser, id: string): Promise<PaymentCancel> {
      const row = await owned(user, id);
      if (!row) return { outcome: 'not_found' };
      if (row.status !== 'pending') return { outcome: 'not_pending' };
      const gateway = byName.get(row.provider);
      if (row.providerPaymentId && gateway) {
        try {
          await settle(row.provider, await gateway.expireCheckout(row.providerPaymentId));
        } catch (error) {
          // Closed on our side regardless; should it be paid after all, the success still credits.
          logger.warn(
            { err: error, paymentId: row.id },
            'could not close a checkout at the provider',
          );
        }
      }
      await closeIfPending(row.id, 'abandoned');
      const closed = found(await owned(user, id));
      return closed.outcome === 'found' ? { outcome: 'canceled', payment: closed.payment } : closed;
    },

    /**
     * A provider's notification (`POST /api/webhooks/:provider`). Refused unless the gateway
     * vouches for it; recorded once by event id in the same transaction as its effect, so a repeat
     * is a no-op and a failure (an error, or an outcome asking for a retry) leaves it for the
     * provider's retry. An unsigned notice is believed only as far as the provider's API confirms
     * it.
     */
    async acceptWebhook(provider: string, request: WebhookRequest): Promise<WebhookAcceptance> {
      const name = paymentProviderSchema.safeParse(provider);
      const gateway = name.success ? byName.get(name.data) : undefined;
      if (!name.success || !gateway) return { outcome: 'unknown_provider' };
      let notice: Awaited<ReturnType<PaymentGateway['parseWebhook']>>;
      try {
        notice = await gateway.parseWebhook(request);
      } catch (error) {
        if (error instanceof WebhookRejectedError) {
          logger.warn(
            { provider, reason: error.message, ip: request.sourceIp },
            'refused a webhook',
          );
          return { outcome: 'refused', provider: gateway.name };
        }
        if (error instanceof PaymentProviderError) {
          // Reading the notification needed the provider's API (Stripe: a refund's session).
          logger.warn({ err: error, provider }, 'could not read a webhook: the provider failed');
          return { outcome: 'provider_unreachable' };
        }
        throw error;
      }
      const { eventId } = notice;
      if (await repositories.webhookEvents.isRecorded(gateway.name, eventId)) {
        return { outcome: 'accepted' };
      }
      const providerPaymentId = notice.providerPaymentId;
      if (!providerPaymentId) {
        await repositories.webhookEvents.recordProcessed(gateway.name, eventId);
        return { outcome: 'accepted' };
      }
      let snapshot = notice.trusted;
      if (!snapshot) {
        try {
          snapshot = await gateway.getPayment(providerPaymentId);
        } catch (error) {
          if (isNotOurs(error)) {
            // Not a payment this shop can read as its own (unknown to the provider, or in another
            // currency): a retry would change nothing, so it is acknowledged and left alone.
            logger.warn(
              { err: error, provider, eventId, providerPaymentId },
              'a webhook names a payment that is not ours',
            );
            await repositories.webhookEvents.recordProcessed(gateway.name, eventId);
            return { outcome: 'accepted' };
          }
          logger.warn(
            { err: error, provider, eventId },
            'could not confirm a webhook with the provider',
          );
          return { outcome: 'provider_unreachable' };
        }
        if (snapshot.status === 'pending') {
          // Every notification acted on reports a closed payment; the API does not (yet) agree.
          logger.warn(
            { provider, eventId, eventType: notice.eventType, providerPaymentId },
            'the provider does not confirm a webhook',
          );
          return { outcome: 'unconfirmed' };
        }
      }
      const confirmed = snapshot;
      await inTransaction(['webhookEvents', ...SETTLE_USES], async (tx) => {
        if (!(await tx.webhookEvents.recordProcessed(gateway.name, eventId))) return;
        const outcome = await settleIn(tx, gateway.name, confirmed);
        if (outcome.kind === 'unknown') {
          logger.warn(
            { provider, eventId, eventType: notice.eventType, providerPaymentId },
            'a webhook names a payment we do not know',
          );
        }
      });
      return { outcome: 'accepted' };
    },

    /**
     * An operator's refund of what is left of a paid payment (or of one under review): the
     * provider is asked to give the money back, then the payment is read again and settled, so the
     * tokens are taken back here and now as for a refund the provider reports (its later
     * notification of the same refund changes nothing). A refund the provider answers `pending`
     * takes the tokens back too (the money is on its way; should it fail, they come back). When
     * only the read after it fails, the refund stands and the reconciliation takes the tokens back
     * at its next run. The same `idempotencyKey` refunds once. A provider that refuses (or cannot
     * be reached) refunds nothing: `refund_failed`.
     */
    async refund(
      id: string,
      request: { idempotencyKey: string; customerEmail: string | undefined },
    ): Promise<PaymentRefund> {
      const row = uuidPattern.test(id) ? await repositories.payments.findById(id) : undefined;
      if (!row) return { outcome: 'not_found' };
      const left = row.amountMinor - row.reversedMinor;
      const paid = row.status === 'succeeded' || row.status === 'review';
      if (!paid || left <= 0 || !row.providerPaymentId) return { outcome: 'not_refundable' };
      const gateway = byName.get(row.provider);
      if (!gateway) return { outcome: 'provider_not_configured', provider: row.provider };
      let refund: RefundResult;
      try {
        refund = await gateway.refund({
          providerPaymentId: row.providerPaymentId,
          amountMinor: left,
          idempotencyKey: request.idempotencyKey,
          description: itemName(row.tokens, row.locale),
          customerEmail: row.receiptEmail ?? request.customerEmail,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        return { outcome: 'refund_failed', reason: error.message };
      }
      logger.info({ paymentId: row.id, refund }, 'refund asked of the provider');
      try {
        const settled = await settle(row.provider, await gateway.getPayment(row.providerPaymentId));
        return { outcome: 'refunded', refund, settled };
      } catch (error) {
        logger.warn(
          { err: error, paymentId: row.id },
          'refunded, but could not read the payment back; the reconciliation settles it',
        );
        await repositories.payments.markForRecheck(row.id);
        return { outcome: 'refunded', refund, settled: undefined };
      }
    },

    /**
     * Job `reconcile_payments`, every minute (ADR 034): payments pending past the timeout are
     * closed as the provider says (expired, cancelled or paid), or on our side when it still says
     * pending; then the payments due a look — pending or closed by us in the last day, every
     * `reconcilePendingEveryMs`; any other of the last 120 days, every `reconcileSettledEveryMs`;
     * one marked for a re-check at once — are read from the provider and settled, so a lost
     * notification of any kind (a success, a refund, a dispute and its outcome) is applied within
     * one period. At most 100 provider calls a run, those asked longest ago first. Answers how
     * many payments it settled or closed.
     */
    async reconcile(now = new Date()): Promise<number> {
      let handled = 0;
      const stale = await repositories.payments.findStalePending(
        new Date(now.getTime() - options.pendingTimeoutMs),
        RECONCILE_BATCH,
      );
      for (const row of stale) {
        const gateway = byName.get(row.provider);
        await repositories.payments.markChecked(row.id);
        if (row.providerPaymentId && gateway) {
          try {
            await settle(row.provider, await gateway.expireCheckout(row.providerPaymentId));
          } catch (error) {
            if (!isNotOurs(error)) {
              logger.warn(
                { err: error, paymentId: row.id },
                'could not reconcile a payment; later',
              );
              continue;
            }
            // The provider does not know it (a key changed?): closed here; a success still credits.
            logger.error({ err: error, paymentId: row.id }, 'the provider does not know a payment');
            await closeIfPending(row.id, 'not_found');
            handled++;
            continue;
          }
        }
        await closeIfPending(row.id, 'timeout');
        handled++;
      }
      const due = await repositories.payments.findDueChecks({
        pendingEveryMs: options.reconcilePendingEveryMs ?? 15 * 60_000,
        settledEveryMs: options.reconcileSettledEveryMs ?? 24 * 3_600_000,
        windowDays: RECONCILE_WINDOW_DAYS,
        limit: Math.max(0, RECONCILE_BATCH - stale.length),
      });
      for (const row of due) {
        const gateway = byName.get(row.provider);
        await repositories.payments.markChecked(row.id);
        if (!row.providerPaymentId || !gateway) continue;
        try {
          const outcome = await settle(
            row.provider,
            await gateway.getPayment(row.providerPaymentId),
          );
          if (outcome.kind === 'settled' && outcome.changed) {
            handled++;
            logger.warn(
              { paymentId: row.id, status: outcome.payment.status },
              'the reconciliation applied what no notification brought',
            );
          }
        } catch (error) {
          logger.warn({ err: error, paymentId: row.id }, 'could not reconcile a payment; later');
        }
      }
      if (handled > 0) logger.info({ handled }, 'reconciled payments');
      return handled;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

const russianPlural = new Intl.PluralRules('ru');
const creditWords: Record<string, string> = { one: 'кредит', few: 'кредита', many: 'кредитов' };

/**
 * The item's name on the provider's page and the receipt: '600 кредитов Kadr', '500 Kadr credits'
 * (people buy credits, as every screen calls them; 'tokens' is only the code's word).
 */
export function itemName(tokens: number, locale: Locale): string {
  if (locale === 'en') return `${tokens} Kadr ${tokens === 1 ? 'credit' : 'credits'}`;
  return `${tokens} ${creditWords[russianPlural.select(tokens)] ?? 'кредита'} Kadr`;
}

/**
 * The provider cannot answer for this payment as ours, and asking again will not change that: it
 * does not know it (404), or its answer is not one of ours (another currency, an unknown shape).
 */
function isNotOurs(error: unknown): boolean {
  return (
    error instanceof PaymentProviderError &&
    (error.status === 404 || (error.status === undefined && !error.retryable))
  );
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The buyer's e-mail for the provider: the account's own, else — where the provider's 54-FZ
 * receipt needs one — the address typed at purchase, asked for (an error naming `email`) when
 * missing.
 */
function receiptEmailFor(
  gateway: PaymentGateway,
  accountEmail: string,
  typed: string | undefined,
): { email: string | undefined } | { errors: FieldError[] } {
  const own = accountEmail.trim();
  if (own) return { email: own };
  if (!gateway.receiptsNeedEmail) return { email: undefined };
  const given = typed?.trim() ?? '';
  if (!given) {
    return {
      errors: [
        {
          field: 'email',
          code: 'email_required',
          message: 'the receipt (54-FZ) needs an e-mail address: send it as `email`',
        },
      ],
    };
  }
  if (given.length > 254 || !emailPattern.test(given)) {
    return {
      errors: [{ field: 'email', code: 'email_invalid', message: 'must be an e-mail address' }],
    };
  }
  return { email: given };
}

/** PostgreSQL broke a deadlock (40P01) or a serialisation race (40001): the retry may pass. */
function isTransientConflict(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; at && depth < 5; depth++) {
    const { code, cause } = at as { code?: unknown; cause?: unknown };
    if (code === '40P01' || code === '40001') return true;
    at = cause;
  }
  return false;
}
