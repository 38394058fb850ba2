export type {
  AsyncOutcome as StripeAsyncOutcome,
  StripeCharge,
  StripeCheckoutSession,
  StripeDispute,
  StripeEmulator,
  StripeEmulatorOptions,
  StripeEvent,
  StripePaymentIntent,
  StripeRefund,
} from './stripe-emulator.ts';
export { createStripeEmulator } from './stripe-emulator.ts';
