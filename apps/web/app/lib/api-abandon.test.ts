import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('abandonRequests (signing out)', () => {
  it('aborts calls in flight and refuses new ones, but still sends the sign-out itself', async () => {
    const { abandonRequests, apiRequest } = await import('./api');
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push(url);
      return new Promise<Response>((resolve, reject) => {
        if (init.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('Aborted', 'AbortError')),
        );
        if (url === '/api/auth/logout') resolve(new Response(null, { status: 204 }));
      });
    });

    const inFlight = apiRequest('/api/generations');
    abandonRequests();
    await expect(inFlight).rejects.toThrow(/abort/i);
    await expect(apiRequest('/api/me')).rejects.toThrow(/abort/i);
    await expect(
      apiRequest('/api/auth/logout', { method: 'POST', body: {}, outlivesPage: true }),
    ).resolves.toBeUndefined();
    expect(sent).toEqual(['/api/generations', '/api/me', '/api/auth/logout']);
  });
});

describe('abandonRequests while a read waits for Kadr to come back', () => {
  it('stops the wait at once: nothing more is sent', async () => {
    vi.resetModules();
    const { abandonRequests, apiRequest } = await import('./api');
    const { markOnline } = await import('./connection');
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return new Response('{"type":"https://kadr.app/problems/unavailable","title":"x"}', {
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '5' },
      });
    });
    vi.useFakeTimers();
    try {
      const waiting = apiRequest('/api/generations').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1_000);
      abandonRequests();
      expect(String(await waiting)).toMatch(/abort/i);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent.filter((url) => url === '/api/generations')).toHaveLength(1);
    } finally {
      markOnline();
      vi.useRealTimers();
    }
  });
});
