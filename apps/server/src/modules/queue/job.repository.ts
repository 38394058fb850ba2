import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { JobName, JobPayloads } from './names.ts';

/** A job's attempts unless its caller says otherwise (creates' submit jobs too: generations/create-settings.ts). */
export const DEFAULT_MAX_ATTEMPTS = 10;

export interface EnqueueOptions {
  jobKey?: string;
  maxAttempts?: number;
  /** When it may run (now, by default). */
  runAt?: Date;
  /**
   * What a waiting job of the same key keeps: `replace` (default) takes this one's payload and time;
   * `preserve_run_at` keeps its own time unless it has already failed an attempt — a check that
   * only makes sure a job exists does not bring a scheduled retry forward.
   */
  jobKeyMode?: 'replace' | 'preserve_run_at';
}

/**
 * Adds a job through SQL, so it commits or rolls back with the caller's transaction: a charge never
 * exists without its job, nor a job without its charge. A `jobKey` keeps at most one waiting job per
 * key; adding a key whose job is running (a job rescheduling itself) leaves that run to finish and
 * waits as a new job (graphile-worker's add_job).
 */
export async function enqueue<N extends JobName>(
  tx: Executor,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<void> {
  // kadr_add_job (db/functions) is graphile-worker's add_job planned for these values each time.
  await tx.execute(sql`select kadr_add_job(
    ${name}::text,
    ${JSON.stringify(payload)}::json,
    ${options.jobKey ?? null}::text,
    ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
    ${options.runAt?.toISOString() ?? null}::timestamptz,
    ${options.jobKeyMode ?? 'replace'}::text
  )`);
}

/** The job queue on one executor: jobs enqueued on a transaction's repository commit with it. */
export function createJobRepository(db: Executor) {
  return {
    enqueue: <N extends JobName>(
      name: N,
      payload: JobPayloads[N],
      options?: EnqueueOptions,
    ): Promise<void> => enqueue(db, name, payload, options),
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
