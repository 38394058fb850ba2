import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from './media.ts';
import { referenceSlots } from './references.ts';
import { createReplicateEmulator } from './replicate-emulator.ts';

// Issue #47: the emulator shows the reference pictures it was given on every output, in order, so
// a test sees which references reached the model.

const PREFIX = '/emulators/replicate';
const run = promisify(execFile);
let app: FastifyInstance;
let origin = '';
let storageDir = '';
let replicate: Replicate;

const colours = {
  red: [230, 30, 40],
  green: [30, 200, 60],
  blue: [40, 60, 220],
  yellow: [240, 210, 20],
} as const;
type Colour = keyof typeof colours;

async function square(colour: Colour, width = 300, height = 300): Promise<string> {
  const [r, g, b] = colours[colour];
  const png = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-references-test-'));
  const emulator = createReplicateEmulator({
    latencyMs: 30,
    storageDir,
    publicBaseUrl: () => `${origin}${PREFIX}`,
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  replicate = new Replicate({
    auth: 'r8_test',
    baseUrl: `${origin}${PREFIX}/v1`,
    useFileOutput: false,
  });
});

afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function settle(model: `${string}/${string}`, input: Record<string, unknown>) {
  const created = await replicate.predictions.create({ model, input });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const prediction: Prediction = await replicate.predictions.get(created.id);
    if (['succeeded', 'failed', 'canceled'].includes(prediction.status)) return prediction;
    if (Date.now() > deadline) throw new Error(`still ${prediction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function download(url: unknown): Promise<Buffer> {
  if (typeof url !== 'string') throw new Error(`not a URL: ${JSON.stringify(url)}`);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The colour at the centre of each reference's thumbnail, and the output's size. */
async function thumbnails(picture: Buffer, count: number) {
  const { data, info } = await sharp(picture)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  const seen = referenceSlots(size, count).map((slot) => {
    const x = slot.left + Math.floor(slot.side / 2);
    const y = slot.top + Math.floor(slot.side / 2);
    const o = (y * info.width + x) * 3;
    return [...data.subarray(o, o + 3)];
  });
  return { size, seen };
}

function expectColours(seen: number[][], expected: Colour[], tolerance: number) {
  expect(seen).toHaveLength(expected.length);
  seen.forEach((pixel, i) => {
    const want = colours[expected[i] as Colour];
    const off = Math.max(...pixel.map((v, c) => Math.abs(v - (want[c] ?? 0))));
    expect(off, `thumbnail ${i} is ${pixel.join(',')}, not ${expected[i]}`).toBeLessThanOrEqual(
      tolerance,
    );
  });
}

describe('reference pictures', () => {
  it('seedream-4 shows each of its image_input in order, at its size', async () => {
    const prediction = await settle('bytedance/seedream-4', {
      prompt: 'Anna in a café',
      image_input: [await square('red'), await square('green'), await square('blue')],
      size: '1K',
      aspect_ratio: '16:9',
    });
    expect(prediction.error).toBeNull();
    expect(Array.isArray(prediction.output)).toBe(true);
    const { size, seen } = await thumbnails(await download(prediction.output[0]), 3);
    expect(size).toEqual({ width: 1024, height: 576 });
    expectColours(seen, ['red', 'green', 'blue'], 40);
    expect(prediction.logs).toContain('Using 3 reference image(s)');
  });

  it('nano-banana takes the first reference’s shape by default', async () => {
    const prediction = await settle('google/nano-banana', {
      prompt: 'the bottle on a beach',
      image_input: [await square('yellow', 400, 600), await square('blue')],
    });
    expect(prediction.error).toBeNull();
    const { size, seen } = await thumbnails(await download(prediction.output), 2);
    expect(size.height).toBeGreaterThan(size.width);
    expectColours(seen, ['yellow', 'blue'], 40);
  });

  it('seedance-1-lite shows its reference_images on the video’s frames', async () => {
    const prediction = await settle('bytedance/seedance-1-lite', {
      prompt: 'Anna walks',
      reference_images: [await square('green'), await square('red')],
      duration: 2,
      resolution: '480p',
    });
    expect(prediction.error).toBeNull();
    const video = join(storageDir, 'frame-test.mp4');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(video, await download(prediction.output));
    const frame = join(storageDir, 'frame.png');
    await run(resolveFfmpegPath(), [
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '1',
      '-i',
      video,
      '-frames:v',
      '1',
      frame,
    ]);
    const { seen } = await thumbnails(await sharp(frame).png().toBuffer(), 2);
    // H.264 at a small size moves colours a little.
    expectColours(seen, ['green', 'red'], 60);
  });

  it('refuses what the model refuses, and fails on a reference it cannot read', async () => {
    await expect(
      replicate.predictions.create({
        model: 'bytedance/seedance-1-lite',
        input: {
          prompt: 'x',
          reference_images: [await square('red')],
          image: await square('blue'),
        },
      }),
    ).rejects.toThrow(/reference_images cannot be used/);
    await expect(
      replicate.predictions.create({
        model: 'bytedance/seedream-4',
        input: { prompt: 'x', image_input: Array.from({ length: 11 }, () => 'data:,') },
      }),
    ).rejects.toThrow(/image_input/);
    const broken = await settle('bytedance/seedream-4', {
      prompt: 'x',
      size: '1K',
      image_input: [await square('red'), `${origin}/nowhere.png`],
    });
    expect(broken.status).toBe('failed');
    expect(broken.error).toContain('image_input[1]');
  });
});
