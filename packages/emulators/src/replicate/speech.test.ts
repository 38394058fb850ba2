import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  frameDifference,
  makeRecording,
  meanVolume,
  probeVideo,
  readVideoFrame,
} from './frames.ts';
import { createReplicateEmulator } from './replicate-emulator.ts';

// Issue #48: OmniHuman 1.5 makes the person in `image` speak `audio`. The emulator's video shows the
// picture for as long as the recording lasts and carries the recording as its sound.

const PREFIX = '/emulators/replicate';
let app: FastifyInstance;
let origin = '';
let storageDir = '';
let replicate: Replicate;
const files = new Map<string, { type: string; bytes: Buffer }>();
const fileUrl = (name: string) => `${origin}/api/files/${name}?sig=abc`;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-speech-test-'));
  const emulator = createReplicateEmulator({
    latencyMs: 20,
    storageDir,
    publicBaseUrl: () => `${origin}${PREFIX}`,
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
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

  const face = await sharp({
    create: { width: 480, height: 640, channels: 3, background: '#c2410c' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640"><circle cx="240" cy="260" r="150" fill="#fde68a"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  files.set('face.png', { type: 'image/png', bytes: face });
  const recording = join(storageDir, 'line.mp3');
  await makeRecording(recording, { toneSec: 1.5, silenceSec: 1.7 });
  files.set('line.mp3', { type: 'audio/mpeg', bytes: await readFile(recording) });
  files.set('noise.mp3', { type: 'audio/mpeg', bytes: Buffer.from('not a recording at all') });
});

afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function settle(input: Record<string, unknown>): Promise<Prediction> {
  const created = await replicate.predictions.create({ model: 'bytedance/omni-human-1.5', input });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const prediction = await replicate.predictions.get(created.id);
    if (['succeeded', 'failed', 'canceled'].includes(prediction.status)) return prediction;
    if (Date.now() > deadline) throw new Error(`still ${prediction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a talking character (OmniHuman 1.5)', () => {
  it('holds the picture for as long as the recording, whose sound it carries', async () => {
    const prediction = await settle({ image: fileUrl('face.png'), audio: fileUrl('line.mp3') });
    expect(prediction.error).toBeNull();
    expect(prediction.logs).toContain('speaking the recording');
    const response = await fetch(String(prediction.output));
    const video = Buffer.from(await response.arrayBuffer());

    const facts = await probeVideo(video);
    expect(facts).toMatchObject({ codec: 'h264', audio: 'aac' });
    // The picture's shape (3:4), and the recording's length.
    expect(facts.width / facts.height).toBeCloseTo(3 / 4, 1);
    expect(facts.durationSec).toBeGreaterThan(3.1);
    expect(facts.durationSec).toBeLessThan(3.5);

    // The sound is the recording's: loud while it speaks, silent after.
    expect(await meanVolume(video, 0.2, 1.3)).toBeGreaterThan(-30);
    expect(await meanVolume(video, 1.8, 3.0)).toBeLessThan(-70);

    // The picture is the person given, on the first frame and the last (its waveform aside).
    const face = files.get('face.png')?.bytes as Buffer;
    const top = async (which: 'first' | 'last') => {
      const frame = await readVideoFrame(video, which);
      const rows = Math.floor(frame.height * 0.7);
      return {
        width: frame.width,
        height: rows,
        data: frame.data.subarray(0, frame.width * rows * 3),
      };
    };
    const faceTop = await (async () => {
      const fitted = await sharp(face)
        .resize(facts.width, facts.height, { fit: 'cover' })
        .removeAlpha()
        .raw()
        .toBuffer();
      const rows = Math.floor(facts.height * 0.7);
      return { width: facts.width, height: rows, data: fitted.subarray(0, facts.width * rows * 3) };
    })();
    expect(await frameDifference(await top('first'), faceTop)).toBeLessThan(12);
    expect(await frameDifference(await top('last'), faceTop)).toBeLessThan(12);
  });

  it('fails, as the model does, on a file with no sound in it', async () => {
    const prediction = await settle({ image: fileUrl('face.png'), audio: fileUrl('noise.mp3') });
    expect(prediction.status).toBe('failed');
    expect(prediction.error).toMatch(/could not read input audio/);
  });

  it('refuses a create without the recording', async () => {
    await expect(
      replicate.predictions.create({
        model: 'bytedance/omni-human-1.5',
        input: { image: fileUrl('face.png') },
      }),
    ).rejects.toThrow(/audio is required/);
  });
});
