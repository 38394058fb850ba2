import Fastify from 'fastify';
import { validateWebhook } from 'replicate';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { deliverWebhook, type FetchLike, generateWebhookSecret, signWebhook } from './webhooks.ts';

describe('signWebhook', () => {
  it('matches the Standard Webhooks test vector from integrations.md §A.5', () => {
    expect(
      signWebhook({
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('produces signatures that standardwebhooks and replicate.validateWebhook accept', async () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = 'msg_test';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: 'abc', status: 'succeeded', output: 'кот' });
    const signature = signWebhook({ id, timestamp, body, secret });

    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    await expect(
      validateWebhook({ id, timestamp: String(timestamp), signature, body, secret }),
    ).resolves.toBe(true);
    const tampered = body.replace('кот', 'пёс');
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow();
  });
});

type Call = { url: string; init: RequestInit };

function fakeFetch(statuses: Array<number | Error>): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = statuses.shift() ?? 204;
    if (next instanceof Error) throw next;
    return new Response(null, { status: next });
  };
  return { fetch, calls };
}

function header(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

describe('deliverWebhook', () => {
  it('retries non-2xx answers and network errors with the same webhook-id', async () => {
    const secret = generateWebhookSecret();
    const { fetch, calls } = fakeFetch([500, new Error('ECONNREFUSED'), 204]);
    const body = '{"id":"p1","status":"succeeded"}';
    const result = await deliverWebhook({
      url: 'http://hooks.test/replicate?job=7',
      body,
      secret,
      fetch,
      retryDelaysMs: [1, 1, 1],
    });

    expect(result.delivered).toBe(true);
    expect(result.attempts).toEqual([{ status: 500 }, { error: 'ECONNREFUSED' }, { status: 204 }]);
    expect(calls.map((call) => call.url)).toEqual(
      Array(3).fill('http://hooks.test/replicate?job=7'),
    );
    const ids = new Set(calls.map((call) => header(call, 'webhook-id')));
    expect(ids.size).toBe(1);
    expect(result.id).toMatch(/^msg_/);
    for (const call of calls) {
      expect(call.init.method).toBe('POST');
      expect(call.init.redirect).toBe('manual');
      expect(call.init.body).toBe(body);
      expect(header(call, 'content-type')).toBe('application/json');
      const headers = {
        'webhook-id': header(call, 'webhook-id') ?? '',
        'webhook-timestamp': header(call, 'webhook-timestamp') ?? '',
        'webhook-signature': header(call, 'webhook-signature') ?? '',
      };
      expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    }
  });

  it('gives up after the last retry', async () => {
    const { fetch, calls } = fakeFetch([503, 503, 503, 503, 204]);
    const result = await deliverWebhook({
      url: 'http://hooks.test/x',
      body: '{}',
      secret: generateWebhookSecret(),
      fetch,
      retryDelaysMs: [1, 1, 1],
    });
    expect(result.delivered).toBe(false);
    expect(calls).toHaveLength(4);
  });

  it('does not follow redirects', async () => {
    const app = Fastify();
    let targetHits = 0;
    app.post('/moved', async (_request, reply) => reply.redirect('/target', 307));
    app.post('/target', async () => {
      targetHits++;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const result = await deliverWebhook({
        url: `http://127.0.0.1:${port}/moved`,
        body: '{}',
        secret: generateWebhookSecret(),
        retryDelaysMs: [1],
      });
      expect(result.delivered).toBe(false);
      expect(result.attempts).toEqual([{ status: 307 }, { status: 307 }]);
      expect(targetHits).toBe(0);
    } finally {
      await app.close();
    }
  });
});
