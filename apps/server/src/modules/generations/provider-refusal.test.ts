import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { type ModelProvider, ProviderError } from '../../providers/replicate/replicate.adapter.ts';

// The model provider is replaced through the composition root: it refuses every request as the
// real one does a malformed input (HTTP 422), so each submit fails for good at its first attempt.
const calls: string[] = [];
const refusing: ModelProvider = {
  async create(request) {
    calls.push(`create ${'model' in request.ref ? request.ref.model : request.ref.version}`);
    throw new ProviderError('Invalid input: width must be a multiple of 16', 422);
  },
  async get(id) {
    throw new Error(`unexpected call: get ${id}`);
  },
  async findByWebhook(webhook) {
    throw new Error(`unexpected call: findByWebhook ${webhook}`);
  },
  async cancel(id) {
    throw new Error(`unexpected call: cancel ${id}`);
  },
};

let t: LiveApp;
beforeAll(async () => {
  t = await buildLiveTestApp({}, { provider: refusing });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

describe('a provider that refuses the request', () => {
  it('fails the generation with its reason at the first attempt and refunds it in full', async () => {
    const { cookie } = await signInDemo(t.app);
    const headers = { cookie, origin: 'http://localhost:3000' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers,
      payload: { model: 'seedream-3', prompt: 'a refused request', translate_prompt: false },
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { request_id: string }).request_id;

    let record: { status: string; error: string } | undefined;
    for (let i = 0; i < 200 && record?.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await t.app.inject({ method: 'GET', url: `/api/generations/${id}`, headers });
      record = res.json();
    }
    // The person is told the code; the provider's words are kept for the operator.
    expect(record).toMatchObject({
      status: 'failed',
      error_code: 'not_accepted',
      error: 'The model service did not accept the request.',
    });
    const row = await t.container.repositories.generations.findById(id);
    expect(row?.error).toBe(
      'The model service did not accept the request. Invalid input: width must be a multiple of 16',
    );
    expect(calls).toEqual(['create bytedance/seedream-3']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect((me.json() as { tokens: number }).tokens).toBe(100);
    await expectMoneyInvariants(t.database.pool);
  });
});
