import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate, { type Prediction, validateWebhook } from 'replicate';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HUNYUAN_VIDEO_VERSION } from './models.ts';
import { createReplicateEmulator, type ReplicateEmulator } from './replicate-emulator.ts';

type Delivery = { headers: Record<string, string>; body: string; prediction: Prediction };

const PREFIX = '/emulators/replicate';
const API_TOKEN = 'r8_secret';

let app: FastifyInstance;
let origin = '';
let storageDir = '';
let emulator: ReplicateEmulator;
let replicate: Replicate;
const deliveries: Delivery[] = [];
const failuresLeft = new Map<string, number>();

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-emulator-test-'));
  emulator = createReplicateEmulator({
    latencyMs: 50,
    storageDir,
    publicBaseUrl: () => `${origin}${PREFIX}`,
    webhookRetryDelaysMs: [20, 40],
  });
  const secured = createReplicateEmulator({
    latencyMs: 50,
    storageDir,
    apiToken: API_TOKEN,
    reachable: {
      inputs: ['https://kadr.example/api/files/'],
      webhooks: ['https://kadr.example/api/webhooks/replicate?'],
    },
  });

  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  await app.register(secured.plugin, { prefix: '/secured' });
  // Kadr's side: a webhook receiver that needs the raw body to check signatures.
  await app.register(async (receiver) => {
    receiver.removeContentTypeParser('application/json');
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    receiver.post<{ Querystring: { key?: string } }>('/hooks/replicate', async (request, reply) => {
      const key = request.query.key ?? '';
      const left = failuresLeft.get(key) ?? 0;
      if (left > 0) {
        failuresLeft.set(key, left - 1);
        return reply.code(500).send();
      }
      const body = String(request.body);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      deliveries.push({ headers, body, prediction: JSON.parse(body) });
      return reply.code(204).send();
    });
  });
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

