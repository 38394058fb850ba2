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
