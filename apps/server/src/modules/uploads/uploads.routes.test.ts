import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_MB: '1' });
  ({ cookie } = await signInDemo(t.app));
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = 'http://localhost:3000';

function multipart(
  field: string,
  filename: string,
  bytes: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = '----kadr-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie,
      origin: ORIGIN,
    },
  };
}

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .toFormat(format)
    .toBuffer();

async function upload(field: string, filename: string, bytes: Buffer, type?: string) {
  const { payload, headers } = multipart(field, filename, bytes, type);
  return t.app.inject({ method: 'POST', url: '/api/upload-image', payload, headers });
}

async function fileCount(): Promise<number> {
  const result = await t.database.pool.query('select count(*)::int as n from files');
  return (result.rows[0] as { n: number }).n;
}

describe('POST /api/upload-image', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
    'stores a %s and serves it to its owner only',
    async (format) => {
      const res = await upload('image', `photo.${format}`, await picture(format));
      expect(res.statusCode).toBe(200);
      const url = (res.json() as { urls: { get: string } }).urls.get;
      expect(url).toMatch(
        /^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/,
      );
      const path = new URL(url).pathname;

      const mine = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe(`image/${format}`);
      const meta = await sharp(mine.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([64, 48]);

      const stranger = await signInDemo(t.app);
      const theirs = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { cookie: stranger.cookie },
      });
      expect(theirs.statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'GET', url: path });
      expect(anonymous.statusCode).toBe(404);
    },
  );

  it('answers the stored picture’s size (a tool’s price may depend on it), after rotation and scaling', async () => {
    const plain = await upload('image', 'wide.png', await picture('png', 300, 120));
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ width: 300, height: 120 });
    // A phone photo stored sideways (EXIF orientation 6) is stored upright: its size swaps.
    const sideways = await sharp(await picture('jpeg', 80, 40))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const turned = await upload('image', 'phone.jpg', sideways);
    expect(turned.json()).toMatchObject({ width: 40, height: 80 });
    // The size answered is the file's record, which a tool's price is read from.
    const id = new URL((turned.json() as { urls: { get: string } }).urls.get).pathname.split(
      '/',
    )[3];
    const row = await t.container.repositories.files.findById(id ?? '');
    expect([row?.width, row?.height]).toEqual([40, 80]);
  });

  it('strips metadata by re-encoding', async () => {
    const withExif = await sharp(await picture('jpeg'))
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .jpeg()
      .toBuffer();
    const res = await upload('image', 'x.jpg', withExif);
    const path = new URL((res.json() as { urls: { get: string } }).urls.get).pathname;
    const stored = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(stored.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it.each([
    ['a text file named .png', 'image', 'evil.png', Buffer.from('hello, not an image'), 415],
    ['an SVG', 'image', 'x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415],
    ['an empty file', 'image', 'x.png', Buffer.alloc(0), 400],
    [
      'a truncated PNG',
      'image',
      'x.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
      422,
    ],
    ['the wrong field', 'file', 'x.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 400],
  ])('refuses %s and stores nothing', async (_label, field, name, bytes, status) => {
    const before = await fileCount();
    const res = await upload(field, name, bytes, 'image/png');
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await fileCount()).toBe(before);
  });

  it('refuses an image over the size limit with 413', async () => {
    const big = await sharp({
      create: { width: 1400, height: 1400, channels: 3, background: '#000' },
    })
      .raw()
      .toBuffer()
      .then((raw) =>
        sharp(raw, { raw: { width: 1400, height: 1400, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      );
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const before = await fileCount();
    const res = await upload('image', 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(await fileCount()).toBe(before);
  });

  it('requires a session', async () => {
    const { payload, headers } = multipart('image', 'x.png', await picture('png'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      payload,
      headers: { 'content-type': headers['content-type'] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('attack: hostile uploads are refused or safely re-encoded, never a 500', () => {
  const raw = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      payload,
      headers: { 'content-type': contentType, cookie, origin: ORIGIN },
    });

  it('multipart/form-data without a boundary → 400', async () => {
    const before = await fileCount();
    const res = await raw('--x\r\n\r\n', 'multipart/form-data');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await fileCount()).toBe(before);
  });

  it('a body cut off before its closing boundary → 400', async () => {
    const before = await fileCount();
    const { payload, headers } = multipart('image', 'cut.png', await picture('png'));
    const cut = payload.subarray(0, payload.length - 40);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      payload: cut,
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('a part without a file name → 400, not 413', async () => {
    const boundary = '----kadr-no-name';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="image"\r\n\r\nnot a file\r\n--${boundary}--\r\n`;
    const res = await raw(payload, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(400);
  });

  it('a JPEG with a script and a zip appended (a polyglot) is stored re-encoded, without them', async () => {
    const jpeg = await picture('jpeg');
    const tail = Buffer.from('<script>alert(1)</script>PK\u0003\u0004evil.php');
    const res = await upload('image', 'photo.jpg', Buffer.concat([jpeg, tail]), 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const path = new URL((res.json() as { urls: { get: string } }).urls.get).pathname;
    const stored = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(stored.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.rawPayload.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
  });

  it('an SVG with a script is refused', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const res = await upload('image', 'x.svg', Buffer.from(svg), 'image/svg+xml');
    expect(res.statusCode).toBe(415);
  });

  it('a picture named .jpg.php, or with a path in its name, is stored under a random name', async () => {
    for (const name of ['shell.jpg.php', '../../etc/passwd.jpg', '..\\..\\boot.ini.png']) {
      const res = await upload('image', name, await picture('png'), 'image/png');
      expect(res.statusCode, name).toBe(200);
      const url = (res.json() as { urls: { get: string } }).urls.get;
      expect(url).not.toMatch(/php|passwd|boot|\.\./);
    }
  });

  it('a PNG whose header claims 50,000 × 50,000 pixels is refused quickly', async () => {
    const png = await picture('png', 8, 8);
    // IHDR's width and height are the 4 + 4 bytes after the 8-byte signature and "IHDR" chunk head.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    const res = await upload('image', 'bomb.png', bomb, 'image/png');
    expect([415, 422]).toContain(res.statusCode);
  });
});
