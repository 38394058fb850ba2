import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ObjectStorage, ObjectTooLargeError } from './storage.ts';

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Objects as files under one folder. Writes go to a temporary name first, so readers never see half a file. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  function resolve(key: string): string {
    if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`bad storage key: ${key}`);
    return path.join(base, key);
  }

  return {
    async put(key, body, options = {}) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
      let bytes = 0;
      try {
        if (Buffer.isBuffer(body)) {
          if (body.length > max) throw new ObjectTooLargeError(max);
          await writeFile(temp, body);
          bytes = body.length;
        } else {
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              bytes += chunk.length;
              if (bytes > max) callback(new ObjectTooLargeError(max));
              else callback(null, chunk);
            },
          });
          await pipeline(body, counter, createWriteStream(temp));
        }
        await rename(temp, target);
        return { bytes };
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    localPath: (key) => resolve(key),
    read: (key) => readFile(resolve(key)),
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async check() {
      await mkdir(base, { recursive: true });
      await this.put('.health', Readable.from([Buffer.from('ok')]));
    },
  };
}
