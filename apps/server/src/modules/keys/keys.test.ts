import { randomUUID } from 'node:crypto';
import { apiKeyLimits } from '@kadr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { hashKey } from './key-secret.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WELCOME_TOKENS: '100' });
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, origin: ORIGIN, ...headers },
    ...(payload ? { payload } : {}),
  });

describe('API keys in the profile', () => {
  it('makes a key shown once, keeps only its hash, lists it with its prefix and spend', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await call('POST', '/api/keys', cookie, {
      name: '  Shop bot  ',
      daily_limit: 50,
      allowed_models: ['seedream-3', 'seedream-3'],
      webhook_url: 'https://example.com/hooks',
    });
    expect(res.statusCode).toBe(201);
    const made = res.json() as {
      key: Record<string, unknown> & { id: string; prefix: string };
      secret: string;
      webhook_secret: string;
    };
    expect(made.secret).toMatch(/^kadr_[A-Za-z0-9_-]{40}$/);
    expect(made.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(made.webhook_secret.slice(6), 'base64')).toHaveLength(24);
    expect(made.key).toMatchObject({
      name: 'Shop bot',
      prefix: made.secret.slice(0, 13),
      daily_limit: 50,
      monthly_limit: null,
      allowed_models: ['seedream-3'],
      webhook_url: 'https://example.com/hooks',
      spent_today: 0,
      requests_today: 0,
      revoked_at: null,
    });
    const stored = await t.database.pool.query<{ key_hash: string }>(
      'select key_hash from api_keys where id = $1',
      [made.key.id],
    );
    expect(stored.rows[0]?.key_hash).toBe(hashKey(made.secret));
    const row = JSON.stringify(
      (await t.database.pool.query('select * from api_keys where id = $1', [made.key.id])).rows,
    );
    expect(row).not.toContain(made.secret);

    const list = await call('GET', '/api/keys', cookie);
    expect(list.json()).toEqual({ items: [made.key] });
    const secret = await call('GET', `/api/keys/${made.key.id}/webhook-secret`, cookie);
    expect(secret.json()).toEqual({ webhook_secret: made.webhook_secret });
  });

  it("refuses unknown models and a webhook that is not http(s), in the person's language, writing nothing", async () => {
    const { cookie } = await signInDemo(t.app);
    for (const [lang, pattern] of [
      ['ru', /Неизвестные модели: no-such-model/],
      ['en', /Unknown models: no-such-model/],
    ] as const) {
      const res = await call(
        'POST',
        '/api/keys',
        cookie,
        { name: 'x', allowed_models: ['seedream-3', 'no-such-model'] },
        { 'accept-language': lang },
      );
      expect(res.statusCode).toBe(400);
      const problem = res.json() as { detail: string; errors: { field: string; code: string }[] };
      expect(problem.detail).toMatch(pattern);
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'allowed_models', code: 'unknown_model' }),
      ]);
    }
    const ftp = await call(
      'POST',
      '/api/keys',
      cookie,
      { name: 'x', webhook_url: 'ftp://example.com/x' },
      { 'accept-language': 'ru' },
    );
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json()).toMatchObject({ errors: [{ field: 'webhook_url', code: 'invalid_url' }] });
    expect((ftp.json() as { detail: string }).detail).toMatch(/http/);
    expect((await call('GET', '/api/keys', cookie)).json()).toEqual({ items: [] });
  });

  it('changes limits, models and the webhook, and writes what moved to the audit', async () => {
    const person = await signInDemo(t.app);
    const key = await createApiKey(t.app, person.cookie, { name: 'Bot' });
    const changed = await call('PATCH', `/api/keys/${key.id}`, person.cookie, {
      daily_limit: 10,
      monthly_limit: 100,
      allowed_models: ['imagen-4-ultra'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      daily_limit: 10,
      monthly_limit: 100,
      allowed_models: ['imagen-4-ultra'],
    });
    // The same values again change nothing and record nothing.
    await call('PATCH', `/api/keys/${key.id}`, person.cookie, { daily_limit: 10 });
    const unknown = await call('PATCH', `/api/keys/${key.id}`, person.cookie, {
      allowed_models: ['nope'],
    });
    expect(unknown.statusCode).toBe(400);
    const bad = await call('PATCH', `/api/keys/${key.id}`, person.cookie, { daily_limit: 0 });
    expect(bad.statusCode).toBe(400);

    const events = (await call('GET', '/api/account-events', person.cookie)).json() as {
      items: { action: string; actor: string; subject_id: string; details: unknown }[];
    };
    expect(events.items.map((event) => event.action)).toEqual([
      'api_key.changed',
      'api_key.created',
    ]);
    expect(events.items[0]).toMatchObject({
      actor: 'self',
      subject_id: key.id,
      details: {
        daily_limit: { before: null, after: 10 },
        monthly_limit: { before: null, after: 100 },
        allowed_models: { before: null, after: ['imagen-4-ultra'] },
      },
    });
    const ip = await t.database.pool.query<{ ip: string | null }>(
      'select ip from account_events where subject_id = $1 limit 1',
      [key.id],
    );
    expect(ip.rows[0]?.ip).toBeTruthy();
  });

  it('revokes once (idempotent), refuses the key at once, and a revoked key cannot change', async () => {
    const person = await signInDemo(t.app);
    const key = await createApiKey(t.app, person.cookie);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: key.auth })).statusCode,
    ).toBe(200);
    const first = await call('DELETE', `/api/keys/${key.id}`, person.cookie);
    expect(first.statusCode).toBe(200);
    const revokedAt = (first.json() as { revoked_at: string }).revoked_at;
    expect(revokedAt).toBeTruthy();
    const second = await call('DELETE', `/api/keys/${key.id}`, person.cookie);
    expect(second.json()).toMatchObject({ revoked_at: revokedAt });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/balance',
      headers: key.auth,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    const change = await call('PATCH', `/api/keys/${key.id}`, person.cookie, { name: 'again' });
    expect(change.statusCode).toBe(409);
    const events = (await call('GET', '/api/account-events', person.cookie)).json() as {
      items: { action: string }[];
    };
    expect(events.items.filter((event) => event.action === 'api_key.revoked')).toHaveLength(1);
  });

  it("answers another person's key as not found on every route", async () => {
    const owner = await signInDemo(t.app);
    const key = await createApiKey(t.app, owner.cookie);
    const stranger = await signInDemo(t.app);
    for (const [method, url] of [
      ['PATCH', `/api/keys/${key.id}`],
      ['DELETE', `/api/keys/${key.id}`],
      ['GET', `/api/keys/${key.id}/webhook-secret`],
      ['DELETE', `/api/keys/${randomUUID()}`],
      ['DELETE', '/api/keys/not-a-uuid'],
    ] as const) {
      const res = await call(
        method,
        url,
        stranger.cookie,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.statusCode, url).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: key.auth })).statusCode,
    ).toBe(200);
  });

  it(`keeps at most ${apiKeyLimits.maxLiveKeys} live keys, even when made at once`, async () => {
    const { cookie } = await signInDemo(t.app);
    const made = await Promise.all(
      Array.from({ length: apiKeyLimits.maxLiveKeys + 5 }, (_, i) =>
        call('POST', '/api/keys', cookie, { name: `k${i}` }, { 'accept-language': 'ru' }),
      ),
    );
    const statuses = made.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(apiKeyLimits.maxLiveKeys);
    const refused = made.find((res) => res.statusCode === 409);
    expect((refused?.json() as { detail?: string } | undefined)?.detail).toMatch(/20 ключей/);
    // A revoked key frees its place.
    const first = made.find((res) => res.statusCode === 201)?.json() as { key: { id: string } };
    await call('DELETE', `/api/keys/${first.key.id}`, cookie);
    expect((await call('POST', '/api/keys', cookie, { name: 'again' })).statusCode).toBe(201);
  });

  it('counts requests per key and day, written in batches', async () => {
    const person = await signInDemo(t.app);
    const key = await createApiKey(t.app, person.cookie);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: key.auth });
    }
    await t.container.keyAuth.flush();
    const listed = (await call('GET', '/api/keys', person.cookie)).json() as {
      items: { requests_today: number; last_used_at: string | null }[];
    };
    expect(listed.items[0]?.requests_today).toBe(3);
    expect(listed.items[0]?.last_used_at).toBeTruthy();
  });
});

