import { problemTypes } from '@kadr/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, awayPatienceMs, isAway } from './api';
import { connectionState, markOnline, subscribeConnection } from './connection';
import { retryOnce } from './query-client';

// Issue #38: while PostgreSQL or the file store is away the server answers 503 typed `unavailable`
// with Retry-After; reads wait and try again instead of failing, changes are refused at once, and
// the connection's state says `reconnecting` until Kadr answers again.

const away = (retryAfter: string | null = '5') =>
  new Response(
    JSON.stringify({
      type: problemTypes.unavailable,
      title: 'Service Unavailable',
      status: 503,
      detail:
        'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
    }),
    {
      status: 503,
      headers: {
        'content-type': 'application/problem+json',
        ...(retryAfter === null ? {} : { 'retry-after': retryAfter }),
      },
    },
  );
const ok = (body: unknown = { ok: true }) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const notReady = () => new Response('{"status":"unavailable"}', { status: 503 });

type Answer = Response | Error | (() => Response);

/**
 * `fetch` answering each call of the API with the next of `answers` (the last one repeats), and
 * readiness (`/api/ready`, the probe) with `ready()`. Records every call.
 */
function serve(answers: Answer[], ready: () => Response = notReady) {
  const calls: { url: string; init: RequestInit | undefined; at: number }[] = [];
  let next = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init, at: Date.now() });
    if (url === '/api/ready') return ready();
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : (answer ?? ok());
  });
  vi.stubGlobal('fetch', fetch);
  const of = (url: string) => calls.filter((call) => call.url === url);
  return { calls, of };
}

