import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInDemo } from '../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operations', () => {
  it('answers health and readiness with the database up', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', running: 'ok' },
    });

    // A node that is shutting down says so, so a load balancer stops sending it requests.
    t.container.lifecycle.closing = true;
    try {
      const closing = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(closing.statusCode).toBe(503);
      expect(closing.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', storage: 'ok', running: 'failed' },
      });
    } finally {
      t.container.lifecycle.closing = false;
    }
  });

  it('serves the OpenAPI document with the public routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/models',
        '/api/packages',
        '/api/estimate-video',
        '/api/health',
      ]),
    );
  });

  it('echoes a well-formed request id and makes one up otherwise', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with problem+json 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers malformed JSON with problem+json 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/estimate-image',
      headers: { 'content-type': 'application/json' },
      payload: '{"model":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('web app', () => {
  it.each([
    ['/', 200, 'home'],
    ['/login', 200, 'login'],
    ['/login/', 200, 'login'],
    ['/studio', 200, 'shell'],
    ['/history?page=2', 200, 'shell'],
    ['/no-such-page', 404, 'shell'],
  ])('GET %s → %i with the %s document', async (url, status, title) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe('console.log(1)');
  });

  it('never serves files outside the build folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/package.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"workspaces"');
  });
});

describe('headers (attack: private answers kept by a shared cache; docs without a CSP; HSTS over http)', () => {
  it('sends Cache-Control: no-store with private JSON', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const created = await t.container.repositories.generations.historyPage(user.id, {
      page: 1,
      perPage: 12,
    });
    expect(created.total).toBe(0);
    for (const url of ['/api/me', '/api/generations', '/api/ledger', '/api/ledger.csv']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/generations/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('gives /api/docs a Content-Security-Policy that allows only its own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS over https only', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const secure = await proxied.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const insecure = await proxied.app.inject({ method: 'GET', url: '/' });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
