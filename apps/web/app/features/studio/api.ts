import type { ModelType } from '@kadr/catalog';
import {
  type Batch,
  type BatchBody,
  batchQuoteSchema,
  batchSchema,
  type CreateGenerationResponse,
  createGenerationResponseSchema,
  estimateResponseSchema,
  type GenerationRecord,
  generationRecordSchema,
  uploadResponseSchema,
} from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiRequest } from '~/lib/api';

/**
 * The studio's API calls: estimating and starting a generation, cancelling one, uploading a
 * picture, and the batches. Shared reads (a generation, the history) are in features/generations.
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      batchQuoteSchema,
      batchSchema,
      createGenerationResponseSchema,
      estimateResponseSchema,
      generationRecordSchema,
      uploadResponseSchema,
    }
  : undefined;

const typeWord = { image: 'Image', video: 'Video' } as const;

/** The create/estimate payload of spec §7: the parameter fields flat, `duration` a number. */
export type GenerationPayload = {
  model: string;
  prompt: string;
  translate_prompt: boolean;
  parameters: Record<string, unknown>;
  /** Videos only: seconds, 0 when the model has no duration to choose. */
  duration: number;
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
 * Uploads one picture as the form file `image`; resolves with its URL. The spec words a failed
 * upload like a failed payment ('Payment creation failed'), and so do we.
 */
export function uploadImage(file: File): Promise<string> {
  return wrapped('Payment creation failed', async () => {
    const form = new FormData();
    form.append('image', file, file.name);
    const result = await apiRequest('/api/upload-image', {
      method: 'POST',
      body: form,
      parse: answers?.uploadResponseSchema.parse,
    });
    return result.urls.get;
  });
}

export function quoteBatch(body: BatchBody, signal?: AbortSignal) {
  return wrapped('Batch estimation failed', () =>
    apiRequest('/api/batches/quote', {
      method: 'POST',
      body,
      signal,
      parse: answers?.batchQuoteSchema.parse,
    }),
  );
}

/** Starts a batch; the same `idempotencyKey` again answers the batch it started, charged once. */
export function createBatch(body: BatchBody, idempotencyKey: string): Promise<Batch> {
  return wrapped('Batch creation failed', () =>
    apiRequest('/api/batches', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
      parse: answers?.batchSchema.parse,
    }),
  );
}

/** The batch, after starting whatever the running cap now allows of its waiting items. */
export function followBatch(id: string, release: boolean, signal?: AbortSignal): Promise<Batch> {
  return wrapped('Failed to get batch', () =>
    apiRequest(`/api/batches/${encodeURIComponent(id)}${release ? '/release' : ''}`, {
      method: release ? 'POST' : 'GET',
      signal,
      parse: answers?.batchSchema.parse,
    }),
  );
}

export function cancelBatch(id: string): Promise<Batch> {
  return wrapped('Failed to cancel batch', () =>
    apiRequest(`/api/batches/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      parse: answers?.batchSchema.parse,
    }),
  );
}
