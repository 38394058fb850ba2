// The realtime benchmarks (issue #13), against servers/realtime.ts (the real app as an API node,
// REALTIME_MAX_STREAMS 10,000, 8 streams per person):
//
// - `realtime-10k-streams-memory`: the node's memory (RSS, after a full collection) with none, half
//   and all of 10,000 `GET /api/realtime` streams open: bytes per stream.
// - `realtime-10k-streams-commit-to-event`: with the 10,000 open, changes committed at a steady rate
//   as the engine commits them (one transaction: update a generation, `tx.generations.notify`), each
//   for a person who holds 8 streams; the time from the COMMIT to the event arriving on each stream.
// - `realtime-fanout-capped-streams`: one person opens 50 streams (8 stay, the oldest are told
//   `closed`), then their generations change at a steady rate: events per stream, the time until a
//   change reached all 8, the node's CPU per change, and another person's `GET /api/me` p99
//   meanwhile against idle and against the same commits for people who hold no stream.
//
// The streams are raw keep-alive sockets in a client process of its own (one file descriptor each:
// the server and the client each hold 10,000). The commits run in that client process too, so the
// commit and the arrival are read off one clock.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { createContainer, openDatabase } from '@kadr/server';
import { ask, quantile, report, type Server } from './lib.ts';
import { paceApart } from './pace.ts';
import { benchConfig, silentLogger } from './servers/node.ts';

interface Setup {
  url: string;
  databaseUrl: string;
  /** [user id, session cookie, generation id] */
  people: [string, string, string][];
  fan: { id: string; cookie: string; generations: string[] };
}

const streamsGoal = { streams: 10_000, bytesPerStream: 25_000 };
const latencyGoal = { p95Ms: 25 };

// ---------------------------------------------------------------------------------------------
// The orchestration, in run.ts's process.

export async function benchRealtime(
  server: Server,
  parts: { memory: boolean; latency: boolean; fanout: boolean },
): Promise<void> {
  const client = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const setup = {
      url: server.url,
      databaseUrl: String(server.info.databaseUrl),
      people: server.info.people as Setup['people'],
      fan: server.info.fan as Setup['fan'],
    } satisfies Setup;
    await ask(client, 'setup', { ...setup });
    if (parts.memory || parts.latency) await benchStreams(server, client, parts);
    if (parts.fanout) await benchFanout(server, client);
  } finally {
    client.kill('SIGTERM');
  }
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/** Opens the 10,000 streams (their memory), then commits changes while they stay open. */
async function benchStreams(
  server: Server,
  client: ChildProcess,
  parts: { memory: boolean; latency: boolean },
): Promise<void> {
  const count = Number(process.env.BENCH_REALTIME_STREAMS ?? streamsGoal.streams);
  const rate = Number(process.env.BENCH_REALTIME_RATE ?? 100);
  const seconds = Number(process.env.BENCH_REALTIME_SECONDS ?? 20);
  // A few streams opened and closed first, so the route's code is compiled before "before".
  await ask(client, 'warm');
  // The node's memory after a full collection with none, half and all of the streams open. From
  // none, the first streams partly fill heap pages that starting up left resident (RSS grows less
  // than the heap at first); the second half shows the cost once that room is used up. The goal
  // holds for the larger of the two.
  const none = await server.ask('memory');
  const first = (await ask(client, 'open', {
    count: Math.floor(count / 2),
  })) as unknown as OpenResult;
  const half = await server.ask('memory');
  const opened = (await ask(client, 'open', {
    count: count - Math.floor(count / 2),
  })) as unknown as OpenResult;
  const all = await server.ask('memory');
  const perStream = (key: string, from = none, to = all, streams = opened.opened) =>
    streams > 0 ? (Number(to[key]) - Number(from[key])) / streams : 0;
  const rssPerStream = perStream('rss');
  const rssSecondHalf = perStream('rss', half, all, opened.opened - first.opened);
  const mb = (value: unknown) => Math.round(Number(value) / 1e6);
  if (parts.memory)
    report({
      bench: 'realtime-10k-streams-memory',
      streams: opened.opened,
      refused: opened.refused,
      openSeconds: Number((first.seconds + opened.seconds).toFixed(1)),
      // Per open stream, after a full collection each time; KB = 1,000 bytes.
      kbPerStream: {
        rss: kb(rssPerStream),
        rssSecondHalf: kb(rssSecondHalf),
        heapUsed: kb(perStream('heapUsed')),
        external: kb(perStream('external')),
      },
      // With none, half and all of the streams open.
      serverMB: {
        rss: [none, half, all].map((m) => mb(m.rss)),
        heapUsed: [none, half, all].map((m) => mb(m.heapUsed)),
        heapTotal: [none, half, all].map((m) => mb(m.heapTotal)),
      },
      goals: streamsGoal,
      pass:
        opened.opened === count &&
        count >= streamsGoal.streams &&
        opened.refused === 0 &&
        Math.max(rssPerStream, rssSecondHalf) <= streamsGoal.bytesPerStream,
    });

  if (!parts.latency) {
    await ask(client, 'close');
    return;
  }
  const changed = (await ask(client, 'commit', { rate, seconds })) as unknown as ChangeResult;
  report({
    bench: 'realtime-10k-streams-commit-to-event',
    streams: opened.opened,
    rate,
    seconds,
    commits: changed.commits,
    achievedRate: changed.achievedRate,
    deliveries: changed.deliveries,
    missing: changed.missing,
    // From the COMMIT leaving the committer (its durable flush included) to the event's bytes at
    // the client's socket, per stream; `fromAck` counts from the committer's acknowledgement.
    latencyMs: changed.fromCommit,
    fromAckMs: changed.fromAck,
    commitMs: changed.commitMs,
    goals: latencyGoal,
    pass:
      opened.opened >= streamsGoal.streams &&
      changed.missing === 0 &&
      changed.fromCommit.p95 <= latencyGoal.p95Ms,
  });
  await ask(client, 'close');
}

