/**
 * A fresh key for the Idempotency-Key header: one per press of a button, so a retried request
 * is charged once. randomUUID needs a secure context; the fallback covers plain-http previews.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
