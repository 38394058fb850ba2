import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { priceOf, validateRequest } from '@kadr/catalog';
import type { ApiWebhookMessage, WebhookDelivery, WebhookDeliveryList } from '@kadr/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { announceGeneration } from '../generations/index.ts';

/**
 * Webhooks out end to end (issue #37): generations made with a key, run by the real worker on the
 * demo's emulated provider, announce their ending to real local receivers (private receivers are
 * allowed in demo mode), signed so that the official Standard Webhooks verifier accepts them.
 */
let t: LiveApp;
beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0' });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on this machine; it answers each request with the next of `statuses`. */
async function receiver(statuses: number[] = []) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      hits.push({ headers: request.headers, body });
      response.writeHead(statuses.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receivers.push(server);
  return { url, hits };
}
const receivers: Server[] = [];
afterEach(() => {
  for (const server of receivers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** An API key of the person, written as the keys module writes one (its webhook and secret). */
async function keyOf(userId: string, webhookUrl: string | null) {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into api_keys (user_id, name, prefix, key_hash, webhook_url, webhook_secret)
     values ($1, 'test key', 'kadr_testtest', $2, $3, $4) returning id`,
    [userId, randomUUID(), webhookUrl, secret],
  );
  const id = rows[0]?.id ?? '';
  return { id, secret };
}

/** A generation made with the key, through the same create statement v1 uses. */
async function createWithKey(
  userId: string,
  keyId: string,
  prompt: string,
  webhookUrl: string | null = null,
): Promise<string> {
  const validated = validateRequest('seedream-3', { prompt, parameters: {}, duration: 0 });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const id = randomUUID();
  const [created] = await t.container.repositories.generations.insertPaid(userId, [
    {
      id,
      type: 'image',
      model: 'seedream-3',
      cost: priceOf('seedream-3', validated.value),
      jsondata: {
        type: 'image',
        prompt,
        input: validated.value.parameters,
        output: null,
        translate_prompt: false,
      },
      apiKey: { id: keyId, dailyLimit: null, monthlyLimit: null },
      webhookUrl,
    },
  ]);
  expect(created?.outcome).toBe('created');
  return id;
}

async function messagesOf(generationId: string) {
  const { rows } = await t.database.pool.query<{
    id: string;
    status: string;
    attempts: number;
    event_type: string;
    url: string;
  }>(
    `select id, status, attempts, event_type, url from webhook_deliveries
      where generation_id = $1 order by url`,
    [generationId],
  );
  return rows;
}

async function settled(generationId: string, count = 1) {
  await expect
    .poll(
      async () => {
        const rows = await messagesOf(generationId);
        return rows.length >= count && rows.every((r) => r.status !== 'pending');
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return messagesOf(generationId);
}

async function log(cookie: string, query = ''): Promise<WebhookDeliveryList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/webhook-deliveries${query}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('webhooks out', () => {
  it('announces a completion once, signed so the official verifier accepts it', async () => {
    const hook = await receiver();
    const { cookie, user } = await signInDemo(t.app);
    const key = await keyOf(user.id, hook.url);
    const id = await createWithKey(user.id, key.id, 'a lighthouse at dawn');

    const [message] = await settled(id);
    expect(message).toMatchObject({ status: 'delivered', attempts: 1, url: hook.url });
    expect(hook.hits).toHaveLength(1);
    const hit = hook.hits[0] as Hit;
    const verified = new Webhook(key.secret).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    }) as ApiWebhookMessage;
    expect(hit.headers['webhook-id']).toBe(message?.id);
    expect(message?.id).toMatch(/^msg_[\w-]{24}$/);
    expect(hit.headers['content-type']).toBe('application/json');
    expect(verified.type).toBe('generation.completed');
    expect(verified.data).toMatchObject({
      id,
      status: 'completed',
      refunded: false,
      error: null,
      key_id: key.id,
      prompt: 'a lighthouse at dawn',
    });
    expect(verified.data.outputs.length).toBeGreaterThan(0);
    expect(verified.data.outputs[0]?.url).toBe(`${t.base}/api/v1/generations/${id}/outputs/0`);
    // Another key's secret does not verify it.
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    expect(() =>
      new Webhook(other).verify(hit.body, {
        'webhook-id': String(hit.headers['webhook-id']),
        'webhook-timestamp': String(hit.headers['webhook-timestamp']),
        'webhook-signature': String(hit.headers['webhook-signature']),
      }),
    ).toThrow();

    // The settle replayed — the ingest job again, and the announcement itself again — writes and
    // sends nothing more: one message per generation, event and URL.
    const row = await t.container.repositories.generations.findById(id);
    await t.container.engine.ingest({ requestId: id, predictionId: row?.replicateId ?? '' });
    await t.container.repositories.transaction(
      ['generations', 'webhookDeliveries', 'jobs'],
      async (tx) => {
        expect(
          await announceGeneration(tx, id, 'generation.completed', {
            refunded: false,
            publicUrl: t.base,
          }),
        ).toEqual([]);
      },
    );
    expect(await messagesOf(id)).toHaveLength(1);
    expect(hook.hits).toHaveLength(1);

    // The person's delivery log shows it.
    const page = await log(cookie);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: message?.id,
      event_type: 'generation.completed',
      status: 'delivered',
      attempts: 1,
      last_status: 204,
      last_error: null,
      next_attempt_at: null,
      generation_id: id,
      key_id: key.id,
    });
    await expectMoneyInvariants(t.database.pool);
  });

  it('works as an outside developer uses it: a key made in the profile, a v1 create with its own URL', async () => {
    const [keyHook, requestHook] = [await receiver(), await receiver()];
    const { cookie } = await signInDemo(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, ...ORIGIN },
      payload: { name: 'my shop', webhook_url: keyHook.url },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { secret, webhook_secret } = made.json() as { secret: string; webhook_secret: string };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/generations',
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': randomUUID() },
      payload: { model: 'seedream-3', prompt: 'from code', webhook_url: requestHook.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    await settled(id, 2);
    for (const hit of [...keyHook.hits, ...requestHook.hits]) {
      const message = new Webhook(webhook_secret).verify(
        hit.body,
        hit.headers as Record<string, string>,
      ) as ApiWebhookMessage;
      expect(message).toMatchObject({ type: 'generation.completed', data: { id } });
      // The message's generation is what v1 answers for it.
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/generations/${id}`,
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(message.data).toEqual(read.json());
    }
    expect([keyHook.hits.length, requestHook.hits.length]).toEqual([1, 1]);
  });

  it('sends to the key’s URL and the request’s own, each signed with the key’s secret', async () => {
    const [keyHook, requestHook] = [await receiver(), await receiver()];
    const { user } = await signInDemo(t.app);
    const key = await keyOf(user.id, keyHook.url);
    const id = await createWithKey(user.id, key.id, 'two receivers', requestHook.url);
    const messages = await settled(id, 2);
    expect(messages.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    for (const hit of [...keyHook.hits, ...requestHook.hits]) {
      expect(() =>
        new Webhook(key.secret).verify(hit.body, hit.headers as Record<string, string>),
      ).not.toThrow();
    }
    expect(keyHook.hits).toHaveLength(1);
    expect(requestHook.hits).toHaveLength(1);
  });

  it('announces a failure as generation.failed, refunded, with balance = Σ ledger', async () => {
    const hook = await receiver();
    const { cookie, user } = await signInDemo(t.app);
    const key = await keyOf(user.id, hook.url);
    const id = await createWithKey(user.id, key.id, 'broken #fail');
    const [message] = await settled(id);
    expect(message).toMatchObject({ status: 'delivered', event_type: 'generation.failed' });
    const body = JSON.parse(hook.hits[0]?.body ?? '{}') as ApiWebhookMessage;
    expect(body.type).toBe('generation.failed');
    expect(body.data).toMatchObject({
      id,
      status: 'failed',
      refunded: true,
      error: { code: 'model_failed', message: 'The model could not make this generation.' },
      outputs: [],
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((me.json() as { tokens: number }).tokens).toBe(100);
    await expectMoneyInvariants(t.database.pool);
  });

  it('retries a receiver that answered 500 and delivers on its next answer', async () => {
    const hook = await receiver([500]);
    const { cookie, user } = await signInDemo(t.app);
    const key = await keyOf(user.id, hook.url);
    const id = await createWithKey(user.id, key.id, 'second time lucky');

    // The first attempt is recorded as it happened, the next one set 5 s later.
    await expect
      .poll(async () => (await messagesOf(id))[0]?.attempts, { timeout: 30_000, interval: 100 })
      .toBe(1);
    const [first] = (await log(cookie)).items;
    expect(first).toMatchObject({ status: 'pending', last_status: 500 });
    expect(first?.last_error).toBe('the receiver answered HTTP 500');
    const wait =
      new Date(first?.next_attempt_at ?? 0).getTime() - new Date(first?.created ?? 0).getTime();
    expect(wait).toBeGreaterThanOrEqual(5000);

    const [message] = await settled(id);
    expect(message).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(hook.hits).toHaveLength(2);
    expect(hook.hits[0]?.headers['webhook-id']).toBe(hook.hits[1]?.headers['webhook-id']);
  });

  it('announces an operator’s refund of a completed generation as generation.refunded', async () => {
    const hook = await receiver();
    const { user } = await signInDemo(t.app);
    const operator = await signInDemo(t.app);
    const key = await keyOf(user.id, hook.url);
    const id = await createWithKey(user.id, key.id, 'refund me later');
    await settled(id);
    const refunded = await t.container.admin.refundGeneration(
      { id: operator.user.id, email: operator.user.email },
      id,
      'the picture was blank',
    );
    expect(refunded.outcome).toBe('changed');
    const messages = await settled(id, 2);
    expect(messages.map((m) => m.event_type).sort()).toEqual([
      'generation.completed',
      'generation.refunded',
    ]);
    const bodies = hook.hits.map((h) => JSON.parse(h.body) as ApiWebhookMessage);
    expect(bodies.find((b) => b.type === 'generation.refunded')?.data).toMatchObject({
      status: 'completed',
      refunded: true,
    });
    await expectMoneyInvariants(t.database.pool);
  });

  it('sends nothing for a generation made without a key', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, ...ORIGIN },
      payload: { model: 'seedream-3', prompt: 'from the studio' },
    });
    const id = (res.json() as { request_id: string }).request_id;
    await expect
      .poll(async () => (await t.container.repositories.generations.findById(id))?.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('completed');
    expect(await messagesOf(id)).toEqual([]);
  });
});

