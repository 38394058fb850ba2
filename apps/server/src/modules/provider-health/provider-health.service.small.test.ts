import { describe, expect, it } from 'vitest';
import { CallLog, strictFake } from '../../../test/fakes.ts';
import { ProviderError } from '../../providers/replicate/replicate.adapter.ts';
import type { ProviderHealthRepository, ProviderHealthRow } from './provider-health.repository.ts';
import { createProviderHealth, statusOf } from './provider-health.service.ts';

// Small tests: the repository and the logger are strict fakes; the clock is the test's.

const T0 = Date.parse('2026-01-01T12:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

function row(values: Partial<ProviderHealthRow> = {}): ProviderHealthRow {
  return {
    provider: 'replicate',
    lastOkAt: null,
    lastErrorAt: null,
    lastError: null,
    failures: 0,
    rateLimits: 0,
    pausedUntil: null,
    updatedAt: at(0),
    ...values,
  };
}

describe('statusOf', () => {
  it.each([
    ['no row', undefined, 'unknown'],
    ['nothing yet', row(), 'unknown'],
    ['answered', row({ lastOkAt: at(-5) }), 'ok'],
    ['answered after failing', row({ lastOkAt: at(-5), lastErrorAt: at(-9) }), 'ok'],
    ['failing since it answered', row({ lastOkAt: at(-9), lastErrorAt: at(-5) }), 'failing'],
    ['never answered, failed', row({ lastErrorAt: at(-5) }), 'failing'],
    ['paused', row({ lastOkAt: at(-1), pausedUntil: at(10) }), 'rate_limited'],
    ['a pause that ended', row({ lastOkAt: at(-1), pausedUntil: at(-1) }), 'ok'],
  ] as const)('%s → %s', (_, health, status) => {
    expect(statusOf(health, at(0))).toBe(status);
  });
});

function setup(
  stored: ProviderHealthRow | undefined,
  writes: Partial<ProviderHealthRepository> = {},
) {
  const log = new CallLog();
  const clock = { now: T0 };
  const repository = strictFake<ProviderHealthRepository>(
    'repository',
    {
      find: async () => stored,
      recordFailure: async () => undefined,
      recordOk: async () => undefined,
      ...writes,
    },
    log,
  );
  const logger = strictFake<{ warn(details: object, message: string): void }>(
    'logger',
    { warn: () => undefined },
    log,
  );
  const health = createProviderHealth({
    repository,
    provider: 'replicate',
    logger,
    now: () => clock.now,
  });
  return { log, clock, health };
}

const answer = async () => 'answered';
const failWith = (error: unknown) => async () => {
  throw error;
};

describe('track: what is written of each call', () => {
  it('a failure always, in short; the first answer after it; then answers at most every 30 s', async () => {
    const { log, clock, health } = setup(row({ lastOkAt: at(-60) }));
    const down = new ProviderError('Service Unavailable', 503);

    await expect(health.track('create', failWith(down))).rejects.toBe(down);
    await expect(health.track('get', answer)).resolves.toBe('answered');
    clock.now += 10_000;
    await health.track('get', answer);
    clock.now += 25_000;
    await health.track('get', answer);
    expect(log.names()).toEqual([
      'repository.recordFailure',
      'repository.recordOk',
      // 10 s later: read what the row says (fresh enough that no other node failed since).
      'repository.find',
      // 35 s after the last write: written again.
      'repository.recordOk',
    ]);
    expect(log.argsOf('repository.recordFailure')).toEqual([['replicate', 'HTTP 503']]);
    expect(log.argsOf('repository.recordOk')).toEqual([
      ['replicate', { accepted: false }],
      ['replicate', { accepted: false }],
    ]);
  });

  it('an answer after another node’s failures is written, read from the row at most once a second', async () => {
    const { log, clock, health } = setup(row({ lastOkAt: at(-20), lastErrorAt: at(-2) }));
    // A first answer is always written (this process has written none).
    await health.track('get', answer);
    clock.now += 5_000;
    await health.track('get', answer);
    await health.track('get', answer);
    expect(log.names()).toEqual(['repository.recordOk', 'repository.find', 'repository.recordOk']);
  });

  it('a create that goes through ends a run of 429s; a refusal (422) is an answer, not a failure', async () => {
    const { log, clock, health } = setup(row({ lastOkAt: at(-1), rateLimits: 2 }));
    await health.track('get', answer);
    clock.now += 2_000;
    const refused = new ProviderError('Invalid input', 422);
    await expect(health.track('create', failWith(refused))).rejects.toBe(refused);
    await health.track('create', answer);
    // The refusal writes nothing (the row says nothing failed); the create clears the run of 429s.
    expect(log.names()).toEqual(['repository.recordOk', 'repository.find', 'repository.recordOk']);
    expect(log.argsOf('repository.recordOk').at(-1)).toEqual(['replicate', { accepted: true }]);
  });

  it('a write that fails never fails the call: it is logged at warn', async () => {
    const { log, health } = setup(undefined, {
      recordFailure: async () => {
        throw new Error('connection terminated');
      },
      recordOk: async () => {
        throw new Error('connection terminated');
      },
    });
    const down = new ProviderError('fetch failed', undefined);
    await expect(health.track('create', failWith(down))).rejects.toBe(down);
    await expect(health.track('create', answer)).resolves.toBe('answered');
    expect(log.names()).toEqual([
      'repository.recordFailure',
      'logger.warn',
      'repository.recordOk',
      'logger.warn',
    ]);
  });

  it('an error that is not the provider’s (a bug) records nothing', async () => {
    const { log, health } = setup(undefined);
    const bug = new TypeError('cannot read properties of undefined');
    await expect(health.track('get', failWith(bug))).rejects.toBe(bug);
    expect(log.names()).toEqual([]);
  });
});

describe('the pause', () => {
  it('is read at most once a second; a pause this process starts is seen at once', async () => {
    const until = at(5);
    const { log, clock, health } = setup(row(), { pause: async () => until });
    expect(await health.pausedUntil()).toBeUndefined();
    expect(await health.pausedUntil()).toBeUndefined();
    expect(await health.rateLimited(5000)).toEqual(until);
    expect(await health.pausedUntil()).toEqual(until);
    clock.now += 6_000;
    expect(await health.pausedUntil()).toBeUndefined();
    expect(log.names()).toEqual(['repository.find', 'repository.pause', 'repository.find']);
    expect(log.argsOf('repository.pause')).toEqual([['replicate', 5000]]);
  });

  it("another node's pause is seen within a second", async () => {
    const stored = row();
    const { clock, health } = setup(stored);
    expect(await health.pausedUntil()).toBeUndefined();
    stored.pausedUntil = at(30);
    expect(await health.pausedUntil()).toBeUndefined();
    clock.now += 1_000;
    expect(await health.pausedUntil()).toEqual(at(30));
  });
});
