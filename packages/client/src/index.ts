export {
  createKadrClient,
  type KadrBalance,
  type KadrClient,
  type KadrClientOptions,
  type KadrCreateBody,
  type KadrCreateElementBody,
  type KadrCreateJoinBody,
  type KadrElement,
  type KadrElementPicture,
  type KadrEstimate,
  type KadrEstimateBody,
  type KadrFile,
  type KadrGeneration,
  type KadrGenerationList,
  type KadrGenerationQuery,
  type KadrGenerationStatus,
  type KadrModel,
  type KadrRecording,
  type KadrStatement,
  type KadrStatementQuery,
  type KadrUpload,
  type KadrWebhookMessage,
  kadrWebhookEventTypes,
  type WaitOptions,
} from './client.ts';
export {
  KadrApiError,
  type KadrProblem,
  type KadrProblemCode,
  KadrTimeoutError,
} from './errors.ts';
export type { operations, paths } from './schema.ts';
export {
  KadrWebhookError,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
} from './webhooks.ts';
