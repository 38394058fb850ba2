import { createHmac, randomBytes } from 'node:crypto';
import { newWebhookMessageId } from './ids.ts';

export type WebhookEvent = 'start' | 'output' | 'logs' | 'completed';

export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['start', 'output', 'logs', 'completed'];

export type FetchLike = typeof globalThis.fetch;

/** A Standard Webhooks secret, `whsec_` plus 24 random bytes in base64 (Svix's format). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export type SignWebhookParams = {
  id: string;
  timestamp: number | string;
  body: string;
  secret: string;
};

/** `v1,<base64 HMAC-SHA256>` over `${id}.${timestamp}.${body}`, keyed by the decoded secret. */
export function signWebhook({ id, timestamp, body, secret }: SignWebhookParams): string {
  // Replicate's client does `secret.split("_").pop()`; same result for `whsec_…` secrets.
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

export type DeliverWebhookParams = {
  url: string;
  /** The raw JSON text to send; signed byte for byte. */
  body: string;
  secret: string;
  /** Message id, kept across retries; generated when absent. */
  id?: string;
  fetch?: FetchLike;
  /** Waits before each retry; Replicate publishes no schedule, this is "a few times with backoff". */
  retryDelaysMs?: readonly number[];
  /** Per-attempt deadline: Replicate wants a 2xx "within a few seconds". */
  attemptTimeoutMs?: number;
  signal?: AbortSignal;
  /** Unix seconds for the `webhook-timestamp` header of each attempt. */
  now?: () => number;
};

type WebhookAttempt = { status?: number; error?: string };

export type WebhookDeliveryResult = {
  id: string;
  delivered: boolean;
  attempts: WebhookAttempt[];
};

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000];

/**
 * POSTs a signed webhook the way Replicate does: Standard Webhooks headers, no redirects
 * followed, retried on a non-2xx answer or a network error with the same `webhook-id`.
 */
export async function deliverWebhook(params: DeliverWebhookParams): Promise<WebhookDeliveryResult> {
  const id = params.id ?? newWebhookMessageId();
  const doFetch = params.fetch ?? globalThis.fetch;
  const delays = params.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  const now = params.now ?? (() => Math.floor(Date.now() / 1000));
  const attempts: WebhookAttempt[] = [];

  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) {
      await sleep(delays[attempt - 1] ?? 0, params.signal);
    }
    if (params.signal?.aborted) break;
    const timestamp = now();
    const signals = [AbortSignal.timeout(params.attemptTimeoutMs ?? 10_000)];
    if (params.signal) signals.push(params.signal);
    try {
      const response = await doFetch(params.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Replicate-Webhooks (kadr emulator)',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook({
            id,
            timestamp,
            body: params.body,
            secret: params.secret,
          }),
        },
        body: params.body,
        signal: AbortSignal.any(signals),
      });
      await response.body?.cancel();
      attempts.push({ status: response.status });
      if (response.status >= 200 && response.status < 300) {
        return { id, delivered: true, attempts };
      }
    } catch (error) {
      attempts.push({ error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { id, delivered: false, attempts };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One event's delivery queued after the earlier ones of the same prediction or training, each
 * after the previous one's retries, as Replicate sends them in order: the new end of the chain.
 * A delivery that never got through (and was not stopped) is told to `failed`.
 */
export function chainWebhook(
  chain: Promise<void>,
  params: DeliverWebhookParams,
  failed: (attempts: number) => void,
): Promise<void> {
  const deliver = async (): Promise<void> => {
    const result = await deliverWebhook(params);
    if (!result.delivered && !params.signal?.aborted) failed(result.attempts.length);
  };
  return chain.then(deliver).catch(() => {});
}
