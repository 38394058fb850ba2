import { describe, expect, it } from 'vitest';
import { CallLog, fakeRepositories, strictFake } from '../../../test/fakes.ts';
import {
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
} from '../../providers/payments/gateway.ts';
import type { UserRow } from '../users/user.repository.ts';
import type { PaymentRow } from './payment.repository.ts';
import { createPaymentService } from './payment.service.ts';

// Small tests: repositories and the gateway are strict fakes (test/fakes.ts); no database.

const person = { id: '0a0b0c0d-0000-4000-8000-000000000002' };
const PAYMENT_ID = '0f0e0d0c-0000-4000-8000-0000000000aa';
const at = new Date('2025-01-01T12:00:00Z');
const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** The service's settings that no test here varies. */
const settings = { publicUrl: 'https://kadr.test', pendingTimeoutMs: 60_000, logger: silent };

const user: UserRow = {
  id: person.id,
  name: 'Anna',
  email: 'anna@example.com',
  avatar: null,
  tokens: 0,
  verified: true,
  referredBy: null,
  referredAtSignup: false,
  locale: 'ru',
  role: 'user',
  blockedAt: null,
  blockedReason: null,
  created: at,
  updated: at,
};

function paymentRow(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: PAYMENT_ID,
    userId: person.id,
    provider: 'yookassa',
    providerPaymentId: null,
    idempotencyKey: 'key-1',
    packageId: 'rub-600',
    amount: '1300.00',
    amountMinor: 130_000,
    currency: 'RUB',
    tokens: 600,
    status: 'pending',
    locale: 'ru',
    referral: null,
    cancelReason: null,
    succeededAt: null,
    closedAt: null,
    checkedAt: null,
    receiptEmail: null,
    reversalSteps: 0,
    referrerId: null,
    commissionTokens: 0,
    reversedMinor: 0,
    reversedTokens: 0,
    shortfallTokens: 0,
    commissionReversedTokens: 0,
    commissionShortfallTokens: 0,
    created: at,
    updated: at,
    ...overrides,
  };
}

describe('create', () => {
  it('records the pending payment before it asks the provider, then stores its id', async () => {
    const log = new CallLog();
    const gateway = strictFake<PaymentGateway>(
      'gateway',
      {
        name: 'yookassa',
        currency: 'RUB',
        receiptsNeedEmail: false,
        createCheckout: async () => ({ providerPaymentId: 'yk-1', url: 'https://yoomoney.test/1' }),
      },
      log,
    );
    const service = createPaymentService({
      repositories: fakeRepositories(log, {
        users: { findById: async () => user },
        payments: {
          insert: async (values) =>
            paymentRow({ ...values, idempotencyKey: values.idempotencyKey }),
          setProviderPaymentId: async () => {},
        },
      }),
      gateways: [gateway],
      ...settings,
    });
    expect(await service.create(person, { amount: '600', referral: null }, 'ru')).toEqual({
      outcome: 'opened',
      checkout: { url: 'https://yoomoney.test/1' },
    });
    expect(log.names()).toEqual([
      'users.findById',
      'payments.insert',
      'gateway.createCheckout',
      'payments.setProviderPaymentId',
    ]);
    const [inserted] = log.argsOf('payments.insert')[0] ?? [];
    const [checkout] = log.argsOf('gateway.createCheckout')[0] ?? [];
    expect(checkout).toMatchObject({
      paymentId: PAYMENT_ID,
      idempotencyKey: (inserted as { idempotencyKey: string }).idempotencyKey,
      returnUrl: `https://kadr.test/profile?topUp=${PAYMENT_ID}`,
    });
    expect(log.argsOf('payments.setProviderPaymentId')).toEqual([[PAYMENT_ID, 'yk-1']]);
  });

  it('asks an account without an e-mail for one when the receipt needs it, and records nothing', async () => {
    const log = new CallLog();
    const gateway = strictFake<PaymentGateway>(
      'gateway',
      { name: 'yookassa', currency: 'RUB', receiptsNeedEmail: true },
      log,
    );
    const service = createPaymentService({
      repositories: fakeRepositories(log, {
        users: { findById: async () => ({ ...user, email: '' }) },
      }),
      gateways: [gateway],
      ...settings,
    });
    for (const [email, code] of [
      [undefined, 'email_required'],
      ['  ', 'email_required'],
      ['not an address', 'email_invalid'],
    ] as const) {
      expect(
        await service.create(person, { amount: '600', referral: null, email }, 'ru'),
      ).toMatchObject({ outcome: 'invalid', errors: [{ field: 'email', code }] });
    }
    expect(log.names()).toEqual(['users.findById', 'users.findById', 'users.findById']);
  });

  it('closes the payment as canceled in a transaction when the provider fails, and says so', async () => {
    const log = new CallLog();
    const gateway = strictFake<PaymentGateway>(
      'gateway',
      {
        name: 'yookassa',
        currency: 'RUB',
        receiptsNeedEmail: false,
        createCheckout: async () => {
          throw new Error('socket hang up');
        },
      },
      log,
    );
    const service = createPaymentService({
      repositories: fakeRepositories(
        log,
        {
          users: { findById: async () => user },
          payments: { insert: async () => paymentRow() },
        },
        {
          payments: {
            lockById: async () => paymentRow(),
            update: async (_id, patch) => paymentRow(patch),
            notifyChanged: async () => {},
          },
        },
      ),
      gateways: [gateway],
      ...settings,
    });
    expect(await service.create(person, { amount: '600', referral: null }, 'ru')).toEqual({
      outcome: 'checkout_failed',
    });
    expect(log.names()).toEqual([
      'users.findById',
      'payments.insert',
      'gateway.createCheckout',
      'transaction',
      'tx.payments.lockById',
      'tx.payments.update',
      'tx.payments.notifyChanged',
      'commit',
    ]);
    expect(log.argsOf('tx.payments.update')[0]?.[1]).toMatchObject({
      status: 'canceled',
      cancelReason: 'provider_error',
    });
  });
});

