import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listModels } from '@kadr/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKadrClient,
  KadrApiError,
  type KadrClient,
  KadrTimeoutError,
  KadrWebhookError,
  type KadrWebhookMessage,
  verifyWebhook,
} from '../../../packages/client/src/index.ts';
import { createApiKey } from '../test/api-keys.ts';
import { signInDemo } from '../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../test/live.ts';
import { expectMoneyInvariants } from '../test/money.ts';

/**
 * `@kadr/client` (packages/client) against a real Kadr: the app on a real port with its demo
 * Replicate emulator and a job worker on a real PostgreSQL, a key made through the profile's route,
 * and a webhook receiver on loopback (allowed by WEBHOOKS_ALLOW_PRIVATE_URLS, as in demo mode).
 */

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let t: LiveApp;
let kadr: KadrClient;
let keySecret: string;
let webhookSecret: string;
let receiver: Server;
const received: Received[] = [];
const model = listModels('image')[0]?.id ?? '';

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  t = await buildLiveTestApp({
    MAX_RUNNING_GENERATIONS: '0',
    WELCOME_TOKENS: '100',
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
  });
  await t.startWorker();
  const person = await signInDemo(t.app);
  const key = await createApiKey(t.app, person.cookie, { webhook_url: receiverUrl });
  keySecret = key.secret;
  webhookSecret = key.webhookSecret;
  kadr = createKadrClient({ apiKey: keySecret, baseUrl: t.base, language: 'en' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function refusal(pending: Promise<unknown>): Promise<KadrApiError> {
  const error = await pending.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(KadrApiError);
  return error as KadrApiError;
}

async function messageFor(id: string): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      () => {
        found = received.find((message) => message.body.toString().includes(id));
        return found !== undefined;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return found as Received;
}

describe('@kadr/client against a real Kadr', () => {
  it('lists the catalogue and estimates a request', async () => {
    const models = await kadr.listModels();
    expect(models.map((entry) => entry.id)).toContain(model);
    const estimate = await kadr.estimate({ model, prompt: 'a lighthouse' });
    expect(estimate).toEqual({ model, cost: expect.any(Number), balance: 100 });
    expect(estimate.cost).toBeGreaterThan(0);
    // A style preset suiting the model: named, and free (ADR 051).
    const style = (await kadr.listStyles()).find((entry) => entry.models.includes(model));
    expect(style?.name).toEqual(expect.any(String));
    expect(await kadr.estimate({ model, prompt: 'a lighthouse', style: style?.id })).toEqual(
      estimate,
    );
  });

  it('creates once per idempotency key, waits for the end and downloads the output', async () => {
    const body = { model, prompt: 'a lighthouse at dusk', translate_prompt: false };
    const { cost } = await kadr.estimate({ model, prompt: body.prompt });
    const before = (await kadr.getBalance()).tokens;
    const first = await kadr.createGeneration(body, { idempotencyKey: 'client-order-1' });
    const again = await kadr.createGeneration(body, { idempotencyKey: 'client-order-1' });
    expect(again.id).toBe(first.id);
    expect(first.status).toBe('pending');
    expect((await kadr.getBalance()).tokens).toBe(before - cost);

    const done = await kadr.waitForGeneration(first.id, { intervalMs: 50, timeoutMs: 30_000 });
    expect(done.status).toBe('completed');
    expect(done.outputs.length).toBeGreaterThan(0);
    const file = await kadr.downloadOutput(done.id, 0);
    expect(file.contentType).toBe(done.outputs[0]?.mime);
    expect(file.bytes.byteLength).toBeGreaterThan(100);
    expect(file.filename).toMatch(/\.(webp|png|jpe?g)$/);
    const meta = await sharp(file.bytes).metadata();
    expect(meta.width).toBe(done.outputs[0]?.width);

    // Another body under the same key is refused with its stable code, and charges nothing.
    const reused = await refusal(
      kadr.createGeneration({ ...body, prompt: 'another' }, { idempotencyKey: 'client-order-1' }),
    );
    expect([reused.status, reused.code]).toEqual([409, 'idempotency_key_reused']);
    expect((await kadr.getBalance()).tokens).toBe(before - cost);
    await expectMoneyInvariants(t.database.pool);
  });

  it('receives the generation’s signed webhook, which verifyWebhook accepts and a forgery fails', async () => {
    const created = await kadr.createGeneration(
      { model, prompt: 'a red bicycle', translate_prompt: false },
      { idempotencyKey: 'client-order-2' },
    );
    const message = await messageFor(created.id);
    const verified = await verifyWebhook(webhookSecret, message.headers, message.body);
    expect(verified satisfies KadrWebhookMessage).toMatchObject({
      type: 'generation.completed',
      data: { id: created.id, status: 'completed' },
    });
    const forged = Buffer.from(message.body.toString().replace('completed', 'failed'));
    await expect(verifyWebhook(webhookSecret, message.headers, forged)).rejects.toThrow(
      KadrWebhookError,
    );
    await expect(
      verifyWebhook(keySecret.replace('kadr_', 'whsec_'), message.headers, message.body),
    ).rejects.toThrow(KadrWebhookError);
  });

  it('lists with cursors, reads the statement, and uploads a picture', async () => {
    const first = await kadr.listGenerations({ limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = await kadr.listGenerations({ limit: 1, cursor: first.next_cursor ?? '' });
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);

    const statement = await kadr.getStatement({ limit: 5 });
    expect(statement.items.some((entry) => entry.reason === 'generation_debit')).toBe(true);
    expect(statement.items[0]?.balance_after).toBe((await kadr.getBalance()).tokens);

    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c0ffee' },
    })
      .png()
      .toBuffer();
    const upload = await kadr.uploadImage(new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect(upload).toMatchObject({ mime: 'image/png', width: 64, height: 48 });
  });

  it('throws KadrApiError with the problem’s code and figures, in the language asked', async () => {
    const missing = await refusal(kadr.getGeneration('00000000-0000-4000-8000-000000000000'));
    expect([missing.status, missing.code]).toEqual([404, 'not_found']);

    const done = (await kadr.listGenerations({ limit: 1 })).items[0];
    const late = await refusal(kadr.cancelGeneration(done?.id ?? ''));
    expect([late.status, late.code]).toEqual([409, 'conflict']);

    const tooDear = await refusal(
      kadr.createGeneration({ model, prompt: 'x', parameters: { num_outputs: 10_000 } }),
    );
    expect(tooDear.status).toBe(400);
    expect(tooDear.code).toBe('invalid_request');
    expect(tooDear.problem?.errors?.length).toBeGreaterThan(0);

    const stranger = createKadrClient({ apiKey: 'kadr_nope', baseUrl: t.base, language: 'ru' });
    const unknown = await refusal(stranger.getBalance());
    expect([unknown.status, unknown.code]).toEqual([401, 'unauthorized']);
    expect(unknown.problem?.detail).toMatch(/[а-я]/);
    expect(missing.problem?.detail).toMatch(/^[\x20-\x7e]+$/);
  });

  it('gives up waiting after the timeout with KadrTimeoutError', async () => {
    const slow = await kadr.createGeneration({ model, prompt: 'slow', translate_prompt: false });
    await expect(kadr.waitForGeneration(slow.id, { timeoutMs: 1, intervalMs: 1 })).rejects.toThrow(
      KadrTimeoutError,
    );
    await kadr.waitForGeneration(slow.id, { intervalMs: 50, timeoutMs: 30_000 });
    await expectMoneyInvariants(t.database.pool);
  });

  it('keeps a library element: made of an upload and a result, listed, read, added to, deleted', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#ff8800' },
    })
      .png()
      .toBuffer();
    const upload = await kadr.uploadImage(new Blob([new Uint8Array(png)], { type: 'image/png' }));
    const made = await kadr.createGeneration({ model, prompt: 'a face', translate_prompt: false });
    const shot = await kadr.waitForGeneration(made.id, { intervalMs: 50, timeoutMs: 30_000 });
    const output = shot.outputs[0]?.url ?? '';

    const element = await kadr.createElement({
      kind: 'character',
      name: 'Ada',
      pictures: [upload.url, output],
    });
    expect(element).toMatchObject({ kind: 'character', name: 'Ada', description: '' });
    expect(element.pictures.map((picture) => picture.url)).toEqual([
      upload.url,
      expect.any(String),
    ]);
    expect(element.pictures[1]?.url).toMatch(new RegExp(`^${t.base}/api/files/`));
    expect(await kadr.getElement(element.id)).toEqual(element);
    expect((await kadr.listElements()).map((item) => item.id)).toEqual([element.id]);
    expect(await kadr.listElements({ archived: true })).toEqual([]);

    const second = await kadr.uploadImage(new Blob([new Uint8Array(png)], { type: 'image/png' }));
    const grown = await kadr.addElementPictures(element.id, [second.url]);
    expect(grown.pictures.map((picture) => picture.url)).toEqual([
      ...element.pictures.map((picture) => picture.url),
      second.url,
    ]);

    const taken = await refusal(
      kadr.createElement({ kind: 'product', name: 'ADA', pictures: [second.url] }),
    );
    expect([taken.status, taken.code, taken.problem?.errors?.[0]?.field]).toEqual([
      409,
      'conflict',
      'name',
    ]);
    const foreign = await refusal(
      kadr.addElementPictures(element.id, ['https://example.com/a.png']),
    );
    expect([foreign.status, foreign.code]).toEqual([400, 'invalid_request']);
    expect(foreign.problem?.errors?.[0]).toMatchObject({
      field: 'pictures.0',
      code: 'not_own_picture',
    });

    await kadr.deleteElement(element.id);
    const gone = await refusal(kadr.getElement(element.id));
    expect([gone.status, gone.code]).toEqual([404, 'not_found']);
    const again = await refusal(kadr.deleteElement(element.id));
    expect([again.status, again.code]).toEqual([404, 'not_found']);
    expect(await kadr.listElements()).toEqual([]);
  });
});
