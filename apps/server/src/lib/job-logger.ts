import { Logger as JobLogger } from 'graphile-worker';
import type { Logger } from 'pino';
import { isDatabaseUnavailable, unavailableReason } from './unavailable.ts';

/**
 * graphile-worker's logs through our pino logger (JSON lines with a `scope`), not its console output.
 * What it reports as an error because PostgreSQL went away — its LISTEN connection lost, a job's
 * end not recorded yet, a job that failed on a lost connection — is a warning: it reconnects and
 * retries by itself, and an outage is not a bug (issue #38). Every other error stays an error.
 */
export function createJobLogger(logger: Logger): JobLogger {
  return new JobLogger((scope) => (level, message, meta) => {
    const details = { scope, ...meta };
    if (level === 'error') {
      const cause = databaseCause(meta);
      if (cause === undefined) logger.error(details, message);
      else {
        // The first line only: a failed task's message carries its whole stack after it.
        const [first = message] = message.split('\n');
        logger.warn({ scope, dependency: 'database', ...unavailableReason(cause) }, first);
      }
    } else if (level === 'warning') logger.warn(details, message);
    else if (level === 'info') logger.debug(details, message);
    else logger.trace(details, message);
  });
}

/** The error graphile-worker attached (`error`, or a job's `fatalError`) if PostgreSQL is away. */
function databaseCause(meta: Record<string, unknown> | undefined): unknown {
  for (const key of ['error', 'fatalError'] as const) {
    if (isDatabaseUnavailable(meta?.[key])) return meta?.[key];
  }
  return undefined;
}
