import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSqlFunction } from './functions.ts';
import { migrationsFolder } from './migrate.ts';

const help = `Usage: npm run db:functions -w @kadr/server -- [--name <migration>] <function>...

Makes a new custom migration (drizzle-kit generate --custom) that holds the current text of
src/db/functions/<function>.sql for each function named, in the order given. Run it after changing
(or adding) a function file; src/db/functions.test.ts fails until the newest migration that defines
a function holds its file's statement verbatim.

Each file is a CREATE OR REPLACE FUNCTION. That cannot change a function's arguments or its return
type (it makes a second function beside the old one, or fails): when the signature changed, add the
DROP FUNCTION of the old signature to the new migration yourself, above the new definition.
Triggers are not functions: write them in a migration of their own (npm run db:generate -- --custom).

  --name <migration>  the migration's name (default: the function's name, or "functions")`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help || positionals.length === 0) {
  console.info(help);
  process.exit(values.help ? 0 : 1);
}

// Read them all first: a name without a file (or a malformed file) makes no migration.
const functions = await Promise.all(positionals.map(readSqlFunction));
const name = values.name ?? (functions.length === 1 ? positionals[0] : 'functions');

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const drizzleKit = fileURLToPath(
  new URL('../../../../node_modules/.bin/drizzle-kit', import.meta.url),
);
execFileSync(drizzleKit, ['generate', '--custom', `--name=${name}`], {
  cwd: serverRoot,
  stdio: 'inherit',
});

const journal = JSON.parse(
  await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
);
const tag: string = journal.entries.at(-1).tag;
const file = path.join(migrationsFolder, `${tag}.sql`);
const header =
  '-- Custom SQL migration (npm run db:functions): the current definitions of\n' +
  functions.map((f) => `-- src/db/functions/${f.name}.sql\n`).join('');
await writeFile(
  file,
  `${header}${functions.map((f) => f.text.trimEnd()).join('--> statement-breakpoint\n')}\n`,
);
console.info(`wrote ${path.relative(process.cwd(), file)}`);
