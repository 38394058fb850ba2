import { signWebhook } from '@kadr/emulators';
import { describe, expect, it } from 'vitest';
import { CallLog, fakeRepositories } from '../../../test/fakes.ts';
import { createWebhookService, type WebhookHeaders } from './webhook.service.ts';
import { createWebhookBinding } from './webhook-binding.ts';

// Small tests: what the webhook service answers for each kind of delivery; no database.

const secret = `whsec_${Buffer.from('small-test-webhook-secret').toString('base64')}`;
const binding = createWebhookBinding({
  webhookUrl: 'https://kadr.test/api/webhooks/replicate',
  signingSecret: 'small-test-binding-secret',
});
const REQUEST = '0f0e0d0c-0000-4000-8000-000000000001';

function signed(body: string, id = 'msg_1'): WebhookHeaders {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook({ id, timestamp, body, secret }),
  };
}

/** The service, whose delivery ids are `recorded` already (a replay of one is not recorded again). */
function serviceWith(log: CallLog, recorded: string[] = []) {
  return createWebhookService({
    repositories: fakeRepositories(
      log,
      {},
      {
        webhookEvents: { record: async (_provider, id) => !recorded.includes(id) },
        jobs: { enqueue: async () => undefined },
      },
    ),
    secret,
    binding,
    logger: { warn: () => undefined },
  });
}

describe('acceptReplicate', () => {
  const body = JSON.stringify({ id: 'prediction_1', status: 'succeeded' });

  it('accepts a signed delivery bound to its request and enqueues its ingest', async () => {
    const log = new CallLog();
    const bound = {
      request: REQUEST,
      sig: new URL(binding.urlFor(REQUEST)).searchParams.get('sig') ?? '',
    };

    await expect(serviceWith(log).acceptReplicate(body, signed(body), bound)).resolves.toEqual({
      outcome: 'accepted',
    });
    expect(log.argsOf('tx.jobs.enqueue')).toEqual([
      [
        'ingest_prediction',
        { requestId: REQUEST, predictionId: 'prediction_1' },
        { jobKey: 'ingest:prediction_1' },
      ],
    ]);
  });

  it('answers replayed for a delivery id recorded before, and enqueues nothing', async () => {
    const log = new CallLog();

    await expect(
      serviceWith(log, ['msg_1']).acceptReplicate(body, signed(body, 'msg_1'), {}),
    ).resolves.toEqual({ outcome: 'replayed' });
    expect(log.argsOf('tx.jobs.enqueue')).toEqual([]);
  });

  it.each([
    [
      'a forged signature',
      body,
      { ...signed(body), 'webhook-signature': 'v1,Zm9yZ2Vk' },
      {},
      'bad_signature',
    ],
    ['a signed body that is not JSON', 'not json', signed('not json'), {}, 'unreadable'],
    ['a signed body without a prediction id', '[]', signed('[]'), {}, 'no_prediction_id'],
    [
      'an address naming another request',
      body,
      signed(body),
      { request: REQUEST, sig: 'x' },
      'unbound',
    ],
  ] as const)(
    'refuses %s before recording anything',
    async (_what, raw, headers, bound, outcome) => {
      const log = new CallLog();

      await expect(serviceWith(log).acceptReplicate(raw, headers, bound)).resolves.toEqual({
        outcome,
      });
      expect(log.calls).toEqual([]);
    },
  );
});
