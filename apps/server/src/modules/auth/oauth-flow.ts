import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OAuthFlow, OAuthProviderId } from '../../providers/oauth/index.ts';

/** A sign-in in progress, as the browser carries it between the start and the callback. */
export interface PendingSignIn extends OAuthFlow {
  provider: OAuthProviderId;
  /** Where to go after signing in (already a safe same-site path). */
  next: string;
  /** Epoch milliseconds after which the flow is void, whatever the cookie's own expiry says. */
  expiresAt: number;
}

const pendingSchema = z.object({
  provider: z.enum(['google', 'yandex', 'vk']),
  state: z.string().min(1),
  codeVerifier: z.string().min(43),
  nonce: z.string().optional(),
  next: z.string(),
  expiresAt: z.number(),
});

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals the flow (state, PKCE verifier, nonce, return path) into a cookie value with AES-256-GCM:
 * the browser can neither read the verifier nor change anything, and nothing is stored server-side,
 * so any api node can finish a sign-in another one started. The provider id is authenticated data,
 * so one provider's cookie cannot be replayed at another's callback.
 */
export function createFlowSealer(secret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'kadr oauth flow cookie v1', 32));

  return {
    seal(flow: PendingSignIn): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(flow.provider));
      const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },

    /** The flow, or undefined when the value was tampered with, is for another provider, or expired. */
    open(value: string, provider: OAuthProviderId): PendingSignIn | undefined {
      const raw = Buffer.from(value, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(provider));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const json = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
        const parsed = pendingSchema.safeParse(JSON.parse(json));
        if (!parsed.success || parsed.data.provider !== provider) return undefined;
        if (parsed.data.expiresAt <= now()) return undefined;
        return parsed.data;
      } catch {
        return undefined;
      }
    },
  };
}
