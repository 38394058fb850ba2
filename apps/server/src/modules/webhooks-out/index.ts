// Webhooks out's public entry: what a settle elsewhere writes its messages with, in its own
// transaction (the generations engine, the console's refund), and the repository it binds.

export type { WebhookDeliveryRepository } from './webhook-delivery.repository.ts';
export { recordGenerationEvent } from './webhook-messages.ts';
