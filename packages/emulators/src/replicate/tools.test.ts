import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_ESRGAN_VERSION } from './models.ts';
import { createReplicateEmulator } from './replicate-emulator.ts';

const PREFIX = '/emulators/replicate';
const RED = [220, 20, 30] as const;

let app: FastifyInstance;
let origin = '';
let storageDir = '';
let replicate: Replicate;
/** Pictures Kadr's storage would serve, by name. */
const files = new Map<string, { type: string; bytes: Buffer }>();

/** A red circle on white, W×H. */
function circlePng(width = 64, height = 48, radius = 14): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/><circle cx="${width / 2}" cy="${height / 2}" r="${radius}" fill="rgb(${RED.join(',')})"/></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
}

/** A horizontal gradient with a vertical ramp in green, no two neighbours alike. */
function gradientPng(width: number, height: number, alpha = false): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      data[o] = Math.round((x / (width - 1)) * 255);
      data[o + 1] = Math.round((y / (height - 1)) * 200);
      data[o + 2] = 90;
      if (alpha) data[o + 3] = x < width / 2 ? 255 : 128;
    }
  }
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}

/** Black with a white rectangle: repaint the rectangle. */
function maskPng(
  width: number,
  height: number,
  rect: { x: number; y: number; w: number; h: number },
) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><rect x="${rect.x}" y="${rect.y}" width="${rect.w}" height="${rect.h}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#000' }).png().toBuffer();
}

type Pixels = { data: Buffer; width: number; height: number; channels: number; hasAlpha: boolean };

async function pixels(bytes: Buffer): Promise<Pixels> {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4, hasAlpha: meta.hasAlpha };
}

function at(picture: Pixels, x: number, y: number): number[] {
  const o = (y * picture.width + x) * 4;
  return [...picture.data.subarray(o, o + 4)];
}

