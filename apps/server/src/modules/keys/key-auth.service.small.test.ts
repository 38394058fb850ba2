import { describe, expect, it } from 'vitest';
import { CallLog, strictFake } from '../../../test/fakes.ts';
import type { RealtimeMessage } from '../../lib/realtime-messages.ts';
import type { ApiKeyAuthRow, ApiKeyRepository } from './api-key.repository.ts';
import { createKeyAuthService } from './key-auth.service.ts';
import { hashKey } from './key-secret.ts';

const secret = `kadr_${'A'.repeat(40)}`;
const row: ApiKeyAuthRow = {
  id: 'key-1',
  userId: 'user-1',
  revokedAt: null,
  dailyLimit: 10,
  monthlyLimit: null,
  allowedModels: null,
  scope: 'key',
  webhookUrl: null,
  ownerBlocked: false,
  ownerBlockedReason: null,
};

/** A feed the test drives: `listen(true)` turns the cache on, `send` delivers a message. */
function feed() {
  const listeners: ((message: RealtimeMessage) => void)[] = [];
  const watchers: ((listening: boolean) => void)[] = [];
  return {
    subscribe(listener: (message: RealtimeMessage) => void) {
      listeners.push(listener);
      return () => {};
    },
    onListening(watcher: (listening: boolean) => void) {
      watchers.push(watcher);
      return () => {};
    },
    listen: (on: boolean) => {
      for (const watcher of watchers) watcher(on);
    },
    send: (message: RealtimeMessage) => {
      for (const listener of listeners) listener(message);
    },
  };
}

function setUp(found: ApiKeyAuthRow | undefined, clock = { now: 1_000_000 }) {
  const log = new CallLog();
  const repository = strictFake<ApiKeyRepository>(
    'apiKeys',
    {
      findByHash: async () => found,
      touch: async () => {},
      addUsage: async () => {},
    },
    log,
  );
  const service = createKeyAuthService(repository, { now: () => clock.now });
  const revocations = feed();
  service.useRevocationFeed(revocations);
  return { log, service, revocations, clock };
}

describe('key resolution (small)', () => {
  it('refuses what is not shaped like a key without a query', async () => {
    const { log, service } = setUp(row);
    for (const made of ['', 'kadr_short', `sk_${'A'.repeat(40)}`, `${secret}x`]) {
      expect(await service.resolve(made)).toEqual({ outcome: 'unknown' });
    }
    expect(log.names()).toEqual([]);
  });

  it('reads a key by its hash once while the feed listens, touching it at most once a minute', async () => {
    const { log, service, revocations, clock } = setUp(row);
    revocations.listen(true);
    const first = await service.resolve(secret);
    expect(first).toMatchObject({ outcome: 'found', key: { id: 'key-1', userId: 'user-1' } });
    await service.resolve(secret);
    clock.now += 5_000;
    await service.resolve(secret);
    expect(log.names()).toEqual(['apiKeys.findByHash', 'apiKeys.touch']);
    // Read again past the cache's TTL, but not touched again within the minute.
    clock.now += 10_000;
    await service.resolve(secret);
    expect(log.names()).toEqual(['apiKeys.findByHash', 'apiKeys.touch', 'apiKeys.findByHash']);
    expect(log.calls[0]?.args).toEqual([hashKey(secret)]);
    // Past the TTL it is read again (and a minute later touched again).
    clock.now += 61_000;
    await service.resolve(secret);
    expect(log.names()).toEqual([
      'apiKeys.findByHash',
      'apiKeys.touch',
      'apiKeys.findByHash',
      'apiKeys.findByHash',
      'apiKeys.touch',
    ]);
  });

  it('forgets a key its notification names, and everything when the feed stops', async () => {
    const { log, service, revocations } = setUp(row);
    revocations.listen(true);
    await service.resolve(secret);
    revocations.send({ kind: 'api_key', keyHash: hashKey(secret) });
    await service.resolve(secret);
    revocations.listen(false);
    await service.resolve(secret);
    await service.resolve(secret);
    expect(log.names().filter((name) => name === 'apiKeys.findByHash')).toHaveLength(4);
    expect(service.cachedKeys).toBe(0);
  });

  it('answers a cached live key at once, but nothing the cache cannot vouch for', async () => {
    const { log, service, revocations, clock } = setUp(row);
    expect(service.cached(secret)).toBeUndefined();
    revocations.listen(true);
    expect(service.cached(secret)).toBeUndefined();
    await service.resolve(secret);
    expect(service.cached(secret)).toMatchObject({ id: 'key-1', userId: 'user-1' });
    expect(service.cached(`kadr_${'B'.repeat(40)}`)).toBeUndefined();
    // A notification, the TTL and a touch that is due each send the request to `resolve`.
    revocations.send({ kind: 'api_key', keyHash: hashKey(secret) });
    expect(service.cached(secret)).toBeUndefined();
    await service.resolve(secret);
    clock.now += 10_000;
    expect(service.cached(secret)).toBeUndefined();
    await service.resolve(secret);
    clock.now += 9_000;
    expect(service.cached(secret)).toBeDefined();
    expect(log.names().filter((name) => name === 'apiKeys.findByHash')).toHaveLength(3);
    const blocked = setUp({ ...row, ownerBlocked: true, ownerBlockedReason: 'Spam' });
    blocked.revocations.listen(true);
    await blocked.service.resolve(secret);
    expect(blocked.service.cached(secret)).toBeUndefined();
  });

  it('answers a revoked key unknown and a blocked owner blocked', async () => {
    expect(await setUp({ ...row, revokedAt: new Date() }).service.resolve(secret)).toEqual({
      outcome: 'unknown',
    });
    expect(
      await setUp({ ...row, ownerBlocked: true, ownerBlockedReason: 'Spam' }).service.resolve(
        secret,
      ),
    ).toEqual({ outcome: 'blocked', reason: 'Spam' });
  });

  it('counts requests per key and UTC day and writes them in one batch', async () => {
    const { log, service, clock } = setUp(row);
    clock.now = Date.UTC(2025, 0, 31, 23, 59, 59);
    service.count('key-1');
    service.count('key-1');
    service.count('key-2');
    clock.now = Date.UTC(2025, 1, 1, 0, 0, 1);
    service.count('key-1');
    await service.flush();
    await service.flush();
    expect(log.names()).toEqual(['apiKeys.addUsage']);
    expect(log.calls[0]?.args[0]).toEqual([
      { keyId: 'key-1', day: '2025-01-31', requests: 2 },
      { keyId: 'key-2', day: '2025-01-31', requests: 1 },
      { keyId: 'key-1', day: '2025-02-01', requests: 1 },
    ]);
  });

  it('keeps the counts for the next flush when a write fails', async () => {
    const log = new CallLog();
    let fail = true;
    const written: unknown[] = [];
    const service = createKeyAuthService(
      strictFake<ApiKeyRepository>(
        'apiKeys',
        {
          addUsage: async (counts) => {
            if (fail) throw new Error('database away');
            written.push(counts);
          },
        },
        log,
      ),
      { now: () => Date.UTC(2025, 0, 1) },
    );
    service.count('key-1');
    await expect(service.flush()).rejects.toThrow('database away');
    service.count('key-1');
    fail = false;
    await service.flush();
    expect(written).toEqual([[{ keyId: 'key-1', day: '2025-01-01', requests: 2 }]]);
  });
});