async function settle(id: string, timeoutMs = 10_000): Promise<Prediction> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const prediction = await replicate.predictions.get(id);
    if (['succeeded', 'failed', 'canceled'].includes(prediction.status)) return prediction;
    if (Date.now() > deadline) throw new Error(`prediction ${id} still ${prediction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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

/** Duration (s) from `mvhd` and the video size from the first `tkhd` with one. */
function readMp4(bytes: Buffer): { durationSec: number; width: number; height: number } {
  const mvhd = bytes.indexOf('mvhd') + 4;
  const v1 = bytes[mvhd] === 1;
  const timescale = bytes.readUInt32BE(mvhd + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd + 24)) : bytes.readUInt32BE(mvhd + 16);
  let width = 0;
  let height = 0;
  for (let at = bytes.indexOf('tkhd'); at >= 0 && width === 0; at = bytes.indexOf('tkhd', at + 4)) {
    const offset = at + 4 + (bytes[at + 4] === 1 ? 88 : 76);
    width = bytes.readUInt32BE(offset) / 65536;
    height = bytes.readUInt32BE(offset + 4) / 65536;
  }
  return { durationSec: duration / timescale, width, height };
}

function deliveriesOf(id: string): Delivery[] {
  return deliveries.filter((delivery) => delivery.prediction.id === id);
}

describe('replicate emulator over HTTP with the official client', () => {
  it('renders an imagen-4-ultra JPEG at 16:9 and sends signed start and completed webhooks', async () => {
    const created = await replicate.predictions.create({
      model: 'google/imagen-4-ultra',
      input: { prompt: 'кот', aspect_ratio: '16:9' },
      webhook: `${origin}/hooks/replicate?key=imagen`,
      webhook_events_filter: ['start', 'completed'],
    });
    expect(created).toMatchObject({
      model: 'google/imagen-4-ultra',
      status: 'starting',
      input: { prompt: 'кот', aspect_ratio: '16:9' },
      output: null,
      error: null,
      source: 'api',
      data_removed: false,
      started_at: null,
      completed_at: null,
      webhook: `${origin}/hooks/replicate?key=imagen`,
      webhook_events_filter: ['start', 'completed'],
      urls: {
        get: `${origin}${PREFIX}/v1/predictions/${created.id}`,
        cancel: `${origin}${PREFIX}/v1/predictions/${created.id}/cancel`,
      },
    });
    expect(created.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const done = await settle(created.id);
    expect(done.status).toBe('succeeded');
    expect(done.completed_at).toMatch(/\.\d{6}Z$/);
    expect(done.metrics?.predict_time).toBeGreaterThan(0);
    expect(typeof done.output).toBe('string');
    const image = await download(done.output);
    expect(image.type).toBe('image/jpeg');
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(16 / 9, 2);

    await emulator.webhooksSettled(created.id);
    const received = deliveriesOf(created.id);
    expect(received.map((delivery) => delivery.prediction.status)).toEqual([
      'processing',
      'succeeded',
    ]);
    expect(received[1]?.prediction.output).toBe(done.output);

    const { key } = await replicate.webhooks.default.secret.get();
    expect(key).toBe(emulator.webhookSecret);
    const ids = new Set<string>();
    for (const delivery of received) {
      const id = delivery.headers['webhook-id'] ?? '';
      ids.add(id);
      expect(id).toMatch(/^msg_/);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(new Webhook(key).verify(delivery.body, delivery.headers)).toEqual(delivery.prediction);
      await expect(
        validateWebhook(
          new Request('https://kadr.test/hook', {
            method: 'POST',
            headers: delivery.headers,
            body: delivery.body,
          }),
          key,
        ),
      ).resolves.toBe(true);
      await expect(
        validateWebhook({
          id,
          timestamp: delivery.headers['webhook-timestamp'] ?? '',
          signature: delivery.headers['webhook-signature'] ?? '',
          body: delivery.body,
          secret: key,
        }),
      ).resolves.toBe(true);
    }
    expect(ids.size).toBe(2);
  });

  it('retries a failed webhook delivery with the same webhook-id and sends all events by default', async () => {
    failuresLeft.set('retry', 1);
    const created = await replicate.predictions.create({
      model: 'bytedance/seedream-3',
      input: { prompt: 'retry me', size: 'small' },
      webhook: `${origin}/hooks/replicate?key=retry`,
    });
    expect(created.webhook_events_filter).toEqual(['start', 'output', 'logs', 'completed']);
    await settle(created.id);
    await emulator.webhooksSettled(created.id);
    const received = deliveriesOf(created.id);
    expect(received.map((delivery) => delivery.prediction.status)).toEqual([
      'processing',
      'processing',
      'processing',
      'succeeded',
    ]);
    expect(received[2]?.prediction.output).toMatch(/\.jpg$/);
    expect(new Set(received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(4);
    expect(failuresLeft.get('retry')).toBe(0);
  });

  it('renders a seedance-1-pro H.264 MP4 of the requested duration and ratio', async () => {
    const created = await replicate.predictions.create({
      model: 'bytedance/seedance-1-pro',
      input: { prompt: 'кот бежит по полю', duration: 5, aspect_ratio: '16:9' },
    });
    const done = await settle(created.id);
    expect(done.status).toBe('succeeded');
    const video = await download(done.output);
    expect(video.type).toBe('video/mp4');
    expect(video.bytes.includes('avc1')).toBe(true);
    expect(video.bytes.indexOf('moov')).toBeLessThan(video.bytes.indexOf('mdat'));
    const info = readMp4(video.bytes);
    expect(info.durationSec).toBeCloseTo(5, 1);
    expect(info.width / info.height).toBeCloseTo(16 / 9, 1);

    const partial = await fetch(String(done.output), { headers: { range: 'bytes=0-99' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 0-99/${video.bytes.length}`);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
  });

  it('returns qwen-image output as an array of WebP URLs', async () => {
    const created = await replicate.predictions.create({
      model: 'qwen/qwen-image',
      input: { prompt: 'лиса в лесу' },
    });
    const done = await settle(created.id);
    expect(done.status).toBe('succeeded');
    expect(Array.isArray(done.output)).toBe(true);
    expect(done.output).toHaveLength(1);
    const image = await download(done.output[0]);
    expect(image.type).toBe('image/webp');
    expect((await sharp(image.bytes).metadata()).format).toBe('webp');
  });

  it('runs tencent/hunyuan-video by version', async () => {
    const created = await replicate.predictions.create({
      version: HUNYUAN_VIDEO_VERSION,
      input: { prompt: 'a cat walks on the grass', video_length: 49, fps: 12 },
    });
    expect(created).toMatchObject({
      model: 'tencent/hunyuan-video',
      version: HUNYUAN_VIDEO_VERSION,
    });
    const done = await settle(created.id);
    expect(done.status).toBe('succeeded');
    const info = readMp4((await download(done.output)).bytes);
    expect(info.durationSec).toBeCloseTo(49 / 12, 1);
    expect(info.width / info.height).toBeCloseTo(864 / 480, 1);
  });

  it('fails a prediction whose prompt has #fail', async () => {
    const created = await replicate.predictions.create({
      model: 'black-forest-labs/flux-dev',
      input: { prompt: 'кот #fail' },
    });
    const done = await settle(created.id);
    expect(done).toMatchObject({ status: 'failed', output: null });
    expect(done.error).toContain('#fail');
    expect(done.completed_at).not.toBeNull();
  });

  it('cancels a #slow prediction; canceling again changes nothing', async () => {
    const created = await replicate.predictions.create({
      model: 'google/veo-3',
      input: { prompt: 'долгий рассвет #slow' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await replicate.predictions.get(created.id)).status).toBe('processing');
    const canceled = await replicate.predictions.cancel(created.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.completed_at).toMatch(/Z$/);
    expect(await replicate.predictions.cancel(created.id)).toEqual(canceled);
    expect(await replicate.predictions.get(created.id)).toEqual(canceled);
  });

  it('translates Russian with the LLM stand-in, fast whatever the latency', async () => {
    emulator.setLatencyMs(3000);
    try {
      const started = Date.now();
      const created = await replicate.predictions.create({
        model: 'meta/meta-llama-3-8b-instruct',
        input: { prompt: 'Translate to English, reply with the translation only:\nкот на луне' },
      });
      const done = await settle(created.id);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(done.status).toBe('succeeded');
      expect(Array.isArray(done.output)).toBe(true);
      expect(done.output.join('')).toBe('cat on moon');
    } finally {
      emulator.setLatencyMs(50);
    }
    expect(emulator.getLatencyMs()).toBe(50);
  });

  it('honours Prefer: wait, so replicate.run() returns the output', async () => {
    const output = await replicate.run('black-forest-labs/flux-kontext-pro', {
      input: { prompt: 'портрет', aspect_ratio: '4:3', output_format: 'jpg' },
    });
    expect(typeof output).toBe('string');
    const meta = await sharp((await download(output)).bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(4 / 3, 1);
  });
});

