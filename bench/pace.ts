import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './lib.ts';

/**
 * Open-loop load: requests are due on a fixed schedule (`rate` per second, spread evenly) whatever
 * the answers do, and each latency counts from the moment its request was due — a slow answer
 * cannot hide the requests that should have left meanwhile (no coordinated omission). This is how
 * a latency goal is measured: at the load it is stated for. A closed loop at saturation (`load`)
 * shows only connections ÷ throughput (Little's law).
 *
 * The client is a few lines over raw keep-alive sockets (one request in flight per socket, the
 * request's bytes built once, answers framed by Content-Length), because the generator shares the
 * machine's cores with the server: Node's `http` client costs several times more per request.
 */
export async function pace(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections?: number;
}): Promise<LoadResult & { generatorCpuMs: number }> {
  const url = new URL(options.url);
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const headers = {
    host: url.host,
    'content-type': 'application/json',
    ...options.headers,
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  const request = Buffer.from(
    `${options.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n${body}`,
  );

  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let finished = 0;
  let stopping = false;
  const waiting: number[] = [];
  const idle: Connection[] = [];
  let done: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    done = resolve;
  });

  class Connection {
    socket!: net.Socket;
    due = 0;
    chunks: Buffer[] = [];
    received = 0;
    constructor() {
      this.connect();
    }
    connect() {
      const socket = net.connect(Number(url.port), url.hostname);
      this.socket = socket;
      socket.setNoDelay(true);
      socket.on('data', (chunk) => this.data(chunk));
      socket.on('error', () => {});
      socket.on('close', () => {
        if (this.socket !== socket || stopping) return;
        this.connect();
        // Closed in the middle of an answer: that request failed.
        if (this.due !== 0) this.finish(false, 0);
      });
    }
    send(due: number) {
      this.due = due;
      this.chunks = [];
      this.received = 0;
      this.socket.write(request);
    }
    data(chunk: Buffer) {
      this.chunks.push(chunk);
      this.received += chunk.length;
      const all = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
      const headEnd = all.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = all.toString('latin1', 0, headEnd).toLowerCase();
      const length = /\r\ncontent-length: *(\d+)/.exec(head);
      const complete = length
        ? this.received >= headEnd + 4 + Number(length[1])
        : all.subarray(-5).toString('latin1') === '0\r\n\r\n';
      if (!complete) return;
      this.finish(true, Number(all.toString('latin1', 9, 12)));
    }
    finish(answered: boolean, status: number) {
      const latency = performance.now() - this.due;
      latencies.push(latency);
      if (slices) {
        const slice = Math.floor((this.due - started) / 250);
        slices[slice] = Math.max(slices[slice] ?? 0, latency);
      }
      if (!answered) errors++;
      else if (status < 200 || status > 299) non2xx++;
      this.due = 0;
      finished++;
      if (finished === total) done();
      const next = waiting.shift();
      if (next !== undefined) this.send(next);
      else idle.push(this);
    }
  }

  for (let i = 0; i < (options.connections ?? 50); i++) idle.push(new Connection());
  // Let the sockets connect before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 50));

  // BENCH_DEBUG=1: the slowest answer of every quarter second, to tell pauses from a slow tail.
  const slices: number[] | undefined = process.env.BENCH_DEBUG ? [] : undefined;
  // …and how late this generator itself was to send, to tell its own stalls from the server's.
  const lags: number[] | undefined = process.env.BENCH_DEBUG ? [] : undefined;
  const started = performance.now();
  let scheduled = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (lags && scheduled < total) {
        const slice = Math.floor((scheduled * interval) / 250);
        lags[slice] = Math.max(lags[slice] ?? 0, now - (started + scheduled * interval));
      }
      while (scheduled < total && started + scheduled * interval <= now) {
        const due = started + scheduled * interval;
        const connection = idle.pop();
        if (connection) connection.send(due);
        else waiting.push(due);
        scheduled++;
      }
      if (scheduled < total) {
        setTimeout(tick, Math.max(0, started + scheduled * interval - performance.now()));
      } else resolve();
    };
    tick();
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    allDone,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`pace: ${total - finished} requests unanswered`)),
        (options.seconds + 30) * 1000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const elapsed = (performance.now() - started) / 1000;
  stopping = true;
  for (const connection of idle) connection.socket.destroy();

  if (slices) console.error('pace: worst per 250 ms', JSON.stringify(slices.map(Math.round)));
  if (lags) console.error('pace: own lag per 250 ms', JSON.stringify(lags.map(Math.round)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const cpu = process.cpuUsage();
  return {
    requests: finished,
    rps: finished / elapsed,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    errors,
    non2xx,
  };
}

/**
 * `pace` in a fresh process of its own, so the schedule never waits on what an earlier load left in
 * this one (autocannon's heap and timers after tens of thousands of requests a second).
 */
export async function paceApart(
  options: Parameters<typeof pace>[0],
): Promise<LoadResult & { generatorCpuMs: number }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`pace exited with ${code}`);
  return JSON.parse(out) as LoadResult & { generatorCpuMs: number };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2]) {
  const result = await pace(JSON.parse(process.argv[2]) as Parameters<typeof pace>[0]);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
