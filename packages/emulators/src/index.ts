export * from './oauth/index.ts';
export type {
  Delivery as PaymentNotificationDelivery,
  DeliveryOptions as PaymentDeliveryOptions,
} from './payment-notifications/delivery.ts';
export * from './replicate/index.ts';
export * from './stripe/index.ts';
export * from './yookassa/index.ts';
