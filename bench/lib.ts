import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface Server {
  url: string;
  /** Whatever else the server announced on its first line (e.g. session cookies). */
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

/** Starts a server script in a process of its own, so the load generator never shares its event loop. */
export async function startServer(script: string): Promise<Server> {
  // BENCH_PROFILE=1 writes a CPU profile of each server to /tmp/kadr-bench-profiles.
  const flags = process.env.BENCH_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir=/tmp/kadr-bench-profiles']
    : [];
  const child: ChildProcess = spawn(process.execPath, [...flags, script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
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
    rps: results.reduce((sum, r) => sum + r.rps, 0) / n,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    non2xx: 0,
  };
}

/**
 * Open-loop load: requests leave on a fixed schedule (`rate` per second, spread evenly), whatever
 * the answers do, and each latency is counted from the moment its request was due — so a slow
 * answer cannot hide the requests that should have gone meanwhile (no coordinated omission).
 * This is how a latency target is measured: at the load it is stated for. A closed-loop generator
 * at saturation (what `load` does) only shows connections ÷ throughput (Little's law).
 */
export async function pace(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 50 });
  const url = new URL(options.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    ...options.headers,
    ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
  };
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const started = performance.now();
  const requests: Promise<void>[] = [];

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        url,
        { method: options.method ?? 'GET', headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) non2xx++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        requests.push(send(started + sent * interval));
        sent++;
      }
      if (sent < total)
        setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(requests);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / elapsed,
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    errors,
    non2xx,
  };
}
