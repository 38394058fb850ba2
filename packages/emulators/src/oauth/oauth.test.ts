import { createHash, createPublicKey, verify } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OAUTH_CODE_TTL_MS, type OAuthEmulatorOptions, oauthEmulator } from './index.ts';

const BASE = 'http://kadr.test/emulators/oauth';
const REDIRECT = 'http://kadr.test/api/auth/google/callback';
const VERIFIER = `${'a'.repeat(20)}${'B'.repeat(20)}-._~0123`;
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

const clients = {
  google: {
    clientId: 'g-client',
    clientSecret: 'g-secret',
    redirectUriPrefixes: ['http://kadr.test/api/auth/'],
  },
  yandex: {
    clientId: 'y-client',
    clientSecret: 'y-secret',
    redirectUriPrefixes: ['http://kadr.test/api/auth/'],
  },
  vk: { clientId: 'vk-client', redirectUriPrefixes: ['http://kadr.test/api/auth/'] },
};

let app: FastifyInstance;
let clock = 1_800_000_000_000;

async function build(extra: Partial<OAuthEmulatorOptions> = {}) {
  const instance = Fastify();
  await instance.register(oauthEmulator, {
    prefix: '/emulators/oauth',
    baseUrl: BASE,
    ...clients,
    now: () => clock,
    ...extra,
  });
  await instance.ready();
  return instance;
}

beforeEach(async () => {
  clock = 1_800_000_000_000;
  app = await build();
});
afterEach(async () => {
  await app.close();
});

