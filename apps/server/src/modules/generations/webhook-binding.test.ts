import { randomUUID } from 'node:crypto';
import { signWebhook } from '@kadr/emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { createWebhookBinding } from './webhook-binding.ts';

/**
 * Attacks on Replicate's webhook: forged or malformed deliveries, and a signed delivery pointed at
 * somebody else's request. No worker runs here, so a created request stays pending with no
 * prediction recorded: the moment the attack run found open.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signInDemo(t.app));
});
afterAll(async () => {
  await t.close();
});

let sequence = 0;
function deliver(
  body: string,
  options: { query?: string; secret?: string; id?: string; timestamp?: number } = {},
) {
  const id = options.id ?? `msg_attack_${++sequence}`;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const secret = options.secret ?? t.config.replicate.webhookSecret;
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/replicate${options.query ?? ''}`,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({ id, timestamp, body, secret }),
    },
    payload: body,
  });
}

async function pendingRequest(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-image',
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: { model: 'seedream-3', prompt: 'a quiet harbour' },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { request_id: string }).request_id;
}

async function ingestJobs(): Promise<number> {
  const result = await t.database.pool.query(
    `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'ingest_prediction'`,
  );
  return (result.rows[0] as { n: number }).n;
}

const succeeded = (id: string) =>
  JSON.stringify({ id, status: 'succeeded', output: ['https://evil.example/x.png'], error: null });

describe('malformed but signed deliveries are 400, never 500', () => {
  it.each([
    ['null', 'null'],
    ['an empty body', ''],
    ['an array', '[]'],
    ['a number', '42'],
    ['no id', '{"status":"succeeded"}'],
    ['an id of 600 characters', JSON.stringify({ id: 'a'.repeat(600), status: 'succeeded' })],
    ['an id with a path in it', JSON.stringify({ id: '../../x', status: 'succeeded' })],
  ])('%s', async (_name, body) => {
    const before = await ingestJobs();
    const res = await deliver(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await ingestJobs()).toBe(before);
  });
});

describe('forged deliveries are refused', () => {
  it('a tampered body, a wrong secret, a stale timestamp → 401; a replayed id → one job', async () => {
    const body = succeeded('forgedprediction');
    const id = 'msg_forged';
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook({
      id,
      timestamp,
      body,
      secret: t.config.replicate.webhookSecret,
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/replicate',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
      payload: body.replace('succeeded', 'failed'),
    });
    expect(tampered.statusCode).toBe(401);
    const wrongSecret = await deliver(body, {
      secret: `whsec_${Buffer.from('not the secret at all, sorry').toString('base64')}`,
    });
    expect(wrongSecret.statusCode).toBe(401);
    const stale = await deliver(body, { timestamp: timestamp - 600 });
    expect(stale.statusCode).toBe(401);

    const before = await ingestJobs();
    const first = await deliver(succeeded('replayedprediction'), { id: 'msg_replayed' });
    const again = await deliver(succeeded('replayedprediction'), { id: 'msg_replayed' });
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(await ingestJobs()).toBe(before + 1);
  });
});

describe("a signed delivery aimed at somebody else's request", () => {
  it('naming the request without its MAC, or with another request’s, is refused', async () => {
    const victim = await pendingRequest();
    const other = randomUUID();
    const binding = createWebhookBinding({
      webhookUrl: 'http://localhost:3000/api/webhooks/replicate',
      signingSecret: t.config.signingSecret,
    });
    const otherSig = new URL(binding.urlFor(other)).searchParams.get('sig') ?? '';
    const before = await ingestJobs();
    for (const query of [
      `?request=${victim}`,
      `?request=${victim}&sig=${otherSig}`,
      `?request=${victim}&sig=${'A'.repeat(43)}`,
    ]) {
      const res = await deliver(succeeded('attackerprediction'), { query });
      expect(res.statusCode, query).toBe(401);
    }
    expect(await ingestJobs()).toBe(before);
    // The address this server gives the provider is accepted.
    const own = new URL(binding.urlFor(victim));
    const accepted = await deliver(succeeded('boundprediction'), { query: own.search });
    expect(accepted.statusCode).toBe(204);
  });

  it('ingest does not take a delivery’s word for the prediction of a request not yet submitted', async () => {
    const victim = await pendingRequest();
    const delivery = {
      id: 'attackerprediction',
      status: 'succeeded' as const,
      output: ['https://evil.example/x.png'],
      error: null,
    };
    // While attempts remain, the job is retried (the submit will have recorded its prediction).
    await expect(
      t.container.engine.ingest({ requestId: victim, predictionId: delivery.id }, delivery, {
        number: 1,
        max: 5,
      }),
    ).rejects.toThrow(/no recorded prediction/);
    // On the last attempt it lets the request be: the reconcile job settles it.
    await t.container.engine.ingest({ requestId: victim, predictionId: delivery.id }, delivery, {
      number: 5,
      max: 5,
    });
    const row = await t.container.repositories.generations.findById(victim);
    expect(row?.status).toBe('pending');
    expect(row?.replicateId).toBeNull();
    await expectMoneyInvariants(t.database.pool);
  });
});
