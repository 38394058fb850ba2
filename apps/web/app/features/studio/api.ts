import { type Batch, type BatchBody, batchQuoteSchema, batchSchema } from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiRequest } from '~/lib/api';

/**
 * The studio's own API calls: the batches. Starting, estimating and cancelling a generation and
 * uploading a picture, which the tools do too, are in features/generations/run-api.ts; shared
 * reads (a generation, the history, following a batch, which the card workshop's CSV sets do too)
 * in features/generations/api.ts.
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      batchQuoteSchema,
      batchSchema,
    }
  : undefined;

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

export function cancelBatch(id: string): Promise<Batch> {
  return wrapped('Failed to cancel batch', () =>
    apiRequest(`/api/batches/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      parse: answers?.batchSchema.parse,
    }),
  );
}
