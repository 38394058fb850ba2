/** How long a message is tried for: 24 hours after it was made, then it has failed. */
export const MESSAGE_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * The wait after each failed attempt: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h
 * (about a dozen attempts in the 24 hours).
 */
const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
];
const LATER_RETRY_DELAY_MS = 3 * 60 * 60_000;

/**
 * When a message that has now failed `attempts` times is tried next, or null when that would be
 * past `expires` (then it has failed for good).
 */
export function nextAttemptAt(attempts: number, now: Date, expires: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? LATER_RETRY_DELAY_MS;
  const next = new Date(now.getTime() + delay);
  return next.getTime() > expires.getTime() ? null : next;
}
