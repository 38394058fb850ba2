import path from 'node:path';
import { type Runner, run } from 'graphile-worker';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { openDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { buildTaskList, crontab } from './jobs/registry.ts';
import { createJobLogger } from './lib/job-logger.ts';
import { createLogger } from './lib/logger.ts';
import { loadOrCreateLocalSecrets } from './local-secrets.ts';
import { RECONCILE_QUIET_MS } from './modules/generations/generation.engine.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Outside production the data folder keeps its own random secrets (signing, the emulators').
    if (!config.isProduction)
      config = loadConfig(process.env, await loadOrCreateLocalSecrets(config.dataDir));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.database.url;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'pg');
    logger.info({ dir, port: config.database.embeddedPort }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dir,
      port: config.database.embeddedPort,
      database: 'kadr',
      log: (message) => logger.debug({ source: 'postgres' }, message.trim()),
    });
    databaseUrl = embedded.url;
  }

  const database = openDatabase(databaseUrl, {
    max: config.database.poolMax,
    onError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
  });
  await runMigrations(database.pool);
  logger.info('database migrated');
  const container = createContainer(config, database, logger);

  // The API first: in demo mode the worker talks to emulators served by this very process.
  const app = config.role === 'worker' ? undefined : await buildApp({ container, logger });
  if (app) {
    await app.listen({ host: config.host, port: config.port });
    logger.info(`Kadr is at ${config.publicUrl}${config.demo ? ' (demo mode)' : ''}`);
  }

  let worker: Runner | undefined;
  if (config.role !== 'api') {
    worker = await run({
      connectionString: databaseUrl,
      concurrency: config.jobConcurrency,
      noHandleSignals: true,
      taskList: buildTaskList(container),
      crontab,
      logger: createJobLogger(logger),
    });
    // After a crash or restart, look at every unfinished request at once rather than in a minute,
    // and again once what was running at the crash has been quiet long enough to be looked at.
    const { jobs } = container.repositories;
    await jobs.enqueue('reconcile_generations', {}, { jobKey: 'reconcile:start' });
    await jobs.enqueue(
      'reconcile_generations',
      {},
      { jobKey: 'reconcile:settled', runAt: new Date(Date.now() + RECONCILE_QUIET_MS + 1000) },
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // Stop taking requests and let in-flight ones finish, then stop jobs, then the database.
      await app?.close();
      await worker?.stop();
      await database.close();
      await embedded?.stop();
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exitCode = 1;
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
