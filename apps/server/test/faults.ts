import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Node } from './nodes.ts';

/**
 * The fault suite's kit (issue #38): a small load of people using Kadr over HTTP that records every
 * answer, the Replicate emulator's switches over HTTP, and the processes' logs read as JSON lines.
 */

export type Language = 'en' | 'ru';

export interface Person {
  label: string;
  id: string;
  email: string;
  cookie: string;
  language: Language;
}

/** One request of the load: what it is (`me`, `create`, `upload`…) and how to send it. */
export interface Call {
  what: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: () => string | FormData;
}

/** Every answer the load got, with the phase of the fault it was asked in. */
export interface Answer {
  who: string;
  language: Language;
  what: string;
  method: string;
  path: string;
  phase: string;
  /** 0 when no answer came (refused, cut off, or none within the load's patience). */
  status: number;
  error?: string;
  headers: Record<string, string>;
  body: string;
}

export interface Load {
  answers: Answer[];
  /** Ends the load once every person's request in flight is answered. */
  stop(): Promise<Answer[]>;
}

/** How long the load waits for one answer before it records none: far longer than any should take. */
const PATIENCE_MS = 20_000;

/**
 * People using Kadr side by side, each sending the next of their calls (`calls(n)`, undefined to
 * skip a turn) as soon as the last is answered, `pauseMs` apart, until stopped.
 */
