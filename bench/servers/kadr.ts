// The real application (all plugins, validation, catalogue) on a real embedded PostgreSQL.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  buildApp,
  createContainer,
  loadConfig,
  openDatabase,
  repoRoot,
  runMigrations,
  startEmbeddedPostgres,
} from '@kadr/server';

const dir = path.join(repoRoot, '.tmp', 'bench-pg');
await rm(dir, { recursive: true, force: true });
// BENCH_PG_PORT: another checkout's bench on the same machine may hold the default port.
const pg = await startEmbeddedPostgres({
  dir,
  port: Number(process.env.BENCH_PG_PORT ?? 54_390),
  database: 'kadr',
});
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'silent',
  // Production settings with placeholder credentials: no emulator is mounted, nothing calls out.
  SIGNING_SECRET: 'bench-signing-secret-0123456789abcdef',
  REPLICATE_API_TOKEN: 'r8_bench',
  REPLICATE_WEBHOOK_SECRET: 'whsec_YmVuY2g=',
});
const database = openDatabase(pg.url, { max: 10, onError: () => {} });
await runMigrations(database.pool);
const container = createContainer(config, database, { info: () => {}, warn: () => {} });
const app = await buildApp({ container, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
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

// One person with tokens for every create of the run; one with a history of 100,000 generations.
const creator = await signedIn('creator@bench.local', 10_000_000);
const historian = await signedIn('historian@bench.local', 0);
await database.pool.query(
  `insert into generation_requests (user_id, type, model, status, cost, jsondata, created, updated)
   select $1, case when i % 3 = 0 then 'video' else 'image' end, 'seedream-3', 'completed', 3,
          jsonb_build_object('type', 'image', 'prompt', 'prompt ' || i, 'input', '{}'::jsonb, 'output', '[]'::jsonb),
          now() - make_interval(secs => i), now() - make_interval(secs => i)
   from generate_series(1, 100000) as i`,
  [historian.id],
);
await database.pool.query('analyze');
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    creatorCookie: creator.cookie,
    historianCookie: historian.cookie,
  })}\n`,
);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await pg.stop();
    process.exit(0);
  })();
});
