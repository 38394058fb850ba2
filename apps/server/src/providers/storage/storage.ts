import type { Readable } from 'node:stream';

/** Where stored objects live: local disk now, S3 later; services only see this interface. */
export interface ObjectStorage {
  /** Writes an object; the key is a relative path such as `outputs/<id>/0.png`. */
  put(
    key: string,
    body: Buffer | Readable,
    options?: { maxBytes?: number },
  ): Promise<{ bytes: number }>;
  /** Absolute path of an object on local disk, when the backend is a disk (for efficient sending). */
  localPath(key: string): string | undefined;
  read(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** A quick health probe: the backend answers and is writable. */
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
