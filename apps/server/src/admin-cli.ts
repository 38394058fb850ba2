import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { openDatabase } from './db/client.ts';
import { type EmbeddedDatabase, embeddedUrl, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './lib/logger.ts';
import { assertPortFree, StartupError } from './startup-errors.ts';

/**
 * `npm run admin -- grant <email>` / `revoke <email>`: the only way to make or unmake an operator,
 * run on a machine that runs Kadr, against `DATABASE_URL` or the embedded PostgreSQL (the running
 * server's, or started for the moment). The change is audited (`cli`) and ends the person's sessions.
 */
const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const logger = createLogger({ ...config, logLevel: 'error' });
  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url;
  if (!url) {
    const port = config.database.embeddedPort;
    // A running Kadr holds the embedded PostgreSQL: use it. Otherwise start it for this command.
    const free = await assertPortFree(
      port,
      '127.0.0.1',
      'the embedded PostgreSQL',
      'EMBEDDED_PG_PORT',
    )
      .then(() => true)
      .catch(() => false);
    if (free) {
      embedded = await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'pg'),
        port,
        database: 'kadr',
      });
      url = embedded.url;
    } else {
      url = embeddedUrl(port, 'kadr');
    }
  }
  const database = openDatabase(url, { max: 2, onError: () => {} });
  try {
    await runMigrations(database.pool);
    const container = createContainer(config, database, logger);
    const role = command === 'grant' ? 'admin' : 'user';
    const { changed } = await container.admin.setRole(email, role);
    const who = email.trim();
    const said = !changed
      ? role === 'admin'
        ? `${who} is already an operator.`
        : `${who} is not an operator.`
      : role === 'admin'
        ? `${who} is now an operator; their sessions were ended, so they sign in again.`
        : `${who} is no longer an operator; their sessions were ended.`;
    process.stdout.write(`${said}\n`);
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
