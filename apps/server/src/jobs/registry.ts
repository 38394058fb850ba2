import type { TaskList } from 'graphile-worker';
import type { GenerationEngine } from '../modules/generations/generation.engine.ts';
import type { PaymentService } from '../modules/payments/payment.service.ts';
import type { JobPayloads } from './names.ts';

/** Every background job by name → handler. Payloads are written by `enqueue` with their types. */
export function buildTaskList(services: {
  engine: GenerationEngine;
  payments: Pick<PaymentService, 'reconcile'>;
}): TaskList {
  const { engine, payments } = services;
  return {
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
    reconcile_payments: async () => {
      await payments.reconcile();
    },
  };
}

/**
 * Reconcile generations and payments every minute (graphile-worker's cron granularity);
 * generations also once at every start.
 */
export const crontab = [
  '* * * * * reconcile_generations ?max=1',
  '* * * * * reconcile_payments ?max=1',
].join('\n');
