import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { freePort } from '../test/ports.ts';

/**
 * Every reason the server cannot start, tried on the real program: it prints one sentence naming
 * the cause and the fix (no `undefined`, no error object, no stack) and exits non-zero.
 */

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'kadr-start-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<{ code: number | null; said: string }> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: await mkdtemp(path.join(folder, 'data-')),
      WEB_DIR: path.join(folder, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, said: stderr.trim() };
}

/** One line, one sentence, nothing a person cannot read. */
function expectOneSentence(said: string): void {
  expect(said.split('\n'), said).toHaveLength(1);
  expect(said).toMatch(/^[A-Z0-9].*\.$/);
  expect(said).not.toMatch(/undefined|\[object|^\s+at |Error:|\{/);
}

async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('the server refuses to start, in one sentence', () => {
  it('when the HTTP port is taken', async () => {
    const port = await freePort();
    const holder = await occupy(port);
    try {
      const { code, said } = await start({ PORT: String(port), DATABASE_URL: database.url });
      expect(code).toBe(1);
      expectOneSentence(said);
      expect(said).toBe(
        `Port ${port} (HTTP) is already in use by another program: stop that program, or set PORT to a free port.`,
      );
    } finally {
      holder.close();
    }
  });

  it("when the embedded PostgreSQL's port is taken", async () => {
    const port = await freePort();
    const holder = await occupy(port);
    try {
      const { code, said } = await start({
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(port),
      });
      expect(code).toBe(1);
      expectOneSentence(said);
      expect(said).toBe(
        `Port ${port} (the embedded PostgreSQL) is already in use by another program: stop that program, or set EMBEDDED_PG_PORT to a free port.`,
      );
    } finally {
      holder.close();
    }
  });

  it('when the data folder cannot be written', async () => {
    const file = path.join(folder, 'a-file');
    await writeFile(file, 'not a folder');
    const { code, said } = await start({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(1);
    expectOneSentence(said);
    expect(said).toContain(`The data folder ${path.join(file, 'data')} cannot be written (`);
    expect(said).toContain('set DATA_DIR to one.');
  });

  it('when DATABASE_URL points where no PostgreSQL answers, without showing its password', async () => {
    const port = await freePort();
    const { code, said } = await start({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://kadr:hunter2-secret@127.0.0.1:${port}/kadr`,
    });
    expect(code).toBe(1);
    expectOneSentence(said);
    expect(said).toContain(`PostgreSQL at 127.0.0.1:${port}/kadr cannot be used (`);
    expect(said).toContain('ECONNREFUSED');
    expect(said).toContain('DATABASE_URL is right.');
    expect(said).not.toContain('hunter2');
  });

  it('when the S3 bucket cannot be reached', async () => {
    const port = await freePort();
    const { code, said } = await start({
      PORT: String(await freePort()),
      DATABASE_URL: database.url,
      S3_BUCKET: 'kadr-files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(code).toBe(1);
    expectOneSentence(said);
    expect(said).toContain(
      `The S3 bucket kadr-files at http://127.0.0.1:${port} cannot be reached (`,
    );
    expect(said).toContain('check S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys.');
  });

  it('in production without its secrets, naming every missing one at once', async () => {
    const { code, said } = await start({ NODE_ENV: 'production' });
    expect(code).toBe(78);
    expect(said).toContain('PUBLIC_URL: is required in production');
    expect(said).toContain('SIGNING_SECRET: is required in production');
    expect(said).toContain('REPLICATE_API_TOKEN: is required in production');
    expect(said).not.toMatch(/undefined|\[object|^\s+at /m);
  });
});
