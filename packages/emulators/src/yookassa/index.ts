export type {
  YooKassaEmulator,
  YooKassaEmulatorOptions,
  YooKassaPayment,
  YooKassaPaymentStatus,
  YooKassaRefund,
  YooKassaRefundStatus,
} from './yookassa-emulator.ts';
export { createYooKassaEmulator } from './yookassa-emulator.ts';
