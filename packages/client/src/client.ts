import createClient, { type Client } from 'openapi-fetch';
import { KadrApiError, KadrTimeoutError } from './errors.ts';
import type { operations, paths } from './schema.ts';

type Json<
  Operation extends keyof operations,
  Status extends keyof operations[Operation]['responses'],
> = operations[Operation]['responses'][Status] extends { content: { 'application/json': infer T } }
  ? T
  : never;
type Body<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;
type Query<Operation extends keyof operations> = NonNullable<
  operations[Operation]['parameters']['query']
>;

/** A generation as v1 shows it (also a webhook message's `data`). */
export type KadrGeneration = Json<'getGeneration', 200>;
export type KadrGenerationStatus = KadrGeneration['status'];
export type KadrGenerationList = Json<'listGenerations', 200>;
export type KadrGenerationQuery = Query<'listGenerations'>;
/** A model or finishing tool with its parameters and price rule. */
export type KadrModel = Json<'listModels', 200>['items'][number];
/** A style preset: its `id` goes in a create's `style`. */
export type KadrStyle = Json<'listStyles', 200>['items'][number];
export type KadrEstimate = Json<'estimate', 200>;
export type KadrEstimateBody = Body<'estimate'>;
export type KadrCreateBody = Body<'createGeneration'>;
/** A join of your finished videos: `clips` in order, each trimmed, and `crossfade_ms`. */
export type KadrCreateJoinBody = Body<'createJoin'>;
export type KadrUpload = Json<'uploadImage', 201>;
/** A recording kept for a talking character: its `url` (the `audio` parameter) and length. */
export type KadrRecording = Json<'uploadRecording', 201>;
export type KadrBalance = Json<'getBalance', 200>;
export type KadrStatement = Json<'getStatement', 200>;
export type KadrStatementQuery = Query<'getStatement'>;
/** A character or product of the key owner's library, with its 1–20 reference pictures. */
export type KadrElement = Json<'getElement', 200>;
export type KadrElementPicture = KadrElement['pictures'][number];
export type KadrCreateElementBody = Body<'createElement'>;

/** The events a webhook receives. */
export const kadrWebhookEventTypes = [
  'generation.completed',
  'generation.failed',
  'generation.refunded',
] as const;

/** The body of a webhook message (verify it with `verifyWebhook` first). */
export interface KadrWebhookMessage {
  type: (typeof kadrWebhookEventTypes)[number];
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: KadrGeneration;
}

