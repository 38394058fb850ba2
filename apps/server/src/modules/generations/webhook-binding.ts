import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook address each prediction is created with names its request and carries a MAC of that
 * name (`?request=<id>&sig=<mac>`). Replicate's signature covers only the body, so without the MAC
 * anyone able to sign one delivery could point it at somebody else's request.
 */
export function createWebhookBinding(options: { webhookUrl: string; signingSecret: string }) {
  const key = createHmac('sha256', options.signingSecret)
    .update('replicate-webhook-request')
    .digest();
  const macOf = (requestId: string) =>
    createHmac('sha256', key).update(requestId).digest('base64url');

  return {
    /** The webhook address for one request. */
    urlFor(requestId: string): string {
      const query = new URLSearchParams({ request: requestId, sig: macOf(requestId) });
      return `${options.webhookUrl}?${query}`;
    },
    /** Whether `sig` is this server's MAC of `requestId`. */
    verify(requestId: string, sig: string): boolean {
      const expected = Buffer.from(macOf(requestId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type WebhookBinding = ReturnType<typeof createWebhookBinding>;
