import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that test files copy (CREATE DATABASE … TEMPLATE) for isolation. */
    templateDatabaseUrl: string;
  }
}

/** A fresh, migrated database of its own for one test file; drop it when done. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const templateUrl = inject('templateDatabaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const adminUrl = templateUrl.replace(/\/kadr_template$/, '/postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template kadr_template`);
  } finally {
    await admin.end();
  }
  return {
    url: templateUrl.replace(/\/kadr_template$/, `/${name}`),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Let connections that are still closing finish first; force only as a last resort, since a
        // forced drop kills them and their owners see "terminating connection" errors.
        for (let attempt = 0; attempt < 20; attempt++) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
