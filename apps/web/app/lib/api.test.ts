import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, apiRequest, fileNameOf } from './api';
import { markOnline } from './connection';

function respond(status: number, body?: unknown, type = 'application/json') {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': type };
  const init = { status, headers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), init)),
  );
}

describe('apiRequest', () => {
  afterEach(() => {
    markOnline();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    respond(200, { estimation: 6 });
    const result = await apiRequest('/api/estimate-image', {
      method: 'POST',
      body: { model: 'imagen-4-ultra' },
      parse: (body: unknown) => body as { estimation: number },
    });
    expect(result).toEqual({ estimation: 6 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/estimate-image',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"model":"imagen-4-ultra"}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it('returns undefined for 204', async () => {
    respond(204);
    await expect(
      apiRequest('/api/auth/logout', { method: 'POST', body: {} }),
    ).resolves.toBeUndefined();
  });

  it('turns problem details into an ApiError with field errors', async () => {
    respond(
      400,
      {
        type: 'about:blank',
        title: 'Invalid request',
        status: 400,
        detail: 'prompt is required',
        errors: [{ field: 'prompt', code: 'required', message: 'Write a prompt' }, { bogus: 1 }],
      },
      'application/problem+json',
    );
    const error = await apiRequest('/api/create-image', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect(error.status).toBe(400);
    expect(error.title).toBe('Invalid request');
    expect(error.detail).toBe('prompt is required');
    expect(error.fieldErrors).toHaveLength(1);
    expect(error.fieldError('prompt')).toBe('Write a prompt');
  });

  // A change, which is not sent again: a read would wait for the network (api-away.test.ts).
  it('reports a failed network as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(
      apiRequest('/api/collections', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      status: 0,
      title: 'Network error',
    });
  });

  it('keeps the status of an error without problem details', async () => {
    respond(502, 'Bad Gateway', 'text/plain');
    await expect(
      apiRequest('/api/collections', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status: 502 });
  });
});

describe('apiDownload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers the bytes and the name the server gave them', async () => {
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="cards.zip"; filename*=UTF-8''${encodeURIComponent('Кружка — wildberries.zip')}`,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('PK zip', { status: 200, headers })),
    );
    const file = await apiDownload('/api/card-sets/1/zip');
    expect(file.name).toBe('Кружка — wildberries.zip');
    expect(await file.blob.text()).toBe('PK zip');
  });

  it('turns a refusal into an ApiError, as apiRequest does', async () => {
    respond(422, { title: 'The set breaks its rules', status: 422 }, 'application/problem+json');
    await expect(apiDownload('/api/card-sets/1/zip')).rejects.toMatchObject({
      name: 'ApiError',
      status: 422,
      title: 'The set breaks its rules',
    });
  });
});

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="set.zip"', 'set.zip'],
    ['attachment; filename=set.zip', 'set.zip'],
    ["attachment; filename*=UTF-8''%D0%BD%D0%B0%D0%B1%D0%BE%D1%80.zip", 'набор.zip'],
    ['attachment; filename="a.zip"; filename*=UTF-8\'\'%E0%A4%A.zip', 'a.zip'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
