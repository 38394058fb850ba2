import type { ModelType } from '@kadr/catalog';
import {
  type Batch,
  batchSchema,
  type CreateGenerationResponse,
  createGenerationResponseSchema,
  estimateResponseSchema,
  type GenerationRecord,
  generationRecordSchema,
  type ModelListItem,
  modelListSchema,
  recordingUploadResponseSchema,
  uploadResponseSchema,
} from '@kadr/contract';
import { apiRequest } from '~/lib/api';
import { wrapped } from '../api';

/**
 * Running a model on a draft, which the studio and the tools both do: the models on offer,
 * estimating and starting a generation, cancelling one, uploading a picture, following a batch.
 * (The other shared calls are in `../api.ts`.)
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      batchSchema,
      createGenerationResponseSchema,
      estimateResponseSchema,
      generationRecordSchema,
      modelListSchema,
      recordingUploadResponseSchema,
      uploadResponseSchema,
    }
  : undefined;

/** An uploaded picture: where it is served, and its size (a tool's price may depend on it). */
export type UploadedImage = { url: string; width: number; height: number };

const typeWord = { image: 'Image', video: 'Video' } as const;

/** The create/estimate payload of spec §7: the parameter fields flat, `duration` a number. */
export type GenerationPayload = {
  model: string;
  prompt: string;
  translate_prompt: boolean;
  parameters: Record<string, unknown>;
  /** Videos only: seconds, 0 when the model has no duration to choose. */
  duration: number;
  /** Library elements sent as the model's references (issue #47), when it takes them. */
  elements?: string[];
  /** The person's finished video this one continues from its last frame (ADR 047). */
  extend?: string;
  /** A style preset's id (ADR 051): the server adds its words to the prompt. */
  style?: string;
};

export function estimateCost(
  type: ModelType,
  payload: Pick<GenerationPayload, 'model' | 'prompt' | 'parameters' | 'duration'>,
  signal?: AbortSignal,
): Promise<number> {
  const body =
    type === 'video'
      ? payload
      : { model: payload.model, prompt: payload.prompt, parameters: payload.parameters };
  return wrapped(`${typeWord[type]} token estimation failed`, async () => {
    const result = await apiRequest(`/api/estimate-${type}`, {
      method: 'POST',
      body,
      signal,
      parse: answers?.estimateResponseSchema.parse,
    });
    return result.estimation;
  });
}

export function createGeneration(
  type: ModelType,
  payload: GenerationPayload,
  idempotencyKey: string,
): Promise<CreateGenerationResponse> {
  const { parameters, duration, ...rest } = payload;
  const body = {
    ...parameters,
    ...rest,
    ...(type === 'video' ? { duration: Number.isFinite(duration) ? duration : 0 } : {}),
  };
  return wrapped(`${typeWord[type]} creation failed`, () =>
    apiRequest(`/api/create-${type}`, {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
      parse: answers?.createGenerationResponseSchema.parse,
    }),
  );
}

export function cancelGeneration(id: string): Promise<GenerationRecord> {
  return wrapped('Failed to cancel generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      parse: answers?.generationRecordSchema.parse,
    }),
  );
}

/**
 * Uploads one picture as the form file `image`; resolves with its URL and size in pixels. The spec
 * words a failed upload like a failed payment ('Payment creation failed'), and so do we.
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  return wrapped('Payment creation failed', async () => {
    const form = new FormData();
    form.append('image', file, file.name);
    const result = await apiRequest('/api/upload-image', {
      method: 'POST',
      body: form,
      parse: answers?.uploadResponseSchema.parse,
    });
    return { url: result.urls.get, width: result.width, height: result.height };
  });
}

/** An uploaded recording (a talking character's voice): where it is served, and its length. */
export type UploadedRecording = { url: string; durationMs: number };

export function uploadRecording(file: File): Promise<UploadedRecording> {
  return wrapped('Recording upload failed', async () => {
    const form = new FormData();
    form.append('audio', file, file.name);
    const result = await apiRequest('/api/upload-audio', {
      method: 'POST',
      body: form,
      parse: answers?.recordingUploadResponseSchema.parse,
    });
    return { url: result.urls.get, durationMs: result.duration_ms };
  });
}

export function listModelsOf(type: ModelType, signal?: AbortSignal): Promise<ModelListItem[]> {
  return wrapped('Failed to get models', async () => {
    const result = await apiRequest(`/api/models?type=${type}`, {
      signal,
      parse: answers?.modelListSchema.parse,
    });
    return result.items;
  });
}

/** The batch, after starting whatever the running cap now allows of its waiting items. */
export function followBatch(id: string, release: boolean, signal?: AbortSignal): Promise<Batch> {
  return wrapped('Failed to get batch', () =>
    apiRequest(`/api/batches/${encodeURIComponent(id)}${release ? '/release' : ''}`, {
      method: release ? 'POST' : 'GET',
      // The release starts whatever the running cap allows now: asking again is harmless.
      repeatable: true,
      signal,
      parse: answers?.batchSchema.parse,
    }),
  );
}