describe('the delivery log and replay', () => {
  it('replays a message with the same id, audited; another person’s is a 404', async () => {
    const hook = await receiver();
    const { cookie, user } = await signInDemo(t.app);
    const key = await keyOf(user.id, hook.url);
    const id = await createWithKey(user.id, key.id, 'play it again');
    const [message] = await settled(id);

    const stranger = await signInDemo(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${message?.id}/replay`,
      headers: { cookie: stranger.cookie, ...ORIGIN, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      detail: 'There is no such message in your webhook log.',
    });
    const inRussian = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${message?.id}/replay`,
      headers: { cookie: stranger.cookie, ...ORIGIN },
    });
    expect(inRussian.json()).toMatchObject({
      detail: 'Такого сообщения в вашем журнале вебхуков нет.',
    });
    expect((await log(stranger.cookie)).items).toEqual([]);
    expect(hook.hits).toHaveLength(1);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${message?.id}/replay`,
      headers: { cookie, ...ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: message?.id, status: 'pending', attempts: 1 });
    await expect
      .poll(async () => (await messagesOf(id))[0]?.attempts, { timeout: 30_000, interval: 100 })
      .toBe(2);
    const [again] = await settled(id);
    expect(again?.status).toBe('delivered');
    expect(hook.hits).toHaveLength(2);
    expect(hook.hits[1]?.headers['webhook-id']).toBe(message?.id);
    expect(hook.hits[1]?.body).toBe(hook.hits[0]?.body);
    expect(() =>
      new Webhook(key.secret).verify(
        hook.hits[1]?.body ?? '',
        hook.hits[1]?.headers as Record<string, string>,
      ),
    ).not.toThrow();

    const { rows } = await t.database.pool.query(
      `select action, actor, subject_id from account_events where user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ action: 'webhook.replayed', actor: 'self', subject_id: message?.id }]);
  });

  it('pages the log newest first by cursor, one key’s with `key`', async () => {
    const hook = await receiver();
    const { cookie, user } = await signInDemo(t.app);
    const [first, second] = [await keyOf(user.id, hook.url), await keyOf(user.id, hook.url)];
    const ids = [
      await createWithKey(user.id, first.id, 'one'),
      await createWithKey(user.id, first.id, 'two'),
      await createWithKey(user.id, second.id, 'three'),
    ];
    for (const id of ids) await settled(id);

    const seen: WebhookDelivery[] = [];
    let cursor: string | null = null;
    do {
      const page: WebhookDeliveryList = await log(
        cookie,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((d) => d.id)).size).toBe(3);
    const created = seen.map((d) => d.created);
    expect([...created].sort().reverse()).toEqual(created);

    expect((await log(cookie, `?key=${first.id}`)).items).toHaveLength(2);
    expect((await log(cookie, `?key=${second.id}`)).items).toHaveLength(1);
    expect((await log(cookie, '?key=not-a-key')).items).toEqual([]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/webhook-deliveries?cursor=bm9wZQ',
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      detail:
        'This link to the next page of the log is stale or damaged. Open the log from the start.',
    });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/webhook-deliveries' });
    expect(signedOut.statusCode).toBe(401);
  });
});
