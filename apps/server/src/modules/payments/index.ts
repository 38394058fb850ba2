// The payments module's public entry: the service the operator console and realtime ask.
export type { PaymentService } from './payment.service.ts';
