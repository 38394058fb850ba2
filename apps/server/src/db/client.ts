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

export function openDatabase(
  url: string,
  options: { max: number; onError: (error: Error) => void },
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max });
  // Without a listener an idle client's error (e.g. the server shutting down) crashes the process.
  pool.on('error', options.onError);
  pool.on('connect', (client) => client.on('error', options.onError));
  const db = drizzle({ client: pool, schema });
  return { url, pool, db, close: () => pool.end() };
}
