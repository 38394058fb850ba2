import { Logger as JobLogger } from 'graphile-worker';
import type { Logger } from 'pino';

/** graphile-worker's logs through our pino logger (JSON lines with a `scope`), not its console output. */
export function createJobLogger(logger: Logger): JobLogger {
  return new JobLogger((scope) => (level, message, meta) => {
    const details = { scope, ...meta };
    if (level === 'error') logger.error(details, message);
    else if (level === 'warning') logger.warn(details, message);
    else if (level === 'info') logger.debug(details, message);
    else logger.trace(details, message);
  });
}
