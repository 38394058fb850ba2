import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runMigrations as runQueueMigrations } from 'graphile-worker';
import type pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant; it names the advisory lock that serialises migrations across starting nodes.
const MIGRATION_LOCK = 7_350_001;

/**
 * Applies the committed, generated migrations. Drizzle's migrator takes no lock of its own, so several
 * nodes starting at once would race: an advisory lock makes them take turns.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
      // The job queue's own schema, so any role can enqueue (in SQL) before a worker has started.
      await runQueueMigrations({ pgPool: pool });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
