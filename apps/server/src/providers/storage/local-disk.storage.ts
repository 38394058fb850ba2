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
} from './storage.ts';

/** Objects as files under one folder. Writes go to a temporary name first, so readers never see half a file. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  function resolve(key: string): string {
    assertStorageKey(key);
    return path.join(base, key);
  }

  async function existing(key: string): Promise<string> {
    const file = resolve(key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new ObjectMissingError(key);
    return file;
  }

  return {
    kind: 'disk',
    async put(key, body, options = {}) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
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
        await rm(temp, { force: true });
        throw error;
      }
    },
    async open(key, range) {
      const file = await existing(key);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async read(key) {
      return readFile(await existing(key));
    },
    async withLocalFile(key, use) {
      return use(await existing(key));
    },
    presignedUrl: async () => undefined,
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async check() {
      await mkdir(base, { recursive: true });
      await access(base, constants.W_OK);
    },
  };
}