async function benchFanout(server: Server, client: ChildProcess): Promise<void> {
  const tabs = Number(process.env.BENCH_FANOUT_STREAMS ?? 50);
  const rate = Number(process.env.BENCH_FANOUT_RATE ?? 100);
  const seconds = Number(process.env.BENCH_FANOUT_SECONDS ?? 6);
  const meRate = Number(process.env.BENCH_FANOUT_ME_RATE ?? 500);
  const me = {
    url: `${server.url}/api/me`,
    headers: { cookie: String(server.info.otherCookie) },
    rate: meRate,
  };
  const opened = (await ask(client, 'fanout-open', { tabs })) as unknown as FanoutOpen;
  await paceApart({ ...me, seconds: 2 });
  /**
   * Another person's page while changes are committed at `rate` (they start first and end after),
   * and the node's CPU meanwhile: `fan` commits the fan's generations (each event goes to their 8
   * streams); otherwise the same commits for people who hold no stream (the node hears each
   * notification and drops it), which is the control: what the commits alone cost the machine.
   */
  const withChanges = async (fan: boolean) => {
    const cpuBefore = await server.ask('cpu');
    const running = ask(client, 'fanout-run', { rate, seconds: seconds + 3, fan });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const page = await paceApart({ ...me, seconds });
    const run = (await running) as unknown as FanoutRun;
    const cpuAfter = await server.ask('cpu');
    const cpuMs = (Number(cpuAfter.micros) - Number(cpuBefore.micros)) / 1000;
    return { page, run, cpuMsPerChange: Number((cpuMs / run.commits).toFixed(3)) };
  };
  // Idle, the control, the fan-out, idle again.
  const idleBefore = await paceApart({ ...me, seconds });
  const control = await withChanges(false);
  const fanned = await withChanges(true);
  const idleAfter = await paceApart({ ...me, seconds });
  await ask(client, 'close');
  const cap = 8;
  const pages = [idleBefore, control.page, fanned.page, idleAfter];
  const errors = pages.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  // Against the quieter of the two idle runs.
  const idleP99 = Math.min(idleBefore.p99, idleAfter.p99);
  const ratio = (p99: number) => (idleP99 > 0 ? Number((p99 / idleP99).toFixed(2)) : 0);
  const figures = (r: typeof idleBefore) => ({ p50Ms: r.p50, p99Ms: r.p99 });
  const { run } = fanned;
  report({
    bench: 'realtime-fanout-capped-streams',
    tabs,
    // The cap: the oldest streams were told `closed` (reason "replaced"); 8 stayed open.
    replaced: opened.replaced,
    stayedOpen: opened.open,
    rate,
    changes: run.commits,
    // Generation events each stream received: the 8 open ones every change, the replaced none.
    eventsPerOpenStream: run.perOpenStream,
    eventsOnReplacedStreams: run.onReplaced,
    // Changes whose events had not reached every open stream 5 s after the last commit.
    incompleteChanges: run.incomplete,
    // From the COMMIT to the change's event having reached all 8 streams.
    fanoutMs: run.fanoutMs,
    // The node's CPU per change (its /api/me answers included, the same in both): fanned out to 8
    // streams, and heard but dropped (the control).
    serverCpuMsPerChange: {
      fanout: fanned.cpuMsPerChange,
      control: control.cpuMsPerChange,
      difference: Number((fanned.cpuMsPerChange - control.cpuMsPerChange).toFixed(3)),
    },
    otherMe: {
      rate: meRate,
      idleBefore: figures(idleBefore),
      control: figures(control.page),
      during: figures(fanned.page),
      idleAfter: figures(idleAfter),
      p99Ratio: ratio(fanned.page.p99),
      controlP99Ratio: ratio(control.page.p99),
      errors,
    },
    goals: { stayOpen: cap, everyEventOnEveryOpenStream: true },
    pass:
      opened.open === cap &&
      opened.replaced === tabs - cap &&
      run.perOpenStream.min === run.commits &&
      run.perOpenStream.max === run.commits &&
      run.onReplaced === 0 &&
      run.incomplete === 0 &&
      errors === 0,
  });
}

