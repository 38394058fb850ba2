import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { createWebhookPoster } from '../../providers/http/webhook-poster.ts';
import { toApiGeneration } from '../generations/index.ts';
import { createWebhookDeliveryService } from './webhook-delivery.service.ts';
import { recordGenerationEvent } from './webhook-messages.ts';

/**
 * The send job's rules without a worker: each attempt is `send(id)` called here, with the clock
 * moved to when the job would run. The app is configured as production would be on this point
 * (`WEBHOOKS_ALLOW_PRIVATE_URLS=false`), so its own sender refuses every private receiver.
 */
let t: TestApp;
let server: Server;
let port: number;
let hits = 0;
let statuses: number[] = [];
beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' });
  server = createServer((request, response) => {
    hits++;
    request.resume();
    request.on('end', () => response.writeHead(statuses.shift() ?? 503).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});
beforeEach(() => {
  hits = 0;
  statuses = [];
});

/** A message of a real key and generation (no worker runs it), to `url`, made at `at`. */
async function messageTo(url: string, at: Date): Promise<string> {
  const { user } = await signInDemo(t.app);
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into api_keys (user_id, name, prefix, key_hash, webhook_url, webhook_secret)
     values ($1, 'test key', 'kadr_testtest', $2, $3, $4) returning id`,
    [user.id, randomUUID(), url, `whsec_${randomBytes(24).toString('base64')}`],
  );
  const keyId = rows[0]?.id ?? '';
  const id = randomUUID();
  const [created] = await t.container.repositories.generations.insertPaid(user.id, [
    {
      id,
      type: 'image',
      model: 'seedream-3',
      cost: 1,
      jsondata: { type: 'image', prompt: 'x', input: {}, output: null },
      apiKey: { id: keyId, dailyLimit: null, monthlyLimit: null },
    },
  ]);
  expect(created?.outcome).toBe('created');
  const row = await t.container.repositories.generations.findById(id);
  if (!row) throw new Error('no generation');
  const [messageId] = await t.container.repositories.transaction(
    ['webhookDeliveries', 'jobs'],
    (tx) =>
      recordGenerationEvent(tx, {
        type: 'generation.completed',
        userId: user.id,
        apiKeyId: keyId,
        requestUrl: null,
        generation: toApiGeneration(row, [], t.config.publicUrl),
        at,
      }),
  );
  if (!messageId) throw new Error('no message written');
  return messageId;
}

async function messageRow(id: string) {
  const { rows } = await t.database.pool.query<{
    status: string;
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    next_attempt_at: Date | null;
  }>(
    'select status, attempts, last_status, last_error, next_attempt_at from webhook_deliveries where id = $1',
    [id],
  );
  return rows[0];
}

/** The job queue's next run of a message's send job (graphile-worker's own table). */
async function scheduledRun(id: string): Promise<Date | undefined> {
  const { rows } = await t.database.pool.query<{ run_at: Date }>(
    `select run_at from graphile_worker._private_jobs where key = $1`,
    [`webhook:${id}`],
  );
  return rows[0]?.run_at;
}

describe('retries', () => {
  it('retries with backoff and gives up 24 hours after the event', async () => {
    const started = new Date(Date.now() + 60_000);
    let clock = started;
    const deliveries = createWebhookDeliveryService({
      repositories: t.container.repositories,
      poster: createWebhookPoster({ allowPrivate: true }),
      now: () => clock,
    });
    const id = await messageTo(`http://127.0.0.1:${port}/hooks`, started);
    const waits: number[] = [];
    for (;;) {
      const sent = await deliveries.send(id);
      if (sent.outcome !== 'retrying') {
        expect(sent).toEqual({ outcome: 'failed', error: 'the receiver answered HTTP 503' });
        break;
      }
      // The next attempt is the send job again, queued for that moment.
      expect(await scheduledRun(id)).toEqual(sent.next);
      waits.push((sent.next.getTime() - clock.getTime()) / 1000);
      clock = sent.next;
    }
    expect(waits).toEqual([5, 30, 120, 600, 1800, 3600, ...Array(7).fill(10_800)]);
    expect(hits).toBe(14);
    expect(await messageRow(id)).toEqual({
      status: 'failed',
      attempts: 14,
      last_status: 503,
      last_error: 'the receiver answered HTTP 503; gave up 24 hours after the event',
      next_attempt_at: null,
    });
    // A failed message is not sent again by a late job.
    expect(await deliveries.send(id)).toEqual({ outcome: 'skipped' });
    expect(hits).toBe(14);
  });

  it('delivers on the attempt after a 500', async () => {
    let clock = new Date(Date.now() + 60_000);
    const deliveries = createWebhookDeliveryService({
      repositories: t.container.repositories,
      poster: createWebhookPoster({ allowPrivate: true }),
      now: () => clock,
    });
    statuses = [500, 200];
    const id = await messageTo(`http://127.0.0.1:${port}/hooks`, clock);
    const first = await deliveries.send(id);
    expect(first).toMatchObject({ outcome: 'retrying', error: 'the receiver answered HTTP 500' });
    if (first.outcome === 'retrying') clock = first.next;
    expect(await deliveries.send(id)).toEqual({ outcome: 'delivered', status: 200 });
    expect(await messageRow(id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_error: null,
    });
  });
});

describe('SSRF: private receivers refused at send time', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/hooks`],
    ['a private network', () => 'http://10.0.0.1/hooks'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to loopback (localhost)', () => `http://localhost:${port}/hooks`],
  ])('%s: refused at once, nothing sent, the reason in the log', async (_what, url) => {
    const id = await messageTo(url(), new Date());
    // Its first send job (no worker runs here: it stays queued as written).
    const queued = await scheduledRun(id);
    expect(queued).toBeInstanceOf(Date);
    // The app's own sender, as the job runs it.
    const sent = await t.container.webhookDeliveries.send(id);
    expect(sent.outcome).toBe('failed');
    expect(hits).toBe(0);
    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_status: null });
    expect(row?.last_error).toMatch(/^refusing to connect to .+ is not a public address$/);
    // No retry is queued for a refused address: the job is the first one, not moved to later.
    expect(await scheduledRun(id)).toEqual(queued);
  });

  it('a public-looking name whose DNS answers 127.0.0.1 is refused on the address it resolved to', async () => {
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    };
    const deliveries = createWebhookDeliveryService({
      repositories: t.container.repositories,
      poster: createWebhookPoster({ allowPrivate: false, lookup }),
    });
    const id = await messageTo(`http://hooks.customer.example:${port}/hooks`, new Date());
    expect(await deliveries.send(id)).toEqual({
      outcome: 'failed',
      error: 'refusing to connect to hooks.customer.example: 127.0.0.1 is not a public address',
    });
    expect(hits).toBe(0);
  });
});
