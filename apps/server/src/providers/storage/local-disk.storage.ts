import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { byteLimit } from './byte-limit.ts';
import {
  assertStorageKey,
  ObjectMissingError,
  type ObjectStorage,
  ObjectTooLargeError,
  StorageUnavailableError,
} from './storage.ts';

/**
 * What a folder says when the disk behind it is away or full for now: a network mount that lost its
 * server (ENOTCONN, ESTALE, ETIMEDOUT, EHOSTDOWN), an I/O error, no space or quota left, too many
 * open files, a busy device. The same write may work once it is back; anything else (a permission,
 * a path that is not a folder) is a fault to fix, and stays an error.
 */
const AWAY_CODES = new Set([
  'ENOTCONN',
  'ESTALE',
  'ETIMEDOUT',
  'EHOSTDOWN',
  'EIO',
  'ENOSPC',
  'EDQUOT',
  'EMFILE',
  'ENFILE',
  'EAGAIN',
  'EBUSY',
]);

/** The same error, as `StorageUnavailableError` when the disk is away or full for now. */
function unavailableOr(error: unknown, doing: string): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !AWAY_CODES.has(code)) return error;
  return new StorageUnavailableError(`disk ${doing} failed: ${code}`, { cause: error });
}

/** Objects as files under one folder. Writes go to a temporary name first, so readers never see half a file. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  function resolve(key: string): string {
    assertStorageKey(key);
    return path.join(base, key);
  }

  async function existing(key: string): Promise<string> {
    const file = resolve(key);
    const info = await stat(file).catch((error: unknown) => {
      // Not there is missing; a disk that cannot answer is away, not an empty folder.
      const away = unavailableOr(error, 'read');
      if (away instanceof StorageUnavailableError) throw away;
      return undefined;
    });
    if (!info?.isFile()) throw new ObjectMissingError(key);
    return file;
  }

  return {
    kind: 'disk',
    async put(key, body, options = {}) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true }).catch((error: unknown) => {
        throw unavailableOr(error, 'write');
      });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
      try {
        let bytes: number;
        if (Buffer.isBuffer(body)) {
          if (body.length > max) throw new ObjectTooLargeError(max);
          await writeFile(temp, body);
          bytes = body.length;
        } else {
          const limit = byteLimit(max);
          await pipeline(body, limit, createWriteStream(temp));
          bytes = limit.bytes();
        }
        await rename(temp, target);
        return { bytes };
      } catch (error) {
        // Readers never saw the temporary file; it goes, so nothing half-written is left.
        await rm(temp, { force: true }).catch(() => {});
        throw unavailableOr(error, 'write');
      }
    },
    async open(key, range) {
      const file = await existing(key);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async read(key) {
      const file = await existing(key);
      return readFile(file).catch((error: unknown) => {
        throw unavailableOr(error, 'read');
      });
    },
    async withLocalFile(key, use) {
      return use(await existing(key));
    },
    presignedUrl: async () => undefined,
    async delete(key) {
      await rm(resolve(key), { force: true }).catch((error: unknown) => {
        throw unavailableOr(error, 'delete');
      });
    },
    async check() {
      try {
        await mkdir(base, { recursive: true });
        await access(base, constants.W_OK);
      } catch (error) {
        throw unavailableOr(error, 'check');
      }
    },
  };
}
