import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { freePort } from './ports.ts';

/**
 * A PostgreSQL of the test's own (not the run's shared one, which every other file uses), migrated,
 * that the test can stop — the server process really ends, its connections with it — and start again
 * on the same folder and port, as an operator restarts a database under a running Kadr.
 */
export interface OwnPostgres {
  url: string;
  running(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  close(): Promise<void>;
}

const DATABASE = 'kadr';

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-own-pg-'));
  // Run as root, PostgreSQL runs as its own user (embedded.ts), which must reach the cluster folder.
  await chmod(dir, 0o755);
  let server: EmbeddedDatabase | undefined;
  let port = 0;
  // A port the OS just handed out may be taken again before PostgreSQL binds it: then another.
  for (let attempt = 1; !server; attempt++) {
    port = await freePort();
    try {
      server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, database: DATABASE });
    } catch (error) {
      if (attempt >= 3) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const url = server.url;
  const migrator = openDatabase(url, { max: 2, onError: () => {} });
  try {
    await runMigrations(migrator.pool);
  } finally {
    await migrator.close();
  }
  let current: EmbeddedDatabase | undefined = server;
  const stop = async () => {
    const stopping = current;
    current = undefined;
    await stopping?.stop();
  };
  return {
    url,
    running: () => current !== undefined,
    stop,
    async start() {
      if (current) return;
      current = await startEmbeddedPostgres({
        dir: path.join(dir, 'pg'),
        port,
        database: DATABASE,
      });
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
