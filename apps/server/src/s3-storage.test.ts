import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo } from '../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../test/live.ts';
import { expectMoneyInvariants } from '../test/money.ts';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';
import { createS3Storage } from './providers/storage/s3.storage.ts';

/**
 * The whole path on S3 storage (a local s3rver the test starts): a person uploads a picture,
 * generates from it (the provider fetches the upload through our signed URL), and reads the result,
 * its preview and a range of a video; every byte comes from the bucket, nothing touches the disk.
 * Then the same with FILE_DELIVERY=redirect: the owner check first, then a presigned address.
 */

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3('kadr-files');
});
afterAll(async () => {
  await s3?.close();
});

function multipart(cookie: string, origin: string, bytes: Buffer) {
  const boundary = '----kadr-s3-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, origin },
  };
}

async function uploadPicture(t: LiveApp, cookie: string): Promise<{ url: string; png: Buffer }> {
  const png = await sharp({
    create: { width: 96, height: 64, channels: 3, background: '#ff6633' },
  })
    .png()
    .toBuffer();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload-image',
    ...multipart(cookie, 'http://localhost:3000', png),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { url: (res.json() as { urls: { get: string } }).urls.get, png };
}

async function storageKeyOf(t: LiveApp, fileId: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ storage_key: string }>(
    'select storage_key from files where id = $1',
    [fileId],
  );
  return rows[0]?.storage_key ?? '';
}

interface Generated {
  status: string;
  output_files: string[];
  expand: {
    output_files: { url: string; download_url: string; thumbnail: string | null; mime: string }[];
  };
}

async function generate(
  t: LiveApp,
  cookie: string,
  type: 'image' | 'video',
  body: Record<string, unknown>,
): Promise<Generated> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/create-${type}`,
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { request_id: string }).request_id;
  const started = Date.now();
  for (;;) {
    const read = await t.app.inject({ url: `/api/generations/${id}`, headers: { cookie } });
    const record = read.json() as Generated;
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() - started > 30_000) throw new Error(`generation ${id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

describe('S3 storage, files streamed through the API', () => {
  let t: LiveApp;
  beforeAll(async () => {
    t = await buildLiveTestApp({ ...s3.env, MAX_RUNNING_GENERATIONS: '0' });
    await t.startWorker();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads, generates from the upload, and serves the output, its preview and a video range from the bucket', async () => {
    expect(t.config.storage.kind).toBe('s3');
    const bucket = createS3Storage(s3.settings);
    const { cookie, user } = await signInDemo(t.app);

    // The upload lands in the bucket and comes back to its owner only.
    const upload = await uploadPicture(t, cookie);
    const uploadId = new URL(upload.url).pathname.split('/')[3] ?? '';
    const uploadKey = await storageKeyOf(t, uploadId);
    expect(uploadKey).toMatch(/^uploads\//);
    const stored = await bucket.read(uploadKey);
    const back = await t.app.inject({ url: pathOf(upload.url), headers: { cookie } });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload).toEqual(stored);
    const stranger = await signInDemo(t.app);
    expect(
      (await t.app.inject({ url: pathOf(upload.url), headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);

    // An edit of the upload: the emulator fetches it through our signed URL, from the bucket.
    const image = await generate(t, cookie, 'image', {
      model: 'flux-kontext-pro',
      prompt: 'make it blue',
      input_image: upload.url,
    });
    expect(image.status).toBe('completed');
    const output = image.expand.output_files[0];
    const outputKey = await storageKeyOf(t, image.output_files[0] ?? '');
    expect(outputKey).toMatch(/^outputs\//);
    const outputBytes = await bucket.read(outputKey);
    const served = await t.app.inject({ url: pathOf(output?.url ?? ''), headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(output?.mime);
    expect(served.headers.etag).toBe(`"${image.output_files[0]}"`);
    expect(served.rawPayload).toEqual(outputBytes);
    // A second look is answered from the browser's cache.
    const again = await t.app.inject({
      url: pathOf(output?.url ?? ''),
      headers: { cookie, 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // The download names the file; the preview is a real picture made from the bucket's copy.
    const download = await t.app.inject({
      url: pathOf(output?.download_url ?? ''),
      headers: { cookie },
    });
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="kadr-flux-kontext-pro-make-it-blue-/,
    );
    const thumbnail = await t.app.inject({
      url: pathOf(output?.thumbnail ?? ''),
      headers: { cookie },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    // A video from the picture: seeking asks for ranges, served from the bucket.
    const video = await generate(t, cookie, 'video', {
      model: 'seedance-lite',
      prompt: 'the picture comes alive',
      image: upload.url,
      duration: 5,
    });
    expect(video.status).toBe('completed');
    const clip = video.expand.output_files[0];
    expect(clip?.mime).toBe('video/mp4');
    const clipBytes = await bucket.read(await storageKeyOf(t, video.output_files[0] ?? ''));
    const ranged = await t.app.inject({
      url: pathOf(clip?.url ?? ''),
      headers: { cookie, range: 'bytes=100-1123' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1123/${clipBytes.length}`);
    expect(ranged.rawPayload).toEqual(clipBytes.subarray(100, 1124));
    const beyond = await t.app.inject({
      url: pathOf(clip?.url ?? ''),
      headers: { cookie, range: `bytes=${clipBytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    const poster = await t.app.inject({ url: pathOf(clip?.thumbnail ?? ''), headers: { cookie } });
    expect(poster.statusCode).toBe(200);

    // Nothing of it went to the local disk.
    expect(existsSync(path.join(t.config.dataDir, 'files', 'outputs'))).toBe(false);
    await expectMoneyInvariants(t.database.pool);
    void user;
  }, 60_000);

  it('answers 404, not 500, for a file whose object has gone from the bucket', async () => {
    const { cookie } = await signInDemo(t.app);
    const upload = await uploadPicture(t, cookie);
    const uploadId = new URL(upload.url).pathname.split('/')[3] ?? '';
    await createS3Storage(s3.settings).delete(await storageKeyOf(t, uploadId));
    const res = await t.app.inject({ url: pathOf(upload.url), headers: { cookie } });
    expect(res.statusCode).toBe(404);
  });
});

describe('S3 storage with FILE_DELIVERY=redirect', () => {
  let t: LiveApp;
  beforeAll(async () => {
    t = await buildLiveTestApp({
      ...s3.env,
      FILE_DELIVERY: 'redirect',
      FILE_URL_TTL_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checks the owner, then sends the browser to a presigned address of the bucket', async () => {
    const { cookie } = await signInDemo(t.app);
    const upload = await uploadPicture(t, cookie);
    const res = await t.app.inject({ url: pathOf(upload.url), headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.settings.endpoint}/kadr-files/uploads/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=60&/);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    const stored = Buffer.from(await fetched.arrayBuffer());
    expect((await sharp(stored).metadata()).width).toBe(96);

    // A download names the file in the bucket's answer.
    const download = await t.app.inject({
      url: `${pathOf(upload.url)}?download=1&as=kadr-me.png`,
      headers: { cookie },
    });
    expect(download.statusCode).toBe(302);
    const saved = await fetch(String(download.headers.location));
    expect(saved.headers.get('content-disposition')).toContain('kadr-me.png');

    // Anyone else gets 404 and no address at all.
    const stranger = await signInDemo(t.app);
    const theirs = await t.app.inject({
      url: pathOf(upload.url),
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers.location).toBeUndefined();
    expect((await t.app.inject({ url: pathOf(upload.url) })).statusCode).toBe(404);
  });
});