describe('a key whose owner is blocked, and the console', () => {
  it('is refused 403 account_blocked at once; an operator lists keys and revokes with a reason', async () => {
    const email = `keys-op-${randomUUID().slice(0, 8)}@example.com`;
    await signInDemo(t.app, { email });
    await t.container.admin.setRole(email, 'admin');
    const operator = await signInDemo(t.app, { email });
    const person = await signInDemo(t.app);
    const key = await createApiKey(t.app, person.cookie);
    const other = await createApiKey(t.app, person.cookie, { name: 'Other' });
    await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: key.auth });
    await t.container.keyAuth.flush();

    const keys = await call('GET', `/api/admin/people/${person.user.id}/keys`, operator.cookie);
    expect(keys.statusCode).toBe(200);
    const listed = (keys.json() as { items: { id: string; requests: { requests: number }[] }[] })
      .items;
    expect(listed.map((item) => item.id).sort()).toEqual([key.id, other.id].sort());
    expect(listed.find((item) => item.id === key.id)?.requests[0]?.requests).toBe(1);
    // Not an operator: the console is not there.
    expect(
      (await call('GET', `/api/admin/people/${person.user.id}/keys`, person.cookie)).statusCode,
    ).toBe(404);

    const revoked = await call('POST', `/api/admin/keys/${other.id}/revoke`, operator.cookie, {
      reason: 'Leaked in a public repository',
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: other.id });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: other.auth }))
        .statusCode,
    ).toBe(401);
    const events = (await call('GET', '/api/account-events', person.cookie)).json() as {
      items: { action: string; actor: string; details: { reason?: string } }[];
    };
    expect(events.items[0]).toMatchObject({
      action: 'api_key.revoked',
      actor: email,
      details: { reason: 'Leaked in a public repository' },
    });
    const audit = await t.database.pool.query<{ action: string }>(
      "select action from admin_audit where subject_id = $1 and action = 'api_key.revoke'",
      [other.id],
    );
    expect(audit.rows).toHaveLength(1);

    const blocked = await call(
      'POST',
      `/api/admin/people/${person.user.id}/block`,
      operator.cookie,
      {
        reason: 'Spam',
      },
    );
    expect(blocked.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/balance',
      headers: { ...key.auth, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_blocked' });
    expect((refused.json() as { detail: string }).detail).toMatch(/Spam/);
    await call('POST', `/api/admin/people/${person.user.id}/unblock`, operator.cookie, {
      reason: 'Appeal accepted',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: key.auth })).statusCode,
    ).toBe(200);
  });
});
