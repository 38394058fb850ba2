import { sql } from 'drizzle-orm';
import type { Executor } from '../modules/users/user.repository.ts';
import type { JobName, JobPayloads } from './names.ts';

/**
 * Adds a job through SQL, so it commits or rolls back with the caller's transaction: a charge never
 * exists without its job, nor a job without its charge. A `jobKey` keeps at most one waiting job per key.
 */
export async function enqueue<N extends JobName>(
  tx: Executor,
  name: N,
  payload: JobPayloads[N],
  options: { jobKey?: string; maxAttempts?: number; runAt?: Date } = {},
): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${name}::text,
    ${JSON.stringify(payload)}::json,
    job_key := ${options.jobKey ?? null}::text,
    max_attempts := ${options.maxAttempts ?? 10}::int,
    run_at := ${options.runAt?.toISOString() ?? null}::timestamptz
  )`);
}
