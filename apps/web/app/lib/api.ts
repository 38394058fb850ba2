import { type FieldError, type Problem, problemTypes } from '@kadr/contract';
import { awayDelayMs, markOnline, markReconnecting, onceOnline } from './connection';

/** A failed API call: the server's problem details, or status 0 when the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly fieldErrors: readonly FieldError[];
  /** The problem's `type` (`about:blank` unless the server named one, see `problemTypes`). */
  readonly type: string;
  /** Seconds to wait before trying again (a 429's or 503's Retry-After), when the server said. */
  readonly retryAfter: number | undefined;
  /** The number a limit allows (a 429's `limit` member), when the server said. */
  readonly limit: number | undefined;

  constructor(
    problem: Pick<Problem, 'status' | 'title' | 'detail' | 'errors' | 'limit'> & { type?: string },
    retryAfter?: number,
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.fieldErrors = problem.errors ?? [];
    this.type = problem.type ?? 'about:blank';
    this.retryAfter = retryAfter;
    this.limit = problem.limit;
  }

  /** The message for one form field, if the server rejected it. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Every call of this page, so signing out can stop them all first: a read still on its way when the
// session ends would come back 401, and the page is about to be left anyway.
const pageRequests = new AbortController();

/** Aborts every API call in flight and refuses new ones; for a page that is being left. */
export function abandonRequests(): void {
  pageRequests.abort();
}

export type ApiRequestOptions = {
  method?: Method;
  /** A FormData is sent as multipart; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Still sent after `abandonRequests()` (the sign-out call itself). */
  outlivesPage?: boolean;
  /**
   * Safe to send again, as a read is: while Kadr is away it waits and tries again rather than
   * failing. A GET and a request with an Idempotency-Key always are.
   */
  repeatable?: boolean;
};

/**
 * How long a request that may be repeated keeps trying while Kadr is away before it fails as any
 * other does (issue #38: a database restart or a deploy takes seconds, not minutes).
 */
export const awayPatienceMs = 120_000;

/**
 * Whether a failure means Kadr is away for a moment rather than a refusal: a 503 typed
 * `problemTypes.unavailable` (its database or file store; nothing was changed), a proxy's 502 or
 * 504, or no answer at all (status 0). Looks through a feature's wrapping (`ClientError`'s cause).
 * A read that fails so has already waited and tried again (`awayPatienceMs`): it needs no retry.
 */
export function isAway(error: unknown): boolean {
  const problem =
    error instanceof ApiError ? error : (error as { cause?: unknown } | undefined)?.cause;
  if (!(problem instanceof ApiError)) return false;
  return (
    problem.status === 0 ||
    problem.status === 502 ||
    problem.status === 504 ||
    (problem.status === 503 && problem.type === problemTypes.unavailable)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    isRecord(value) &&
    typeof value.field === 'string' &&
    typeof value.code === 'string' &&
    typeof value.message === 'string'
  );
}

/** Retry-After in seconds (the delta form; a date is turned into seconds from now). */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header)
    : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(1, seconds) : undefined;
}

function problemFrom(response: Response, body: unknown): ApiError {
  const retryAfter = retryAfterOf(response);
  if (isRecord(body) && typeof body.title === 'string') {
    return new ApiError(
      {
        status: typeof body.status === 'number' ? body.status : response.status,
        title: body.title,
        detail: typeof body.detail === 'string' ? body.detail : undefined,
        errors: Array.isArray(body.errors) ? body.errors.filter(isFieldError) : undefined,
        type: typeof body.type === 'string' ? body.type : undefined,
        limit: typeof body.limit === 'number' ? body.limit : undefined,
      },
      retryAfter,
    );
  }
  return new ApiError(
    { status: response.status, title: response.statusText || 'Request failed' },
    retryAfter,
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  // Covers application/json and application/problem+json.
  if (type.includes('json')) return response.json();
  const text = await response.text();
  return text === '' ? undefined : text;
}

/**
 * Calls the API on this origin with the session cookie. Resolves with the parsed body when the
 * answer is 2xx; otherwise rejects with an ApiError. Pass `parse` (e.g. a zod schema's `parse`)
 * to check the shape and get a typed result; a `parse` that is undefined (a production build,
 * which trusts the answers — ADR 030) still types it.
 */
export async function apiRequest(path: string, options?: ApiRequestOptions): Promise<unknown>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { parse: ((body: unknown) => T) | undefined },
): Promise<T>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { parse?: (body: unknown) => T } = {},
): Promise<T | unknown> {
  const response = await send(path, options);
  const parsed = await readBody(response).catch(() => undefined);
  if (!response.ok) throw problemFrom(response, parsed);
  const { parse } = options;
  return parse ? parse(parsed) : parsed;
}

