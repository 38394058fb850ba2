import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { freePort } from '../../test/ports.ts';
import { openQueuePool } from './queue-pool.ts';

/**
 * The job worker's pool tells graphile-worker "the database is away" in the one word it retries
 * (57P03): a worker whose job ended while PostgreSQL was stopped died of graphile-worker's unhandled
 * rejection (issue #38's fault suite, faults.test.ts). Other errors pass unchanged.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const warnings: Error[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('the queue pool', () => {
  it('answers a database nobody listens for as 57P03, with the refusal as its cause', async () => {
    const pool = openQueuePool(`postgres://kadr:kadr@127.0.0.1:${await freePort()}/kadr`, (error) =>
      warnings.push(error),
    );
    try {
      const refused = await pool.connect().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: '57P03', cause: { code: 'ECONNREFUSED' } });
    } finally {
      await pool.end();
    }
  });

  it('answers a connection ended by the server as 57P03, and a wrong statement as it was', async () => {
    const pool = openQueuePool(database.url, (error) => warnings.push(error));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const client = await pool.connect();
      const wrong = await client.query('select * from no_such_table').catch((e: unknown) => e);
      expect(wrong).toMatchObject({ code: '42P01' });
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // An administrator's shutdown of this connection, as a stopping PostgreSQL ends each one.
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      const ended = await client.query('select 1').catch((e: unknown) => e);
      // 57P01 from the server, or the client's own word if it heard of the end first.
      expect(ended).toMatchObject({ code: '57P03', cause: expect.any(Error) });
      client.release(true);
      // The pool goes on with a new connection.
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