describe('refund', () => {
  const paid = paymentRow({ status: 'succeeded', providerPaymentId: 'yk-1', succeededAt: at });
  const request = { idempotencyKey: 'refund-1', customerEmail: undefined };

  function refundWith(log: CallLog, row: PaymentRow | undefined, gateways: PaymentGateway[]) {
    return createPaymentService({
      repositories: fakeRepositories(log, { payments: { findById: async () => row } }),
      gateways,
      ...settings,
    }).refund;
  }

  it('says what it could not refund, and asks no provider', async () => {
    const log = new CallLog();
    const gateway = strictFake<PaymentGateway>('gateway', { name: 'yookassa' }, log);
    expect(await refundWith(log, undefined, [gateway])('not-an-id', request)).toEqual({
      outcome: 'not_found',
    });
    expect(await refundWith(log, undefined, [gateway])(PAYMENT_ID, request)).toEqual({
      outcome: 'not_found',
    });
    expect(await refundWith(log, paymentRow(), [gateway])(PAYMENT_ID, request)).toEqual({
      outcome: 'not_refundable',
    });
    const refunded = { ...paid, reversedMinor: paid.amountMinor };
    expect(await refundWith(log, refunded, [gateway])(PAYMENT_ID, request)).toEqual({
      outcome: 'not_refundable',
    });
    expect(await refundWith(log, paid, [])(PAYMENT_ID, request)).toEqual({
      outcome: 'provider_not_configured',
      provider: 'yookassa',
    });
    expect(log.names().filter((name) => name.startsWith('gateway.'))).toEqual([]);
  });

  it('refunds nothing and says why when the provider refuses', async () => {
    const log = new CallLog();
    const gateway = strictFake<PaymentGateway>(
      'gateway',
      {
        name: 'yookassa',
        refund: async () => {
          throw new PaymentProviderError('card closed', { retryable: false, status: 400 });
        },
      },
      log,
    );
    expect(await refundWith(log, paid, [gateway])(PAYMENT_ID, request)).toEqual({
      outcome: 'refund_failed',
      reason: 'card closed',
    });
    expect(log.names()).toEqual(['payments.findById', 'gateway.refund']);
  });
});

