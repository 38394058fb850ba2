import type { GenerationRecord } from '@kadr/contract';

/**
 * A generation the person stopped (or the provider reports as cancelled) ends as `failed` with this
 * error, refunded like a failure; the interface shows it as cancelled, not as a failure.
 */
const CANCELED_ERROR = 'Canceled';

export function isCanceled(record: Pick<GenerationRecord, 'status' | 'error'>): boolean {
  return record.status === 'failed' && record.error === CANCELED_ERROR;
}
