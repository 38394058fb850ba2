import type { PaymentRecord } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { readTopUp, topUpView, withoutTopUp } from './top-up';

const payment: PaymentRecord = {
  id: 'p1',
  created: '2026-05-01T10:00:00.000Z',
  updated: '2026-05-01T10:00:00.000Z',
  provider: 'yookassa',
  status: 'pending',
  tokens: 600,
  amount: '1300.00',
  currency: 'RUB',
  reversed_tokens: 0,
};

describe('the top-up address', () => {
  it('reads the payment id and Stripe’s cancelled flag', () => {
    expect(readTopUp(new URLSearchParams('topUp=p1'))).toEqual({
      paymentId: 'p1',
      cancelled: false,
    });
    expect(readTopUp(new URLSearchParams('topUp=p1&cancelled=1'))).toEqual({
      paymentId: 'p1',
      cancelled: true,
    });
    expect(readTopUp(new URLSearchParams('topUp='))).toBeNull();
    expect(readTopUp(new URLSearchParams('other=1'))).toBeNull();
  });

  it('closing removes both parameters and keeps the rest', () => {
    expect(String(withoutTopUp(new URLSearchParams('a=1&topUp=p1&cancelled=1')))).toBe('a=1');
  });
});

describe('what the dialog shows', () => {
  it('congratulates only a succeeded payment', () => {
    expect(topUpView({ payment, notFound: false, slow: false })).toEqual({
      kind: 'pending',
      payment,
      slow: false,
    });
    const paid = { ...payment, status: 'succeeded' as const };
    expect(topUpView({ payment: paid, notFound: false, slow: true }).kind).toBe('succeeded');
    const closed = { ...payment, status: 'canceled' as const };
    expect(topUpView({ payment: closed, notFound: false, slow: false }).kind).toBe('canceled');
    const review = { ...payment, status: 'review' as const };
    expect(topUpView({ payment: review, notFound: false, slow: true })).toEqual({
      kind: 'review',
      payment: review,
    });
  });

  it('is neutral about an unknown payment and keeps checking while reads fail', () => {
    expect(topUpView({ payment: undefined, notFound: true, slow: false })).toEqual({
      kind: 'unknown',
    });
    expect(topUpView({ payment: undefined, notFound: false, slow: true })).toEqual({
      kind: 'checking',
    });
  });
});