describe('settle', () => {
  const snapshot = (overrides: Partial<ProviderPayment> = {}): ProviderPayment => ({
    providerPaymentId: 'yk-1',
    paymentId: PAYMENT_ID,
    status: 'succeeded',
    amountMinor: 130_000,
    currency: 'RUB',
    reversedMinor: 0,
    ...overrides,
  });

  const moved = async () => ({ applied: true as const, balance: 0 });

  function settleWith(log: CallLog, row: PaymentRow, referrer?: string, balance = 1000) {
    return createPaymentService({
      repositories: fakeRepositories(
        log,
        {},
        {
          payments: {
            lockById: async () => row,
            lockBalances: async (ids) => new Map(ids.map((id) => [id, balance])),
            update: async (_id, patch) => ({ ...row, ...patch }),
            notifyChanged: async () => {},
            markForRecheck: async () => {},
          },
          users: { commissionReferrerOf: async () => referrer },
          ledger: { creditPayment: moved, payCommission: moved, reversePayment: moved },
        },
      ),
      gateways: [],
      ...settings,
    }).settle;
  }

  it('credits the payer and the referrer in the one transaction that locks the payment', async () => {
    const log = new CallLog();
    const referrer = '0a0b0c0d-0000-4000-8000-0000000000ff';
    const settle = settleWith(log, paymentRow(), referrer);
    const outcome = await settle('yookassa', snapshot());
    expect(outcome).toMatchObject({
      kind: 'settled',
      changed: true,
      payment: { status: 'succeeded', referrerId: referrer, commissionTokens: 300 },
    });
    expect(log.names()).toEqual([
      'transaction',
      'tx.payments.lockById',
      'tx.users.commissionReferrerOf',
      'tx.payments.lockBalances',
      'tx.ledger.creditPayment',
      'tx.ledger.payCommission',
      'tx.payments.update',
      'tx.payments.notifyChanged',
      'commit',
    ]);
    expect(log.transactionsOf('tx.ledger.creditPayment')).toEqual([1]);
    expect(log.argsOf('tx.ledger.creditPayment')).toEqual([
      [{ userId: person.id, paymentId: PAYMENT_ID, tokens: 600 }],
    ]);
    expect(log.argsOf('tx.ledger.payCommission')).toEqual([
      [{ referrerId: referrer, paymentId: PAYMENT_ID, tokens: 300 }],
    ]);
  });

  it('gives back what a won dispute returns: the payer’s and the referrer’s, as one new step', async () => {
    const log = new CallLog();
    const referrer = '0a0b0c0d-0000-4000-8000-0000000000ff';
    const disputed = paymentRow({
      status: 'succeeded',
      providerPaymentId: 'yk-1',
      succeededAt: at,
      closedAt: at,
      referrerId: referrer,
      commissionTokens: 300,
      reversedMinor: 130_000,
      reversalSteps: 1,
      reversedTokens: 450,
      shortfallTokens: 150,
      commissionReversedTokens: 300,
    });
    const settle = settleWith(log, disputed, referrer, 0);
    const outcome = await settle('yookassa', snapshot({ reversedMinor: 0 }));
    expect(outcome).toMatchObject({
      kind: 'settled',
      changed: true,
      payment: {
        reversedMinor: 0,
        reversalSteps: 2,
        reversedTokens: 0,
        shortfallTokens: 0,
        commissionReversedTokens: 0,
      },
    });
    expect(log.argsOf('tx.ledger.reversePayment')).toEqual([
      [{ side: 'payer', userId: person.id, paymentId: PAYMENT_ID, step: 2, tokens: 450 }],
      [{ side: 'referrer', userId: referrer, paymentId: PAYMENT_ID, step: 2, tokens: 300 }],
    ]);
    expect(log.names()).toContain('tx.payments.markForRecheck');
  });

  it('puts a payment the provider took money for, but not as opened, under review', async () => {
    const log = new CallLog();
    const settle = settleWith(log, paymentRow());
    const outcome = await settle('yookassa', snapshot({ amountMinor: 1000 }));
    expect(outcome).toMatchObject({ kind: 'mismatch', payment: { status: 'review' } });
    expect(log.argsOf('tx.payments.update')[0]?.[1]).toMatchObject({
      status: 'review',
      cancelReason: 'mismatch',
    });
    expect(log.names()).not.toContain('tx.ledger.creditPayment');
  });

  it('does nothing but look when the payment is already succeeded', async () => {
    const log = new CallLog();
    const settle = settleWith(
      log,
      paymentRow({ status: 'succeeded', providerPaymentId: 'yk-1', succeededAt: at, closedAt: at }),
    );
    expect(await settle('yookassa', snapshot())).toMatchObject({ kind: 'settled', changed: false });
    expect(log.names()).toEqual(['transaction', 'tx.payments.lockById', 'commit']);
  });

  it('credits nothing, logs an error and holds it for review when the metadata names our payment with another id', async () => {
    const log = new CallLog();
    const errors: string[] = [];
    const service = createPaymentService({
      repositories: fakeRepositories(
        log,
        {},
        {
          payments: {
            lockById: async () => paymentRow({ providerPaymentId: 'yk-1' }),
            update: async (_id, patch) => paymentRow({ providerPaymentId: 'yk-1', ...patch }),
            notifyChanged: async () => {},
          },
        },
      ),
      gateways: [],
      ...settings,
      logger: { ...silent, error: (_details, message) => errors.push(message) },
    });
    expect(await service.settle('yookassa', snapshot({ providerPaymentId: 'yk-2' }))).toMatchObject(
      { kind: 'mismatch' },
    );
    expect(errors).toEqual(['payment not credited: its provider id is yk-1, not yk-2']);
    // Money was taken for it all the same: an operator looks (never "canceled").
    expect(log.names()).toEqual([
      'transaction',
      'tx.payments.lockById',
      'tx.payments.update',
      'tx.payments.notifyChanged',
      'commit',
    ]);
    expect(log.argsOf('tx.payments.update')[0]?.[1]).toMatchObject({ status: 'review' });
  });
});