// ---------------------------------------------------------------------------------------------
// The client, in a process of its own.

interface OpenResult {
  opened: number;
  refused: number;
  seconds: number;
}
interface Stats {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
interface ChangeResult {
  commits: number;
  achievedRate: number;
  deliveries: number;
  missing: number;
  fromCommit: Stats;
  fromAck: Stats;
  commitMs: Stats;
}
interface FanoutOpen {
  replaced: number;
  open: number;
}
interface FanoutRun {
  commits: number;
  perOpenStream: { min: number; max: number };
  onReplaced: number;
  incomplete: number;
  fanoutMs: Stats;
}

function stats(values: number[]): Stats {
  values.sort((a, b) => a - b);
  return {
    p50: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    p99: quantile(values, 0.99),
    max: quantile(values, 1),
  };
}

type OnEvent = (stream: Stream, event: string, data: string, at: number) => void;

/**
 * One `GET /api/realtime` over a raw socket: the response head, then HTTP/1.1 chunked framing,
 * then server-sent events (`event:`/`data:` lines, a blank line after each). `at` is when the
 * bytes that completed an event reached this process.
 */
class Stream {
  readonly socket: net.Socket;
  status = 0;
  /** The server ended the response (its last chunk) or the connection closed. */
  ended = false;
  generationEvents = 0;
  closedReason: string | undefined;
  private headDone = false;
  private pending: Buffer = Buffer.alloc(0);
  private state: 'size' | 'data' | 'crlf' = 'size';
  private remaining = 0;
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  private readonly ready: Promise<void>;
  private readonly onEvent: OnEvent;
  private readonly firstEvent: () => void;

  constructor(port: number, request: Buffer, onEvent: OnEvent) {
    this.onEvent = onEvent;
    let settle: () => void = () => {};
    this.ready = new Promise((resolve) => {
      settle = resolve;
    });
    this.firstEvent = settle;
    const socket = net.connect(port, '127.0.0.1');
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => this.data(chunk, performance.now()));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.ended = true;
      settle();
    });
  }

  /** Resolves once the stream's first event (the person's record) arrived, or it failed. */
  opened(): Promise<void> {
    return this.ready;
  }

  close(): void {
    this.socket.destroy();
  }

  private data(chunk: Buffer, at: number): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    if (!this.headDone) {
      const end = this.pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      this.status = Number(this.pending.toString('latin1', 9, 12));
      this.headDone = true;
      this.pending = this.pending.subarray(end + 4);
      if (this.status !== 200) {
        this.ended = true;
        this.socket.destroy();
        this.firstEvent();
        return;
      }
    }
    while (this.pending.length > 0) {
      if (this.state === 'size') {
        const eol = this.pending.indexOf('\r\n');
        if (eol === -1) break;
        const size = Number.parseInt(this.pending.toString('latin1', 0, eol), 16);
        this.pending = this.pending.subarray(eol + 2);
        if (size === 0) {
          // The last chunk: the server ended this response (the socket stays for keep-alive).
          this.ended = true;
          this.firstEvent();
          this.pending = Buffer.alloc(0);
          break;
        }
        this.remaining = size;
        this.state = 'data';
      } else if (this.state === 'data') {
        const take = Math.min(this.remaining, this.pending.length);
        this.text += this.decoder.write(this.pending.subarray(0, take));
        this.pending = this.pending.subarray(take);
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'crlf';
      } else {
        if (this.pending.length < 2) break;
        this.pending = this.pending.subarray(2);
        this.state = 'size';
      }
    }
    let end = this.text.indexOf('\n\n');
    while (end !== -1) {
      const block = this.text.slice(0, end);
      this.text = this.text.slice(end + 2);
      let event = '';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      if (event) {
        if (event === 'generation') this.generationEvents++;
        if (event === 'closed') this.closedReason = (JSON.parse(data) as { reason: string }).reason;
        this.onEvent(this, event, data, at);
        this.firstEvent();
      }
      end = this.text.indexOf('\n\n');
    }
  }
}

