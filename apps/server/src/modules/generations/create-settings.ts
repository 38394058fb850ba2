import type { LedgerReasonName } from '@kadr/contract';
import { realtimeChannels } from '../../lib/realtime-messages.ts';
import { DEFAULT_MAX_ATTEMPTS, type JobName, SUBMIT_JOB_KEY_PREFIX } from '../queue/index.ts';

/**
 * The values TypeScript owns that `kadr_create_generations` (db/functions) writes: the submit job,
 * the debit's ledger reason, the channels the realtime hub listens on. Each is checked against its
 * TypeScript definition here, and passed to the function on every call (its `p_settings`), so no
 * SQL file repeats them.
 */
const createGenerationsSettings = {
  jobName: 'submit_generation' satisfies JobName,
  jobMaxAttempts: DEFAULT_MAX_ATTEMPTS,
  jobKeyPrefix: SUBMIT_JOB_KEY_PREFIX,
  debitReason: 'generation_debit' satisfies LedgerReasonName,
  generationChannel: realtimeChannels.generation,
  userChannel: realtimeChannels.user,
} as const;

/** `createGenerationsSettings` as the function's jsonb argument, serialised once. */
export const createGenerationsSettingsJson = JSON.stringify(createGenerationsSettings);

/** The settings with per-deployment values added (the running cap), serialised for one call. */
export function createGenerationsSettingsWith(extra: { maxRunning: number }): string {
  return JSON.stringify({ ...createGenerationsSettings, ...extra });
}
