export type {
  YooKassaEmulator,
  YooKassaEmulatorOptions,
  YooKassaPayment,
  YooKassaPaymentStatus,
  YooKassaRefund,
} from './yookassa-emulator.ts';
export { createYooKassaEmulator } from './yookassa-emulator.ts';
