export {
  KadrWebhookError,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
} from './webhooks.ts';
