import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface Server {
  url: string;
  /** Whatever else the server announced on its first line (e.g. session cookies). */
  info: Record<string, unknown>;
  /** The server's process id (its CPU time is read from /proc: `cpuTimes`). */
  pid: number;
  /**
   * A question over the bench-only IPC channel (`startServer(script, { ipc: true })`): sends
   * `{ type }` and resolves with the server's first answer of that type. Nothing of it is HTTP.
   */
  ask(type: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** Starts a server script in a process of its own, so the load generator never shares its event loop. */
export async function startServer(
  script: string,
  options: { ipc?: boolean; nodeFlags?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  // BENCH_PROFILE=1 writes a CPU profile of each server to /tmp/kadr-bench-profiles.
  const flags = process.env.BENCH_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir=/tmp/kadr-bench-profiles']
    : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, ...(options.nodeFlags ?? []), script],
    {
      stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...options.env },
    },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout from server');
  const lines = createInterface({ input: stdout });
  const info = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Record<string, unknown>));
  });
  return {
    url: `http://127.0.0.1:${String(info.port)}`,
    info,
    pid: child.pid ?? 0,
    ask: (type) => ask(child, type),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Sends `{ type, ...details }` to a child over IPC and waits for its first answer of that type. */
export function ask(
  child: ChildProcess,
  type: string,
  details: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const answer = message as Record<string, unknown>;
      if (answer.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(answer);
    };
    const onExit = (code: number | null) => reject(new Error(`exited with ${code} before ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ type, ...details });
  });
}

/** The latency at quantile q (0–1) of ascending-sorted values, in ms to two decimals. */
export function quantile(sorted: readonly number[], q: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return Number(value.toFixed(2));
}

export interface LoadResult {
  /** Answers received. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  seconds: number;
  connections?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections ?? 50,
    duration: options.seconds,
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function report(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Several rounds as one: mean throughput, worst p99, all errors. */
export function combine(results: LoadResult[]): LoadResult {
  const n = results.length || 1;
  return {
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    rps: results.reduce((sum, r) => sum + r.rps, 0) / n,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    non2xx: 0,
  };
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), in which /proc reports CPU time. */
const ticksPerSecond = 100;

/** A process's /proc stat fields after its name: [state, ppid, …]; undefined once it has gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms, user + system) used so far by a process; with `children`, also by its live child
 * processes and the ones it has reaped (a PostgreSQL postmaster's backends). Read from /proc.
 */
function processCpuMs(pid: number, children = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // Fields 14–17 of stat (utime, stime, cutime, cstime) are 11–14 after the name.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  let ticks = (utime ?? 0) + (stime ?? 0);
  if (children) {
    ticks += (cutime ?? 0) + (cstime ?? 0);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = statFields(entry);
      if (child?.[1] !== String(pid)) continue;
      ticks += Number(child[11]) + Number(child[12]);
    }
  }
  return (ticks / ticksPerSecond) * 1000;
}

/** What the server, its PostgreSQL and this (the load generator's) process have used so far. */
export function cpuTimes(server: Server) {
  const own = process.cpuUsage();
  return {
    server: processCpuMs(server.pid),
    postgres: server.info.postgresPid ? processCpuMs(Number(server.info.postgresPid), true) : 0,
    generator: (own.user + own.system) / 1000,
  };
}

/** CPU per request (ms) between two readings of `cpuTimes`, for `requests` answered. */
export function cpuPerRequest(
  before: ReturnType<typeof cpuTimes>,
  after: ReturnType<typeof cpuTimes>,
  requests: number,
) {
  const per = (key: keyof typeof before) =>
    Number(((after[key] - before[key]) / Math.max(1, requests)).toFixed(3));
  return { server: per('server'), postgres: per('postgres'), generator: per('generator') };
}
