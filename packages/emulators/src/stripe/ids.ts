import { randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Stripe's look: the object's prefix, then letters and digits. */
export function randomId(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const byte of bytes) out += ALNUM[byte % ALNUM.length];
  return out;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
