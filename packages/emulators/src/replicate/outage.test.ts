import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Replicate from 'replicate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReplicateEmulator, type ReplicateEmulator } from './replicate-emulator.ts';

/**
 * The outage switch (issue #38): the emulated API answers every call with a chosen status, or
 * holds it, until switched back — through the emulator object or its control route, which only the
 * API's token may use. Files already made stay deliverable unless the outage covers them too, and
 * predictions already made keep running and notify their webhook.
 */

const PREFIX = '/emulators/replicate';
const TOKEN = 'r8_outage_test_token';
const auth = { authorization: `Bearer ${TOKEN}` };

let app: FastifyInstance;
let origin = '';
let storageDir = '';
let emulator: ReplicateEmulator;
const hooks: { status: string; id: string }[] = [];

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'replicate-outage-test-'));
  emulator = createReplicateEmulator({
    latencyMs: 50,
    storageDir,
    apiToken: TOKEN,
    publicBaseUrl: () => `${origin}${PREFIX}`,
    webhookRetryDelaysMs: [20],
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: PREFIX });
  app.post('/hooks', async (request, reply) => {
    const body = request.body as { status: string; id: string };
    hooks.push({ status: body.status, id: body.id });
    return reply.code(204).send();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterEach(() => {
  emulator.setOutage(null);
});

afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = auth,
  signal?: AbortSignal,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}${PREFIX}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const create = (prompt = 'a lighthouse') =>
  call('POST', '/v1/models/google/imagen-4-ultra/predictions', {
    input: { prompt },
    webhook: `${origin}/hooks`,
    webhook_events_filter: ['completed'],
  });

async function settled(id: string): Promise<{ status: string; output: unknown }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const prediction = emulator.getPrediction(id);
    if (prediction && ['succeeded', 'failed', 'canceled'].includes(prediction.status)) {
      return prediction;
    }
    if (Date.now() > deadline) throw new Error(`prediction ${id} never settled`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the outage switch', () => {
  it('answers every API call 503 until switched back; files and running predictions go on', async () => {
    const before = await create('made before the outage');
    expect(before.status).toBe(201);
    const id = String(before.body.id);
    const done = await settled(id);
    expect(done.status).toBe('succeeded');
    const running = await create('still running when the outage begins');
    expect(running.status).toBe(201);

    const switched = await call('POST', '/_control/outage', { status: 503 });
    expect(switched).toMatchObject({
      status: 200,
      body: { outage: { status: 503, files: false } },
    });
    expect(emulator.getOutage()).toEqual({ status: 503, files: undefined });

    const calls: [string, string, unknown?][] = [
      ['POST', '/v1/models/google/imagen-4-ultra/predictions', { input: { prompt: 'x' } }],
      ['POST', '/v1/predictions', { version: 'google/imagen-4-ultra', input: { prompt: 'x' } }],
      ['GET', '/v1/predictions'],
      ['GET', `/v1/predictions/${id}`],
      ['POST', `/v1/predictions/${id}/cancel`],
      ['GET', '/v1/webhooks/default/secret'],
    ];
    expect((await call('GET', '/_control/outage')).body).toEqual({
      outage: { status: 503, files: false },
    });
    for (const [method, path, body] of calls) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
      expect(res.headers.get('retry-after')).toBeNull();
      // Down is down, token or not.
      expect((await call(method, path, body, {})).status, `${method} ${path}`).toBe(503);
    }
    // Nothing asked during the outage was made.
    expect(emulator.getPrediction(id)?.status).toBe('succeeded');

    // The files already made are still delivered, and the running prediction ends and says so.
    const file = await fetch(String(done.output));
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const runningId = String(running.body.id);
    expect((await settled(runningId)).status).toBe('succeeded');
    await emulator.webhooksSettled(runningId);
    expect(hooks).toContainEqual({ status: 'succeeded', id: runningId });

    expect((await call('POST', '/_control/outage', { status: null })).body).toEqual({
      outage: null,
    });
    expect(emulator.getOutage()).toBeNull();
    const after = await create('after the outage');
    expect(after.status).toBe(201);
    expect((await call('GET', `/v1/predictions/${id}`)).status).toBe(200);
  });

  it('rate limits with Retry-After, as Replicate throttles', async () => {
    await call('POST', '/_control/outage', { status: 429, retry_after: 2 });
    const res = await create();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.body).toEqual({
      title: 'Request was throttled.',
      status: 429,
      detail: 'Request was throttled. Expected available in 2 seconds.',
    });
    // The official client sees it too (its own retries of a 429 do not outlast the outage).
    const client = new Replicate({ auth: TOKEN, baseUrl: `${origin}${PREFIX}/v1` });
    await expect(
      client.predictions.create({ model: 'google/imagen-4-ultra', input: { prompt: 'x' } }),
    ).rejects.toMatchObject({ response: { status: 429 } });
    await call('POST', '/_control/outage', { status: null });
    expect((await create()).status).toBe(201);
  });

  it('covers the files too when asked', async () => {
    const made = await create('a file behind the outage');
    const output = String((await settled(String(made.body.id))).output);
    emulator.setOutage({ status: 502, files: true });
    const refused = await fetch(output);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ status: 502, title: 'Bad Gateway' });
    emulator.setOutage({ status: 502 });
    expect((await fetch(output)).status).toBe(200);
  });

  it('holds calls without an answer until switched back; one whose caller gave up is dropped unmade', async () => {
    await call('POST', '/_control/outage', { hold: true });

    // A caller that gives up (as Kadr's adapter does after its timeout): nothing is made.
    const giveUp = new AbortController();
    const abandoned = call(
      'POST',
      '/v1/models/google/imagen-4-ultra/predictions',
      { input: { prompt: 'abandoned while held' } },
      auth,
      giveUp.signal,
    ).catch((error: unknown) => error);
    await waitFor(() => emulator.heldRequests() === 1, 'the first call held');
    giveUp.abort();
    await expect(abandoned).resolves.toBeInstanceOf(Error);
    await waitFor(() => emulator.heldRequests() === 0, 'the abandoned call let go');

    const waiting = create('held, then served');
    let answered = false;
    void waiting.then(() => {
      answered = true;
    });
    await waitFor(() => emulator.heldRequests() === 1, 'the second call held');
    expect(answered).toBe(false);
    expect((await call('GET', '/_control/outage')).body).toEqual({
      outage: { hold: true, files: false },
    });

    emulator.setOutage(null);
    const served = await waiting;
    expect(served.status).toBe(201);
    const listed = await call('GET', '/v1/predictions');
    const prompts = (listed.body.results as { input: { prompt: string } }[]).map(
      (prediction) => prediction.input.prompt,
    );
    expect(prompts).toContain('held, then served');
    expect(prompts).not.toContain('abandoned while held');
  });

  it('answers held calls 503 when the app closes, rather than keep it open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'replicate-outage-close-'));
    const closing = createReplicateEmulator({ latencyMs: 50, storageDir: dir });
    const server = Fastify();
    await server.register(closing.plugin, { prefix: PREFIX });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      closing.setOutage({ hold: true });
      const held = fetch(`http://127.0.0.1:${port}${PREFIX}/v1/predictions`);
      await waitFor(() => closing.heldRequests() === 1, 'the call held');
      const closed = server.close();
      expect((await held).status).toBe(503);
      await closed;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is switched only with the API token, and only to an outage it can play', async () => {
    const strangers: Record<string, string>[] = [{}, { authorization: 'Bearer r8_wrong' }];
    for (const headers of strangers) {
      expect((await call('POST', '/_control/outage', { status: 503 }, headers)).status).toBe(401);
      expect((await call('GET', '/_control/outage', undefined, headers)).status).toBe(401);
      expect((await call('POST', '/_control/latency', { ms: 1 }, headers)).status).toBe(401);
    }
    expect(emulator.getOutage()).toBeNull();
    for (const body of [
      {},
      { status: 404 },
      { status: 200 },
      { status: '503' },
      { status: 429, retry_after: -1 },
      { hold: false },
      { status: 503, hold: true },
      { status: 503, extra: 1 },
    ]) {
      const res = await call('POST', '/_control/outage', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(emulator.getOutage()).toBeNull();

    // During an outage the switch itself still answers.
    emulator.setOutage({ status: 503 });
    expect((await call('POST', '/_control/outage', { status: null })).status).toBe(200);

    // The latency of predictions made from now on.
    const latency = await call('POST', '/_control/latency', { ms: 1234 });
    expect(latency).toMatchObject({ status: 200, body: { latency_ms: 1234 } });
    expect(emulator.getLatencyMs()).toBe(1234);
    expect((await call('POST', '/_control/latency', { ms: -1 })).status).toBe(422);
    emulator.setLatencyMs(50);
  });
});
