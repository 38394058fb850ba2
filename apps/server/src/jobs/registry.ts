import type { JobHelpers, TaskList } from 'graphile-worker';
import type { AccountService } from '../modules/auth/account.service.ts';
import type { BatchService } from '../modules/batches/batch.service.ts';
import type { TrainingService } from '../modules/elements/index.ts';
import type { GenerationEngine } from '../modules/generations/generation.engine.ts';
import type { IdempotencyKeyRepository } from '../modules/generations/idempotency-key.repository.ts';
import type { RateLimitRepository } from '../modules/limits/rate-limit.repository.ts';
import type { Metrics } from '../modules/metrics/metrics.service.ts';
import type { PaymentService } from '../modules/payments/payment.service.ts';
import type { PromptImprovementService } from '../modules/prompts/index.ts';
import type { JobPayloads } from '../modules/queue/index.ts';
import type { WebhookDeliveryService } from '../modules/webhooks-out/webhook-delivery.service.ts';

/** Every background job by name → handler. Payloads are written by `enqueue` with their types. */
export function buildTaskList(services: {
  engine: GenerationEngine;
  payments: Pick<PaymentService, 'reconcile'>;
  repositories: {
    rateLimits: Pick<RateLimitRepository, 'prune'>;
    idempotencyKeys: Pick<IdempotencyKeyRepository, 'prune'>;
  };
  accounts: Pick<AccountService, 'payDeferredReferrals'>;
  batches: Pick<BatchService, 'releaseAll'>;
  webhookDeliveries: Pick<WebhookDeliveryService, 'send'>;
  trainings: Pick<TrainingService, 'submit' | 'follow'>;
  promptImprovements: Pick<PromptImprovementService, 'reconcile'>;
  metrics?: Pick<Metrics, 'countJob'>;
}): TaskList {
  const {
    engine,
    payments,
    repositories,
    accounts,
    batches,
    webhookDeliveries,
    trainings,
    promptImprovements,
    metrics,
  } = services;
  const tasks: Record<string, (payload: unknown, helpers: JobHelpers) => Promise<void>> = {
    submit_generation: async (payload, helpers) => {
      const { id } = payload as JobPayloads['submit_generation'];
      await engine.submit(id, { number: helpers.job.attempts, max: helpers.job.max_attempts });
    },
    ingest_prediction: async (payload, helpers) => {
      await engine.ingest(payload as JobPayloads['ingest_prediction'], undefined, {
        number: helpers.job.attempts,
        max: helpers.job.max_attempts,
      });
    },
    reconcile_generations: async () => {
      await engine.reconcile();
    },
    // Batch items that waited for the running cap, for people whose page is not following them.
    release_batches: async () => {
      await batches.releaseAll();
    },
    reconcile_payments: async () => {
      await payments.reconcile();
    },
    // Referral bonuses that waited for a day with room under the referrer's daily cap.
    pay_deferred_referrals: async () => {
      await accounts.payDeferredReferrals();
    },
    // One attempt at a webhook message; a failed one enqueues its next attempt itself (runAt).
    send_webhook: async (payload) => {
      await webhookDeliveries.send((payload as JobPayloads['send_webhook']).id);
    },
    // A character's training (ADR 045): asked once, then looked at until it ends.
    submit_training: async (payload, helpers) => {
      const { id } = payload as JobPayloads['submit_training'];
      await trainings.submit(id, { number: helpers.job.attempts, max: helpers.job.max_attempts });
    },
    poll_training: async (payload) => {
      await trainings.follow((payload as JobPayloads['poll_training']).id);
    },
    // Prompt improvements whose node died while it waited for the answer (ADR 050).
    reconcile_prompt_improvements: async () => {
      await promptImprovements.reconcile();
    },
    // Counters whose window ended an hour ago count nothing any more.
    prune_rate_limits: async () => {
      await repositories.rateLimits.prune(60 * 60_000);
    },
    // Idempotency-Keys older than their day (issue #51) answer nothing any more.
    prune_idempotency_keys: async () => {
      await repositories.idempotencyKeys.prune();
    },
  };
  if (!metrics) return tasks;
  // Every run counted by task and outcome (`kadr_job_runs_total`).
  return Object.fromEntries(
    Object.entries(tasks).map(([task, run]) => [task, metrics.countJob(task, run)]),
  );
}

/**
 * Reconcile generations and payments every minute (graphile-worker's cron granularity);
 * generations also once at every start.
 */
export const crontab = [
  '* * * * * reconcile_generations ?max=1',
  '* * * * * reconcile_payments ?max=1',
  '* * * * * release_batches ?max=1',
  '* * * * * reconcile_prompt_improvements ?max=1',
  '*/10 * * * * prune_rate_limits ?max=1',
  '*/10 * * * * prune_idempotency_keys ?max=1',
  '5 0 * * * pay_deferred_referrals ?max=1',
].join('\n');
