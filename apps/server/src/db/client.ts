import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
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
  pool.on('error', options.onError);
  pool.on('connect', (client) => client.on('error', options.onError));
  const db = drizzle({ client: pool, schema });
  return { url, pool, db, close: () => pool.end() };
}
