import type { PaymentRecord } from '@kadr/contract';

/** The return address of both providers: `/profile?topUp=<payment id>` (`&cancelled=1` from Stripe's cancel). */
const topUpParam = 'topUp';
const cancelledParam = 'cancelled';

export type TopUpReturn = { paymentId: string; cancelled: boolean };

export function readTopUp(search: URLSearchParams): TopUpReturn | null {
  const paymentId = search.get(topUpParam)?.trim();
  if (!paymentId) return null;
  return { paymentId, cancelled: search.get(cancelledParam) === '1' };
}

/** The address without the top-up parameters (closing the dialog), everything else kept. */
export function withoutTopUp(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(topUpParam);
  rest.delete(cancelledParam);
  return rest;
}

/** After this long still pending, the dialog says it is slow and that closing it is fine. */
export const slowAfterMs = 45_000;

export type TopUpView =
  | { kind: 'checking' }
  | { kind: 'pending'; payment: PaymentRecord; slow: boolean }
  | { kind: 'succeeded'; payment: PaymentRecord }
  | { kind: 'canceled'; payment: PaymentRecord }
  | { kind: 'review'; payment: PaymentRecord }
  | { kind: 'unknown' };

/**
 * What the dialog shows. It never claims tokens that have not arrived: only a payment the server
 * reports succeeded (its credit is in the same transaction) is congratulated. One under review
 * (the provider reported another amount or currency, so nothing was credited and an operator
 * settles it) is received and being checked — never cancelled. A payment this person cannot see
 * (unknown, someone else's) is neutral; a read that keeps failing reads as still checking.
 */
export function topUpView(input: {
  payment: PaymentRecord | undefined;
  notFound: boolean;
  slow: boolean;
}): TopUpView {
  const { payment } = input;
  if (payment) {
    if (payment.status === 'succeeded') return { kind: 'succeeded', payment };
    if (payment.status === 'canceled') return { kind: 'canceled', payment };
    if (payment.status === 'review') return { kind: 'review', payment };
    return { kind: 'pending', payment, slow: input.slow };
  }
  return input.notFound ? { kind: 'unknown' } : { kind: 'checking' };
}
