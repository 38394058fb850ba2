import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/unavailable.ts';

/**
 * graphile-worker's own "try again later": cannot_connect_now, which it retries with backoff (3 s
 * growing to 2 min, up to 100 times) wherever it retries at all.
 */
const RETRIED_BY_THE_QUEUE = '57P03';

/** The error as graphile-worker should read it: "the database is away" as cannot_connect_now. */
function asRetriable(error: unknown): never {
  if (!isDatabaseUnavailable(error)) throw error;
  const message = error instanceof Error ? error.message : String(error);
  throw Object.assign(new Error(message, { cause: error }), { code: RETRIED_BY_THE_QUEUE });
}

/**
 * The pool the job worker (graphile-worker) runs on. graphile-worker 0.18 records a finished job
 * (completeJob / failJob, worker.js) without awaiting it, retrying only errors it knows as passing
 * (57P03, ETIMEDOUT, EHOSTUNREACH, a serialisation failure or deadlock); PostgreSQL stopped or
 * restarted shows up as 57P01 or ECONNREFUSED, and the unhandled rejection ended the worker
 * process whenever a job ended while the database was away (issue #38's fault suite). Here every
 * error that means the database is away (lib/unavailable.ts) reaches it as 57P03, so it waits and
 * records the job once PostgreSQL is back. Any other error reaches it unchanged.
 */
export function openQueuePool(url: string, onError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    // graphile-worker's own pool's size, and the bound on a new connection that db/client.ts sets.
    max: 10,
    connectionTimeoutMillis: 5_000,
  });
  // Ours are the only listeners: graphile-worker adds its own (logging at error level) only to a
  // pool without any.
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      return result instanceof Promise ? result.catch(asRetriable) : result;
    }) as typeof client.query;
  });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const result = connect(...args);
    return result instanceof Promise ? result.catch(asRetriable) : result;
  }) as typeof pool.connect;
  return pool;
}
