/**
 * `npm run generate -w @kadr/client`: writes src/schema.ts from the v1 OpenAPI document. The
 * document comes from `KADR_URL` (a running Kadr: `KADR_URL=http://localhost:3000 npm run generate
 * -w @kadr/client`), else from a Kadr started here for the purpose in demo mode, on free ports with
 * a data folder of its own that is removed afterwards.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaSource } from './schema-source.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.join(here, '../src/schema.ts');
const serverMain = path.join(here, '../../../apps/server/src/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function fetchDocument(origin: string): Promise<object> {
  const res = await fetch(`${origin}/api/v1/openapi.json`);
  if (!res.ok) throw new Error(`${origin}/api/v1/openapi.json answered ${res.status}`);
  return (await res.json()) as object;
}

/** Starts Kadr in demo mode, reads the document and stops it again. */
async function documentFromLocalServer(): Promise<object> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-client-generate-'));
  // Run as root, the embedded PostgreSQL runs as its own user, which must reach its folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'no-web-build'),
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Kadr exited with ${child.exitCode}`);
      const ready = await fetch(`${origin}/api/ready`).catch(() => undefined);
      if (ready?.ok) break;
      if (Date.now() > deadline) throw new Error('Kadr did not start within a minute');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await fetchDocument(origin);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const origin = process.env.KADR_URL;
const document = origin ? await fetchDocument(origin) : await documentFromLocalServer();
await writeFile(target, await schemaSource(document));
console.info(`Wrote ${path.relative(process.cwd(), target)}`);
