import type { Readable } from 'node:stream';

/** A byte range of an object, both ends inclusive (as in HTTP's `Range: bytes=start-end`). */
interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where stored objects live: a folder on local disk or an S3 bucket (`STORAGE`); services and the
 * engine only see this interface, and nothing needs an object to be a local file.
 */
export interface ObjectStorage {
  /** `disk` or `s3`, for logs, health and metrics. */
  readonly kind: 'disk' | 's3';
  /**
   * Writes an object; the key is a relative path such as `outputs/<id>/0.png`. A stream is written
   * as it arrives (never held whole in memory) and stops at `maxBytes`.
   */
  put(
    key: string,
    body: Buffer | Readable,
    options?: { maxBytes?: number; contentType?: string },
  ): Promise<{ bytes: number }>;
  /** The object's bytes as a stream, or one range of them; a missing object throws `ObjectMissingError`. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** The whole object in memory: for small objects only. */
  read(key: string): Promise<Buffer>;
  /**
   * Runs `use` with a local file holding the object (for tools that need a path, such as ffprobe).
   * A disk store hands its own file; other stores copy the object to a temporary file and remove it
   * once `use` settles.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /**
   * A short-lived address the browser can fetch the object from directly, when the store offers
   * one (S3: a presigned GET); undefined for a disk store.
   */
  presignedUrl(
    key: string,
    options: { expiresInSeconds: number; contentType: string; downloadAs?: string },
  ): Promise<string | undefined>;
  /** Removes an object; removing a missing one is fine. */
  delete(key: string): Promise<void>;
  /** A quick health probe: the folder is writable, or the bucket answers to these credentials. */
  check(): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`object exceeds ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
    this.maxBytes = maxBytes;
  }
}

export class ObjectMissingError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'ObjectMissingError';
  }
}

/**
 * The store cannot be reached or refuses for now (S3 unreachable, timing out, answering 5xx or
 * SlowDown; a disk that is gone): nothing was stored, and the same call may succeed later. Routes
 * answer it 503 with Retry-After; the engine retries storing a finished result (issue #38).
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys are relative paths of safe characters, never climbing out (`..`). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`bad storage key: ${key}`);
}
