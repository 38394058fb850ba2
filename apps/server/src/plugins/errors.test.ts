import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInDemo } from '../../test/builders.ts';
import { createLogger } from '../lib/logger.ts';

// Text PostgreSQL cannot hold, sent where no catalogue rule looks (the demo sign-in's name).
describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload,
    });
  const users = async () =>
    (await t.database.pool.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n;

  it('a null character is a 400 that changes nothing, not a 500', async () => {
    const before = await users();
    const res = await signUp('{"email":"nul@example.com","name":"a\\u0000b","referral":null}');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, errors: [{ code: 'invalid_characters' }] });
    expect(await users()).toBe(before);
  });

  it('escaped emoji are text like any other', async () => {
    const res = await signUp(
      '{"email":"fox@example.com","name":"fox \\ud83e\\udd8a","referral":null}',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'fox 🦊' });
  });
});

describe('a 500', () => {
  it("is logged with its error's cause chain, and answers a problem that leaks nothing", async () => {
    const lines: string[] = [];
    const logger = createLogger(
      { logLevel: 'error', logPretty: false },
      { write: (line: string) => lines.push(line) },
    );
    const diskFull = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const t = await buildTestApp(
      {},
      {
        storage: {
          put: async () => {
            throw new Error('storing the upload failed', { cause: diskFull });
          },
          kind: 'disk',
          open: async () => Readable.from([]),
          withLocalFile: async () => {
            throw new Error('not used');
          },
          presignedUrl: async () => undefined,
          read: async () => Buffer.alloc(0),
          delete: async () => {},
          check: async () => {},
        },
      },
      { logger },
    );
    try {
      const { cookie } = await signInDemo(t.app);
      const boundary = '----kadr-cause';
      const png = await sharp({
        create: { width: 4, height: 4, channels: 3, background: '#000' },
      })
        .png()
        .toBuffer();
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload-image',
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie,
          origin: 'http://localhost:3000',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('ENOSPC');
      const failed = lines
        .map((line) => JSON.parse(line) as { msg: string; err?: { cause?: { code?: string } } })
        .find((line) => line.msg === 'request failed');
      expect(failed?.err?.cause).toMatchObject({
        code: 'ENOSPC',
        message: 'no space left on device',
      });
    } finally {
      await t.close();
    }
  });
});
