import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { isDatabaseUnavailable, unavailableDetail } from './unavailable.ts';

/**
 * Which errors mean "PostgreSQL is away for now" (a 503, a calm warning) and which are a statement's
 * own failure (a 4xx or 500 as before). The errors are real wherever they can be made here: a pool
 * pointed at a closed port, at a server that never answers or hangs up, a backend terminated by
 * pg_terminate_backend, a role out of connection slots, and the statements that must stay errors.
 */

let database: { url: string; drop(): Promise<void> };
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** The error a promise rejects with (the test fails if it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A local TCP server doing `onSocket` with each connection; its address as a database URL. */
async function fakeServer(onSocket: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://kadr:kadr@127.0.0.1:${port}/kadr`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nobody listens on: one the OS handed out, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isDatabaseUnavailable: PostgreSQL away', () => {
  it('a connection refused, raw and wrapped by drizzle', async () => {
    const away = new pg.Pool({
      connectionString: `postgres://kadr:kadr@127.0.0.1:${await closedPort()}/kadr`,
    });
    const raw = await failure(away.query('select 1'));
    expect((raw as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(raw)).toBe(true);
    const wrapped = await failure(drizzle({ client: away }).execute(sql`select 1`));
    expect((wrapped as Error).constructor.name).toBe('DrizzleQueryError');
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    await away.end();
  });

  it('a server that never answers (the pool’s connect timeout) and one that hangs up', async () => {
    const silent = await fakeServer(() => {});
    const waiting = new pg.Pool({ connectionString: silent.url, connectionTimeoutMillis: 200 });
    const timedOut = await failure(waiting.query('select 1'));
    expect((timedOut as Error).message).toBe('Connection terminated due to connection timeout');
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
    await waiting.end();
    await silent.close();

    const rude = await fakeServer((socket) => socket.destroy());
    const hungUp = new pg.Pool({ connectionString: rude.url });
    const lost = await failure(hungUp.query('select 1'));
    expect((lost as Error).message).toBe('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(lost)).toBe(true);
    await hungUp.end();
    await rude.close();
  });

  it('a backend terminated mid-statement (57P01), and the client it leaves behind', async () => {
    const client = await pool.connect();
    client.on('error', () => {});
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const running = failure(client.query('select pg_sleep(10)'));
    await pool.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    const terminated = await running;
    expect((terminated as { code?: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    const after = await failure(client.query('select 1'));
    expect(isDatabaseUnavailable(after)).toBe(true);
    client.release(true);
  });

  it('a pool with every connection busy past its connect timeout', async () => {
    // The held connection is made with time to spare (a loaded machine may take more than the
    // short wait to connect at all); only the second asker gets the short wait.
    const small = new pg.Pool({
      connectionString: database.url,
      max: 1,
      connectionTimeoutMillis: 10_000,
    });
    const held = await small.connect();
    (small.options as { connectionTimeoutMillis: number }).connectionTimeoutMillis = 100;
    const waited = await failure(small.query('select 1'));
    expect((waited as Error).message).toBe('timeout exceeded when trying to connect');
    expect(isDatabaseUnavailable(waited)).toBe(true);
    held.release();
    await small.end();
  });

  it('no connection slot left (53300)', async () => {
    const role = `no_slots_${process.pid}`;
    await pool.query(`create role ${role} login password 'x' connection limit 0`);
    try {
      const url = new URL(database.url);
      url.username = role;
      url.password = 'x';
      const refused = new pg.Pool({ connectionString: url.toString() });
      const full = await failure(refused.query('select 1'));
      expect((full as { code?: string }).code).toBe('53300');
      expect(isDatabaseUnavailable(full)).toBe(true);
      await refused.end();
    } finally {
      await pool.query(`drop role ${role}`);
    }
  });

  it('the other connection exceptions and a host whose every address refused', () => {
    for (const code of ['08000', '08001', '08003', '08006', '08P01', '57P02', '57P03']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
  });
});

describe('isDatabaseUnavailable: a statement’s own failure stays an error', () => {
  it('constraint violations, syntax, missing tables, arithmetic, a statement timeout', async () => {
    await pool.query('create table if not exists once (id int primary key)');
    await pool.query('insert into once values (1) on conflict do nothing');
    const statements = [
      ['insert into once values (1)', '23505'],
      ['selec 1', '42601'],
      ['select * from no_such_table', '42P01'],
      ['select 1/0', '22012'],
      ["select 'x'::int", '22P02'],
    ] as const;
    for (const [text, code] of statements) {
      const raw = await failure(pool.query(text));
      expect((raw as { code?: string }).code).toBe(code);
      expect(isDatabaseUnavailable(raw), text).toBe(false);
      const wrapped = await failure(drizzle({ client: pool }).execute(sql.raw(text)));
      expect(isDatabaseUnavailable(wrapped), text).toBe(false);
    }
    const client = await pool.connect();
    try {
      const slow = await failure(client.query('set statement_timeout = 10; select pg_sleep(1)'));
      expect((slow as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(slow)).toBe(false);
    } finally {
      client.release(true);
    }
  });

  it('a wrong password, and a pool this process has ended (shutting down, not an outage)', async () => {
    const url = new URL(database.url);
    url.password = 'wrong';
    const wrong = new pg.Pool({ connectionString: url.toString() });
    const denied = await failure(wrong.query('select 1'));
    expect((denied as { code?: string }).code).toBe('28P01');
    expect(isDatabaseUnavailable(denied)).toBe(false);
    await wrong.end();

    const ended = new pg.Pool({ connectionString: database.url });
    await ended.end();
    const closing = await failure(ended.query('select 1'));
    expect((closing as Error).message).toBe('Cannot use a pool after calling end on the pool');
    expect(isDatabaseUnavailable(closing)).toBe(false);
  });

  it('the same socket errors from elsewhere: a fetch to a closed port is not the database', async () => {
    const fetched = await failure(fetch(`http://127.0.0.1:${await closedPort()}/`));
    expect(((fetched as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(fetched)).toBe(false);
    const wrappedByUs = new Error('could not store', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(isDatabaseUnavailable(wrappedByUs)).toBe(false);
    for (const nothing of [undefined, null, 'ECONNREFUSED', 42, {}]) {
      expect(isDatabaseUnavailable(nothing)).toBe(false);
    }
  });
});

describe('unavailableDetail', () => {
  it('says, in both languages, that nothing happened and to try again soon', () => {
    expect(unavailableDetail('database', 'en')).toBe(
      'Kadr is briefly unavailable. Nothing was changed — try again in a few seconds.',
    );
    expect(unavailableDetail('database', 'ru')).toBe(
      'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
    );
    expect(unavailableDetail('storage', 'en')).toBe(
      'The file store is briefly unavailable. Nothing was saved — try again in a few seconds.',
    );
    expect(unavailableDetail('storage', 'ru')).toBe(
      'Хранилище файлов ненадолго недоступно. Ничего не сохранено — повторите через несколько секунд.',
    );
  });
});
