/** Every background job by name, with its payload. */
export interface JobPayloads {
  submit_generation: { id: string };
  ingest_prediction: {
    /** Our request id (from the webhook URL), when known. */
    requestId?: string | undefined;
    predictionId: string;
  };
  reconcile_generations: Record<string, never>;
  release_batches: Record<string, never>;
  reconcile_payments: Record<string, never>;
  prune_rate_limits: Record<string, never>;
  /** Idempotency-Keys past their day (issue #51), deleted. */
  prune_idempotency_keys: Record<string, never>;
  pay_deferred_referrals: Record<string, never>;
  /** One attempt at a webhook message (issue #37); its retries are this job again, run later. */
  send_webhook: { id: string };
  /** A character's training (ADR 045): asked of the provider, then followed until it ends. */
  submit_training: { id: string };
  poll_training: { id: string };
  /** Prompt improvements left running by a node that died: failed and refunded (ADR 050). */
  reconcile_prompt_improvements: Record<string, never>;
}

export type JobName = keyof JobPayloads;

/** A generation's submit job is keyed by this and its id: at most one waits per generation. */
export const SUBMIT_JOB_KEY_PREFIX = 'submit:';
