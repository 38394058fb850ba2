import type { ModelType } from '@kadr/catalog';
import {
  type Batch,
  type BatchBody,
  batchQuoteSchema,
  batchSchema,
  type Collection,
  type CreateGenerationResponse,
  type CreatePaymentBody,
  type Currency,
  collectionListSchema,
  collectionSchema,
  createGenerationResponseSchema,
  createPaymentResponseSchema,
  estimateResponseSchema,
  type GenerationList,
  type GenerationRecord,
  generationCollectionsSchema,
  generationListSchema,
  generationRecordSchema,
  type LedgerPage,
  ledgerPageSchema,
  type ModelListItem,
  modelListSchema,
  type PaymentRecord,
  packageListSchema,
  paymentRecordSchema,
  type Share,
  shareSchema,
  shareStateSchema,
  type TokenPackageItem,
  uploadResponseSchema,
  userSchema,
} from '@kadr/contract';
import { ApiError, apiRequest } from '~/lib/api';

/**
 * A failed call as the spec names it (§8 'Wrapped client errors'): the action that failed, then
 * the cause — 'Video creation failed: Not enough tokens.'. The server's problem stays reachable.
 */
export class ClientError extends Error {
  readonly action: string;
  readonly status: number;

  constructor(action: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${action}: ${reason}`, { cause });
    this.name = 'ClientError';
    this.action = action;
    this.status = cause instanceof ApiError ? cause.status : 0;
  }

  /** The server's problem details, when it answered with one. */
  get problem(): ApiError | undefined {
    return this.cause instanceof ApiError ? this.cause : undefined;
  }
}

async function wrapped<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ClientError(action, error);
  }
}

/**
 * The contract's schemas that answers are checked with — in development and in tests only. A
 * production build trusts the answers, which the server serialises from the same schemas and
 * checks against them in its own tests and the end-to-end suite (ADR 030), and carries no zod.
 */
const answers = import.meta.env.DEV
  ? {
      batchQuoteSchema,
      batchSchema,
      collectionListSchema,
      collectionSchema,
      createGenerationResponseSchema,
      createPaymentResponseSchema,
      estimateResponseSchema,
      generationCollectionsSchema,
      generationListSchema,
      generationRecordSchema,
      ledgerPageSchema,
      modelListSchema,
      packageListSchema,
      paymentRecordSchema,
      shareSchema,
      shareStateSchema,
      uploadResponseSchema,
      userSchema,
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

export function getGeneration(id: string, signal?: AbortSignal): Promise<GenerationRecord> {
  return wrapped('Failed to get generation request', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}`, {
      signal,
      parse: answers?.generationRecordSchema.parse,
    }),
  );
}

export type HistoryFilter = {
  type?: ModelType;
  page: number;
  perPage: number;
  /** Only starred ones. */
  favorite?: boolean;
  /** Only those in this collection. */
  collection?: string;
  /** Only those whose prompt has these words. */
  q?: string;
};

export function listGenerations(
  filter: HistoryFilter,
  signal?: AbortSignal,
): Promise<GenerationList> {
  const query = new URLSearchParams({ page: String(filter.page), perPage: String(filter.perPage) });
  if (filter.type) query.set('type', filter.type);
  if (filter.favorite) query.set('favorite', '1');
  if (filter.collection) query.set('collection', filter.collection);
  if (filter.q) query.set('q', filter.q);
  return wrapped('Failed to get generation history', () =>
    apiRequest(`/api/generations?${query}`, { signal, parse: answers?.generationListSchema.parse }),
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

export function setFavorite(id: string, favorite: boolean): Promise<GenerationRecord> {
  return wrapped('Failed to star generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/favorite`, {
      method: 'PUT',
      body: { favorite },
      parse: answers?.generationRecordSchema.parse,
    }),
  );
}

export function deleteGeneration(id: string): Promise<void> {
  return wrapped('Failed to delete generation', async () => {
    await apiRequest(`/api/generations/${encodeURIComponent(id)}`, { method: 'DELETE' });
  });
}

export function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  return wrapped('Failed to get collections', async () => {
    const result = await apiRequest('/api/collections', {
      signal,
      parse: answers?.collectionListSchema.parse,
    });
    return result.items;
  });
}

export function createCollection(name: string): Promise<Collection> {
  return wrapped('Failed to create collection', () =>
    apiRequest('/api/collections', {
      method: 'POST',
      body: { name },
      parse: answers?.collectionSchema.parse,
    }),
  );
}

