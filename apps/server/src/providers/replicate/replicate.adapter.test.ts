import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReplicateEmulator } from '@kadr/emulators';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplicateProvider, type ModelProvider } from './replicate.adapter.ts';

/**
 * The adapter's lookup of a prediction by its webhook address, over real HTTP through the official
 * client against the emulator: how a submit whose answer was lost (a killed worker) finds the
 * prediction it asked for instead of creating and paying for a second. It must page through the
 * listing (newest first, 100 a page) and stop once the pages are older than the lost submit.
 */
let app: FastifyInstance;
let storageDir: string;
let provider: ModelProvider;
const hooks = (n: number) => `http://127.0.0.1:9/api/webhooks/replicate?request=r${n}&sig=s`;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'kadr-adapter-'));
  // Slow renders: the predictions stay running, so nothing is rendered or delivered meanwhile.
  const emulator = createReplicateEmulator({
    latencyMs: 600_000,
    storageDir,
    apiToken: 'r8_adapter',
    reachable: { inputs: [], webhooks: ['http://127.0.0.1:9/api/webhooks/replicate?'] },
    webhookRetryDelaysMs: [],
  });
  app = Fastify();
  await app.register(emulator.plugin, { prefix: '/replicate' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  provider = createReplicateProvider({
    token: 'r8_adapter',
    baseUrl: `http://127.0.0.1:${port}/replicate/v1`,
  });
});
afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('findByWebhook', () => {
  it('finds a prediction on a later page, and nothing for an address never used', async () => {
    const started = new Date(Date.now() - 1000);
    const created: string[] = [];
    for (let n = 0; n < 130; n++) {
      const prediction = await provider.create({
        ref: { model: 'bytedance/seedream-3' },
        input: { prompt: `a lighthouse ${n}` },
        webhook: hooks(n),
      });
      created.push(prediction.id);
    }
    // The oldest is on the second page of the newest-first listing.
    expect((await provider.findByWebhook(hooks(0), started))?.id).toBe(created[0]);
    expect((await provider.findByWebhook(hooks(129), started))?.id).toBe(created[129]);
    expect(await provider.findByWebhook(hooks(999), started)).toBeUndefined();
    // A lost submit after all of them: the first page is already older, nothing is looked at further.
    expect(await provider.findByWebhook(hooks(0), new Date(Date.now() + 60_000))).toBeUndefined();
  });
});
