import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** One Kadr process (an API node or a worker) started as production starts it: `node main.ts`. */
export interface Node {
  role: 'api' | 'worker';
  /** `http://127.0.0.1:<port>` of an API node. */
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** What it logged: the logger's JSON lines (LOG_PRETTY is off). */
  stdout(): string;
  /** Anything else it wrote: Node's own warnings, a crash's stack. */
  stderr(): string;
  /** Sends `signal` and resolves with the exit code (or the signal) once the process is gone. */
  stop(signal: NodeJS.Signals): Promise<number | NodeJS.Signals>;
}

/**
 * A small fleet on one database and one store: every node gets its own data folder holding the same
 * secrets (as every node of a deployment gets the same SIGNING_SECRET and provider keys).
 */
export async function createFleet(shared: Record<string, string>) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kadr-fleet-'));
  const nodes: Node[] = [];
  let secrets: string | undefined;

  async function start(
    role: 'api' | 'worker',
    port: number,
    env: Record<string, string> = {},
  ): Promise<Node> {
    const dataDir = path.join(root, `${role}-${nodes.length}`);
    await mkdir(dataDir, { recursive: true });
    if (secrets) await copyFile(secrets, path.join(dataDir, 'secrets.json'));
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        ROLE: role,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIR: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        ...shared,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const base = `http://127.0.0.1:${port}`;
    const node: Node = {
      role,
      base,
      dataDir,
      child,
      stdout: () => stdout,
      stderr: () => stderr,
      async stop(signal) {
        if (child.exitCode !== null) return child.exitCode;
        if (child.signalCode !== null) return child.signalCode;
        const exited = new Promise<number | NodeJS.Signals>((resolve) =>
          child.once('exit', (code, by) => resolve(code ?? by ?? 0)),
        );
        child.kill(signal);
        return exited;
      },
    };
    nodes.push(node);
    if (role === 'api') {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`api node exited ${child.exitCode}: ${stderr}`);
        const ready = await fetch(`${base}/api/ready`).catch(() => undefined);
        if (ready?.ok) break;
        if (Date.now() > deadline) throw new Error(`api node not ready within a minute: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // The first node made the data folder's secrets; every later one gets the same.
    secrets ??= path.join(dataDir, 'secrets.json');
    return node;
  }

  return {
    start,
    nodes,
    async close() {
      await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A person signed in through the demo on an API node over HTTP, as a browser at `origin` signs in
 * (`origin` must be among the fleet's ALLOWED_ORIGINS): their session cookie and id.
 */
export async function signInOnNode(
  node: Pick<Node, 'base'>,
  origin: string,
  person: { email: string; name: string },
): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${node.base}/api/auth/demo`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, referral: null }),
  });
  if (res.status !== 200) throw new Error(`demo sign-in answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await res.json()) as { id: string }).id };
}
