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
const pg = await startEmbeddedPostgres({ dir, port: 54_390, database: 'kadr' });
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
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await pg.stop();
    process.exit(0);
  })();
});
