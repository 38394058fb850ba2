import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { CookieJar } from '../../../test/cookie-jar.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { createFlowSealer } from './oauth-flow.ts';
import { hashToken } from './session.service.ts';

const SIGNING_SECRET = 'test-signing-secret-0123456789-abcdefghijkl';
const providers = ['google', 'yandex', 'vk'] as const;
type Provider = (typeof providers)[number];

let live: LiveApp;
beforeAll(async () => {
  live = await buildLiveTestApp({ SIGNING_SECRET, WELCOME_TOKENS: '100' });
});
afterAll(async () => {
  await live?.close();
});
afterEach(async () => {
  await expectMoneyInvariants(live.database.pool);
});

interface Person {
  name: string;
  email: string;
}

/** One sign-in up to the provider's redirect back: the callback the browser is about to open. */
interface Attempt {
  jar: CookieJar;
  callback: URL;
  /** The flow cookie as it was before the callback. */
  flowCookie: string;
  page: string;
}

const flowCookie = (provider: Provider) => `kadr_oauth_${provider}`;

function unescapeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-z-]+)="([^"]*)"/g)) {
    found.set(match[1] ?? '', unescapeHtml(match[2] ?? ''));
  }
  return found;
}

/** Start → the provider's page → submit its form, as a browser would. */
async function authorize(
  provider: Provider,
  person: Person,
  options: { next?: string; jar?: CookieJar; alter?: (authorizeUrl: URL) => void } = {},
): Promise<Attempt> {
  const jar = options.jar ?? new CookieJar();
  const next = options.next ?? '/history';
  const start = await jar.fetch(
    `${live.base}/api/auth/${provider}?next=${encodeURIComponent(next)}`,
  );
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location') ?? '');
  expect(authorizeUrl.pathname).toBe(`/emulators/oauth/${provider}/authorize`);
  const sealed = jar.get(flowCookie(provider)) ?? '';
  expect(sealed).not.toBe('');
  options.alter?.(authorizeUrl);

  const page = await jar.fetch(authorizeUrl.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  const formTag = /<form [^>]*>/.exec(html)?.[0] ?? '';
  const action = attributes(formTag).get('action') ?? '';
  const body = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input [^>]*>/g)) {
    const input = attributes(tag);
    if (input.get('type') === 'hidden') body.set(input.get('name') ?? '', input.get('value') ?? '');
  }
  body.set('name', person.name);
  body.set('email', person.email);
  const submitted = await jar.fetch(new URL(action, authorizeUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  expect(submitted.status).toBe(303);
  const callback = new URL(submitted.headers.get('location') ?? '');
  if (!options.alter) expect(callback.pathname).toBe(`/api/auth/${provider}/callback`);
  return { jar, callback, flowCookie: sealed, page: html };
}

async function me(jar: CookieJar) {
  const res = await jar.fetch(`${live.base}/api/me`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signIn(provider: Provider, person: Person, next?: string) {
  const attempt = await authorize(provider, person, next === undefined ? {} : { next });
  const done = await attempt.jar.fetch(attempt.callback.href);
  return { ...attempt, done, location: done.headers.get('location') };
}

async function sessionCount(): Promise<number> {
  const result = await live.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from sessions`,
  );
  return result.rows[0]?.n ?? -1;
}

/** Asserts a refused callback: to /login with the code, no session cookie, no new session row. */
async function expectRefused(response: Response, jar: CookieJar, code: string, before: number) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '', live.base);
  expect(location.pathname).toBe('/login');
  expect(location.searchParams.get('error')).toBe(code);
  expect(jar.get('kadr_session')).toBeUndefined();
  expect(await sessionCount()).toBe(before);
  expect((await me(jar)).status).toBe(401);
}

describe.each(providers)('sign-in with %s', (provider) => {
  const person = { name: 'Maria Sokolova', email: `maria.${provider}@example.com` };

  it('signs a new person up with welcome tokens and lands on next', async () => {
    const { done, jar, location } = await signIn(provider, person, '/history');
    expect(done.status).toBe(302);
    expect(location).toBe('/history');
    expect(jar.get('kadr_session')).toBeTruthy();
    expect(jar.get(flowCookie(provider))).toBeUndefined();

    const { status, body } = await me(jar);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Maria Sokolova', email: person.email, tokens: 100 });
    expect(String(body.avatar)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/emulators\/oauth\//);
    // The avatar is served by the emulator, so it shows without the internet.
    const avatar = await fetch(String(body.avatar));
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('finds the same person again by the same e-mail, without new tokens', async () => {
    const first = await signIn(provider, person);
    const second = await signIn(provider, person);
    const a = await me(first.jar);
    const b = await me(second.jar);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.tokens).toBe(100);
    expect(second.jar.get('kadr_session')).not.toBe(first.jar.get('kadr_session'));
  });

  it('sets the flow cookie HttpOnly, SameSite=Lax, for 10 minutes, on /api/auth/ only', async () => {
    const res = await fetch(`${live.base}/api/auth/${provider}`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${flowCookie(provider)}=`));
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/api\/auth\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const authorizeUrl = new URL(res.headers.get('location') ?? '');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${live.base}/api/auth/${provider}/callback`,
    );
    // The verifier travels encrypted: nothing in the cookie reads as the challenge's preimage.
    expect(cookie).not.toContain(authorizeUrl.searchParams.get('state') ?? 'no state');
  });
});

describe('refused callbacks create no session', () => {
  const person = { name: 'Ivan Volkov', email: 'ivan.refused@example.com' };

  it.each(providers)('%s: a wrong state, which also spends the flow', async (provider) => {
    const attempt = await authorize(provider, person);
    const before = await sessionCount();
    const forged = new URL(attempt.callback);
    forged.searchParams.set('state', 'forged-state');
    await expectRefused(await attempt.jar.fetch(forged.href), attempt.jar, 'state', before);
    // The refused attempt cleared the flow cookie: the genuine callback no longer works either.
    await expectRefused(
      await attempt.jar.fetch(attempt.callback.href),
      attempt.jar,
      'state',
      before,
    );
  });

  it.each(providers)('%s: a missing state', async (provider) => {
    const attempt = await authorize(provider, person);
    const before = await sessionCount();
    const stripped = new URL(attempt.callback);
    stripped.searchParams.delete('state');
    await expectRefused(await attempt.jar.fetch(stripped.href), attempt.jar, 'state', before);
  });

  it.each(providers)('%s: no flow cookie (another browser)', async (provider) => {
    const attempt = await authorize(provider, person);
    const before = await sessionCount();
    const stranger = new CookieJar();
    await expectRefused(await stranger.fetch(attempt.callback.href), stranger, 'state', before);
  });

  it.each(providers)('%s: a tampered flow cookie', async (provider) => {
    const attempt = await authorize(provider, person);
    const before = await sessionCount();
    const value = attempt.flowCookie;
    const middle = Math.floor(value.length / 2);
    const flipped = value[middle] === 'A' ? 'B' : 'A';
    attempt.jar.set(
      flowCookie(provider),
      `${value.slice(0, middle)}${flipped}${value.slice(middle + 1)}`,
      '/api/auth/',
    );
    await expectRefused(
      await attempt.jar.fetch(attempt.callback.href),
      attempt.jar,
      'state',
      before,
    );
  });

  it.each(providers)('%s: a code used twice', async (provider) => {
    const attempt = await authorize(provider, person);
    const first = await attempt.jar.fetch(attempt.callback.href);
    expect(first.headers.get('location')).toBe('/history');
    const before = await sessionCount();
    // Replay the whole callback, flow cookie included, from another browser.
    const replay = new CookieJar();
    replay.set(flowCookie(provider), attempt.flowCookie, '/api/auth/');
    await expectRefused(await replay.fetch(attempt.callback.href), replay, 'provider', before);
  });

  it.each(providers)('%s: a wrong PKCE verifier', async (provider) => {
    const attempt = await authorize(provider, person);
    const before = await sessionCount();
    const sealer = createFlowSealer(live.config.oauth.cookieSecret);
    const flow = sealer.open(attempt.flowCookie, provider);
    expect(flow).toBeDefined();
    if (!flow) return;
    const swapped = sealer.seal({ ...flow, codeVerifier: `${'z'.repeat(43)}` });
    attempt.jar.set(flowCookie(provider), swapped, '/api/auth/');
    await expectRefused(
      await attempt.jar.fetch(attempt.callback.href),
      attempt.jar,
      'provider',
      before,
    );
  });

  it.each(providers)('%s: the person cancels at the provider', async (provider) => {
    const attempt = await authorize(provider, person);
    const before = await sessionCount();
    const href = /<a class="secondary" href="([^"]+)"/.exec(attempt.page)?.[1] ?? '';
    const cancel = new URL(unescapeHtml(href));
    expect(cancel.searchParams.get('error')).toBe('access_denied');
    await expectRefused(await attempt.jar.fetch(cancel.href), attempt.jar, 'cancelled', before);
  });

  // Issue 33: a cancelled sign-in forgot the page the person came from.
  it.each(providers)(
    '%s: a cancel keeps `next`, even after the flow has expired',
    async (provider) => {
      const next = '/pricing?currency=usd';
      const cancelOf = (attempt: Attempt) =>
        new URL(unescapeHtml(/<a class="secondary" href="([^"]+)"/.exec(attempt.page)?.[1] ?? ''));
      const expectCancelled = async (response: Response, jar: CookieJar, before: number) => {
        await expectRefused(response, jar, 'cancelled', before);
        const location = new URL(response.headers.get('location') ?? '', live.base);
        expect(location.searchParams.get('next')).toBe(next);
      };

      const fresh = await authorize(provider, person, { next });
      const before = await sessionCount();
      await expectCancelled(await fresh.jar.fetch(cancelOf(fresh).href), fresh.jar, before);

      // The provider's page left open past the flow's ten minutes: its cookie is gone.
      const late = await authorize(provider, person, { next });
      late.jar.cookies.delete(flowCookie(provider));
      await expectCancelled(await late.jar.fetch(cancelOf(late).href), late.jar, before);
    },
  );

  it.each(providers)(
    '%s: a refusal without state is a cancel that keeps `next`',
    async (provider) => {
      const next = '/history?type=video';
      const attempt = await authorize(provider, person, { next });
      const before = await sessionCount();
      const denied = new URL(attempt.callback.pathname, live.base);
      denied.searchParams.set('error', 'access_denied');
      const res = await attempt.jar.fetch(denied.href);
      await expectRefused(res, attempt.jar, 'cancelled', before);
      expect(new URL(res.headers.get('location') ?? '', live.base).searchParams.get('next')).toBe(
        next,
      );
      // The remembered path is spent with the attempt, and only ever a same-site one.
      const again = await attempt.jar.fetch(denied.href);
      expect(new URL(again.headers.get('location') ?? '', live.base).searchParams.get('next')).toBe(
        null,
      );
      const forged = new CookieJar();
      forged.set('kadr_oauth_next', encodeURIComponent('//evil.example'), '/api/auth/');
      const res2 = await forged.fetch(denied.href);
      expect(new URL(res2.headers.get('location') ?? '', live.base).searchParams.get('next')).toBe(
        null,
      );
    },
  );

  it("cannot use one provider's flow cookie at another's callback", async () => {
    const attempt = await authorize('google', person);
    const before = await sessionCount();
    const jar = new CookieJar();
    jar.set(flowCookie('yandex'), attempt.flowCookie, '/api/auth/');
    const res = await jar.fetch(`${live.base}/api/auth/yandex/callback${attempt.callback.search}`);
    await expectRefused(res, jar, 'state', before);
  });
});

describe('a tampered authorization request gains nothing', () => {
  const person = { name: 'Oleg Petrov', email: 'oleg@example.com' };

  it.each(providers)('%s: the challenge is S256, never plain', async (provider) => {
    const jar = new CookieJar();
    const start = await jar.fetch(`${live.base}/api/auth/${provider}`);
    const url = new URL(start.headers.get('location') ?? '');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each(providers)(
    '%s: downgraded to plain PKCE with a challenge the attacker knows',
    async (provider) => {
      const before = await sessionCount();
      const jar = new CookieJar();
      const start = await jar.fetch(`${live.base}/api/auth/${provider}`);
      const url = new URL(start.headers.get('location') ?? '');
      url.searchParams.set('code_challenge_method', 'plain');
      url.searchParams.set('code_challenge', 'attacker-known-verifier-'.padEnd(50, 'x'));
      // The provider refuses plain and sends the browser back with an error; nothing is signed in.
      const refused = await jar.fetch(url.href);
      const back = new URL(refused.headers.get('location') ?? '');
      expect(back.pathname).toBe(`/api/auth/${provider}/callback`);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      await expectRefused(await jar.fetch(back.href), jar, 'provider', before);
    },
  );

  it.each(providers)(
    '%s: a redirect_uri altered (within what the provider accepts), its code brought to ours',
    async (provider) => {
      const before = await sessionCount();
      const attempt = await authorize(provider, person, {
        alter: (url) =>
          url.searchParams.set(
            'redirect_uri',
            `${url.searchParams.get('redirect_uri')}?from=attacker`,
          ),
      });
      expect(attempt.callback.searchParams.get('from')).toBe('attacker');
      expect(attempt.callback.searchParams.get('code')).toBeTruthy();
      // Our exchange names our own redirect_uri, not the one the code was issued for: refused.
      await expectRefused(
        await attempt.jar.fetch(attempt.callback.href),
        attempt.jar,
        'provider',
        before,
      );
    },
  );
});

describe('accounts', () => {
  it('links a verified Google e-mail to the account a Yandex sign-in made', async () => {
    const email = 'linked.person@example.com';
    const yandex = await signIn('yandex', { name: 'Linked Person', email });
    const google = await signIn('google', { name: 'Linked Person', email });
    const a = await me(yandex.jar);
    const b = await me(google.jar);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.tokens).toBe(100);
    const identities = await live.database.db.execute<{ provider: string }>(
      sql`select provider from auth_identities where user_id = ${String(a.body.id)} order by provider`,
    );
    expect(identities.rows.map((r) => r.provider)).toEqual(['google', 'yandex']);
  });

  it('does not link a VK ID e-mail that VK does not vouch for', async () => {
    const email = 'vk.unverified@example.com';
    const google = await signIn('google', { name: 'Someone', email });
    const vk = await signIn('vk', { name: 'Someone Else', email });
    expect((await me(vk.jar)).body.id).not.toBe((await me(google.jar)).body.id);
  });

  it('credits the referrer named by the kadr_ref cookie', async () => {
    const referrer = await signInDemo(live.app, { email: 'referrer.oauth@example.com' });
    const jar = new CookieJar();
    jar.set('kadr_ref', referrer.user.id);
    const attempt = await authorize(
      'google',
      { name: 'Friend', email: 'friend.oauth@example.com' },
      { jar },
    );
    await jar.fetch(attempt.callback.href);
    const friend = await me(jar);
    const row = await live.database.db.execute<{ referred_by: string | null }>(
      sql`select referred_by from users where id = ${String(friend.body.id)}`,
    );
    expect(row.rows[0]?.referred_by).toBe(referrer.user.id);
    // Spent: a later sign-up in this browser (someone else) is nobody's referral.
    expect(jar.get('kadr_ref')).toBeUndefined();
  });

  it('rotates the session: the one this browser had before ends', async () => {
    const demo = await signInDemo(live.app, { email: 'rotate.oauth@example.com' });
    const oldToken = decodeURIComponent(/kadr_session=([^;]+)/.exec(demo.cookie)?.[1] ?? '');
    const jar = new CookieJar();
    jar.set('kadr_session', oldToken);
    const attempt = await authorize(
      'yandex',
      { name: 'Rotate', email: 'rotate.y@example.com' },
      { jar },
    );
    await jar.fetch(attempt.callback.href);
    expect(jar.get('kadr_session')).not.toBe(oldToken);
    const old = await live.database.db.execute(
      sql`select 1 from sessions where token_hash = ${hashToken(oldToken)}`,
    );
    expect(old.rows).toHaveLength(0);
  });
});

describe('return paths', () => {
  // Attack: an open redirect after a real sign-in. Each `next` would send the browser off-site
  // (or, with CR/LF, break the callback after the account was made) if it were kept.
  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example/',
    '/\t\\evil.example/',
    '/.//evil.example/',
    '/\r\nSet-Cookie: kadr=1',
    '/\nevil',
  ])('falls back to /studio for next=%j', async (next) => {
    const { location } = await signIn('google', { name: 'Nav', email: 'nav@example.com' }, next);
    expect(location).toBe('/studio');
  });

  it('keeps a same-site path with its query', async () => {
    const { location } = await signIn(
      'vk',
      { name: 'Nav', email: 'nav@example.com' },
      '/pricing?currency=usd',
    );
    expect(location).toBe('/pricing?currency=usd');
  });

  it('answers an unknown provider with 404 problem+json', async () => {
    const res = await fetch(`${live.base}/api/auth/facebook`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('without demo mode or credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      DEMO_MODE: 'false',
      SIGNING_SECRET,
      YANDEX_CLIENT_ID: 'real-client',
      YANDEX_CLIENT_SECRET: 'real-secret',
      // Nothing listens here: the token request fails at the network.
      YANDEX_TOKEN_URL: 'https://127.0.0.1:9/token',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['google', 'Google'],
    ['vk', 'VK ID'],
  ])('answers /api/auth/%s with 404 "not configured"', async (provider, name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ detail: `Sign-in with ${name} is not configured.` });
  });

  it('mounts no emulator', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/emulators/oauth/google/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends a configured provider to its real endpoint, and survives it being unreachable', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/yandex?next=/profile' });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin + location.pathname).toBe('https://oauth.yandex.ru/authorize');
    expect(location.searchParams.get('client_id')).toBe('real-client');
    const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const state = location.searchParams.get('state') ?? '';
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/auth/yandex/callback?code=abc&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=provider&next=%2Fprofile');
    expect(callback.cookies.find((c) => c.name === 'kadr_session')).toBeUndefined();
  });
});
