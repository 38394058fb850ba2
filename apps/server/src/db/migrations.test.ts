import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
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

describe('0026: referrers a payment set are not taken for sign-up ones', () => {
  it('marks as referred at sign-up only those whose bonus was paid or whom no payment named', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const sql = await readFile(path.join(migrationsFolder, '0026_money_edges.sql'), 'utf8');
      const backfill = sql.split('--> statement-breakpoint').at(-1) ?? '';
      expect(backfill).toContain('UPDATE "users"');
      const person = async (name: string, referredBy: string | null = null) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into users (name, email, referred_by) values ($1, $1 || '@example.com', $2)
           returning id`,
          [name, referredBy],
        );
        return rows[0]?.id ?? '';
      };
      const referrer = await person('referrer');
      const paidBonus = await person('paid-bonus', referrer);
      const signedUp = await person('signed-up', referrer);
      const byPayment = await person('by-payment', referrer);
      const nobody = await person('nobody');
      await client.query(
        `insert into token_ledger (user_id, delta, reason, referred_user_id)
         values ($1, 25, 'referral_bonus', $2)`,
        [referrer, paidBonus],
      );
      await client.query('update users set tokens = 25 where id = $1', [referrer]);
      for (const [buyer, named] of [
        [paidBonus, referrer],
        [byPayment, referrer],
        [signedUp, nobody],
      ]) {
        await client.query(
          `insert into payments (user_id, provider, idempotency_key, package_id, amount,
                                 amount_minor, currency, tokens, locale, referral)
           values ($1, 'yookassa', gen_random_uuid()::text, 'rub-100', 300, 30000, 'RUB', 100,
                   'ru', $2)`,
          [buyer, named],
        );
      }
      await client.query('update users set referred_at_signup = false');
      await client.query(backfill);
      const { rows } = await client.query<{ id: string; referred_at_signup: boolean }>(
        'select id, referred_at_signup from users',
      );
      const marked = new Map(rows.map((row) => [row.id, row.referred_at_signup]));
      expect(marked.get(paidBonus)).toBe(true);
      expect(marked.get(signedUp)).toBe(true);
      expect(marked.get(byPayment)).toBe(false);
      expect(marked.get(nobody)).toBe(false);
      expect(marked.get(referrer)).toBe(false);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
