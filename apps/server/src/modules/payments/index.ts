// The payments module's public entry: the service the operator console and realtime ask, and how
// a payment's refusal reads over HTTP (the console's refund route answers it).
export type { PaymentRefund, PaymentService } from './payment.service.ts';
export { paymentProblem } from './payments.problems.ts';
