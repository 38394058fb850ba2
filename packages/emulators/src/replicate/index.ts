export type { RgbFrame as VideoFrame, VideoFacts } from './frames.ts';
export {
  frameDifference,
  makeRecording,
  meanVolume,
  probeVideo,
  readVideoFrame,
} from './frames.ts';
export { IMPROVER_MARK } from './improver.ts';
export {
  END_FRAME_HOLD_SEC,
  VIDEO_RENDER_FPS as REPLICATE_VIDEO_FPS,
} from './media.ts';
export {
  FLUX_LORA_TRAINER_REF,
  FLUX_LORA_TRAINER_VERSION,
  HUNYUAN_VIDEO_VERSION,
  IMPROVER_MODEL_REF,
  REAL_ESRGAN_VERSION,
  TRANSLATOR_MODEL_REF,
} from './models.ts';
export type { ReplicateOutage } from './outage.ts';
export type {
  EmulatorLogger as ReplicateEmulatorLogger,
  Prediction as ReplicatePrediction,
  PredictionStatus as ReplicatePredictionStatus,
} from './predictions.ts';
export {
  failureMessage as replicateFailureMessage,
  SLOW_RUNTIME_MS as REPLICATE_SLOW_RUNTIME_MS,
  TRANSLATOR_RUNTIME_MS as REPLICATE_TRANSLATOR_RUNTIME_MS,
} from './predictions.ts';
export { referenceSlots } from './references.ts';
export type { ReplicateEmulator, ReplicateEmulatorOptions } from './replicate-emulator.ts';
export {
  createReplicateEmulator,
  DEFAULT_LATENCY_MS as REPLICATE_DEFAULT_LATENCY_MS,
} from './replicate-emulator.ts';
export {
  TRAINED_THUMBNAILS_MAX,
  TRIGGER_MARK_RGB,
  trainedLoraMarks,
} from './trained-lora.ts';
export type {
  Training as ReplicateTraining,
  TrainingStatus as ReplicateTrainingStatus,
} from './trainings.ts';
export { TRAINING_LATENCY_FACTOR as REPLICATE_TRAINING_LATENCY_FACTOR } from './trainings.ts';
export { translateRuToEn } from './translator.ts';
export type {
  DeliverWebhookParams,
  SignWebhookParams,
  WebhookDeliveryResult,
  WebhookEvent as ReplicateWebhookEvent,
} from './webhooks.ts';
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  deliverWebhook,
  generateWebhookSecret,
  signWebhook,
} from './webhooks.ts';
