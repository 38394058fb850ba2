import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameDifference, probeVideo, readVideoFrame } from './frames.ts';
import { END_FRAME_HOLD_SEC, resolveFfmpegPath, VIDEO_RENDER_FPS } from './media.ts';
import { createReplicateEmulator } from './replicate-emulator.ts';

// Issue #48: Seedance given a first frame (`image`) and a `last_frame_image` starts on the one and
// ends on the other.

const PREFIX = '/emulators/replicate';
const run = promisify(execFile);
let app: FastifyInstance;
let origin = '';
let storageDir = '';
let replicate: Replicate;
/** Pictures Kadr's storage would serve, by name. */
const files = new Map<string, Buffer>();
/** An H.264 frame of the picture it shows differs by a few units; another picture by tens. */
const SAME_PICTURE = 12;

/** A diagonal gradient from `from` to `to` with a white disc: smooth, with one sharp edge. */
function picture(from: string, to: string, width = 320, height = 180): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.3}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const fileUrl = (name: string) => `${origin}/api/files/${name}?sig=abc`;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-end-frames-test-'));
  const emulator = createReplicateEmulator({
    latencyMs: 20,
    storageDir,
    publicBaseUrl: () => `${origin}${PREFIX}`,
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  app.get<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const bytes = files.get(request.params.name);
    if (!bytes) return reply.code(404).send({ error: 'not found' });
    return reply.type('image/png').send(bytes);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  replicate = new Replicate({
    auth: 'r8_test',
    baseUrl: `${origin}${PREFIX}/v1`,
    useFileOutput: false,
  });
  files.set('start.png', await picture('#d42a1e', '#f2c40c'));
  files.set('end.png', await picture('#1438c8', '#19b46e'));
  files.set('not-a-picture.png', Buffer.from('hello, not a PNG'));
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

/** Frame `index` (from 0) of a video, decoded to RGB. */
async function frameAt(video: Buffer, index: number, name: string) {
  const path = join(storageDir, `${name}.mp4`);
  const png = join(storageDir, `${name}-${index}.png`);
  await writeFile(path, video);
  await run(resolveFfmpegPath(), [
    '-loglevel',
    'error',
    '-y',
    '-i',
    path,
    '-vf',
    `select=eq(n\\,${index})`,
    '-vsync',
    '0',
    '-frames:v',
    '1',
    png,
  ]);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The HTTP answer to a create, for the refusals' bodies. */
async function createOverHttp(model: string, input: Record<string, unknown>) {
  const response = await fetch(`${origin}${PREFIX}/v1/models/${model}/predictions`, {
    method: 'POST',
    headers: { authorization: 'Bearer r8_test', 'content-type': 'application/json' },
    body: JSON.stringify({ input }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      detail: string;
      invalid_fields?: { field: string; description: string }[];
    },
  };
}

describe('start and end frames', () => {
  it('seedance-1-pro starts on image and ends on last_frame_image, as long and as large as without', async () => {
    const start = files.get('start.png') as Buffer;
    const end = files.get('end.png') as Buffer;
    const input = { prompt: 'the sky turns blue', duration: 2, resolution: '480p' };
    const [framed, plain] = await Promise.all([
      settle('bytedance/seedance-1-pro', {
        ...input,
        image: fileUrl('start.png'),
        last_frame_image: dataUri(end),
      }),
      settle('bytedance/seedance-1-pro', { ...input, image: fileUrl('start.png') }),
    ]);
    expect(framed.error).toBeNull();
    expect(framed.status).toBe('succeeded');
    expect(framed.logs).toContain('from the first frame to the last frame');
    expect(plain.status).toBe('succeeded');
    const video = await download(framed.output);

    const facts = await probeVideo(video);
    expect(facts).toMatchObject({ codec: 'h264', fps: VIDEO_RENDER_FPS, width: 640, height: 360 });
    expect(facts.durationSec).toBeCloseTo(2, 1);
    expect(facts.frameCount).toBe(2 * VIDEO_RENDER_FPS);
    // Without the end frame: the same codec, size, frame rate and length.
    const plainFacts = await probeVideo(await download(plain.output));
    expect({ ...plainFacts, durationSec: 0 }).toEqual({ ...facts, durationSec: 0 });
    expect(plainFacts.durationSec).toBeCloseTo(facts.durationSec, 1);

    const first = await readVideoFrame(video, 'first');
    const last = await readVideoFrame(video, 'last');
    expect(await frameDifference(first, start)).toBeLessThan(SAME_PICTURE);
    expect(await frameDifference(last, end)).toBeLessThan(SAME_PICTURE);
    // …and they are different pictures, so the comparison means something.
    expect(await frameDifference(last, start)).toBeGreaterThan(40);
    expect(await frameDifference(first, end)).toBeGreaterThan(40);

    // The end picture holds, alone, for the last half second; the middle is neither picture.
    const hold = Math.round(END_FRAME_HOLD_SEC * VIDEO_RENDER_FPS);
    const holdStart = await frameAt(video, facts.frameCount - hold, 'pro');
    expect(await frameDifference(holdStart, end)).toBeLessThan(SAME_PICTURE);
    const beforeHold = await frameAt(video, facts.frameCount - hold - 1, 'pro');
    expect(await frameDifference(beforeHold, end)).toBeGreaterThan(2);
    const middle = await frameAt(video, facts.frameCount / 2, 'pro');
    expect(await frameDifference(middle, start)).toBeGreaterThan(SAME_PICTURE);
    expect(await frameDifference(middle, end)).toBeGreaterThan(SAME_PICTURE);
  });

  it('seedance-1-lite loops: the same picture at both ends', async () => {
    const start = files.get('start.png') as Buffer;
    const prediction = await settle('bytedance/seedance-1-lite', {
      prompt: 'a loop',
      image: dataUri(start),
      last_frame_image: dataUri(start),
      duration: 2,
      resolution: '480p',
    });
    expect(prediction.error).toBeNull();
    const video = await download(prediction.output);
    expect(await probeVideo(video)).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(await frameDifference(await readVideoFrame(video, 'first'), start)).toBeLessThan(
      SAME_PICTURE,
    );
    expect(await frameDifference(await readVideoFrame(video, 'last'), start)).toBeLessThan(
      SAME_PICTURE,
    );
  });

  it('refuses last_frame_image without image, and with reference_images', async () => {
    const end = dataUri(files.get('end.png') as Buffer);
    for (const model of ['bytedance/seedance-1-pro', 'bytedance/seedance-1-lite'] as const) {
      await expect(
        replicate.predictions.create({ model, input: { prompt: 'x', last_frame_image: end } }),
      ).rejects.toThrow(/last_frame_image can only be used together with image/);
    }
    const alone = await createOverHttp('bytedance/seedance-1-pro', {
      prompt: 'x',
      image: null,
      last_frame_image: end,
    });
    expect(alone.status).toBe(422);
    expect(alone.body.invalid_fields).toEqual([
      {
        type: 'invalid',
        field: 'input.last_frame_image',
        description: 'last_frame_image can only be used together with image (the first frame)',
      },
    ]);

    const withReferences = await createOverHttp('bytedance/seedance-1-lite', {
      prompt: 'x',
      image: end,
      last_frame_image: end,
      reference_images: [end],
    });
    expect(withReferences.status).toBe(422);
    expect(withReferences.body.invalid_fields?.map((field) => field.field)).toEqual([
      'input.reference_images',
    ]);
    expect(withReferences.body.detail).toMatch(/reference_images cannot be used/);
  });

  it('fails a prediction whose last frame cannot be read, naming the field', async () => {
    const input = { prompt: 'x', duration: 2, resolution: '480p', image: fileUrl('start.png') };
    const [missing, broken] = await Promise.all([
      settle('bytedance/seedance-1-lite', { ...input, last_frame_image: fileUrl('gone.png') }),
      settle('bytedance/seedance-1-lite', {
        ...input,
        last_frame_image: fileUrl('not-a-picture.png'),
      }),
    ]);
    expect(missing.status).toBe('failed');
    expect(missing.error).toBe(
      'Prediction failed: could not read input last_frame_image: HTTP 404',
    );
    expect(broken.status).toBe('failed');
    expect(broken.error).toBe(
      'Prediction failed: could not read input last_frame_image: not a picture the model can decode',
    );
  });
});
