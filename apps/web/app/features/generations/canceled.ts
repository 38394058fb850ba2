import type { GenerationRecord } from '@kadr/contract';
import type { TFunction } from 'i18next';

/**
 * A generation the person stopped (or the provider reports as cancelled) ends as `failed` with the
 * code `canceled`, refunded like a failure; the interface shows it as cancelled, not as a failure.
 */
export function isCanceled(record: Pick<GenerationRecord, 'status' | 'error_code'>): boolean {
  return record.status === 'failed' && record.error_code === 'canceled';
}

/**
 * Why a generation failed, in the interface's language: from the record's code, never the
 * provider's own words (the server keeps those for the operator).
 */
export function failureText(
  record: Pick<GenerationRecord, 'error_code'>,
  t: TFunction<'app'>,
): string {
  return t(`generation.errors.${record.error_code ?? 'model_failed'}`);
}
