import type { ModelDefinition } from '@kadr/catalog';

/**
 * Our own retries' waits (issue #38) — a submission while the model provider fails, a store while
 * the file store is away: 1, 2, 4, 8, 15 s, then every 30 s, each ±20 % so that many waiting
 * generations do not all ask again at the same moment.
 */
export const RETRY_STEPS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
const RETRY_JITTER = 0.2;

/** After a pause a 429 started, each waiting submission asks again within this much of its end. */
export const PAUSE_SPREAD_MS = 2_000;

/** The wait before retry number `retry` (0: the first), jittered by `random` ∈ [0, 1). */
export function retryDelayMs(retry: number, random: () => number = Math.random): number {
  const step = RETRY_STEPS_MS[Math.min(Math.max(0, retry), RETRY_STEPS_MS.length - 1)] ?? 30_000;
  return Math.round(step * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}

/**
 * How long a generation may take: three times its model's slowest usual run, at least ten
 * minutes. A submission's budget runs from its `created`; once submitted, its deadline from then.
 */
export function budgetMs(model: {
  typicalSeconds: Pick<ModelDefinition['typicalSeconds'], 'max'>;
}): number {
  return Math.max(600, model.typicalSeconds.max * 3) * 1000;
}

/**
 * When a retry meant for `wanted` runs: never past `end`, so the last attempt is made at the end
 * itself; undefined once `end` has come (the caller settles the generation instead).
 */
export function retryAt(wanted: number, end: number, now: number): Date | undefined {
  return now >= end ? undefined : new Date(Math.min(Math.max(wanted, now), end));
}
