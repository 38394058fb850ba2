import { createHash, randomBytes } from 'node:crypto';

/** Every key starts so; a scanner (or a person) can tell a Kadr key at sight. */
const KEY_PREFIX = 'kadr_';
/** `kadr_` and 40 base64url characters (240 random bits). */
const KEY_PATTERN = /^kadr_[A-Za-z0-9_-]{40}$/;
/** What lists show of a key: `kadr_` and its first 8 random characters. */
const SHOWN_CHARS = 13;

/** A new key: the secret (shown once), its SHA-256 (stored) and its prefix (shown in lists). */
export function newKeySecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
  return { secret, hash: hashKey(secret), prefix: secret.slice(0, SHOWN_CHARS) };
}

/** A Standard Webhooks signing secret: `whsec_` and base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** Only the SHA-256 of a key is stored: a leaked table lets nobody in. Keys are random, so no salt. */
export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a string has a key's shape (anything else is refused without a query). */
export function looksLikeKey(secret: string): boolean {
  return KEY_PATTERN.test(secret);
}
