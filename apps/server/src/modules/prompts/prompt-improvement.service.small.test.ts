import { describe, expect, it } from 'vitest';
import { CallLog, fakeRepositories, strictFake } from '../../../test/fakes.ts';
import { type ModelProvider, ProviderError } from '../../providers/replicate/replicate.adapter.ts';
import type { ProviderHealth } from '../provider-health/index.ts';
import type { UserRow } from '../users/index.ts';
import type { PromptImprovementRow } from './prompt-improvement.repository.ts';
import { createPromptImprovementService } from './prompt-improvement.service.ts';

// Small tests: the repositories, the provider and its health are strict fakes; no database. They
// show what a failure of the language model does, in which transaction, and what a pause spares.

const person = { id: '0a0b0c0d-0000-4000-8000-000000000002' };
const body = { prompt: 'кот на подоконнике', model: 'seedream-3', style: 'film-photo' };

function row(overrides: Partial<PromptImprovementRow> = {}): PromptImprovementRow {
  return {
    id: '0c0c0c0c-0000-4000-8000-000000000009',
    userId: person.id,
    model: 'seedream-3',
    style: 'film-photo',
    prompt: body.prompt,
    improved: null,
    status: 'running',
    cost: 1,
    error: null,
    created: new Date('2026-01-01T12:00:00Z'),
    finished: null,
    ...overrides,
  };
}

function serviceWith(
  log: CallLog,
  parts: {
    provider: Partial<ModelProvider>;
    health?: Partial<ProviderHealth>;
    now?: () => number;
  },
) {
  const repositories = fakeRepositories(
    log,
    { users: { findById: async () => ({ tokens: 5 }) as UserRow } },
    {
      promptImprovements: {
        create: async (values) => row({ id: values.id }),
        fail: async (id, error) => row({ id, status: 'failed', error }),
        succeed: async (id, improved) => row({ id, status: 'succeeded', improved }),
      },
      ledger: {
        chargePromptImprovement: async () => ({ applied: true, balance: 4 }),
        refundPromptImprovement: async () => ({ applied: true, balance: 5 }),
      },
    },
  );
  return createPromptImprovementService({
    repositories,
    provider: strictFake<ModelProvider>('provider', parts.provider, log),
    providerHealth: strictFake<ProviderHealth>(
      'health',
      { pausedUntil: async () => undefined, ...parts.health },
      log,
    ),
    model: 'meta/meta-llama-3-70b-instruct',
    timeoutMs: 30_000,
    pollMs: 1,
    logger: { info: () => {}, warn: () => {} },
    ...(parts.now ? { now: parts.now } : {}),
  });
}

const running = { id: 'p1', status: 'processing' as const, output: null, error: null };

describe('a prompt improvement that does not come back', () => {
  it('past its time: stops the prediction, fails and refunds it in one transaction, answers "away"', async () => {
    const log = new CallLog();
    let clock = 0;
    const service = serviceWith(log, {
      provider: {
        create: async () => running,
        get: async () => running,
        cancel: async () => ({ ...running, status: 'canceled' as const }),
      },
      now: () => (clock += 10_000),
    });
    const outcome = await service.improve(person, body, undefined);
    expect(outcome).toEqual({ outcome: 'failed', reason: 'unavailable', retryAfterSeconds: 5 });
    expect(log.names()).toEqual([
      'users.findById',
      'health.pausedUntil',
      'transaction',
      'tx.promptImprovements.create',
      'tx.ledger.chargePromptImprovement',
      'commit',
      'provider.create',
      // Looked at every 10 s of the fake clock until 30 s had passed.
      'provider.get',
      'provider.get',
      'provider.get',
      'provider.cancel',
      'transaction',
      'tx.promptImprovements.fail',
      'tx.ledger.refundPromptImprovement',
      'commit',
    ]);
    // The refund and the failure in the same transaction, the charge in another before the call.
    expect(log.transactionsOf('tx.promptImprovements.fail')).toEqual(
      log.transactionsOf('tx.ledger.refundPromptImprovement'),
    );
    expect(log.argsOf('tx.ledger.refundPromptImprovement')[0]?.[0]).toMatchObject({
      userId: person.id,
      tokens: 1,
    });
    expect(log.argsOf('tx.promptImprovements.fail')[0]?.[1]).toBe('prompt improvement timed out');
  });

  it('on a 429: pauses every call for as long as the provider asked, refunds, answers "away"', async () => {
    const log = new CallLog();
    const service = serviceWith(log, {
      provider: {
        create: async () => {
          throw new ProviderError('Too Many Requests', 429, { retryAfterMs: 8000 });
        },
      },
      health: { rateLimited: async () => new Date(1_000_000 + 8000) },
      now: () => 1_000_000,
    });
    expect(await service.improve(person, body, undefined)).toEqual({
      outcome: 'failed',
      reason: 'unavailable',
      retryAfterSeconds: 8,
    });
    expect(log.argsOf('health.rateLimited')).toEqual([[8000]]);
    expect(log.names().slice(-4)).toEqual([
      'transaction',
      'tx.promptImprovements.fail',
      'tx.ledger.refundPromptImprovement',
      'commit',
    ]);
  });

  it('refused by the provider (a 422) or answering nothing usable: the model failed, refunded', async () => {
    for (const provider of [
      {
        create: async () => {
          throw new ProviderError('Input validation failed', 422);
        },
      },
      { create: async () => ({ ...running, status: 'succeeded' as const, output: ['Sure.'] }) },
    ]) {
      const log = new CallLog();
      const service = serviceWith(log, { provider });
      expect(await service.improve(person, body, undefined)).toEqual({
        outcome: 'failed',
        reason: 'model_failed',
        retryAfterSeconds: 0,
      });
      expect(log.names()).toContain('tx.ledger.refundPromptImprovement');
    }
  });

  it('while the provider is paused: refused before any charge', async () => {
    const log = new CallLog();
    const service = serviceWith(log, {
      provider: {},
      health: { pausedUntil: async () => new Date(2_000_000 + 12_500) },
      now: () => 2_000_000,
    });
    expect(await service.improve(person, body, undefined)).toEqual({
      outcome: 'paused',
      retryAfterSeconds: 13,
    });
    expect(log.names()).toEqual(['users.findById', 'health.pausedUntil']);
  });
});