export function collectionsHolding(id: string, signal?: AbortSignal): Promise<string[]> {
  return wrapped('Failed to get collections', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/collections`, {
      signal,
      parse: answers?.generationCollectionsSchema.parse,
    });
    return result.ids;
  });
}

export function setInCollection(collection: string, id: string, inside: boolean): Promise<void> {
  return wrapped('Failed to change collection', async () => {
    await apiRequest(
      `/api/collections/${encodeURIComponent(collection)}/items/${encodeURIComponent(id)}`,
      { method: inside ? 'PUT' : 'DELETE' },
    );
  });
}

export function readShare(id: string, signal?: AbortSignal): Promise<Share | null> {
  return wrapped('Failed to get share link', async () => {
    const result = await apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, {
      signal,
      parse: answers?.shareStateSchema.parse,
    });
    return result.share;
  });
}

export function shareGeneration(id: string, showPrompt: boolean): Promise<Share> {
  return wrapped('Failed to share generation', () =>
    apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, {
      method: 'POST',
      body: { show_prompt: showPrompt },
      parse: answers?.shareSchema.parse,
    }),
  );
}

export function revokeShare(id: string): Promise<void> {
  return wrapped('Failed to stop sharing', async () => {
    await apiRequest(`/api/generations/${encodeURIComponent(id)}/share`, { method: 'DELETE' });
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

export function listModelsOf(type: ModelType, signal?: AbortSignal): Promise<ModelListItem[]> {
  return wrapped('Failed to get models', async () => {
    const result = await apiRequest(`/api/models?type=${type}`, {
      signal,
      parse: answers?.modelListSchema.parse,
    });
    return result.items;
  });
}

export function getTokenBalance(userId: string | undefined, signal?: AbortSignal): Promise<number> {
  if (!userId) return Promise.reject(new Error('No user ID found'));
  return wrapped('Failed to get user token balance', async () => {
    const user = await apiRequest('/api/me', { signal, parse: answers?.userSchema.parse });
    return user.tokens;
  });
}

/** The token packages of one currency (spec §9), named in the request's language. */
export function listPackages(
  currency: Currency,
  language: string,
  signal?: AbortSignal,
): Promise<TokenPackageItem[]> {
  return wrapped('Failed to get token packages', async () => {
    const query = new URLSearchParams({ currency, lang: language });
    const result = await apiRequest(`/api/packages?${query}`, {
      signal,
      parse: answers?.packageListSchema.parse,
    });
    return result.items;
  });
}

/**
 * Opens a payment for the package of `tokens` tokens (spec §7: `amount` is that number as a
 * string, `referral` the stored referrer or null); resolves with the provider's page. `email` is
 * where the 54-FZ receipt goes, sent only once the server asked for it (a 400 naming `email`).
 */
export function createPayment(
  tokens: number,
  referral: string | null,
  currency: Currency,
  email?: string,
): Promise<string> {
  const body: CreatePaymentBody = { amount: String(tokens), referral, currency };
  if (email !== undefined) body.email = email;
  return wrapped('Payment creation failed', async () => {
    const result = await apiRequest('/api/create-payment', {
      method: 'POST',
      body,
      parse: answers?.createPaymentResponseSchema.parse,
    });
    return result.url;
  });
}

export function getPayment(id: string, signal?: AbortSignal): Promise<PaymentRecord> {
  return wrapped('Failed to get payment', () =>
    apiRequest(`/api/payments/${encodeURIComponent(id)}`, {
      signal,
      parse: answers?.paymentRecordSchema.parse,
    }),
  );
}

/** The person came back through the provider's Cancel: close the pending payment. */
export function cancelPayment(id: string): Promise<PaymentRecord> {
  return wrapped('Failed to cancel payment', () =>
    apiRequest(`/api/payments/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      parse: answers?.paymentRecordSchema.parse,
    }),
  );
}

export type LedgerFilter = { page: number; perPage: number };

/** One page of the token statement, newest first. */
export function getLedgerPage(filter: LedgerFilter, signal?: AbortSignal): Promise<LedgerPage> {
  const query = new URLSearchParams({ page: String(filter.page), perPage: String(filter.perPage) });
  return wrapped('Failed to get token statement', () =>
    apiRequest(`/api/ledger?${query}`, { signal, parse: answers?.ledgerPageSchema.parse }),
  );
}

/** Where the whole statement downloads as CSV (a plain link: the browser saves the file). */
export const ledgerCsvUrl = '/api/ledger.csv';
