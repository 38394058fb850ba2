import { describe, expect, it } from 'vitest';
import { createJobLogger } from './job-logger.ts';
import { createLogger } from './logger.ts';

/** graphile-worker's errors as our log lines: an outage is a warning naming the part. */
function logged(away?: (error: unknown) => string | undefined) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { logLevel: 'debug', logPretty: false },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  return { lines, jobs: createJobLogger(logger, away ? { away } : {}) };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const job = (attempts: number) => ({
  id: '7',
  task_identifier: 'ingest',
  attempts,
  max_attempts: 5,
});
class ProviderAway extends Error {}

describe('createJobLogger', () => {
  it('PostgreSQL away: a warning naming the database and what the driver said', () => {
    const { lines, jobs } = logged();
    jobs.error('Error with notify listener (trying again in 120ms): connect ECONNREFUSED', {
      error: refused,
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        dependency: 'database',
        code: 'ECONNREFUSED',
        reason: 'connect ECONNREFUSED 127.0.0.1:5432',
      }),
    ]);
  });

  it('a job failing on a part the app names as away, with tries left: one line, a warning', () => {
    const { lines, jobs } = logged((error) =>
      error instanceof ProviderAway ? 'provider' : undefined,
    );
    jobs.error("Failed task 7 (ingest, 5ms, attempt 2 of 5) with error 'HTTP 503':\n  at stack", {
      failure: true,
      job: job(2),
      error: new ProviderAway('HTTP 503'),
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        dependency: 'provider',
        job: '7',
        task: 'ingest',
        msg: "Failed task 7 (ingest, 5ms, attempt 2 of 5) with error 'HTTP 503':",
      }),
    ]);
  });

  it('its last attempt failing, and any other error, stay errors', () => {
    const { lines, jobs } = logged(() => 'provider');
    jobs.error('Failed task 7 (ingest, 5ms, attempt 5 of 5)', { job: job(5), error: refused });
    const other = logged();
    other.jobs.error('Failed task 7', { job: job(1), error: new Error('a bug') });
    expect(lines.map((line) => line.level)).toEqual([50]);
    expect(other.lines.map((line) => line.level)).toEqual([50]);
  });
});
