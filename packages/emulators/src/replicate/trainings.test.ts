import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate, { type Prediction, type Training } from 'replicate';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { z } from 'zod';
import { FLUX_LORA_TRAINER_VERSION } from './models.ts';
import { createReplicateEmulator, type ReplicateEmulator } from './replicate-emulator.ts';
import { TRIGGER_MARK_RGB, trainedLoraMarks } from './trained-lora.ts';

// Training a character once (issue #47): ostris/flux-dev-lora-trainer's trainings API, driven with
// the official client, and the trained version run as a model whose pictures show what it learnt.

const PREFIX = '/emulators/replicate';
const TRIGGER = 'KDRTSTXZ';
const TRAINER = ['ostris', 'flux-dev-lora-trainer', FLUX_LORA_TRAINER_VERSION] as const;

let app: FastifyInstance;
let origin = '';
let storageDir = '';
let emulator: ReplicateEmulator;
let replicate: Replicate;
/** Files the tests hand the emulator by URL, as Kadr hands signed URLs of its storage. */
const files = new Map<string, Buffer>();
const deliveries: { headers: Record<string, string>; body: string }[] = [];

const colours = {
  red: [230, 30, 40],
  green: [30, 200, 60],
  blue: [40, 60, 220],
} as const;
type Colour = keyof typeof colours;

function picture(colour: Colour, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const [r, g, b] = colours[colour];
  return sharp({ create: { width: 200, height: 240, channels: 3, background: { r, g, b } } })
    .toFormat(format, format === 'webp' ? { lossless: true } : {})
    .toBuffer();
}

function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Serves `data` and returns its URL. */
function serve(name: string, data: Buffer): string {
  files.set(name, data);
  return `${origin}/files/${name}`;
}

/** Three pictures (png, jpg, webp), one caption, and the entries the trainer skips. */
async function characterZip(): Promise<string> {
  return serve(
    'anna.zip',
    await zipOf([
      { name: 'c-blue.webp', data: await picture('blue', 'webp') },
      { name: 'a-red.png', data: await picture('red', 'png') },
      { name: 'a-red.txt', data: Buffer.from(`a photo of ${TRIGGER}, smiling`) },
      { name: 'b-green.jpg', data: await picture('green', 'jpeg') },
      { name: '__MACOSX/._a-red.png', data: Buffer.from('resource fork') },
      { name: '._b-green.jpg', data: Buffer.from('resource fork') },
      { name: 'notes.md', data: Buffer.from('not a picture') },
    ]),
  );
}

