import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate.ts';

const run = promisify(execFile);
const schema = fileURLToPath(new URL('./schema.ts', import.meta.url));
const drizzleKit = fileURLToPath(
  new URL('../../../../node_modules/.bin/drizzle-kit', import.meta.url),
);
let scratch: string | undefined;

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('committed migrations', () => {
  it('match the schema: generating again produces nothing new', async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'kadr-drift-'));
    const out = path.join(scratch, 'drizzle');
    await cp(migrationsFolder, out, { recursive: true });
    const config = path.join(scratch, 'drizzle.config.json');
    // drizzle-kit joins `out` to './', so it must be relative to the working directory.
    await writeFile(config, JSON.stringify({ dialect: 'postgresql', schema, out: 'drizzle' }));
    const before = await readdir(out);
    const { stdout, stderr } = await run(drizzleKit, ['generate', '--config', config], {
      cwd: scratch,
    });
    expect(`${stdout}${stderr}`).toContain('No schema changes');
    expect(
      await readdir(out),
      `schema.ts changed without a migration: run npm run db:generate\n${stdout}`,
    ).toEqual(before);
  }, 60_000);
});
