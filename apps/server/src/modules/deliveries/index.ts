// The deliveries module's public entry: the repository type the webhook flows bind.
export type { WebhookEventRepository } from './webhook-event.repository.ts';
