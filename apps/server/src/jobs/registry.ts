import type { TaskList } from 'graphile-worker';

/**
 * Every background job by name. Handlers arrive with the generation engine (submit, reconcile,
 * ingest); the runner is started now so the queue's schema exists for `add_job` inside transactions.
 */
export function buildTaskList(): TaskList {
  return {};
}