/** Every state the connection went through, in order. */
function watchStates() {
  const seen: string[] = [];
  const stop = subscribeConnection(() => seen.push(connectionState()));
  return { seen, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  markOnline();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a read while Kadr is away', () => {
  it('waits for Retry-After, tries again and resolves; reconnecting meanwhile, online after', async () => {
    const { of } = serve([away('5'), ok({ items: [] })]);
    const states = watchStates();
    const read = apiRequest('/api/generations');
    let settled = false;
    void read.then(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(of('/api/generations')).toHaveLength(1);
    expect(connectionState()).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(4_999);
    expect(of('/api/generations')).toHaveLength(1);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual({ items: [] });
    expect(of('/api/generations')).toHaveLength(2);
    expect(connectionState()).toBe('online');
    expect(states.seen).toEqual(['reconnecting', 'online']);
    states.stop();
  });

  it('waits as long as Retry-After says, never less', async () => {
    const { of } = serve([away('12'), ok()]);
    const read = apiRequest('/api/me');
    await vi.advanceTimersByTimeAsync(11_999);
    expect(of('/api/me')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await read;
    expect(of('/api/me')).toHaveLength(2);
  });

  it('backs off from 5 s to at most 30 s when no wait is named (the network is down)', async () => {
    const { of } = serve([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      ok(),
    ]);
    const started = Date.now();
    await Promise.all([apiRequest('/api/me'), vi.advanceTimersByTimeAsync(200_000)]);
    const gaps = of('/api/me').map((call, index, all) => call.at - (all[index - 1]?.at ?? started));
    expect(gaps).toEqual([0, 5_000, 10_000, 20_000, 30_000, 30_000]);
  });

  it('retries a proxy’s 502 and 504 as well', async () => {
    const { of } = serve([
      new Response('Bad Gateway', { status: 502 }),
      new Response('Gateway Timeout', { status: 504 }),
      ok(),
    ]);
    const read = apiRequest('/api/me');
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(read).resolves.toEqual({ ok: true });
    expect(of('/api/me')).toHaveLength(3);
  });

  it('gives up after about two minutes with the server’s own problem, as before', async () => {
    const { of } = serve([() => away('5')]);
    const read = apiRequest('/api/generations').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(awayPatienceMs + 1_000);
    const error = await read;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      type: problemTypes.unavailable,
      detail:
        'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
    });
    // 5 + 10 + 20 + 30 + 30 s, then the rest of the two minutes: seven tries in all.
    expect(of('/api/generations')).toHaveLength(7);
    expect(of('/api/generations').at(-1)?.at).toBe(awayPatienceMs);
    expect(isAway(error)).toBe(true);
    // Kadr is still away.
    expect(connectionState()).toBe('reconnecting');
  });

  it('stops at once when its signal aborts during the wait', async () => {
    const { of } = serve([() => away('5')]);
    const controller = new AbortController();
    const read = apiRequest('/api/generations', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    const error = await read;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(of('/api/generations')).toHaveLength(1);
  });

  it('tries again at once when Kadr answers another request meanwhile', async () => {
    const { of } = serve([away('5'), ok({ me: true }), ok({ items: [] })]);
    const waiting = apiRequest('/api/generations');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(apiRequest('/api/me')).resolves.toEqual({ me: true });
    await vi.advanceTimersByTimeAsync(0);
    await expect(waiting).resolves.toEqual({ items: [] });
    expect(of('/api/generations').map((call) => call.at)).toEqual([0, 1_000]);
  });
});

describe('a change while Kadr is away', () => {
  it('without an Idempotency-Key: refused at once with the server’s words, and reconnecting', async () => {
    const { of } = serve([away('5')]);
    const error = await apiRequest('/api/generations/g1/favorite', {
      method: 'PUT',
      body: { favorite: true },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 503,
      detail:
        'Сервис ненадолго недоступен. Ничего не изменилось — повторите через несколько секунд.',
    });
    expect(of('/api/generations/g1/favorite')).toHaveLength(1);
    expect(connectionState()).toBe('reconnecting');
  });

  it('with an Idempotency-Key (the studio’s create): sent again under the same key', async () => {
    const { of } = serve([away('5'), ok({ request_id: 'g1' })]);
    const create = apiRequest('/api/create-image', {
      method: 'POST',
      body: { model: 'm', prompt: 'A fox' },
      headers: { 'idempotency-key': 'key-1' },
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(create).resolves.toEqual({ request_id: 'g1' });
    const sent = of('/api/create-image');
    expect(sent).toHaveLength(2);
    expect(
      sent.map(
        (call) => (call.init?.headers as Record<string, string> | undefined)?.['idempotency-key'],
      ),
    ).toEqual(['key-1', 'key-1']);
    expect(sent[1]?.init?.body).toBe('{"model":"m","prompt":"A fox"}');
  });

  it('marked repeatable (the session’s refresh): waited for like a read', async () => {
    const { of } = serve([away('5'), ok({ id: 'u1' })]);
    const refresh = apiRequest('/api/auth/refresh', { method: 'POST', body: {}, repeatable: true });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(refresh).resolves.toEqual({ id: 'u1' });
    expect(of('/api/auth/refresh')).toHaveLength(2);
  });

  it('a 503 of another kind (payments not set up here) is an answer, not an outage', async () => {
    const { of } = serve([
      new Response(
        JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'Not configured' }),
        { status: 503, headers: { 'content-type': 'application/problem+json' } },
      ),
    ]);
    await expect(apiRequest('/api/payments/p1')).rejects.toMatchObject({ status: 503 });
    expect(of('/api/payments/p1')).toHaveLength(1);
    expect(connectionState()).toBe('online');
  });
});

describe('the readiness probe', () => {
  it('asks /api/ready with the same backoff while reconnecting, and says online at its 200', async () => {
    let readyAt = Number.POSITIVE_INFINITY;
    const { of } = serve([away('5')], () =>
      Date.now() >= readyAt ? new Response('{"status":"ready"}', { status: 200 }) : notReady(),
    );
    await apiRequest('/api/collections', { method: 'POST', body: { name: 'x' } }).catch(() => {});
    expect(connectionState()).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(15_000);
    expect(of('/api/ready').map((call) => call.at)).toEqual([5_000, 15_000]);
    // Readiness is nobody's: the server is not made to look a session up while it is away.
    expect(of('/api/ready')[0]?.init?.credentials).toBe('omit');
    expect(connectionState()).toBe('reconnecting');

    readyAt = 20_000;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(of('/api/ready').map((call) => call.at)).toEqual([5_000, 15_000, 35_000]);
    expect(connectionState()).toBe('online');

    // Online: it asks no more.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(of('/api/ready')).toHaveLength(3);
  });
});

describe('the query client’s own retry', () => {
  it('does not try again what waited for Kadr already, and tries once more otherwise', () => {
    const awayError = new ApiError({
      status: 503,
      title: 'Service Unavailable',
      type: problemTypes.unavailable,
    });
    // As a feature wraps it (`ClientError`, features/generations/api.ts).
    const wrapped = new Error('Failed to get generation history: …', { cause: awayError });
    expect(retryOnce(0, wrapped)).toBe(false);
    expect(retryOnce(0, new ApiError({ status: 0, title: 'Network error' }))).toBe(false);
    expect(retryOnce(0, new ApiError({ status: 500, title: 'Internal Server Error' }))).toBe(true);
    expect(retryOnce(1, new ApiError({ status: 500, title: 'Internal Server Error' }))).toBe(false);
  });
});
