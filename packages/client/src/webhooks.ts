/*
 * Standard Webhooks verification (https://www.standardwebhooks.com), as Kadr signs its messages:
 * `webhook-signature` holds one or more `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`,
 * keyed with the base64 after `whsec_` of the key's signing secret. Web Crypto only, so it runs
 * unchanged in Node ≥ 20, Deno, Bun, edge workers and browsers.
 */

import type { KadrWebhookMessage } from './client.ts';

/** The headers of a request, as Node's `IncomingHttpHeaders`, a Fetch `Headers` or a plain record. */
export type WebhookHeaders =
  | Headers
  | Record<string, string | string[] | undefined>
  | { get(name: string): string | null };

export interface VerifyWebhookOptions {
  /**
   * How far the message's timestamp may be from now, in seconds (default 300, as Standard Webhooks
   * recommends): an older message is refused, so a captured one cannot be replayed later.
   */
  toleranceSeconds?: number;
  /** The current time (tests). */
  now?: Date;
}

/** Why a webhook was refused: the receiver should answer 400 (or 401) and do nothing. */
export class KadrWebhookError extends Error {
  override readonly name = 'KadrWebhookError';
}

const secretPrefix = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return value.join(' ');
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

function fromBase64(value: string): Uint8Array | undefined {
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

/** A fresh ArrayBuffer-backed copy: Web Crypto's types take no view of a shared buffer. */
function bytesOf(value: string | Uint8Array): Uint8Array<ArrayBuffer> {
  if (typeof value === 'string') return new TextEncoder().encode(value);
  const copy = new Uint8Array(value.byteLength);
  copy.set(value);
  return copy;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * Checks a Kadr webhook and returns its message, parsed. `rawBody` must be the body exactly as it
 * arrived (a string or the bytes), never a parsed and re-serialised object. Throws
 * `KadrWebhookError` when a header is missing, the timestamp is outside the tolerance, or no
 * signature matches.
 *
 * Messages are delivered at least once: remember `webhook-id` and ignore one you have seen.
 */
export async function verifyWebhook<Message = KadrWebhookMessage>(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<Message> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new KadrWebhookError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(seconds)) {
    throw new KadrWebhookError('The webhook-timestamp header is not a number of seconds');
  }
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - seconds) > tolerance) {
    throw new KadrWebhookError('The message timestamp is outside the tolerance');
  }
  const keyBytes = fromBase64(
    secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret,
  );
  if (!keyBytes || keyBytes.byteLength === 0) {
    throw new KadrWebhookError('The signing secret is not a whsec_ secret');
  }
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    bytesOf(keyBytes),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const body = bytesOf(rawBody);
  const signed = concat(new TextEncoder().encode(`${id}.${timestamp}.`), body);
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) continue;
    const expected = fromBase64(signature);
    // subtle.verify compares in constant time.
    if (
      expected &&
      (await globalThis.crypto.subtle.verify('HMAC', key, bytesOf(expected), signed))
    ) {
      return JSON.parse(new TextDecoder().decode(body)) as Message;
    }
  }
  throw new KadrWebhookError('No signature matches the message');
}
