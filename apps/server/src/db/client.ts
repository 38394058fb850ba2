import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/unavailable.ts';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  url: string;
  pool: pg.Pool;
  db: Database;
  close(): Promise<void>;
}

/**
 * How long a new connection may take. Without a bound a request waits as long as the operating
 * system keeps trying (minutes, for a host that drops packets) while PostgreSQL cannot be reached;
 * with it, the request fails in seconds and is answered 503 (plugins/errors.ts). A pool with every
 * connection busy past it fails the same way.
 */
const CONNECT_TIMEOUT_MS = 5_000;

export function openDatabase(
  url: string,
  options: { max: number; onError: (error: Error) => void; connectTimeoutMs?: number },
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
  });
  // Without a listener an idle client's error (e.g. the server shutting down) crashes the process.
  // The listeners stay after close: `end()` resolves while its connections are still closing, and
  // one the server cuts meanwhile (the embedded PostgreSQL stopping next) is expected, not news.
  let closed = false;
  const onError = (error: Error) => {
    if (!closed) options.onError(error);
  };
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = drizzle({ client: pool, schema });
  return {
    url,
    pool,
    db,
    close: () => {
      closed = true;
      return pool.end();
    },
  };
}

/**
 * graphile-worker's own pool (main.ts). Ours rather than one it makes from a connection string: it
 * keeps its error listeners to the end (graphile-worker removed its own on stop while a client was
 * still closing, and the embedded PostgreSQL stopping next crashed the process with an unhandled
 * 'error'), and it gives up connecting in time like the app's.
 *
 * A statement that fails because PostgreSQL is away — no connection to be had, or the one it had
 * lost — is reported as 57P03 ("cannot connect now"), the code graphile-worker retries with backoff.
 * It records a job's end without waiting for it; with any other code that record failed at once, as
 * an unhandled rejection that ended the process, and the job stayed locked. Its statements are safe
 * to repeat: each acts only on a job still locked by the same worker.
 */
export function openJobDatabase(
  url: string,
  options: {
    max: number;
    onError: (error: Error) => void;
    /** False once the process is shutting down: then nothing waits for PostgreSQL to come back. */
    retrying?: () => boolean;
  },
): DatabaseHandle {
  const handle = openDatabase(url, options);
  const { pool } = handle;
  const retrying = options.retrying ?? (() => true);
  const cannotConnectNow = (error: Error) => (retrying() ? asCannotConnectNow(error) : error);
  const retriedWhenAway = (client: pg.PoolClient) => reportingAway(client, cannotConnectNow);
  const connect = pool.connect.bind(pool) as (
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (!callback) {
      return connect()?.then(retriedWhenAway, (error: Error) => {
        throw cannotConnectNow(error);
      });
    }
    connect((error, client, done) =>
      callback(error && cannotConnectNow(error), client && retriedWhenAway(client), done),
    );
    return undefined;
  }) as typeof pool.connect;
  return handle;
}

/** Marks a pool client whose statements' "PostgreSQL is away" failures say 57P03. */
const RETRIED = Symbol('retried when away');

/** The client, its promise-returning `query` reporting a lost connection as 57P03 (once per client). */
function reportingAway(
  client: pg.PoolClient,
  cannotConnectNow: (error: Error) => Error,
): pg.PoolClient {
  const marked = client as pg.PoolClient & { [RETRIED]?: true };
  if (marked[RETRIED]) return client;
  marked[RETRIED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    // Callback and submittable forms answer no promise, and are left as they are.
    if (!(result instanceof Promise)) return result;
    return result.catch((error: Error) => {
      throw cannotConnectNow(error);
    });
  }) as typeof client.query;
  return client;
}

/** An error meaning PostgreSQL is away, as SQLSTATE 57P03 says it (the original as its cause). */
function asCannotConnectNow(error: Error): Error {
  if ((error as { code?: unknown }).code === '57P03' || !isDatabaseUnavailable(error)) return error;
  return Object.assign(new Error(`cannot connect now: ${error.message}`, { cause: error }), {
    code: '57P03',
  });
}
