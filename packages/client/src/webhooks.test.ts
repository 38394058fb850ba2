import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { KadrWebhookError, verifyWebhook } from './webhooks.ts';

// The test vector Standard Webhooks (and Svix, and Replicate's client) publish.
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const at = new Date(Number(vector.timestamp) * 1000);
const headers = {
  'webhook-id': vector.id,
  'webhook-timestamp': vector.timestamp,
  'webhook-signature': vector.signature,
};

describe('verifyWebhook', () => {
  it('accepts the published test vector and returns the parsed body', async () => {
    expect(await verifyWebhook(vector.secret, headers, vector.body, { now: at })).toEqual({
      test: 2432232314,
    });
  });

  it('reads Node’s headers (any case), a Fetch Headers object and the body as bytes', async () => {
    const nodeHeaders = {
      'Webhook-Id': vector.id,
      'WEBHOOK-TIMESTAMP': vector.timestamp,
      'webhook-signature': [vector.signature],
    };
    const bytes = new TextEncoder().encode(vector.body);
    await expect(verifyWebhook(vector.secret, nodeHeaders, bytes, { now: at })).resolves.toEqual({
      test: 2432232314,
    });
    await expect(
      verifyWebhook(vector.secret, new Headers(headers), vector.body, { now: at }),
    ).resolves.toEqual({ test: 2432232314 });
  });

  it('accepts any matching v1 entry of several (a rotated secret signs twice)', async () => {
    const signature = `v2,abc v1,${Buffer.from('nope').toString('base64')} ${vector.signature}`;
    await expect(
      verifyWebhook(vector.secret, { ...headers, 'webhook-signature': signature }, vector.body, {
        now: at,
      }),
    ).resolves.toEqual({ test: 2432232314 });
  });

  it.each([
    ['a changed body', { body: '{"test": 2432232315}' }],
    ['another id', { id: 'msg_p5jXN8AQM9LWM0D4loKWxJel' }],
    ['another timestamp', { timestamp: '1614265331' }],
    ['another secret', { secret: `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}` }],
    ['a signature of another version', { signature: vector.signature.replace('v1,', 'v2,') }],
    ['an empty signature', { signature: 'v1,' }],
  ])('refuses %s', async (_, change) => {
    const input = { ...vector, ...change };
    await expect(
      verifyWebhook(
        input.secret,
        {
          'webhook-id': input.id,
          'webhook-timestamp': input.timestamp,
          'webhook-signature': input.signature,
        },
        input.body,
        { now: at },
      ),
    ).rejects.toThrow(KadrWebhookError);
  });

  it('refuses a message older or newer than the tolerance, and takes its own tolerance', async () => {
    const later = new Date(at.getTime() + 301_000);
    await expect(
      verifyWebhook(vector.secret, headers, vector.body, { now: later }),
    ).rejects.toThrow('outside the tolerance');
    const earlier = new Date(at.getTime() - 301_000);
    await expect(
      verifyWebhook(vector.secret, headers, vector.body, { now: earlier }),
    ).rejects.toThrow('outside the tolerance');
    await expect(
      verifyWebhook(vector.secret, headers, vector.body, { now: later, toleranceSeconds: 600 }),
    ).resolves.toEqual({ test: 2432232314 });
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)(
    'refuses a message without %s',
    async (name) => {
      const { [name]: _, ...rest } = headers;
      await expect(verifyWebhook(vector.secret, rest, vector.body, { now: at })).rejects.toThrow(
        'Missing',
      );
    },
  );

  it('refuses a timestamp that is not whole seconds, and a secret that is not base64', async () => {
    await expect(
      verifyWebhook(vector.secret, { ...headers, 'webhook-timestamp': '1614265330.5' }, '{}', {
        now: at,
      }),
    ).rejects.toThrow('not a number');
    await expect(verifyWebhook('whsec_***', headers, vector.body, { now: at })).rejects.toThrow(
      'not a whsec_ secret',
    );
  });

  it('agrees with the official standardwebhooks package on random messages', async () => {
    for (let i = 0; i < 25; i++) {
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const id = `msg_${randomBytes(8).toString('hex')}`;
      const now = new Date();
      // Unicode included: the signature is over the UTF-8 bytes.
      const body = JSON.stringify({ i, text: `Ёлка ${randomBytes(6).toString('base64')} 🎄` });
      const signature = new Webhook(secret).sign(id, now, body);
      const signed = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      };
      expect(await verifyWebhook(secret, signed, body)).toEqual(JSON.parse(body));
      // And the official verifier accepts what ours accepts.
      expect(new Webhook(secret).verify(body, signed)).toEqual(JSON.parse(body));
    }
  });
});