/** A downloaded output: its bytes, type and the file name Kadr gives it. */
export interface KadrFile {
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

export interface KadrClientOptions {
  /** `kadr_…`, made in the profile. */
  apiKey: string;
  /** Kadr's address, such as `https://kadr.app` (the API lives under `/api/v1`). */
  baseUrl: string;
  /** The language of problems' texts: `ru` (the default) or `en`. */
  language?: 'ru' | 'en';
  /** A fetch of your own (a proxy, a test); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

export interface WaitOptions {
  /** Give up (KadrTimeoutError) after this long; default 10 minutes. */
  timeoutMs?: number;
  /** The first pause between reads; each next one is half as long again, up to `maxIntervalMs`. */
  intervalMs?: number;
  /** The longest pause between reads; default 10 s. */
  maxIntervalMs?: number;
  signal?: AbortSignal;
}

const terminal = new Set<KadrGenerationStatus>(['completed', 'failed']);

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The file name of a Content-Disposition (RFC 6266: `filename*` first), if it has one. */
function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

/**
 * A client of the Kadr API for one key. Every v1 operation has a method that answers the data or
 * throws `KadrApiError`; `api` is the underlying typed openapi-fetch client for anything else.
 */
export function createKadrClient(options: KadrClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
  if (options.language) headers['accept-language'] = options.language;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const api: Client<paths> = createClient<paths>({
    baseUrl,
    headers,
    fetch: (request) => fetchImpl(request),
  });

  /** The data of a JSON answer, or the refusal as a KadrApiError. */
  async function data<T>(
    pending: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T> {
    const { data, error, response } = await pending;
    if (!response.ok || data === undefined) {
      throw new KadrApiError(response.status, error, response.headers);
    }
    return data;
  }

  const client = {
    /** The typed openapi-fetch client: `kadr.api.GET('/api/v1/models')`. */
    api,

    /** Every model and finishing tool, with its parameters, price rule and availability. */
    async listModels(): Promise<KadrModel[]> {
      return (await data(api.GET('/api/v1/models'))).items;
    },

    /** The style presets, with the models each suits (a style changes no price). */
    async listStyles(): Promise<KadrStyle[]> {
      return (await data(api.GET('/api/v1/styles'))).items;
    },

    /** What a create with this body would cost now, and the balance. */
    estimate(body: KadrEstimateBody): Promise<KadrEstimate> {
      return data(api.POST('/api/v1/estimate', { body }));
    },

    /**
     * Charges the price and starts a generation (answered pending). Give an `idempotencyKey` of
     * your own (an order id): the same key and body again — a retry after a timeout — answer the same
     * generation and charge nothing more. `extend: <a finished video's id>` continues that clip
     * from its last frame; once made, Kadr joins the two into a free generation of model `join`.
     */
    createGeneration(
      body: KadrCreateBody,
      { idempotencyKey, signal }: { idempotencyKey?: string; signal?: AbortSignal } = {},
    ): Promise<KadrGeneration> {
      return data(
        api.POST('/api/v1/generations', {
          body,
          signal,
          headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
        }),
      );
    },

    /**
     * Joins 2–6 of your finished videos, in order, each trimmed (`start_ms`, `end_ms`), with an
     * optional `crossfade_ms`, into one MP4: a generation of model `join`, free, answered pending
     * (wait for it and download it as any other). The same `idempotencyKey` and body again answer
     * the same join.
     */
    createJoin(
      body: KadrCreateJoinBody,
      { idempotencyKey, signal }: { idempotencyKey?: string; signal?: AbortSignal } = {},
    ): Promise<KadrGeneration> {
      return data(
        api.POST('/api/v1/joins', {
          body,
          signal,
          headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
        }),
      );
    },

    getGeneration(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<KadrGeneration> {
      return data(api.GET('/api/v1/generations/{id}', { params: { path: { id } }, signal }));
    },

    /** One page, newest first; pass `next_cursor` as `cursor` for the next. */
    listGenerations(query: Partial<KadrGenerationQuery> = {}): Promise<KadrGenerationList> {
      return data(
        api.GET('/api/v1/generations', { params: { query: query as KadrGenerationQuery } }),
      );
    },

    /** Cancels a running generation; it fails as `canceled` and is refunded. */
    cancelGeneration(id: string): Promise<KadrGeneration> {
      return data(api.POST('/api/v1/generations/{id}/cancel', { params: { path: { id } } }));
    },

    /**
     * Reads the generation until it has ended (`completed` or `failed`, refunded) and answers it:
     * after `intervalMs`, then half as long again each time up to `maxIntervalMs`. A 429 or 5xx
     * on the way is waited out (Retry-After); any other refusal is thrown.
     */
    async waitForGeneration(id: string, wait: WaitOptions = {}): Promise<KadrGeneration> {
      const deadline = Date.now() + (wait.timeoutMs ?? 10 * 60_000);
      const maxInterval = wait.maxIntervalMs ?? 10_000;
      let interval = Math.min(wait.intervalMs ?? 1_000, maxInterval);
      for (;;) {
        let pause = interval;
        try {
          const generation = await client.getGeneration(id, { signal: wait.signal });
          if (terminal.has(generation.status)) return generation;
        } catch (error) {
          const passing =
            error instanceof KadrApiError && (error.status === 429 || error.status >= 500);
          if (!passing) throw error;
          pause = Math.max(pause, (error.retryAfter ?? 0) * 1000);
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new KadrTimeoutError(`Generation ${id} had not ended within the timeout`);
        }
        await sleep(Math.min(pause, left), wait.signal);
        interval = Math.min(interval * 1.5, maxInterval);
      }
    },

    /** An output's bytes (`index` from the generation's `outputs`), with its type and file name. */
    async downloadOutput(id: string, index: number): Promise<KadrFile> {
      const {
        data: body,
        error,
        response,
      } = await api.GET('/api/v1/generations/{id}/outputs/{index}', {
        params: { path: { id, index } },
        parseAs: 'arrayBuffer',
      });
      if (!response.ok || body === undefined) {
        throw new KadrApiError(response.status, error, response.headers);
      }
      const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      return {
        bytes: new Uint8Array(body),
        contentType,
        filename:
          filenameOf(response.headers.get('content-disposition')) ??
          `${id}-${index}.${contentType.split('/')[1] ?? 'bin'}`,
      };
    },

    /** Uploads a picture (JPEG, PNG, GIF or WebP) to pass as a model's or tool's `file` parameter. */
    async uploadImage(image: Blob, filename = 'image'): Promise<KadrUpload> {
      const form = new FormData();
      form.append('image', image, filename);
      const response = await fetchImpl(`${baseUrl}/api/v1/uploads`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok || body === undefined) {
        throw new KadrApiError(response.status, body, response.headers);
      }
      return body as KadrUpload;
    },

    /**
     * A recording (MP3, WAV, M4A, AAC or Ogg, 1–30 s) for a talking character: pass the answer's
     * `url` as `parameters.audio` of model `omni-human`; the video lasts `duration_ms`.
     */
    async uploadRecording(audio: Blob, filename = 'recording'): Promise<KadrRecording> {
      const form = new FormData();
      form.append('audio', audio, filename);
      const response = await fetchImpl(`${baseUrl}/api/v1/recordings`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok || body === undefined) {
        throw new KadrApiError(response.status, body, response.headers);
      }
      return body as KadrRecording;
    },

    /**
     * The library's characters and products in use, latest changed first; `archived: true` lists
     * the archived ones instead.
     */
    async listElements({ archived }: { archived?: boolean } = {}): Promise<KadrElement[]> {
      const query: Query<'listElements'> =
        archived === undefined ? {} : { archived: archived ? 'true' : 'false' };
      return (await data(api.GET('/api/v1/elements', { params: { query } }))).items;
    },

    getElement(id: string): Promise<KadrElement> {
      return data(api.GET('/api/v1/elements/{id}', { params: { path: { id } } }));
    },

    /**
     * A new character or product from 1–20 of your pictures by their Kadr URL: an upload's `url`
     * (`uploadImage`), an image result's output `url` (copied into the library) or another
     * element's picture `url`.
     */
    createElement(body: KadrCreateElementBody): Promise<KadrElement> {
      return data(api.POST('/api/v1/elements', { body }));
    },

    /** Adds pictures (given as `createElement`'s are) after the element's last; 20 in all at most. */
    addElementPictures(id: string, pictures: string[]): Promise<KadrElement> {
      return data(
        api.POST('/api/v1/elements/{id}/pictures', {
          params: { path: { id } },
          body: { pictures },
        }),
      );
    },

    /** Deletes an element; its pictures and the results made with it stay. */
    async deleteElement(id: string): Promise<void> {
      const { error, response } = await api.DELETE('/api/v1/elements/{id}', {
        params: { path: { id } },
      });
      if (!response.ok) throw new KadrApiError(response.status, error, response.headers);
    },

    /** The balance (shared with the app) and this key's limits and spending. */
    getBalance(): Promise<KadrBalance> {
      return data(api.GET('/api/v1/balance'));
    },

    /** One page of the token statement, newest first. */
    getStatement(query: Partial<KadrStatementQuery> = {}): Promise<KadrStatement> {
      return data(api.GET('/api/v1/statement', { params: { query: query as KadrStatementQuery } }));
    },
  };
  return client;
}

export type KadrClient = ReturnType<typeof createKadrClient>;
