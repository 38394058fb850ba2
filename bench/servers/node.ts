// What every benchmarked API node shares: its own embedded PostgreSQL (fsync and synchronous commit
// on), the application's migrations, production settings with placeholder credentials (no emulator
// is mounted, nothing calls out) and signed-in people made as the OAuth callback makes them.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type App,
  buildApp,
  type Container,
  createContainer,
  loadConfig,
  openDatabase,
  repoRoot,
  runMigrations,
  startEmbeddedPostgres,
} from '@kadr/server';

/** The settings of a benchmarked node (and of a bench process that opens its repositories). */
export function benchConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    // Production settings with placeholder credentials: no emulator is mounted, nothing calls out.
    SIGNING_SECRET: 'bench-signing-secret-0123456789abcdef',
    REPLICATE_API_TOKEN: 'r8_bench',
    REPLICATE_WEBHOOK_SECRET: 'whsec_YmVuY2g=',
    ...overrides,
  });
}

export const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Starts the real application as an API node on a fresh embedded PostgreSQL. */
export async function startApiNode(options: {
  env?: Record<string, string>;
  port: number;
  /** Routes a benchmark adds to the application before it listens (a yardstick in the same app). */
  routes?: (app: App, container: Container) => void;
}) {
  const dir = path.join(repoRoot, '.tmp', 'bench-pg');
  await rm(dir, { recursive: true, force: true });
  // BENCH_PG_PORT: another checkout's bench on the same machine may hold the default port.
  const pg = await startEmbeddedPostgres({
    dir,
    port: Number(process.env.BENCH_PG_PORT ?? 54_390),
    database: 'kadr',
    // BENCH_PROFILE=1: PostgreSQL's own view of the statements (run.ts prints the top ones).
    ...(process.env.BENCH_PROFILE
      ? { settings: ['shared_preload_libraries=pg_stat_statements', 'track_io_timing=on'] }
      : {}),
  });
  // The postmaster, whose backends' CPU time the bench adds up (bench/lib.ts cpuTimes).
  const postgresPid = Number(
    (await readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  const config = benchConfig(options.env);
  const database = openDatabase(pg.url, { max: 10, onError: () => {} });
  await runMigrations(database.pool);
  if (process.env.BENCH_PROFILE) {
    await database.pool.query('create extension if not exists pg_stat_statements');
  }
  const container = createContainer(config, database, silentLogger);
  const app = await buildApp({ container, logger: false });
  options.routes?.(app, container);
  await app.listen({ host: '127.0.0.1', port: options.port });
  const address = app.server.address();

  /** A signed-in person: a real account and session, as the OAuth callback would create them. */
  async function signedIn(email: string, tokens: number): Promise<{ cookie: string; id: string }> {
    const { user } = await container.accounts.signIn(
      { provider: 'bench', subject: email, email, emailVerified: false, name: email, avatar: null },
      null,
    );
    if (tokens > 0)
      await database.pool.query(
        `with e as (insert into token_ledger (user_id, delta, reason) values ($1, $2, 'adjustment'))
       update users set tokens = tokens + $2 where id = $1`,
        [user.id, tokens],
      );
    const session = await container.sessions.issue(user.id, {});
    return { cookie: `kadr_session=${session.token}`, id: user.id };
  }

  return {
    pg,
    postgresPid,
    database,
    container,
    app,
    port: typeof address === 'object' && address ? address.port : 0,
    signedIn,
    /** Stops on SIGTERM: the app (its streams end), the pool, then PostgreSQL. */
    stopOnSignal(before: () => Promise<void> = async () => {}) {
      process.on('SIGTERM', () => {
        void (async () => {
          await before();
          await app.close();
          await database.close();
          await pg.stop();
          process.exit(0);
        })();
      });
    },
  };
}