async function client(): Promise<void> {
  let setup: Setup | undefined;
  const port = () => Number(new URL(need(setup).url).port);
  const requestFor = (cookie: string) =>
    Buffer.from(
      `GET /api/realtime HTTP/1.1\r\nhost: 127.0.0.1:${port()}\r\naccept: text/event-stream\r\n` +
        `cookie: ${cookie}\r\n\r\n`,
    );
  let streams: Stream[] = [];
  let repositories: ReturnType<typeof createContainer>['repositories'] | undefined;
  let database: ReturnType<typeof openDatabase> | undefined;

  /** One committed change of a generation and the events it caused. */
  interface Change {
    sent: number;
    ack: number;
    expected: number;
    arrivals: number[];
  }
  /**
   * Each generation's changes whose events have not all arrived, in commit order (a second change
   * of the row waits on its lock for the first's COMMIT). An event belongs to the oldest unfinished
   * one: when a slow commit lets two changes of one generation overlap, each still gets its own
   * count. (Matching every event to the latest change gave the newer change the older one's
   * events and called the older one incomplete, though every stream had received them all.)
   */
  const unfinished = new Map<string, Change[]>();
  const onEvent: OnEvent = (_stream, event, data, at) => {
    if (event !== 'generation') return;
    const queue = unfinished.get((JSON.parse(data) as { id: string }).id);
    const change = queue?.find((c) => c.arrivals.length < c.expected);
    if (!queue || !change) return;
    change.arrivals.push(at);
    while (queue[0] && queue[0].arrivals.length >= queue[0].expected) queue.shift();
  };

  /** Opens streams for these cookies, `parallel` at a time; resolves with each one's outcome. */
  async function openMany(cookies: string[], parallel: number): Promise<Stream[]> {
    const opened: Stream[] = new Array(cookies.length);
    let next = 0;
    const lane = async () => {
      while (next < cookies.length) {
        const i = next++;
        const stream = new Stream(port(), requestFor(need(cookies[i])), onEvent);
        opened[i] = stream;
        await stream.opened();
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
    return opened;
  }

  /** One change as the engine commits one: update the generation and notify, one transaction. */
  async function commit(userId: string, generationId: string, expected: number, seq: number) {
    const change: Change = { sent: 0, ack: 0, expected, arrivals: [] };
    const started = performance.now();
    await need(repositories).transaction(['generations'], async (tx) => {
      await tx.generations.mergeJsondata(generationId, { bench_change: seq });
      await tx.generations.notify(userId, generationId);
      const queue = unfinished.get(generationId);
      if (queue) queue.push(change);
      else unfinished.set(generationId, [change]);
      // What follows is the COMMIT.
      change.sent = performance.now();
    });
    change.ack = performance.now();
    return { change, commitMs: change.ack - started };
  }

  /** `fn(k)` on a fixed schedule, `rate` a second for `seconds`, whatever each takes. */
  async function paced<T>(rate: number, seconds: number, fn: (k: number) => Promise<T>) {
    const total = Math.round(rate * seconds);
    const results: Promise<T>[] = [];
    const started = performance.now();
    for (let k = 0; k < total; k++) {
      const wait = started + (k * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      results.push(fn(k));
    }
    const done = await Promise.all(results);
    return { done, achievedRate: Math.round(total / ((performance.now() - started) / 1000)) };
  }

  /** Waits until every change has its expected arrivals, at most `ms`. */
  async function arrived(changes: Change[], ms: number) {
    const until = performance.now() + ms;
    while (performance.now() < until && changes.some((c) => c.arrivals.length < c.expected)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const handlers: Record<string, (message: Record<string, unknown>) => Promise<unknown>> = {
    async setup(message) {
      setup = message as unknown as Setup;
      database = openDatabase(setup.databaseUrl, { max: 4, onError: () => {} });
      repositories = createContainer(benchConfig(), database, silentLogger).repositories;
      return {};
    },
    async warm() {
      const people = need(setup).people.slice(0, 8);
      const warm = await openMany(
        people.flatMap(([, cookie]) => Array.from({ length: 8 }, () => cookie)),
        16,
      );
      for (const stream of warm) stream.close();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return {};
    },
    async open(message) {
      const count = Number(message.count);
      const people = need(setup).people;
      const first = streams.length;
      const started = performance.now();
      const more = await openMany(
        Array.from({ length: count }, (_, j) => need(people[(first + j) % people.length])[1]),
        64,
      );
      streams.push(...more);
      const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
      // Let the server settle (the last writes flushed, the session touches done).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const opened = streams.filter((s) => s.status === 200 && !s.ended).length;
      return { opened, refused: streams.filter((s) => s.status !== 200).length, seconds };
    },
    async commit(message) {
      const people = need(setup).people;
      const open = new Map<string, number>();
      for (const [i, stream] of streams.entries()) {
        if (stream.status !== 200 || stream.ended) continue;
        const userId = need(people[i % people.length])[0];
        open.set(userId, (open.get(userId) ?? 0) + 1);
      }
      const { done, achievedRate } = await paced(
        Number(message.rate),
        Number(message.seconds),
        (k) => {
          const [userId, , generationId] = need(people[k % people.length]);
          return commit(userId, generationId, open.get(userId) ?? 0, k);
        },
      );
      const changes = done.map((d) => d.change);
      await arrived(changes, 5000);
      const fromCommit: number[] = [];
      const fromAck: number[] = [];
      let missing = 0;
      for (const change of changes) {
        for (const at of change.arrivals) {
          fromCommit.push(at - change.sent);
          fromAck.push(at - change.ack);
        }
        missing += Math.max(0, change.expected - change.arrivals.length);
      }
      return {
        commits: changes.length,
        achievedRate,
        deliveries: fromCommit.length,
        missing,
        fromCommit: stats(fromCommit),
        fromAck: stats(fromAck),
        commitMs: stats(done.map((d) => d.commitMs)),
      } satisfies ChangeResult;
    },
    async close() {
      for (const stream of streams) stream.close();
      streams = [];
      unfinished.clear();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return {};
    },
    async 'fanout-open'(message) {
      const fan = need(setup).fan;
      streams = [];
      // One after another, as tabs open: each beyond the 8th replaces the oldest.
      for (let i = 0; i < Number(message.tabs); i++) {
        streams.push(...(await openMany([fan.cookie], 1)));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      return {
        replaced: streams.filter((s) => s.closedReason === 'replaced').length,
        open: streams.filter((s) => s.status === 200 && !s.ended).length,
      } satisfies FanoutOpen;
    },
    async 'fanout-run'(message) {
      const { fan, people } = need(setup);
      const open = streams.filter((s) => s.status === 200 && !s.ended);
      const replaced = streams.filter((s) => s.ended);
      for (const stream of streams) stream.generationEvents = 0;
      // The control: as many generations of people who hold no stream now.
      const targets =
        message.fan === true
          ? fan.generations.map((id) => [fan.id, id, open.length] as const)
          : people.slice(0, fan.generations.length).map(([id, , g]) => [id, g, 0] as const);
      const { done } = await paced(Number(message.rate), Number(message.seconds), (k) => {
        const [userId, generationId, expected] = need(targets[k % targets.length]);
        return commit(userId, generationId, expected, k);
      });
      const changes = done.map((d) => d.change);
      await arrived(changes, 5000);
      const complete = changes.filter((c) => c.arrivals.length >= c.expected);
      const counts = open.map((s) => s.generationEvents);
      return {
        commits: changes.length,
        perOpenStream: { min: Math.min(...counts), max: Math.max(...counts) },
        onReplaced: replaced.reduce((sum, s) => sum + s.generationEvents, 0),
        incomplete: changes.length - complete.length,
        fanoutMs: stats(
          complete.filter((c) => c.expected > 0).map((c) => Math.max(...c.arrivals) - c.sent),
        ),
      } satisfies FanoutRun;
    },
  };

  process.on('message', (message: Record<string, unknown>) => {
    const handler = handlers[String(message.type)];
    if (!handler) return;
    handler(message).then(
      (answer) => process.send?.({ type: message.type, ...(answer as object) }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.on('SIGTERM', () => {
    for (const stream of streams) stream.close();
    void database?.close().finally(() => process.exit(0));
  });
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('bench client: missing setup');
  return value;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await client();