function authorizeQuery(overrides: Record<string, string | undefined> = {}, provider = 'google') {
  const params: Record<string, string | undefined> = {
    client_id: clients[provider as keyof typeof clients].clientId,
    redirect_uri: `http://kadr.test/api/auth/${provider}/callback`,
    response_type: 'code',
    scope: provider === 'google' ? 'openid email profile' : undefined,
    state: 'state-123',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  return query;
}

/** Submits the sign-in form as a browser would and returns the redirect back to the client. */
async function signIn(
  provider: 'google' | 'yandex' | 'vk',
  person = { name: 'Ann Smith', email: 'ann@example.com' },
  overrides: Record<string, string | undefined> = {},
): Promise<URL> {
  const query = authorizeQuery(overrides, provider);
  const form = new URLSearchParams(query);
  form.set('name', person.name);
  form.set('email', person.email);
  const res = await app.inject({
    method: 'POST',
    url: `/emulators/oauth/${provider}/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

function tokenRequest(
  provider: 'google' | 'yandex' | 'vk',
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const path = provider === 'vk' ? 'vk/oauth2/auth' : `${provider}/token`;
  return app.inject({
    method: 'POST',
    url: `/emulators/oauth/${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(params).toString(),
  });
}

function googleToken(code: string, overrides: Record<string, string> = {}) {
  return tokenRequest('google', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    client_id: 'g-client',
    client_secret: 'g-secret',
    ...overrides,
  });
}

describe('authorization page', () => {
  it('shows an accessible, branded form prefilled with a plausible person', async () => {
    const res = await app.inject({ url: `/emulators/oauth/google/authorize?${authorizeQuery()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="name">Name<\/label>/);
    expect(html).toMatch(/<label for="email">E-mail<\/label>/);
    expect(html).toMatch(
      /<input id="email" name="email" type="email"[^>]*value="[^"@]+@example\.com"/,
    );
    expect(html).toContain('>Continue</button>');
    expect(html).toContain('Google');
  });

  it('speaks Russian to a browser that prefers it', async () => {
    const res = await app.inject({
      url: `/emulators/oauth/yandex/authorize?${authorizeQuery({}, 'yandex')}`,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(res.body).toContain('<html lang="ru">');
    expect(res.body).toContain('>Продолжить</button>');
  });

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }, 'invalid_client'],
    [
      'a redirect_uri outside the registered base',
      { redirect_uri: 'https://evil.example/cb' },
      'redirect_uri_mismatch',
    ],
    [
      'a redirect_uri escaping the base',
      { redirect_uri: 'http://kadr.test/api/auth/../steal' },
      'redirect_uri_mismatch',
    ],
    ['no redirect_uri', { redirect_uri: undefined }, 'invalid_request'],
  ])('refuses %s on its own page, without redirecting', async (_label, overrides, error) => {
    const res = await app.inject({
      url: `/emulators/oauth/google/authorize?${authorizeQuery(overrides)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(error);
  });

  it.each([
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no PKCE method', { code_challenge_method: undefined }, 'invalid_request'],
    ['no PKCE challenge', { code_challenge: undefined }, 'invalid_request'],
    ['a response_type other than code', { response_type: 'token' }, 'unsupported_response_type'],
    ['an unknown scope', { scope: 'openid admin' }, 'invalid_scope'],
    ['no openid scope', { scope: 'email profile' }, 'invalid_scope'],
  ])('sends %s back to the client as an error with the state', async (_label, overrides, error) => {
    const res = await app.inject({
      url: `/emulators/oauth/google/authorize?${authorizeQuery(overrides)}`,
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('requires state at VK ID', async () => {
    const res = await app.inject({
      url: `/emulators/oauth/vk/authorize?${authorizeQuery({ state: undefined }, 'vk')}`,
    });
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('checks the request again when the form is submitted', async () => {
    const form = authorizeQuery({ code_challenge_method: 'plain' });
    form.set('name', 'Ann');
    form.set('email', 'ann@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/emulators/oauth/google/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('shows the form again with a hint when the e-mail is not one', async () => {
    const form = authorizeQuery();
    form.set('name', 'Ann');
    form.set('email', 'not-an-address');
    const res = await app.inject({
      method: 'POST',
      url: '/emulators/oauth/google/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('aria-invalid="true" aria-describedby="email-error"');
  });

  it('redirects with code and state, and VK ID adds device_id and type', async () => {
    const google = await signIn('google');
    expect(google.searchParams.get('code')).toBeTruthy();
    expect(google.searchParams.get('state')).toBe('state-123');
    const vk = await signIn('vk');
    expect(vk.searchParams.get('device_id')).toBeTruthy();
    expect(vk.searchParams.get('type')).toBe('code_v2');
  });
});

describe('token endpoint', () => {
  it('issues a signed id_token that verifies against the JWKS, with the claims asked for', async () => {
    const code =
      (
        await signIn('google', { name: 'Ann Smith', email: 'ann@example.com' }, { nonce: 'n-1' })
      ).searchParams.get('code') ?? '';
    const res = await googleToken(code);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id_token: string; access_token: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    const [header, payload, signature] = body.id_token.split('.') as [string, string, string];
    const jwks = (await app.inject({ url: '/emulators/oauth/google/certs' })).json() as {
      keys: Array<Record<string, string>>;
    };
    const key = createPublicKey({ key: jwks.keys[0] ?? {}, format: 'jwk' });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${payload}`),
        key,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: `${BASE}/google`,
      aud: 'g-client',
      email: 'ann@example.com',
      email_verified: true,
      name: 'Ann Smith',
      nonce: 'n-1',
      iat: clock / 1000,
      exp: clock / 1000 + 3600,
    });
    expect(claims.sub).toMatch(/^\d{21}$/);

    const userinfo = await app.inject({
      url: '/emulators/oauth/google/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.json()).toMatchObject({ sub: claims.sub, email: 'ann@example.com' });
  });

  it('publishes an OpenID discovery document for its issuer', async () => {
    const res = await app.inject({
      url: '/emulators/oauth/google/.well-known/openid-configuration',
    });
    expect(res.json()).toMatchObject({
      issuer: `${BASE}/google`,
      token_endpoint: `${BASE}/google/token`,
      jwks_uri: `${BASE}/google/certs`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('accepts client_secret_basic as well as client_secret_post', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    const res = await tokenRequest(
      'google',
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { authorization: `Basic ${Buffer.from('g-client:g-secret').toString('base64')}` },
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong client secret', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    const res = await googleToken(code, { client_secret: 'guess' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('enforces S256: a wrong verifier fails, and burns the code', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    const wrong = await googleToken(code, { code_verifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await googleToken(code);
    expect(right.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a missing verifier, and a verifier equal to the challenge (plain)', async () => {
    const first = (await signIn('google')).searchParams.get('code') ?? '';
    const missing = await tokenRequest('google', {
      grant_type: 'authorization_code',
      code: first,
      redirect_uri: REDIRECT,
      client_id: 'g-client',
      client_secret: 'g-secret',
    });
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const second = (await signIn('google')).searchParams.get('code') ?? '';
    const plain = await googleToken(second, { code_verifier: CHALLENGE });
    expect(plain.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('redeems a code once only, and revokes what the first use issued', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    const first = await googleToken(code);
    expect(first.statusCode).toBe(200);
    const second = await googleToken(code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('already been used'),
    });
    const userinfo = await app.inject({
      url: '/emulators/oauth/google/userinfo',
      headers: {
        authorization: `Bearer ${(first.json() as { access_token: string }).access_token}`,
      },
    });
    expect(userinfo.statusCode).toBe(401);
  });

  it('lets a code expire after 60 seconds', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    clock += OAUTH_CODE_TTL_MS;
    const res = await googleToken(code);
    expect(res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('expired'),
    });
  });

  it('accepts a code just before it expires', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    clock += OAUTH_CODE_TTL_MS - 1;
    expect((await googleToken(code)).statusCode).toBe(200);
  });

  it('refuses a redirect_uri different from the authorization request', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    const res = await googleToken(code, { redirect_uri: 'http://kadr.test/api/auth/google/other' });
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses another grant type and a repeated parameter', async () => {
    const code = (await signIn('google')).searchParams.get('code') ?? '';
    expect((await googleToken(code, { grant_type: 'password' })).json()).toMatchObject({
      error: 'unsupported_grant_type',
    });
    const repeated = await app.inject({
      method: 'POST',
      url: '/emulators/oauth/google/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=authorization_code&code=${code}&code=${code}`,
    });
    expect(repeated.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('gives the same subject to the same e-mail, and another to another', async () => {
    const sub = async (email: string) => {
      const code = (await signIn('google', { name: 'X Y', email })).searchParams.get('code') ?? '';
      const { id_token } = (await googleToken(code)).json() as { id_token: string };
      const payload = id_token.split('.')[1] ?? '';
      return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
    };
    const first = await sub('same@example.com');
    expect(await sub('SAME@example.com')).toBe(first);
    expect(await sub('other@example.com')).not.toBe(first);
  });
});

describe('Yandex ID', () => {
  it('answers /info only with `Authorization: OAuth <token>`', async () => {
    const code =
      (await signIn('yandex', { name: 'Иван Петров', email: 'ivan@example.com' })).searchParams.get(
        'code',
      ) ?? '';
    const token = await tokenRequest(
      'yandex',
      { grant_type: 'authorization_code', code, code_verifier: VERIFIER },
      { authorization: `Basic ${Buffer.from('y-client:y-secret').toString('base64')}` },
    );
    expect(token.statusCode).toBe(200);
    const { access_token } = token.json() as { access_token: string };
    const bearer = await app.inject({
      url: '/emulators/oauth/yandex/info?format=json',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(bearer.statusCode).toBe(401);
    const info = await app.inject({
      url: '/emulators/oauth/yandex/info?format=json',
      headers: { authorization: `OAuth ${access_token}` },
    });
    expect(info.json()).toMatchObject({
      default_email: 'ivan@example.com',
      emails: ['ivan@example.com'],
      real_name: 'Иван Петров',
      first_name: 'Иван',
      last_name: 'Петров',
      is_avatar_empty: false,
    });
  });
});

describe('VK ID', () => {
  async function vkCode() {
    const back = await signIn(
      'vk',
      { name: 'Olga Volkova', email: 'olga@example.com' },
      { scope: 'vkid.personal_info email' },
    );
    return {
      code: back.searchParams.get('code') ?? '',
      deviceId: back.searchParams.get('device_id') ?? '',
    };
  }
  const vkToken = (code: string, deviceId: string, extra: Record<string, string> = {}) =>
    tokenRequest('vk', {
      grant_type: 'authorization_code',
      code,
      code_verifier: VERIFIER,
      client_id: 'vk-client',
      device_id: deviceId,
      redirect_uri: 'http://kadr.test/api/auth/vk/callback',
      state: 'state-123',
      ...extra,
    });

  it('exchanges a code with client_id and device_id, then answers user_info', async () => {
    const { code, deviceId } = await vkCode();
    const token = await vkToken(code, deviceId);
    expect(token.statusCode).toBe(200);
    const body = token.json() as { access_token: string; user_id: number; state: string };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, state: 'state-123' });
    expect(typeof body.user_id).toBe('number');
    const info = await app.inject({
      method: 'POST',
      url: '/emulators/oauth/vk/oauth2/user_info',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: 'vk-client',
        access_token: body.access_token,
      }).toString(),
    });
    expect(info.json()).toMatchObject({
      user: {
        user_id: String(body.user_id),
        first_name: 'Olga',
        last_name: 'Volkova',
        email: 'olga@example.com',
      },
    });
  });

  it('refuses a device_id other than the one it issued', async () => {
    const { code } = await vkCode();
    const res = await vkToken(code, 'another-device');
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
