export { createStripeEmulator } from './stripe-emulator.ts';
export type {
  AsyncOutcome as StripeAsyncOutcome,
  NewRefundStatus as StripeNewRefundStatus,
  StripeBalanceTransaction,
  StripeCharge,
  StripeCheckoutSession,
  StripeDispute,
  StripeDisputeStatus,
  StripeEmulator,
  StripeEmulatorOptions,
  StripeEvent,
  StripePaymentIntent,
  StripeRefund,
  StripeRefundStatus,
} from './types.ts';