function createEmulator(): ReplicateEmulator {
  return createReplicateEmulator({
    latencyMs: 30,
    storageDir,
    publicBaseUrl: () => `${origin}${PREFIX}`,
    webhookRetryDelaysMs: [20],
  });
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-trainings-test-'));
  emulator = createEmulator();
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => {
    const data = files.get(request.params.name);
    return data ? reply.type('application/zip').send(data) : reply.code(404).send();
  });
  await app.register(async (receiver) => {
    receiver.removeContentTypeParser('application/json');
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    receiver.post('/hooks', async (request, reply) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      deliveries.push({ headers, body: String(request.body) });
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

async function createDestination(name: string): Promise<void> {
  await replicate.models.create('kadr', name, { visibility: 'private', hardware: 'gpu-h100' });
}

function train(destination: string, input: Record<string, unknown>, client = replicate) {
  return client.trainings.create(...TRAINER, {
    destination: `kadr/${destination}`,
    input,
  });
}

/** Polls until terminal; every status seen on the way. */
async function settleTraining(id: string): Promise<{ training: Training; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + 5000;
  for (;;) {
    const training = await replicate.trainings.get(id);
    if (seen.at(-1) !== training.status) seen.push(training.status);
    if (['succeeded', 'failed', 'canceled'].includes(training.status)) return { training, seen };
    if (Date.now() > deadline) throw new Error(`training ${id} still ${training.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function settlePrediction(
  version: string,
  input: Record<string, unknown>,
  client = replicate,
) {
  const created = await client.predictions.create({ version, input });
  const deadline = Date.now() + 5000;
  for (;;) {
    const prediction: Prediction = await client.predictions.get(created.id);
    if (['succeeded', 'failed', 'canceled'].includes(prediction.status)) return prediction;
    if (Date.now() > deadline) throw new Error(`prediction still ${prediction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function download(url: unknown): Promise<Buffer> {
  if (typeof url !== 'string') throw new Error(`not a URL: ${JSON.stringify(url)}`);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The files of an uncompressed tar by name, each header's checksum checked. */
function tarFiles(tar: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const field = (header: Buffer, start: number, length: number) =>
    header.toString('utf8', start, start + length).replace(/\0[\s\S]*$/, '');
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    let sum = 0;
    header.forEach((byte, i) => {
      sum += i >= 148 && i < 156 ? 32 : byte;
    });
    expect(Number.parseInt(field(header, 148, 8), 8)).toBe(sum);
    expect(field(header, 257, 6)).toBe('ustar');
    const size = Number.parseInt(field(header, 124, 12), 8);
    entries.set(field(header, 0, 100), tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** What an output shows: the colour in the middle of each thumbnail, and of the trigger mark. */
async function marksOf(output: Buffer, pictures: number) {
  const { data, info } = await sharp(output)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  const marks = trainedLoraMarks(size, pictures);
  return {
    size,
    thumbnails: marks.thumbnails.map((slot) =>
      at(slot.left + Math.floor(slot.side / 2), slot.top + Math.floor(slot.side / 2)),
    ),
    trigger: at(
      marks.trigger.left + Math.floor(marks.trigger.width / 2),
      marks.trigger.top + Math.floor(marks.trigger.height / 2),
    ),
  };
}

function near(pixel: number[], want: readonly number[], tolerance = 40): boolean {
  return pixel.every((value, c) => Math.abs(value - (want[c] ?? 0)) <= tolerance);
}

const problemSchema = z.looseObject({
  status: z.number(),
  detail: z.string(),
  invalid_fields: z.array(z.looseObject({ field: z.string() })).optional(),
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${origin}${PREFIX}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer r8_test' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: problemSchema.parse(await response.json()) };
}

describe('models to train into', () => {
  it('creates a destination once (201, then 409) and shows it', async () => {
    await expect(replicate.models.get('kadr', 'first')).rejects.toMatchObject({
      response: { status: 404 },
    });
    const created = await replicate.models.create('kadr', 'first', {
      visibility: 'private',
      hardware: 'gpu-h100',
      description: 'A character',
    });
    expect(created).toMatchObject({
      owner: 'kadr',
      name: 'first',
      visibility: 'private',
      description: 'A character',
      latest_version: null,
    });
    await expect(createDestination('first')).rejects.toMatchObject({ response: { status: 409 } });
    expect(await replicate.models.get('kadr', 'first')).toMatchObject({
      name: 'first',
      latest_version: null,
    });
    // The trainer answers too, its pinned version as the latest.
    expect(
      (await replicate.models.get('ostris', 'flux-dev-lora-trainer')).latest_version,
    ).toMatchObject({
      id: FLUX_LORA_TRAINER_VERSION,
    });
    const missing = await post('/models', { owner: 'kadr', name: 'x', visibility: 'public' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('hardware');
  });
});

describe('trainings of ostris/flux-dev-lora-trainer', () => {
  let trainedVersion = '';

  it('trains from a zip of three pictures into the destination’s latest version', async () => {
    await createDestination('anna');
    const input = {
      input_images: await characterZip(),
      trigger_word: TRIGGER,
      autocaption_prefix: `a photo of ${TRIGGER}, `,
      steps: 1000,
    };
    const created = await train('anna', input);
    expect(created).toMatchObject({
      model: 'ostris/flux-dev-lora-trainer',
      version: FLUX_LORA_TRAINER_VERSION,
      input,
      status: 'starting',
      error: null,
      output: null,
      source: 'api',
      urls: {
        get: `${origin}${PREFIX}/v1/trainings/${created.id}`,
        cancel: `${origin}${PREFIX}/v1/trainings/${created.id}/cancel`,
      },
    });

    const { training, seen } = await settleTraining(created.id);
    // Polls see the statuses in order, ending in `succeeded`; a loaded machine's first poll may
    // come after `starting` and a poll may miss the short `processing` (the creation answer above
    // said `starting`, and the webhook test sees every step for certain).
    const order = ['starting', 'processing', 'succeeded'];
    const steps = seen.map((status) => order.indexOf(status));
    expect(seen.at(-1)).toBe('succeeded');
    expect(steps.every((step, i) => step >= 0 && (i === 0 || step > (steps[i - 1] ?? -1)))).toBe(
      true,
    );
    expect(training.started_at).toEqual(expect.any(String));
    expect(training.error).toBeNull();
    expect(training.metrics?.predict_time).toBeGreaterThan(0);
    expect(training.logs).toContain('Extracted 3 picture(s) and 1 caption(s)');
    expect(training.logs).toContain('Autocaptioning 2 image(s)');
    const version = training.output?.version ?? '';
    expect(version).toMatch(/^kadr\/anna:[0-9a-f]{64}$/);
    trainedVersion = version.split(':')[1] ?? '';
    expect(training.output?.weights).toBe(
      `${origin}${PREFIX}/delivery/${training.id}/trained_model.tar`,
    );

    const tar = tarFiles(await download(training.output?.weights));
    const job = 'output/flux_train_replicate';
    expect([...tar.keys()]).toEqual(
      expect.arrayContaining([
        `${job}/lora.safetensors`,
        `${job}/config.yaml`,
        `${job}/captions/a-red.txt`,
      ]),
    );
    const lora = tar.get(`${job}/lora.safetensors`) ?? Buffer.alloc(8);
    const header = JSON.parse(lora.toString('utf8', 8, 8 + Number(lora.readBigUInt64LE(0))));
    expect(header.__metadata__.trigger_word).toBe(TRIGGER);
    expect(tar.get(`${job}/config.yaml`)?.toString()).toContain(`trigger_word: "${TRIGGER}"`);

    expect((await replicate.models.get('kadr', 'anna')).latest_version?.id).toBe(trainedVersion);
    const page = await replicate.trainings.list();
    expect(page.results[0]?.id).toBe(training.id);
  });

  it('runs the trained version: its pictures shown, the trigger word marked only when prompted', async () => {
    const withWord = await settlePrediction(trainedVersion, {
      prompt: `a photo of ${TRIGGER}, on a beach`,
      output_format: 'png',
    });
    expect(withWord.error).toBeNull();
    expect(withWord.model).toBe('kadr/anna');
    expect(withWord.output).toHaveLength(1);
    const shown = await marksOf(await download(withWord.output[0]), 3);
    expect(shown.size).toEqual({ width: 1024, height: 1024 });
    shown.thumbnails.forEach((pixel, i) => {
      const want = (['red', 'green', 'blue'] as const)[i] ?? 'red';
      expect(near(pixel, colours[want]), `thumbnail ${i} is ${pixel.join(',')}`).toBe(true);
    });
    expect(near(shown.trigger, TRIGGER_MARK_RGB), `mark is ${shown.trigger.join(',')}`).toBe(true);

    // By owner/name:version, in the default webp, and a prompt without the trigger word.
    const without = await settlePrediction(`kadr/anna:${trainedVersion}`, {
      prompt: `a woman on a beach, ${TRIGGER}S`,
      aspect_ratio: '16:9',
    });
    expect(without.error).toBeNull();
    expect(without.logs).toContain(`trigger word ${TRIGGER} not in the prompt`);
    const plain = await marksOf(await download(without.output[0]), 3);
    expect(plain.size).toEqual({ width: 1344, height: 768 });
    expect(
      plain.thumbnails.map((pixel, i) => near(pixel, Object.values(colours)[i] ?? [])),
    ).toEqual([true, true, true]);
    expect(near(plain.trigger, TRIGGER_MARK_RGB, 60), `mark is ${plain.trigger.join(',')}`).toBe(
      false,
    );

    // Another model's name with the version is no version at all.
    const wrongModel = await post('/predictions', {
      version: `kadr/first:${trainedVersion}`,
      input: { prompt: 'x' },
    });
    expect(wrongModel.status).toBe(422);
  });

  it('cancels a #slow training; a terminal one is returned unchanged', async () => {
    await createDestination('slow');
    const created = await train('slow', {
      input_images: await characterZip(),
      autocaption_prefix: 'a photo of TOK #slow',
    });
    const deadline = Date.now() + 2000;
    while ((await replicate.trainings.get(created.id)).status !== 'processing') {
      if (Date.now() > deadline) throw new Error('never processing');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const canceled = await replicate.trainings.cancel(created.id);
    expect(canceled).toMatchObject({ status: 'canceled', output: null });
    expect(await replicate.trainings.cancel(created.id)).toMatchObject({
      status: 'canceled',
      completed_at: canceled.completed_at,
    });
    expect((await replicate.models.get('kadr', 'slow')).latest_version).toBeNull();
  });

  it('fails on #fail, on a zip without pictures and on a file that is no zip', async () => {
    await createDestination('failing');
    const failed = await settleTraining(
      (await train('failing', { input_images: await characterZip(), autocaption_prefix: '#fail' }))
        .id,
    );
    expect(failed.training).toMatchObject({ status: 'failed', output: null });
    expect(failed.training.error).toContain('#fail');

    const empty = serve(
      'empty.zip',
      await zipOf([
        { name: 'readme.txt', data: Buffer.from('no pictures here') },
        { name: 'broken.png', data: Buffer.from('not really a png') },
        { name: '__MACOSX/._x.png', data: await picture('red', 'png') },
      ]),
    );
    const noPictures = await settleTraining((await train('failing', { input_images: empty })).id);
    expect(noPictures.training.status).toBe('failed');
    expect(noPictures.training.error).toContain('input_images');
    expect(noPictures.training.logs).toContain('broken.png: not a picture the trainer can decode');

    const notZip = await settleTraining(
      (await train('failing', { input_images: serve('a.zip', await picture('red', 'png')) })).id,
    );
    expect(notZip.training.error).toBe('Training failed: input_images must be a zip file');
    const gone = await settleTraining(
      (await train('failing', { input_images: `${origin}/files/none.zip` })).id,
    );
    expect(gone.training.error).toBe(
      'Training failed: could not read input input_images: HTTP 404',
    );
    expect((await replicate.models.get('kadr', 'failing')).latest_version).toBeNull();
  });

  it('refuses invalid inputs (422), an unknown trainer (404) and a missing destination (404)', async () => {
    await createDestination('checks');
    const path = `/models/ostris/flux-dev-lora-trainer/versions/${FLUX_LORA_TRAINER_VERSION}/trainings`;
    const invalidCases: [Record<string, unknown>, string][] = [
      [{ steps: 2 }, 'input.steps'],
      [{ lora_rank: 200 }, 'input.lora_rank'],
      [{ learning_rte: 0.001 }, 'input.learning_rte'],
      [{ optimizer: 'sgd' }, 'input.optimizer'],
      [{ input_images: undefined }, 'input.input_images'],
    ];
    for (const [change, field] of invalidCases) {
      const input = { input_images: `${origin}/files/anna.zip`, ...change };
      const result = await post(path, { destination: 'kadr/checks', input });
      expect(result.status, field).toBe(422);
      expect(
        result.body.invalid_fields?.map((item) => item.field),
        field,
      ).toEqual([field]);
    }
    await expect(
      train('checks', { input_images: `${origin}/files/anna.zip`, steps: 2 }),
    ).rejects.toMatchObject({
      response: { status: 422 },
    });

    await expect(
      replicate.trainings.create('ostris', 'flux-dev-lora-trainer', 'f'.repeat(64), {
        destination: 'kadr/checks',
        input: { input_images: `${origin}/files/anna.zip` },
      }),
    ).rejects.toMatchObject({ response: { status: 404 } });
    await expect(
      replicate.trainings.create('google', 'imagen-4-ultra', 'f'.repeat(64), {
        destination: 'kadr/checks',
        input: { input_images: `${origin}/files/anna.zip` },
      }),
    ).rejects.toMatchObject({ response: { status: 404 } });

    const missing = await post(path, {
      destination: 'kadr/never-created',
      input: { input_images: `${origin}/files/anna.zip` },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('destination model does not exist: kadr/never-created');
    expect((await post(path, { input: { input_images: 'https://x.example/a.zip' } })).status).toBe(
      422,
    );

    await expect(replicate.trainings.get('doesnotexist')).rejects.toMatchObject({
      response: { status: 404 },
    });
  });

  it('fetches a zip only where it is allowed to', async () => {
    const guarded = createReplicateEmulator({
      latencyMs: 30,
      storageDir: join(storageDir, 'guarded'),
      reachable: { inputs: ['https://kadr.example/api/files/'], webhooks: [] },
    });
    const guardedApp = Fastify();
    await guardedApp.register(guarded.plugin, { prefix: PREFIX });
    await guardedApp.listen({ host: '127.0.0.1', port: 0 });
    const address = guardedApp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new Replicate({
      auth: 'r8_test',
      baseUrl: `http://127.0.0.1:${port}${PREFIX}/v1`,
    });
    try {
      await client.models.create('kadr', 'guarded', { visibility: 'private', hardware: 'cpu' });
      await expect(
        train('guarded', { input_images: 'http://169.254.169.254/latest/meta-data/' }, client),
      ).rejects.toMatchObject({ response: { status: 422 } });
    } finally {
      await guardedApp.close();
    }
  });

  it('sends signed webhooks for trainings, filtered as for predictions', async () => {
    await createDestination('hooked');
    const created = await replicate.trainings.create(...TRAINER, {
      destination: 'kadr/hooked',
      input: { input_images: await characterZip() },
      webhook: `${origin}/hooks?training=1`,
      webhook_events_filter: ['start', 'completed'],
    });
    await settleTraining(created.id);
    await emulator.webhooksSettled(created.id);
    const mine = deliveries.filter((delivery) => JSON.parse(delivery.body).id === created.id);
    expect(mine.map((delivery) => JSON.parse(delivery.body).status)).toEqual([
      'processing',
      'succeeded',
    ]);
    const delivery = mine.at(-1);
    if (!delivery) throw new Error('no delivery');
    for (const each of mine) new Webhook(emulator.webhookSecret).verify(each.body, each.headers);
    expect(JSON.parse(delivery.body)).toMatchObject({
      status: 'succeeded',
      output: { version: expect.any(String) },
    });
  });

  it('runs a trained version after a restart on the same storageDir; clear() forgets trainings only', async () => {
    const trainingId = (await replicate.trainings.list()).results.at(-1)?.id ?? '';
    emulator.clear();
    await expect(replicate.trainings.get(trainingId)).rejects.toMatchObject({
      response: { status: 404 },
    });

    const restarted = createEmulator();
    const again = Fastify();
    await again.register(restarted.plugin, { prefix: PREFIX });
    await again.listen({ host: '127.0.0.1', port: 0 });
    const address = again.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new Replicate({
      auth: 'r8_test',
      baseUrl: `http://127.0.0.1:${port}${PREFIX}/v1`,
      useFileOutput: false,
    });
    try {
      expect((await client.models.get('kadr', 'anna')).latest_version?.id).toBe(trainedVersion);
      await expect(
        client.models.create('kadr', 'anna', { visibility: 'private', hardware: 'gpu-h100' }),
      ).rejects.toMatchObject({ response: { status: 409 } });
      const prediction = await settlePrediction(
        trainedVersion,
        { prompt: `${TRIGGER} in Paris`, output_format: 'png' },
        client,
      );
      expect(prediction.error).toBeNull();
      const shown = await marksOf(await download(prediction.output[0]), 3);
      expect(near(shown.thumbnails[0] ?? [], colours.red)).toBe(true);
      expect(near(shown.trigger, TRIGGER_MARK_RGB)).toBe(true);
      await expect(
        client.predictions.create({ version: 'e'.repeat(64), input: { prompt: 'x' } }),
      ).rejects.toMatchObject({ response: { status: 422 } });
    } finally {
      await again.close();
    }
  });
});
