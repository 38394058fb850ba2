import type { Locale } from './locale.ts';

/** A part Kadr needs that can be away for a while (issue #38). */
export type Dependency = 'database' | 'storage';

/** How long a 503 asks a caller to wait before trying again (`Retry-After`, seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What a person reads when a part is away: nothing happened, and when to try again. */
const details: Record<Dependency, Record<Locale, string>> = {
  database: {
    ru: 'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
    en: 'Kadr is briefly unavailable. Nothing was changed — try again in a few seconds.',
  },
  storage: {
    ru: 'Хранилище файлов ненадолго недоступно. Ничего не сохранено — повторите через несколько секунд.',
    en: 'The file store is briefly unavailable. Nothing was saved — try again in a few seconds.',
  },
};

export function unavailableDetail(dependency: Dependency, locale: Locale): string {
  return details[dependency][locale];
}

/**
 * Socket errors of a connection that could not be made or was lost: the database's here (counted
 * only on node-postgres's own errors, or drizzle's wrapper of them — the same codes from a `fetch`
 * to the model provider are that provider's business), the file store's in `s3.storage.ts`.
 */
export const SOCKET_FAILURE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean "the server is not there for you now", not "your statement is wrong": class
 * 08 (connection exception), an administrator's or a crash's shutdown (57P01, 57P02), a server
 * still starting or stopping (57P03), and no connection slot left (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres and pg-pool say when a connection cannot be made or is lost. Not "Cannot use a
 * pool after calling end on the pool": that is this process shutting down, a bug if a request
 * meets it.
 */
const CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isConnectionFailure(error: ErrorShape): boolean {
  const { code, message } = error;
  if (typeof code === 'string') {
    if (SOCKET_FAILURE_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.has(message)) return true;
  // A host with several addresses (localhost: ::1 and 127.0.0.1), each refused.
  return (
    Array.isArray(error.errors) &&
    error.errors.length > 0 &&
    error.errors.every(
      (each) => typeof each === 'object' && each !== null && isConnectionFailure(each),
    )
  );
}

/** drizzle's DrizzleQueryError ("Failed query: …"), which carries the driver's error as its cause. */
function isQueryWrapper(error: ErrorShape): boolean {
  return (
    (error as { constructor?: { name?: unknown } }).constructor?.name === 'DrizzleQueryError' ||
    (typeof error.message === 'string' && error.message.startsWith('Failed query: '))
  );
}

/**
 * Whether an error means PostgreSQL cannot be reached now — refused, lost, timed out, shutting
 * down, out of connections — so the request may succeed as it is a few seconds later. A statement
 * that failed on its own (a constraint, a syntax error, a statement timeout) is not: it stays the
 * 4xx or 500 it was. Looks through drizzle's wrapper to the driver's error, and nothing else.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; depth < 4; depth++) {
    if (typeof at !== 'object' || at === null) return false;
    const shape = at as ErrorShape;
    if (isConnectionFailure(shape)) return true;
    if (!isQueryWrapper(shape)) return false;
    at = shape.cause;
  }
  return false;
}

/**
 * What the driver or the store said, for a warning: the innermost cause's code and message (an
 * outage is expected, not a bug to trace: no stack).
 */
export function unavailableReason(error: unknown): { code?: string; reason?: string } {
  let at: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (at as { cause?: unknown } | undefined)?.cause;
    if (typeof cause !== 'object' || cause === null) break;
    at = cause;
  }
  const { code, message } = (at ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { reason: message } : {}),
  };
}
