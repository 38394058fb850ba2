import { useSyncExternalStore } from 'react';

/**
 * Whether Kadr can be reached (issue #38): `online`, or `reconnecting` while a part of it is away —
 * its database or file store (a 503 typed `problemTypes.unavailable`), the node behind the proxy
 * (502, 504) or the network itself. `api.ts` says which; the shells show it as a calm banner while
 * reads wait and try again. Framework-free but for the hook at the end, so it can be unit-tested.
 */
export type ConnectionState = 'online' | 'reconnecting';

/** The first wait when the server names none (Retry-After); the server's own is 5 s too. */
const firstWaitMs = 5_000;
/** The longest wait between two tries. */
const longestWaitMs = 30_000;

/**
 * How long to wait before try number `attempt + 2` (0: the first wait): the server's Retry-After
 * (else 5 s), doubled at each try, at most 30 s — plus up to a fifth more, so the pages that lost
 * the server together do not all come back at the same instant. Never less than Retry-After.
 */
export function awayDelayMs(
  attempt: number,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number {
  const base = retryAfterSeconds === undefined ? firstWaitMs : retryAfterSeconds * 1000;
  const wait = Math.min(longestWaitMs, base * 2 ** Math.max(0, attempt));
  return Math.min(longestWaitMs, Math.round(wait * (1 + random() * 0.2)));
}

/** Answers 200 once the server and what it needs (database, file store) answer again. */
const readyPath = '/api/ready';

let state: ConnectionState = 'online';
const listeners = new Set<() => void>();
/** Calls waiting for the server to come back (`onceOnline`), each called once. */
const waiting = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeAttempt = 0;

function set(next: ConnectionState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * While reconnecting, readiness is asked with the same backoff as a waiting read: a refused change
 * (which is not retried) or a page with nothing to read would otherwise never learn the server came
 * back. The browser saying it is online again asks at once.
 */
function scheduleProbe(): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), awayDelayMs(probeAttempt, undefined));
  probeAttempt += 1;
}

async function probe(): Promise<void> {
  probeTimer = undefined;
  if (state !== 'reconnecting') return;
  let ready = false;
  try {
    // Without the session cookie: readiness is nobody's, and the server need not look it up.
    const response = await fetch(readyPath, { cache: 'no-store', credentials: 'omit' });
    ready = response.ok;
  } catch {
    // Still away.
  }
  if (ready) markOnline();
  else if (state === 'reconnecting' && probeTimer === undefined) scheduleProbe();
}

const probeNow = () => {
  if (state !== 'reconnecting') return;
  clearTimeout(probeTimer);
  void probe();
};

/** A part of Kadr is away: say so, and ask readiness until it answers. */
export function markReconnecting(): void {
  if (state === 'reconnecting') return;
  set('reconnecting');
  probeAttempt = 0;
  scheduleProbe();
  if (typeof window !== 'undefined') window.addEventListener('online', probeNow);
}

/** Kadr answered (a request succeeded, readiness said 200, the live stream came back). */
export function markOnline(): void {
  if (state === 'online') return;
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (typeof window !== 'undefined') window.removeEventListener('online', probeNow);
  set('online');
  const woken = [...waiting];
  waiting.clear();
  for (const wake of woken) wake();
}

export function connectionState(): ConnectionState {
  return state;
}

/** For useSyncExternalStore: `listener` is called after every change of state. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `wake` once, when Kadr answers again; returns the cancel. */
export function onceOnline(wake: () => void): () => void {
  waiting.add(wake);
  return () => {
    waiting.delete(wake);
  };
}

const serverState = (): ConnectionState => 'online';

/** The connection's state; re-renders on every change (prerendered pages: always online). */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, connectionState, serverState);
}
