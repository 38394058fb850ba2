import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lowercase base32 of random bytes: Replicate ids look like `gm3qorzdhgbfurvjtvhg6dckhu`. */
function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE32[byte % 32];
  return out;
}

export function newPredictionId(): string {
  return randomBase32(26);
}

export function newWebhookMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** ISO-8601 with microseconds and `Z`, the way Replicate prints timestamps. */
export function isoWithMicros(epochMs: number): string {
  const wholeMs = Math.floor(epochMs);
  const micros = Math.floor((epochMs - wholeMs) * 1000);
  const iso = new Date(wholeMs).toISOString(); // 2022-04-26T22:13:06.224Z
  return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

/** Wall-clock milliseconds with sub-millisecond precision. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