/**
 * A file the API answers with (a zip): its bytes and the name its Content-Disposition gives. A
 * refusal rejects with an ApiError, as `apiRequest` does.
 */
export async function apiDownload(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ blob: Blob; name: string }> {
  const response = await send(path, options);
  if (!response.ok) {
    throw problemFrom(response, await readBody(response).catch(() => undefined));
  }
  return {
    blob: await response.blob(),
    name: fileNameOf(response.headers.get('content-disposition')) ?? 'download',
  };
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*` first, else `filename`. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Not percent-encoded as it should be: the plain name, if any, follows.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

function carriesIdempotencyKey(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
}

/** An answer that says Kadr is away (see `isAway`), and the wait it asked for; else undefined. */
async function awayOf(
  outcome: Response | ApiError,
): Promise<{ retryAfter: number | undefined } | undefined> {
  if (outcome instanceof ApiError)
    return outcome.status === 0 ? { retryAfter: undefined } : undefined;
  const { status } = outcome;
  if (status === 502 || status === 504) return { retryAfter: retryAfterOf(outcome) };
  if (status !== 503) return undefined;
  // Only the typed 503: others (a payment provider not configured here…) are answers to show.
  const body = await readBody(outcome.clone()).catch(() => undefined);
  if (!isRecord(body) || body.type !== problemTypes.unavailable) return undefined;
  return { retryAfter: retryAfterOf(outcome) };
}

/** Waits `ms`, or less if Kadr answers meanwhile; an abort ends it at once. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      done();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    const wake = () => {
      done();
      resolve();
    };
    const timer = setTimeout(wake, ms);
    const cancel = onceOnline(wake);
    function done() {
      clearTimeout(timer);
      cancel();
      signal?.removeEventListener('abort', aborted);
    }
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted);
  });
}

/**
 * Sends the request and answers its response (a network failure: an ApiError of status 0). While
 * Kadr is away (`isAway`) the connection is marked `reconnecting`; a request that may be repeated
 * (a GET, one with an Idempotency-Key, or `repeatable`) then waits — Retry-After, else 5 s,
 * backing off to 30 s, sooner if Kadr answers meanwhile — and is sent again, for up to
 * `awayPatienceMs`, after which its last answer is what it gets. Any other is answered at once
 * (the server's problem says why, in the person's language). An abort stops it at any moment.
 */
async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const { method = 'GET', body, headers, signal: own, outlivesPage = false } = options;
  const signal = outlivesPage
    ? own
    : own
      ? AbortSignal.any([own, pageRequests.signal])
      : pageRequests.signal;
  const isForm = body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json, application/problem+json',
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  };
  const repeatable =
    options.repeatable === true || method === 'GET' || carriesIdempotencyKey(headers);
  const giveUpAt = Date.now() + awayPatienceMs;
  for (let attempt = 0; ; attempt++) {
    let outcome: Response | ApiError;
    try {
      outcome = await fetch(path, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      outcome = new ApiError({ status: 0, title: 'Network error' });
    }
    const away = await awayOf(outcome);
    if (!away) {
      if (outcome instanceof ApiError) throw outcome;
      if (outcome.ok) markOnline();
      return outcome;
    }
    markReconnecting();
    const left = giveUpAt - Date.now();
    if (!repeatable || left <= 0) {
      if (outcome instanceof ApiError) throw outcome;
      return outcome;
    }
    await pause(Math.min(awayDelayMs(attempt, away.retryAfter), left), signal);
  }
}
