import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';
import { createLocalDiskStorage } from './local-disk.storage.ts';
import { createS3Storage } from './s3.storage.ts';
import {
  ObjectMissingError,
  type ObjectStorage,
  ObjectTooLargeError,
  StorageUnavailableError,
} from './storage.ts';

/**
 * One suite, two drivers: everything the engine and the routes rely on behaves the same on the
 * local disk and on an S3-compatible server (s3rver, started here, checking every signature).
 */

const MB = 1024 * 1024;

/** `total` bytes in 64 KB chunks of a repeating, position-dependent pattern, never all in memory. */
function pattern(total: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('the source broke off'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = (sent + i) % 251;
      sent += size;
      this.push(chunk);
    },
  });
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let folder: string;
let s3: LocalS3;
const drivers: Record<'disk' | 's3', () => ObjectStorage> = {
  disk: () => createLocalDiskStorage(folder),
  s3: () => createS3Storage(s3.settings),
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'kadr-storage-'));
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(['disk', 's3'] as const)('%s storage', (driver) => {
  const store = () => drivers[driver]();

  it('passes its health check, and fails it where it cannot write', async () => {
    await expect(store().check()).resolves.toBeUndefined();
    expect(store().kind).toBe(driver);
    if (driver === 'disk') {
      // A file where the folder should be.
      await writeFile(path.join(folder, 'a-file'), 'x');
      const check = createLocalDiskStorage(path.join(folder, 'a-file', 'files')).check();
      await expect(check).rejects.toThrow();
      // A path that is not a folder is a fault to fix, not a store that is away for a moment.
      await expect(check).rejects.not.toBeInstanceOf(StorageUnavailableError);
    }
  });

  it('keeps a buffer and gives it back whole, as a stream and as a range', async () => {
    const storage = store();
    const data = Buffer.from('0123456789abcdef');
    await expect(storage.put('t/buffer.bin', data)).resolves.toEqual({ bytes: 16 });
    expect(await storage.read('t/buffer.bin')).toEqual(data);
    expect(await bytesOf(await storage.open('t/buffer.bin'))).toEqual(data);
    expect(
      (await bytesOf(await storage.open('t/buffer.bin', { start: 3, end: 6 }))).toString(),
    ).toBe('3456');
    expect(
      (await bytesOf(await storage.open('t/buffer.bin', { start: 15, end: 15 }))).toString(),
    ).toBe('f');
  });

  it('writes a 12 MB stream as it arrives (several parts on S3) and reads it back exactly', async () => {
    const storage = store();
    const total = 12 * MB + 12_345;
    await expect(storage.put('t/big.bin', pattern(total), { maxBytes: 20 * MB })).resolves.toEqual({
      bytes: total,
    });
    const expected = await bytesOf(pattern(total));
    const back = await bytesOf(await storage.open('t/big.bin'));
    expect(back.length).toBe(total);
    expect(sha(back)).toBe(sha(expected));
    const middle = await bytesOf(
      await storage.open('t/big.bin', { start: 6 * MB, end: 6 * MB + 999 }),
    );
    expect(middle).toEqual(expected.subarray(6 * MB, 6 * MB + 1000));
  });

  it('refuses a stream past its limit and keeps nothing of it', async () => {
    const storage = store();
    const error = await storage
      .put('t/too-big.bin', pattern(7 * MB), { maxBytes: 6 * MB })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ObjectTooLargeError);
    expect((error as ObjectTooLargeError).maxBytes).toBe(6 * MB);
    await expect(storage.open('t/too-big.bin')).rejects.toBeInstanceOf(ObjectMissingError);
    // A small one too (one part on S3), and a buffer.
    await expect(
      storage.put('t/too-big.bin', pattern(2000), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(
      storage.put('t/too-big.bin', Buffer.alloc(1001), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(storage.read('t/too-big.bin')).rejects.toBeInstanceOf(ObjectMissingError);
  });

  it('keeps nothing of a source that breaks off', async () => {
    const storage = store();
    await expect(storage.put('t/broken.bin', pattern(MB, 200 * 1024))).rejects.toThrow(
      'the source broke off',
    );
    await expect(storage.open('t/broken.bin')).rejects.toBeInstanceOf(ObjectMissingError);
  });

  it('replaces an object written again under its key', async () => {
    const storage = store();
    await storage.put('t/again.txt', Buffer.from('first'));
    await storage.put('t/again.txt', Readable.from([Buffer.from('second')]));
    expect((await storage.read('t/again.txt')).toString()).toBe('second');
  });

  it('hands out a local file with the bytes for tools that need a path, and removes a copy afterwards', async () => {
    const storage = store();
    const data = Buffer.from('a picture, say');
    await storage.put('t/local.png', data);
    let seen = '';
    const answer = await storage.withLocalFile('t/local.png', async (file) => {
      seen = file;
      expect(await readFile(file)).toEqual(data);
      expect(path.basename(file)).toBe('local.png');
      return 42;
    });
    expect(answer).toBe(42);
    // The disk store hands its own file; any other store's copy is gone, even after a failure.
    expect(existsSync(seen)).toBe(driver === 'disk');
    await expect(
      storage.withLocalFile('t/local.png', async (file) => {
        seen = file;
        throw new Error('the tool failed');
      }),
    ).rejects.toThrow('the tool failed');
    expect(existsSync(seen)).toBe(driver === 'disk');
    await expect(storage.withLocalFile('t/none.png', async () => 1)).rejects.toBeInstanceOf(
      ObjectMissingError,
    );
  });

  it('says an object is missing the same way on every path, and deleting twice is fine', async () => {
    const storage = store();
    await storage.put('t/gone.txt', Buffer.from('soon gone'));
    await storage.delete('t/gone.txt');
    await storage.delete('t/gone.txt');
    await expect(storage.open('t/gone.txt')).rejects.toBeInstanceOf(ObjectMissingError);
    await expect(storage.read('t/gone.txt')).rejects.toBeInstanceOf(ObjectMissingError);
    await expect(storage.open('t/gone.txt', { start: 0, end: 1 })).rejects.toBeInstanceOf(
      ObjectMissingError,
    );
  });

  it('refuses keys that climb out or are absolute', async () => {
    const storage = store();
    for (const key of ['../escape.txt', 't/../../escape.txt', '/etc/passwd', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('bad storage key');
      await expect(storage.open(key), key).rejects.toThrow('bad storage key');
    }
  });

  it('offers a short-lived direct address only where the store has one', async () => {
    const storage = store();
    await storage.put('t/direct.jpg', Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' });
    const url = await storage.presignedUrl('t/direct.jpg', {
      expiresInSeconds: 60,
      contentType: 'image/jpeg',
      downloadAs: 'seedream-a-kite-2026-11-24.jpg',
    });
    if (driver === 'disk') {
      expect(url).toBeUndefined();
      return;
    }
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('jpeg bytes');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toContain('seedream-a-kite-2026-11-24.jpg');
  });
});

describe('s3 storage, misconfigured', () => {
  it('fails its health check on a bucket that does not exist', async () => {
    const storage = createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(storage.check()).rejects.toThrow();
  });

  it('fails its health check on an address where no store answers', async () => {
    const storage = createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(storage.check()).rejects.toThrow();
  });

  it('a missing bucket is not the store being away: it stays an error to fix', async () => {
    const storage = createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(storage.check()).rejects.not.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.put('a/b.png', Buffer.from('x'))).rejects.not.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});

/** A local HTTP server answering every request with `status` and an S3 error `code`. */
async function refusingStore(status: number, code: string) {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(
        request.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Every call a route or the engine makes (or the first `only` of them), each expected to fail as
 * the store being away.
 */
async function expectAway(storage: ObjectStorage, only = Number.POSITIVE_INFINITY) {
  const calls: [string, () => Promise<unknown>][] = [
    ['put a buffer', () => storage.put('uploads/ab/x.png', Buffer.from('bytes'))],
    ['put a stream', () => storage.put('outputs/x/0.png', pattern(1000))],
    ['open', () => storage.open('outputs/x/0.png')],
    ['read', () => storage.read('outputs/x/0.png')],
    ['withLocalFile', () => storage.withLocalFile('outputs/x/0.png', async () => 'used')],
    ['delete', () => storage.delete('outputs/x/0.png')],
    ['check', () => storage.check()],
  ];
  for (const [name, call] of calls.slice(0, only)) {
    await expect(call(), name).rejects.toBeInstanceOf(StorageUnavailableError);
  }
}

describe('s3 storage, away (issue #38)', () => {
  it('nobody listening: every call fails as the store being away', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expectAway(createS3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${port}` }));
  });

  it.each([
    // The SDK waits longest between its tries of a throttled call: one call is enough to show it.
    [503, 'SlowDown', 1],
    [503, 'ServiceUnavailable', undefined],
    [500, 'InternalError', undefined],
  ])('answering %i %s: the store refuses for now', async (status, code, only) => {
    const store = await refusingStore(status, code);
    try {
      await expectAway(createS3Storage({ ...s3.settings, endpoint: store.endpoint }), only);
    } finally {
      await store.close();
    }
  });

  it('answering 403 AccessDenied: an answer to fix, not an outage', async () => {
    const store = await refusingStore(403, 'AccessDenied');
    try {
      const storage = createS3Storage({ ...s3.settings, endpoint: store.endpoint });
      await expect(storage.put('a/b.png', Buffer.from('x'))).rejects.not.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(storage.open('a/b.png')).rejects.not.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await store.close();
    }
  });

  it('a store that takes connections and never answers fails its health check within its bound', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const storage = createS3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${port}` });
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
