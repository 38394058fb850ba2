import { describe, expect, it } from 'vitest';
import {
  createReplicateProvider,
  ProviderError,
  retryAfterMs,
  toProviderError,
} from './replicate.adapter.ts';

// Small tests: how a failed call is told apart (issue #38) — the answer's status and Retry-After,
// or no answer at all — through the official client with a fetch that answers from memory.

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it.each([
    ['7', 7000],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 12:00:30 GMT', 30_000],
    ['Thu, 01 Jan 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});

describe('ProviderError', () => {
  it.each([
    [503, false, 'HTTP 503'],
    [429, false, 'HTTP 429'],
    [408, false, 'HTTP 408'],
    [422, true, 'HTTP 422'],
    [undefined, false, 'unreachable'],
  ])('status %j: permanent %j, %s', (status, permanent, summary) => {
    const error = new ProviderError('failed', status);
    expect({ permanent: error.permanent, summary: error.summary }).toEqual({ permanent, summary });
  });

  it('a call stopped by our own time limit is a timeout, however deep it is wrapped', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(toProviderError(new TypeError('fetch failed', { cause: timeout })).summary).toBe(
      'timeout',
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(toProviderError(new TypeError('fetch failed', { cause: refused }))).toMatchObject({
      status: undefined,
      permanent: false,
      summary: 'unreachable',
    });
  });
});

describe('the client through the adapter', () => {
  function providerAnswering(answer: () => Response) {
    const calls: string[] = [];
    const provider = createReplicateProvider({
      token: 'r8_test',
      baseUrl: 'https://replicate.test/v1',
      fetch: async (input, init) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return answer();
      },
    });
    return { provider, calls };
  }

  it("a 429 on create keeps the provider's Retry-After (the client re-sends it 5 times first)", async () => {
    const { provider, calls } = providerAnswering(
      () =>
        new Response('{"detail":"Request was throttled."}', {
          status: 429,
          headers: { 'retry-after': '12' },
        }),
    );
    const failure = await provider
      .create({ ref: { model: 'bytedance/seedream-3' }, input: { prompt: 'x' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ status: 429, retryAfterMs: 12_000, permanent: false });
    expect(calls).toHaveLength(6);
  });

  it('a 503 on create is not re-sent by the client and carries no wait', async () => {
    const { provider, calls } = providerAnswering(
      () => new Response('upstream down', { status: 503 }),
    );
    const failure = await provider
      .create({ ref: { model: 'bytedance/seedream-3' }, input: { prompt: 'x' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, retryAfterMs: undefined, summary: 'HTTP 503' });
    expect(calls).toEqual([
      'POST https://replicate.test/v1/models/bytedance/seedream-3/predictions',
    ]);
  });
});