/** Replicate's error body, or any JSON object on success. */
const problemSchema = z.looseObject({
  detail: z.string().optional(),
  status: z.unknown(),
  title: z.string().optional(),
});

describe('replicate emulator errors', () => {
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer r8_test', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: problemSchema.parse(await response.json()) };
  }

  it('answers 404 with detail for an unknown model', async () => {
    const result = await post(`${PREFIX}/v1/models/acme/nope/predictions`, {
      input: { prompt: 'x' },
    });
    expect(result.status).toBe(404);
    expect(result.body.detail).toEqual(expect.any(String));
    await expect(
      replicate.predictions.create({ model: 'acme/nope', input: { prompt: 'x' } }),
    ).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('answers 404 for an unknown prediction', async () => {
    await expect(replicate.predictions.get('doesnotexist')).rejects.toMatchObject({
      response: { status: 404 },
    });
  });

  it('answers 422 for a missing prompt, missing input and an unknown version', async () => {
    const noPrompt = await post(`${PREFIX}/v1/models/google/imagen-4-ultra/predictions`, {
      input: { aspect_ratio: '1:1' },
    });
    expect(noPrompt.status).toBe(422);
    expect(noPrompt.body).toMatchObject({ status: 422, title: expect.any(String) });
    expect(noPrompt.body.detail).toContain('prompt is required');

    const noInput = await post(`${PREFIX}/v1/models/google/imagen-4-ultra/predictions`, {});
    expect(noInput).toMatchObject({
      status: 422,
      body: { detail: expect.stringContaining('input') },
    });

    const badVersion = await post(`${PREFIX}/v1/predictions`, {
      version: 'f'.repeat(64),
      input: { prompt: 'x' },
    });
    expect(badVersion).toMatchObject({
      status: 422,
      body: { status: 422, title: expect.any(String) },
    });
  });

  it('requires the API token when one is configured', async () => {
    const path = '/secured/v1/models/google/imagen-4-ultra/predictions';
    const anonymous = await post(path, { input: { prompt: 'x' } }, { authorization: '' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
    expect((await post(path, { input: { prompt: 'x' } })).status).toBe(401);
    expect(
      (await post(path, { input: { prompt: 'x' } }, { authorization: `Token ${API_TOKEN}` }))
        .status,
    ).toBe(201);

    const client = new Replicate({ auth: API_TOKEN, baseUrl: `${origin}/secured/v1` });
    const created = await client.predictions.create({
      model: 'google/imagen-4-ultra',
      input: { prompt: 'x' },
    });
    expect(created.urls.get).toBe(`${origin}/secured/v1/predictions/${created.id}`);
  });

  // Attack: a reachable demo's emulator listed every prediction and served its webhook secret to
  // anyone, and fetched (or posted to) any address it was handed.
  it('shows its predictions and webhook secret only to its token', async () => {
    for (const path of ['/secured/v1/predictions', '/secured/v1/webhooks/default/secret']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(401);
      const wrong = await fetch(`${origin}${path}`, { headers: { authorization: 'Bearer r8_x' } });
      expect(wrong.status, path).toBe(401);
    }
  });

  it('fetches inputs and posts webhooks only where it is allowed to', async () => {
    const path = '/secured/v1/models/black-forest-labs/flux-kontext-pro/predictions';
    const auth = { authorization: `Bearer ${API_TOKEN}` };
    for (const body of [
      { input: { prompt: 'x', input_image: 'http://169.254.169.254/latest/meta-data/' } },
      { input: { prompt: 'x', input_image: 'http://127.0.0.1:5432/' } },
      { input: { prompt: 'x' }, webhook: 'https://evil.example/collect' },
      {
        input: { prompt: 'x' },
        webhook: 'https://kadr.example/api/webhooks/replicate.evil.example/',
      },
    ]) {
      const res = await post(path, body, auth);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const allowed = await post(
      path,
      { input: { prompt: 'x' }, webhook: 'https://kadr.example/api/webhooks/replicate?request=a' },
      auth,
    );
    expect(allowed.status).toBe(201);
  });
});
