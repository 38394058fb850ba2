import { Logger as JobLogger } from 'graphile-worker';
import type { Logger } from 'pino';
import { isDatabaseUnavailable, unavailableReason } from './unavailable.ts';

/**
 * Which part an error says is away for now ('database', 'storage', 'provider'…), or undefined. The
 * composition root names the parts it knows (a store's or the provider's errors); PostgreSQL's are
 * always recognised.
 */
export type AwayPart = (error: unknown) => string | undefined;

/**
 * graphile-worker's logs through our pino logger (JSON lines with a `scope`), not its console output.
 * What it reports as an error because a part is away for now — its LISTEN connection lost, a job's
 * end not recorded yet, a job that failed on a lost connection, a store or a provider refusing — is
 * a warning naming the part: it reconnects and retries by itself, and an outage is not a bug (issue
 * #38). A job's last attempt failing stays an error, as does every other error.
 */
export function createJobLogger(logger: Logger, options: { away?: AwayPart } = {}): JobLogger {
  const awayPart = (error: unknown) =>
    isDatabaseUnavailable(error) ? 'database' : options.away?.(error);
  return new JobLogger((scope) => (level, message, meta) => {
    const details = { scope, ...meta };
    if (level === 'error') {
      const away = passing(meta, awayPart);
      if (away === undefined) logger.error(details, message);
      else {
        // The first line only: a failed task's message carries its whole stack after it.
        const [first = message] = message.split('\n');
        const { job } = (meta ?? {}) as { job?: { id?: unknown; task_identifier?: unknown } };
        logger.warn(
          {
            scope,
            dependency: away.part,
            ...(job ? { job: job.id, task: job.task_identifier } : {}),
            ...unavailableReason(away.error),
          },
          first,
        );
      }
    } else if (level === 'warning') logger.warn(details, message);
    else if (level === 'info') logger.debug(details, message);
    else logger.trace(details, message);
  });
}

/**
 * The part that is away and its error, when graphile-worker's error (`error`, or a job's
 * `fatalError`) says one is and the job, if any, will be tried again.
 */
function passing(
  meta: Record<string, unknown> | undefined,
  awayPart: (error: unknown) => string | undefined,
): { part: string; error: unknown } | undefined {
  const job = meta?.job as { attempts?: unknown; max_attempts?: unknown } | undefined;
  const lastAttempt =
    typeof job?.attempts === 'number' &&
    typeof job.max_attempts === 'number' &&
    job.attempts >= job.max_attempts;
  if (lastAttempt) return undefined;
  for (const key of ['error', 'fatalError'] as const) {
    const error = meta?.[key];
    const part = error === undefined ? undefined : awayPart(error);
    if (part !== undefined) return { part, error };
  }
  return undefined;
}
