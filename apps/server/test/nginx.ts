import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/config.ts';
import { freePort } from './ports.ts';

/**
 * Debian's nginx for tests that need the shipped proxy in front of a node. Found on PATH or at
 * /usr/sbin/nginx; else installed with apt-get (as root, or with passwordless sudo), as
 * e2e/scripts/ensure-browser.mjs provisions Chromium, so `npm test` on a fresh Debian machine needs
 * nothing before it but `npm install`.
 */

const HOW_TO_INSTALL =
  'no nginx for the proxy tests: install it (Debian: sudo apt-get install nginx-light, or nginx) or put an nginx binary on PATH, then run the tests again';

const say = (message: string) => console.info(`nginx: ${message}`);

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

function installedNginx(): string | undefined {
  return onPath('nginx') ?? (isExecutable('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
}

/** `sudo` prefix for apt-get, or undefined when this process may not install system packages. */
function aptPrivileges(): string[] | undefined {
  if (!existsSync('/etc/debian_version') || !onPath('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  if (!onPath('sudo')) return undefined;
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
    ? ['sudo', '-n']
    : undefined;
}

function aptGet(sudo: string[], args: string[]): boolean {
  const [command = 'apt-get', ...rest] = [...sudo, 'apt-get', ...args];
  try {
    execFileSync(command, rest, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return true;
  } catch {
    return false;
  }
}

let provisioned: string | undefined;

/** The nginx binary, installing Debian's package first when there is none; throws how to get one. */
export function ensureNginx(): string {
  provisioned ??= installedNginx();
  if (provisioned) return provisioned;
  const sudo = aptPrivileges();
  if (!sudo) throw new Error(HOW_TO_INSTALL);
  const started = Date.now();
  say(`none found; installing Debian's package with ${sudo.length ? 'sudo ' : ''}apt-get…`);
  aptGet(sudo, ['update', '-qq']);
  // bookworm's nginx-light is a transitional package for nginx; older releases have only the former.
  for (const name of ['nginx', 'nginx-light']) {
    if (aptGet(sudo, ['install', '-y', '-qq', '--no-install-recommends', name])) break;
  }
  provisioned = installedNginx();
  if (!provisioned) throw new Error(HOW_TO_INSTALL);
  say(`installed ${provisioned} in ${Math.round((Date.now() - started) / 1000)} s`);
  return provisioned;
}

export interface RunningNginx {
  /** The port nginx listens on, at 127.0.0.1. */
  port: number;
  stop(): Promise<void>;
}

/**
 * Runs `deploy/nginx.conf` as shipped in front of one local upstream: only its upstream servers
 * and its listen port are rewritten; every proxy_set_header line stays. One process in the
 * foreground, everything it writes (pid, logs, temporary bodies) in a folder of its own.
 */
export async function startNginx(binary: string, upstreamPort: number): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-nginx-'));
  const port = await freePort();
  const shipped = await readFile(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  let servers = 0;
  let listens = 0;
  const site = shipped
    .replace(/^(\s*server\s+)[\w.-]+:\d+/gm, (_, lead: string) => {
      servers++;
      return `${lead}127.0.0.1:${upstreamPort}`;
    })
    .replace(/^(\s*listen\s+)\d+;/gm, (_, lead: string) => {
      listens++;
      return `${lead}127.0.0.1:${port};`;
    });
  if (servers === 0 || listens !== 1) {
    throw new Error(
      `deploy/nginx.conf changed shape: ${servers} upstream servers and ${listens} listen lines rewritten`,
    );
  }
  // Debian builds its temporary paths under /var/lib/nginx; every module compiled in creates its
  // own at start, so each is moved here (a module built without has no directive for it).
  const built = spawnSync(binary, ['-V'], { encoding: 'utf8' }).stderr;
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .filter((kind) => !built.includes(`--without-http_${kind}_module`))
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`)
    .join('\n');
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
${temporary}
${site}
}
`,
  );
  const child = spawn(binary, ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await listening(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`nginx did not start: ${(error as Error).message}\n${stderr}${log}`);
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once something accepts connections on the port; fails if nginx exits first. */
async function listening(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing listened on ${port} within ${timeoutMs} ms`);
}