export function startLoad(options: {
  base: string;
  origin: string;
  people: { person: Person; calls: (n: number) => Call | undefined }[];
  phase: () => string;
  pauseMs: number;
}): Load {
  const answers: Answer[] = [];
  let running = true;
  const loops = options.people.map(async ({ person, calls }) => {
    for (let n = 0; running; n++) {
      const call = calls(n);
      if (call) answers.push(await send(options.base, options.origin, person, call, options.phase));
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

async function send(
  base: string,
  origin: string,
  person: Person,
  call: Call,
  phase: () => string,
): Promise<Answer> {
  const method = call.method ?? 'GET';
  const asked = phase();
  const answer = (status: number, headers: Headers | undefined, body: string, error?: string) => ({
    who: person.label,
    language: person.language,
    what: call.what,
    method,
    path: call.path,
    phase: asked,
    status,
    headers: Object.fromEntries(headers?.entries() ?? []),
    body,
    ...(error === undefined ? {} : { error }),
  });
  try {
    const res = await fetch(`${base}${call.path}`, {
      method,
      headers: {
        cookie: person.cookie,
        origin,
        'accept-language': person.language,
        ...call.headers,
      },
      ...(call.body ? { body: call.body() } : {}),
      signal: AbortSignal.timeout(PATIENCE_MS),
    });
    const type = res.headers.get('content-type') ?? '';
    // Bodies of files are not kept: their size is enough.
    const body = /json|text/.test(type)
      ? await res.text()
      : `${(await res.arrayBuffer()).byteLength} bytes`;
    return answer(res.status, res.headers, body);
  } catch (error) {
    return answer(0, undefined, '', error instanceof Error ? error.message : String(error));
  }
}

/** A problem+json body, or undefined when the body is not one. */
export function problemOf(answer: Answer): Record<string, unknown> | undefined {
  if (!answer.headers['content-type']?.startsWith('application/problem+json')) return undefined;
  try {
    return JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** An answer in one line, for failure messages. */
export function describeAnswer(answer: Answer): string {
  const body = answer.body.length > 300 ? `${answer.body.slice(0, 300)}…` : answer.body;
  return `${answer.phase} ${answer.who} ${answer.method} ${answer.path} → ${answer.status}${
    answer.error ? ` (${answer.error})` : ''
  } ${body}`;
}

/**
 * Waits until `check` answers something other than undefined, polling; throws past the deadline,
 * with the last error `check` threw (a check says what it still misses by throwing).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: {
    timeoutMs: number;
    everyMs?: number;
    /** Gives up at once when this says why waiting is pointless (a process died). */
    hopeless?: () => string | undefined;
  },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let last: unknown;
  for (;;) {
    const hopeless = options.hopeless?.();
    if (hopeless) throw new Error(`${what}: ${hopeless}`);
    try {
      const found = await check();
      if (found !== undefined) return found;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not within ${options.timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A check for `waitFor`: true once each of these people has had each of these requests refused 503
 * in `phase`; until then it throws, naming what is missing and its last answers.
 */
export function refusedDuring(
  answers: Answer[],
  phase: string,
  expected: { who: string; what: string }[],
): true {
  const missing = expected.filter(
    ({ who, what }) =>
      !answers.some(
        (answer) =>
          answer.phase === phase &&
          answer.who === who &&
          answer.what === what &&
          answer.status === 503,
      ),
  );
  if (missing.length === 0) return true;
  const last = missing.flatMap(({ who, what }) =>
    answers
      .filter((answer) => answer.phase === phase && answer.who === who && answer.what === what)
      .slice(-2)
      .map(describeAnswer),
  );
  throw new Error(
    `no 503 yet for ${missing.map(({ who, what }) => `${who} ${what}`).join(', ')}; last: ${
      last.join(' | ') || 'none'
    }`,
  );
}

/**
 * A check for `waitFor`: true once the load has answered each of `whats` with a 2xx in `phase`;
 * until then it throws, naming what is missing and the last answers of that kind.
 */
export function servedAgain(answers: Answer[], phase: string, whats: string[]): true {
  const missing = whats.filter(
    (what) =>
      !answers.some(
        (answer) =>
          answer.phase === phase &&
          answer.what === what &&
          answer.status >= 200 &&
          answer.status < 300,
      ),
  );
  if (missing.length === 0) return true;
  const last = missing.flatMap((what) =>
    answers
      .filter((answer) => answer.phase === phase && answer.what === what)
      .slice(-2)
      .map(describeAnswer),
  );
  throw new Error(`no 2xx yet for ${missing.join(', ')}; last: ${last.join(' | ') || 'none'}`);
}

/** Why waiting for the fleet is pointless: one of its processes has exited (with its last words). */
export function exitedProcess(nodes: Node[]): string | undefined {
  const gone = nodes.find((node) => node.child.exitCode !== null || node.child.signalCode !== null);
  if (!gone) return undefined;
  return `the ${gone.role} process exited (${gone.child.exitCode ?? gone.child.signalCode}): ${gone
    .stderr()
    .slice(-1500)}`;
}

/**
 * The demo's Replicate emulator on an API node, driven over HTTP with the token the first node wrote
 * in its data folder (every node of the fleet has the same).
 */
export async function replicateOn(node: Node) {
  const { replicateToken } = JSON.parse(
    await readFile(path.join(node.dataDir, 'secrets.json'), 'utf8'),
  ) as { replicateToken: string };
  const prefix = `${node.base}/emulators/replicate`;
  const control = async (route: string, body: unknown) => {
    const res = await fetch(`${prefix}/_control/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${replicateToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`emulator ${route}: ${res.status} ${await res.text()}`);
  };
  return {
    token: replicateToken,
    baseUrl: `${prefix}/v1`,
    /** `{status: 503}`, `{status: 429, retry_after: 2}`, `{hold: true}`; `{status: null}` ends it. */
    outage: (body: Record<string, unknown>) => control('outage', body),
    latency: (ms: number) => control('latency', { ms }),
  };
}

/** One line a process wrote to stderr: a pino JSON line, or anything else as text. */
export interface LogLine {
  level?: number;
  msg?: string;
  text: string;
}

export function logLines(stderr: string): LogLine[] {
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((text) => {
      try {
        const parsed = JSON.parse(text) as { level?: number; msg?: string };
        return { level: parsed.level, msg: parsed.msg, text };
      } catch {
        return { text };
      }
    });
}

/** What a process logged, by level and message: `40 readiness check failed ×3`. */
export function logSummary(lines: LogLine[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const key =
      line.level === undefined ? `text ${line.text.slice(0, 160)}` : `${line.level} ${line.msg}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} ×${n}`);
}

/**
 * Lines at error or fatal (pino's 50 and 60), and lines that are not the logger's at all (a stack
 * trace, a warning of Node's): neither may come from a part being away.
 */
export function alarmingLines(lines: LogLine[]): string[] {
  return lines
    .filter((line) => line.level === undefined || line.level >= 50)
    .map((line) =>
      line.level === undefined
        ? line.text.slice(0, 500)
        : `${line.level} ${(line.msg ?? line.text).split('\n')[0]?.slice(0, 500)}`,
    );
}
