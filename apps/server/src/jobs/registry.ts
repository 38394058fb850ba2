import type { TaskList } from 'graphile-worker';
import type { GenerationEngine } from '../modules/generations/generation.engine.ts';
import type { JobPayloads } from './names.ts';

/** Every background job by name → handler. Payloads are written by `enqueue` with their types. */
export function buildTaskList(engine: GenerationEngine): TaskList {
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
  };
}

/** Reconcile every minute (graphile-worker's cron granularity), and once at every start. */
export const crontab = '* * * * * reconcile_generations ?max=1';
