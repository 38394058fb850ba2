import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WELCOME_TOKENS: '100' });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectMoneyInvariants(t.database.pool);
});

const ORIGIN = { origin: 'http://localhost:3000' };

async function ledgerSum(userId: string): Promise<number> {
  const result = await t.database.db.execute<{ sum: number }>(
    sql`select coalesce(sum(delta), 0)::int as sum from token_ledger where user_id = ${userId}`,
  );
  return result.rows[0]?.sum ?? 0;
}

async function balance(userId: string): Promise<number> {
  const result = await t.database.db.execute<{ tokens: number }>(
    sql`select tokens from users where id = ${userId}`,
  );
  return result.rows[0]?.tokens ?? -1;
}

describe('sessions', () => {
  it('signs up with welcome tokens, keeps the session, and ends it at logout', async () => {
    const { cookie, user } = await signInDemo(t.app, { email: 'ann@example.com', name: 'Ann' });
    expect(user).toMatchObject({ email: 'ann@example.com', name: 'Ann', tokens: 100 });
    expect(await ledgerSum(user.id)).toBe(100);

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, tokens: 100 });

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie, ...ORIGIN },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toMatchObject({ id: user.id });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, ...ORIGIN },
    });
    expect(logout.statusCode).toBe(204);

    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.headers['content-type']).toContain('application/problem+json');
  });

  it('signing in again finds the same account and issues a new session, without new tokens', async () => {
    const first = await signInDemo(t.app, { email: 'bob@example.com' });
    const second = await signInDemo(t.app, { email: 'BOB@example.com' });
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.tokens).toBe(100);
    expect(second.cookie).not.toBe(first.cookie);
  });

  it('stores only a hash of the session token', async () => {
    const { cookie } = await signInDemo(t.app);
    const token = decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const found = await t.database.db.execute(
      sql`select 1 from sessions where token_hash = ${token}`,
    );
    expect(found.rows).toHaveLength(0);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and a readable hint', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: ORIGIN,
      payload: { email: 'cookie@example.com', name: 'Cookie' },
    });
    const session = res.cookies.find((c) => c.name === 'kadr_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'kadr_auth')?.httpOnly).toBeFalsy();
  });

  // Attack: a page anywhere signs its visitor's browser into an account of its choosing (login
  // CSRF) through a reachable demo.
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no Origin at all', {}],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses the demo sign-in from %s, and makes no account', async (_name, headers) => {
    const email = `csrf-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers,
      payload: { email, name: 'Victim' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === 'kadr_session')).toBeUndefined();
    const found = await t.database.db.execute(sql`select 1 from users where email = ${email}`);
    expect(found.rows).toHaveLength(0);
  });

  it('refuses a state-changing request from a foreign origin when a session cookie is present', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('answers refresh without a session with 204 and no user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it.each([
    [{ email: 'not-an-email', name: 'X' }, 'email'],
    [{ email: 'x@example.com', name: '   ' }, 'name'],
  ])('rejects a bad demo sign-in %j naming %s', async (payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: ORIGIN,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      field,
    );
  });
});

describe('referrals', () => {
  it('records referred_by for a demo sign-up, but pays no bonus: the demo vouches for no e-mail', async () => {
    const referrer = await signInDemo(t.app, { email: 'ref@example.com' });
    const friend = await signInDemo(t.app, {
      email: 'friend@example.com',
      referral: referrer.user.id,
    });
    const again = await signInDemo(t.app, {
      email: 'friend@example.com',
      referral: referrer.user.id,
    });
    expect(again.user.id).toBe(friend.user.id);

    const row = await t.database.db.execute<{ referred_by: string }>(
      sql`select referred_by from users where id = ${friend.user.id}`,
    );
    expect(row.rows[0]?.referred_by).toBe(referrer.user.id);
    expect(await balance(referrer.user.id)).toBe(100);
    expect(await ledgerSum(referrer.user.id)).toBe(100);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['garbage', 'not-a-uuid'],
  ])('credits nothing for %s', async (_label, referral) => {
    const friend = await signInDemo(t.app, { referral });
    const row = await t.database.db.execute<{ referred_by: string | null }>(
      sql`select referred_by from users where id = ${friend.user.id}`,
    );
    expect(row.rows[0]?.referred_by).toBeNull();
    const bonuses = await t.database.db.execute(
      sql`select 1 from token_ledger where reason = 'referral_bonus' and referred_user_id = ${friend.user.id}`,
    );
    expect(bonuses.rows).toHaveLength(0);
  });

  it('reads the kadr_ref cookie at sign-up, then clears it', async () => {
    const referrer = await signInDemo(t.app, { email: 'cookie.ref@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { origin: 'http://localhost:3000', cookie: `kadr_ref=${referrer.user.id}` },
      payload: { email: 'cookie.friend@example.com', name: 'Friend', referral: null },
    });
    expect(res.statusCode).toBe(200);
    const friend = await t.database.db.execute<{ referred_by: string }>(
      sql`select referred_by from users where email = 'cookie.friend@example.com'`,
    );
    expect(friend.rows[0]?.referred_by).toBe(referrer.user.id);
    const cleared = res.cookies.find((c) => c.name === 'kadr_ref');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(Number(cleared?.expires?.getTime())).toBeLessThanOrEqual(Date.now());
  });

  it('credits nothing when an existing user follows their own link', async () => {
    const me = await signInDemo(t.app, { email: 'self@example.com' });
    await signInDemo(t.app, { email: 'self@example.com', referral: me.user.id });
    expect(await balance(me.user.id)).toBe(100);
  });
});