function maxDiff(a: number[], b: number[], channels = 3): number {
  let max = 0;
  for (let i = 0; i < channels; i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-tools-test-'));
  const emulator = createReplicateEmulator({
    latencyMs: 30,
    storageDir,
    publicBaseUrl: () => `${origin}${PREFIX}`,
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  // Kadr's storage: signed URLs of its own files.
  app.get<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const file = files.get(request.params.name);
    if (!file) return reply.code(404).send({ error: 'not found' });
    return reply.type(file.type).send(file.bytes);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  replicate = new Replicate({
    auth: 'r8_test',
    baseUrl: `${origin}${PREFIX}/v1`,
    useFileOutput: false,
  });

  files.set('circle.png', { type: 'image/png', bytes: await circlePng() });
  files.set('gradient.png', { type: 'image/png', bytes: await gradientPng(40, 30) });
  files.set('gradient-alpha.png', { type: 'image/png', bytes: await gradientPng(20, 10, true) });
  files.set('mask.png', {
    type: 'image/png',
    bytes: await maskPng(64, 48, { x: 4, y: 4, w: 16, h: 12 }),
  });
  files.set('mask-small.png', {
    type: 'image/png',
    bytes: await maskPng(32, 24, { x: 2, y: 2, w: 8, h: 6 }),
  });
  files.set('not-a-picture.png', { type: 'image/png', bytes: Buffer.from('hello, not a PNG') });
});

afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

const fileUrl = (name: string) => `${origin}/api/files/${name}?sig=abc`;

async function settle(created: Prediction, timeoutMs = 8000): Promise<Prediction> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const prediction = await replicate.predictions.get(created.id);
    if (['succeeded', 'failed', 'canceled'].includes(prediction.status)) return prediction;
    if (Date.now() > deadline)
      throw new Error(`prediction ${created.id} still ${prediction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

async function run(
  target: { model: `${string}/${string}` } | { version: string },
  input: Record<string, unknown>,
): Promise<Prediction> {
  return settle(await replicate.predictions.create({ ...target, input }));
}

async function download(url: unknown): Promise<{ type: string | null; bytes: Buffer }> {
  if (typeof url !== 'string') throw new Error(`expected a URL, got ${JSON.stringify(url)}`);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return {
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function outputOf(prediction: Prediction): Promise<Pixels & { type: string | null }> {
  expect(prediction.error).toBeNull();
  expect(prediction.status).toBe('succeeded');
  const file = await download(prediction.output);
  return { ...(await pixels(file.bytes)), type: file.type };
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${origin}${PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer r8_test' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('nightmareai/real-esrgan', () => {
  it.each([2, 4])('makes each side exactly ×%d, a PNG', async (scale) => {
    const done = await run(
      { version: REAL_ESRGAN_VERSION },
      { image: fileUrl('gradient.png'), scale },
    );
    const out = await outputOf(done);
    expect(out.type).toBe('image/png');
    expect([out.width, out.height]).toEqual([40 * scale, 30 * scale]);
  });

  it('runs by owner/name:version, keeps alpha, and is not creatable by name', async () => {
    const done = await run(
      { version: `nightmareai/real-esrgan:${REAL_ESRGAN_VERSION}` },
      { image: fileUrl('gradient-alpha.png'), scale: 2 },
    );
    const out = await outputOf(done);
    expect([out.width, out.height, out.hasAlpha]).toEqual([40, 20, true]);
    expect(at(out, 2, 10)[3]).toBe(255);
    expect(at(out, 37, 10)[3]).toBeCloseTo(128, -1);
    const byName = await post('/v1/models/nightmareai/real-esrgan/predictions', {
      input: { image: fileUrl('gradient.png') },
    });
    expect(byName.status).toBe(404);
  });
});

describe('bria/remove-background', () => {
  it('cuts a simple subject out: transparent corners, an opaque centre', async () => {
    const done = await run({ model: 'bria/remove-background' }, { image: fileUrl('circle.png') });
    const out = await outputOf(done);
    expect([out.type, out.width, out.height, out.hasAlpha]).toEqual(['image/png', 64, 48, true]);
    for (const [x, y] of [
      [0, 0],
      [63, 0],
      [0, 47],
      [63, 47],
      [10, 24],
    ] as const) {
      expect(at(out, x, y)[3], `${x},${y}`).toBe(0);
    }
    expect(maxDiff(at(out, 32, 24), [...RED])).toBeLessThanOrEqual(2);
    expect(at(out, 32, 24)[3]).toBe(255);
    expect(at(out, 32 + 10, 24)[3]).toBe(255);
  });

  it('reads image_url as a data URI and keeps the input alpha combined', async () => {
    // A red square on white with its left half already half transparent.
    const raw = Buffer.alloc(20 * 20 * 4);
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < 20; x++) {
        const red = x >= 6 && x < 14 && y >= 6 && y < 14;
        raw.set(red ? [220, 20, 30, x < 10 ? 100 : 255] : [255, 255, 255, 255], (y * 20 + x) * 4);
      }
    }
    const png = await sharp(raw, { raw: { width: 20, height: 20, channels: 4 } })
      .png()
      .toBuffer();
    const done = await run(
      { model: 'bria/remove-background' },
      { image_url: `data:image/png;base64,${png.toString('base64')}` },
    );
    const out = await outputOf(done);
    expect(at(out, 0, 0)[3]).toBe(0);
    expect(at(out, 12, 10)[3]).toBe(255);
    expect(at(out, 8, 10)[3]).toBeLessThanOrEqual(100);
    expect(at(out, 8, 10)[3]).toBeGreaterThan(0);
  });
});

describe('bria/generate-background', () => {
  it('keeps the subject and paints a new scene behind it, as an array of one URI', async () => {
    const done = await run(
      { model: 'bria/generate-background' },
      { image: fileUrl('circle.png'), bg_prompt: 'a sunny beach', original_quality: true },
    );
    expect(Array.isArray(done.output)).toBe(true);
    expect(done.output).toHaveLength(1);
    const out = await outputOf({ ...done, output: done.output[0] });
    expect([out.type, out.width, out.height]).toEqual(['image/png', 64, 48]);
    for (const [x, y] of [
      [32, 24],
      [28, 20],
      [40, 26],
    ] as const) {
      expect(maxDiff(at(out, x, y), [...RED]), `${x},${y}`).toBeLessThanOrEqual(2);
    }
    for (const [x, y] of [
      [0, 0],
      [63, 47],
      [5, 24],
    ] as const) {
      expect(maxDiff(at(out, x, y), [255, 255, 255]), `${x},${y}`).toBeGreaterThan(30);
      expect(at(out, x, y)[3]).toBe(255);
    }
  });

  it('scales to about a megapixel without original_quality, and uses a reference image', async () => {
    const done = await run(
      { model: 'bria/generate-background' },
      { image_url: fileUrl('circle.png'), ref_image_url: fileUrl('gradient.png') },
    );
    expect(done.status).toBe('succeeded');
    const file = await download(done.output[0]);
    const meta = await sharp(file.bytes).metadata();
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeGreaterThan(0.95 * 1024 * 1024);
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(64 / 48, 2);
  });

  it('fails on #fail in bg_prompt', async () => {
    const done = await run(
      { model: 'bria/generate-background' },
      { image: fileUrl('circle.png'), bg_prompt: 'a beach #fail' },
    );
    expect(done).toMatchObject({ status: 'failed', output: null });
    expect(done.error).toContain('#fail');
  });
});

describe('bria/expand-image', () => {
  it('places the original at original_image_location on a canvas_size canvas', async () => {
    const original = await pixels(files.get('gradient.png')?.bytes ?? Buffer.alloc(0));
    const done = await run(
      { model: 'bria/expand-image' },
      {
        image: fileUrl('gradient.png'),
        canvas_size: [100, 80],
        original_image_size: [40, 30],
        original_image_location: [50, 10],
        prompt: 'a meadow',
      },
    );
    const out = await outputOf(done);
    expect([out.type, out.width, out.height]).toEqual(['image/png', 100, 80]);
    let worst = 0;
    for (let y = 0; y < 30; y++) {
      for (let x = 0; x < 40; x++)
        worst = Math.max(worst, maxDiff(at(out, 50 + x, 10 + y), at(original, x, y)));
    }
    expect(worst).toBeLessThanOrEqual(2);
    // The rest continues the picture: not one flat colour.
    const filled = [at(out, 0, 0), at(out, 0, 79), at(out, 45, 60), at(out, 99, 79)];
    expect(new Set(filled.map((p) => p.slice(0, 3).join())).size).toBeGreaterThan(1);
  });

  it('crops an original placed partly outside, and centres it for aspect_ratio', async () => {
    const original = await pixels(files.get('gradient.png')?.bytes ?? Buffer.alloc(0));
    const cropped = await outputOf(
      await run(
        { model: 'bria/expand-image' },
        {
          image_url: fileUrl('gradient.png'),
          canvas_size: [60, 50],
          original_image_size: [40, 30],
          original_image_location: [-10, 30],
        },
      ),
    );
    expect([cropped.width, cropped.height]).toEqual([60, 50]);
    expect(maxDiff(at(cropped, 0, 30), at(original, 10, 0))).toBeLessThanOrEqual(2);
    expect(maxDiff(at(cropped, 29, 49), at(original, 39, 19))).toBeLessThanOrEqual(2);

    const wide = await outputOf(
      await run(
        { model: 'bria/expand-image' },
        { image: fileUrl('gradient.png'), aspect_ratio: '16:9' },
      ),
    );
    expect([wide.width, wide.height]).toEqual([53, 30]);
    expect(maxDiff(at(wide, 7, 0), at(original, 0, 0))).toBeLessThanOrEqual(2);
  });
});

describe('black-forest-labs/flux-fill-pro', () => {
  async function fillRegion(prompt: string) {
    const original = await pixels(files.get('circle.png')?.bytes ?? Buffer.alloc(0));
    const done = await run(
      { model: 'black-forest-labs/flux-fill-pro' },
      { image: fileUrl('circle.png'), mask: fileUrl('mask.png'), prompt, output_format: 'png' },
    );
    const out = await outputOf(done);
    expect([out.type, out.width, out.height]).toEqual(['image/png', 64, 48]);
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < 48; y++) {
      for (let x = 0; x < 64; x++) {
        const masked = x >= 4 && x < 20 && y >= 4 && y < 16;
        const diff = maxDiff(at(out, x, y), at(original, x, y));
        if (masked) inside += diff;
        else outside = Math.max(outside, diff);
      }
    }
    return { outside, insideMean: inside / (16 * 12), out };
  }

  it('repaints the white part of the mask from the prompt and keeps the rest', async () => {
    const { outside, insideMean } = await fillRegion('a blue bird');
    expect(outside).toBeLessThanOrEqual(2);
    expect(insideMean).toBeGreaterThan(40);
  });

  it('erases by continuing the surroundings', async () => {
    const { outside } = await fillRegion(
      'Remove the object and continue the surrounding background',
    );
    expect(outside).toBeLessThanOrEqual(2);
    const image = await sharp(files.get('circle.png')?.bytes ?? Buffer.alloc(0))
      .composite([
        {
          input: await sharp({
            create: { width: 10, height: 6, channels: 3, background: '#0000ff' },
          })
            .png()
            .toBuffer(),
          left: 7,
          top: 7,
        },
      ])
      .png()
      .toBuffer();
    // A blue box inside the mask, white around it: erasing brings back the white.
    const done = await run(
      { model: 'black-forest-labs/flux-fill-pro' },
      {
        image: `data:image/png;base64,${image.toString('base64')}`,
        mask: fileUrl('mask.png'),
        prompt: 'erase it',
        output_format: 'png',
      },
    );
    const out = await outputOf(done);
    const centre = at(out, 12, 10);
    // Not the blue box any more, but the white (and a little red) around it, blurred in.
    expect(centre[0]).toBeGreaterThan(150);
    expect(centre[1]).toBeGreaterThan(100);
    expect((centre[2] ?? 0) - (centre[0] ?? 0)).toBeLessThan(40);
  });

  it('resizes a mask of another size, defaults to JPEG, and outpaints by preset', async () => {
    const done = await run(
      { model: 'black-forest-labs/flux-fill-pro' },
      { image: fileUrl('circle.png'), mask: fileUrl('mask-small.png'), prompt: 'a cloud' },
    );
    const out = await outputOf(done);
    expect([out.type, out.width, out.height]).toEqual(['image/jpeg', 64, 48]);
    expect(maxDiff(at(out, 32, 24), [...RED])).toBeLessThanOrEqual(12);
    expect(maxDiff(at(out, 12, 10), [255, 255, 255])).toBeGreaterThan(30);

    const zoomed = await outputOf(
      await run(
        { model: 'black-forest-labs/flux-fill-pro' },
        {
          image: fileUrl('circle.png'),
          outpaint: 'Zoom out 2x',
          prompt: 'a field',
          output_format: 'png',
        },
      ),
    );
    expect([zoomed.width, zoomed.height]).toEqual([128, 96]);
    expect(maxDiff(at(zoomed, 64, 48), [...RED])).toBeLessThanOrEqual(2);
  });
});

describe('tool inputs', () => {
  it('fails with a clear error when the input cannot be fetched or decoded', async () => {
    const missing = await run({ model: 'bria/remove-background' }, { image: fileUrl('nope.png') });
    expect(missing).toMatchObject({ status: 'failed', output: null });
    expect(missing.error).toBe('Prediction failed: could not read input image: HTTP 404');

    const garbage = await run(
      { version: REAL_ESRGAN_VERSION },
      { image: fileUrl('not-a-picture.png') },
    );
    expect(garbage.status).toBe('failed');
    expect(garbage.error).toContain('could not read input image: not a picture');

    const badMask = await run(
      { model: 'black-forest-labs/flux-fill-pro' },
      { image: fileUrl('circle.png'), mask: fileUrl('gone.png'), prompt: 'x' },
    );
    expect(badMask.error).toContain('could not read input mask');
  });

  it('fails a prompt-less tool on #fail in the picture URL fragment', async () => {
    const done = await run(
      { version: REAL_ESRGAN_VERSION },
      { image: `${fileUrl('gradient.png')}#fail` },
    );
    expect(done).toMatchObject({ status: 'failed', output: null });
    expect(done.error).toContain('#fail');
  });

  it('keeps a #slow tool running until it is canceled', async () => {
    const created = await replicate.predictions.create({
      model: 'bria/expand-image',
      input: { image: fileUrl('gradient.png'), aspect_ratio: '1:1', prompt: 'a wide sky #slow' },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await replicate.predictions.get(created.id)).status).toBe('processing');
    expect((await replicate.predictions.cancel(created.id)).status).toBe('canceled');
  });

  it.each([
    [
      '/v1/models/bria/remove-background/predictions',
      {},
      'input.image',
      'image or image_url is required',
    ],
    [
      '/v1/models/bria/generate-background/predictions',
      { image: 'https://kadr.test/a.png' },
      'input.bg_prompt',
      'bg_prompt or a reference image',
    ],
    [
      '/v1/models/bria/expand-image/predictions',
      { prompt: 'x' },
      'input.image',
      'image or image_url',
    ],
    [
      '/v1/models/bria/expand-image/predictions',
      { image: 'https://kadr.test/a.png', canvas_size: [6000, 6000] },
      'input.canvas_size',
      '5000x5000',
    ],
    [
      '/v1/models/black-forest-labs/flux-fill-pro/predictions',
      { prompt: 'x' },
      'input.image',
      'image is required',
    ],
    [
      '/v1/models/black-forest-labs/flux-fill-pro/predictions',
      { image: 'https://kadr.test/a.png', outpaint: 'Zoom out 3x' },
      'input.outpaint',
      '',
    ],
  ])('%s %j → 422 at %s', async (path, input, field, description) => {
    const result = await post(path, { input });
    expect(result.status).toBe(422);
    expect(result.body.invalid_fields).toContainEqual({
      type: 'invalid',
      field,
      description: expect.stringContaining(description),
    });
  });

  it('answers 422 for real-esrgan without an image or with a scale out of range', async () => {
    const result = await post('/v1/predictions', {
      version: REAL_ESRGAN_VERSION,
      input: { scale: 11 },
    });
    expect(result.status).toBe(422);
    expect(result.body.invalid_fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'input.image', description: 'image is required' }),
        expect.objectContaining({ field: 'input.scale' }),
      ]),
    );
  });
});
