import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { readSqlFunctions, type SqlFunction } from './functions.ts';
import { migrationsFolder } from './migrate.ts';

const functions = await readSqlFunctions();
const fix = (name: string) =>
  `run npm run db:functions -w @kadr/server -- ${name} (and, if its arguments or return type ` +
  'changed, add the DROP FUNCTION of the old signature to that migration)';

async function readMigrations(): Promise<{ tag: string; text: string }[]> {
  const journal: { entries: { tag: string }[] } = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  );
  return Promise.all(
    journal.entries.map(async ({ tag }) => ({
      tag,
      text: await readFile(path.join(migrationsFolder, `${tag}.sql`), 'utf8'),
    })),
  );
}

describe('db/functions and the migrations', async () => {
  const migrations = await readMigrations();

  it.each(functions.map((f) => [f.name, f] as const))(
    '%s: the newest migration that defines it holds its file verbatim',
    (name, fn: SqlFunction) => {
      const defines = new RegExp(
        `CREATE\\s+(OR\\s+REPLACE\\s+)?FUNCTION\\s+"?${name}"?\\s*\\(`,
        'i',
      );
      const alters = new RegExp(
        `(ALTER|DROP)\\s+FUNCTION\\s+(IF\\s+EXISTS\\s+)?"?${name}"?\\b`,
        'i',
      );
      const newest = migrations.findLastIndex((m) => defines.test(m.text));
      expect(newest, `no migration defines ${name}: ${fix(name)}`).toBeGreaterThanOrEqual(0);
      const migration = migrations[newest];
      expect(
        migration?.text.includes(fn.statement),
        `src/db/functions/${name}.sql is not what drizzle/${migration?.tag}.sql (the newest migration ` +
          `defining it) says: ${fix(name)}`,
      ).toBe(true);
      const later = migrations.slice(newest + 1).filter((m) => alters.test(m.text));
      expect(
        later.map((m) => m.tag),
        `a migration after drizzle/${migration?.tag}.sql alters or drops ${name}: fold the change ` +
          `into src/db/functions/${name}.sql (or delete the file) and ${fix(name)}`,
      ).toEqual([]);
    },
  );
});

describe('db/functions and the migrated database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  /** Every kadr_ function in public, by signature, as PostgreSQL prints its definition. */
  async function definitions(): Promise<Record<string, string>> {
    const result = await client.query<{ signature: string; definition: string }>(
      `select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname like 'kadr\\_%'`,
    );
    return Object.fromEntries(result.rows.map((row) => [row.signature, row.definition]));
  }

  it('every kadr_ function has a file, and every file a function', async () => {
    const result = await client.query<{ name: string }>(
      `select distinct proname as name from pg_proc
        where pronamespace = 'public'::regnamespace and proname like 'kadr\\_%' order by 1`,
    );
    const inDatabase = result.rows.map((row) => row.name);
    const inFiles = functions.map((f) => f.name);
    expect(
      inDatabase.filter((name) => !inFiles.includes(name)),
      'functions the migrations define without a file: write each one’s current definition ' +
        '(CREATE OR REPLACE FUNCTION, as pg_get_functiondef shows it) to src/db/functions/<name>.sql',
    ).toEqual([]);
    expect(
      inFiles.filter((name) => !inDatabase.includes(name)),
      'files of functions the migrations do not define: run npm run db:functions -w @kadr/server ' +
        '-- <name>, or delete the file if the function is gone',
    ).toEqual([]);
  });

  it.each(functions.map((f) => [f.name, f] as const))(
    '%s: running its file changes nothing in the migrated database',
    async (name, fn: SqlFunction) => {
      await client.query('begin');
      try {
        const before = await definitions();
        try {
          await client.query(fn.text);
        } catch (error) {
          throw new Error(
            `src/db/functions/${name}.sql does not replace the migrated function (${String(error)}): ${fix(name)}`,
          );
        }
        expect(
          await definitions(),
          `src/db/functions/${name}.sql is not the migrated definition (pg_get_functiondef): ${fix(name)}`,
        ).toEqual(before);
      } finally {
        await client.query('rollback');
      }
    },
  );
});
