import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CODE_VERIFIER,
  randomToken,
  S256_CHALLENGE,
  s256,
  sameSecret,
  stableNumericId,
} from './crypto.ts';
import { type Brand, pageLocale, renderErrorPage, renderSignInPage } from './page.ts';
import { type Person, randomPerson } from './people.ts';

export type ProviderId = 'google' | 'yandex' | 'vk';

/** A client registered with an emulated provider (the Kadr server, in demo mode). */
export interface EmulatedClient {
  clientId: string;
  /** Google and Yandex authenticate confidential clients with a secret; VK ID's web flow uses none. */
  clientSecret?: string | undefined;
  /** A redirect_uri is accepted when it starts with one of these (what the client registered). */
  redirectUriPrefixes: string[];
}

/** What an authorization request asked for, once checked. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: string[];
  nonce: string | undefined;
}

/** The person behind an emulated account. `subject` is stable per e-mail at each provider. */
export interface Identity extends Person {
  subject: string;
}

export interface Grant extends AuthorizationRequest {
  code: string;
  identity: Identity;
  /** VK ID binds a code to the device it was issued on; the token request must name it. */
  deviceId: string | undefined;
  expiresAt: number;
  used: boolean;
  accessTokens: string[];
}

export interface AccessToken {
  clientId: string;
  identity: Identity;
  scopes: string[];
  expiresAt: number;
}

/** The parts of a provider that differ; the flow around them is shared. */
export interface ProviderSpec {
  id: ProviderId;
  brand: Brand;
  /** VK ID refuses an authorization request without state; Google and Yandex only echo it. */
  requiresState: boolean;
  scopes: { allowed: readonly string[]; required: readonly string[]; default: readonly string[] };
  subjectDigits: number;
  accessToken: { prefix: string; ttlSeconds: number };
  /** Extra query parameters the provider adds to its redirect back to the client. */
  callbackParams?: (grant: Grant) => Record<string, string>;
  /** Whether the code is bound to a device id that the token request must repeat. */
  bindsDevice?: boolean;
  /** Whether the token request may omit redirect_uri (Yandex). */
  tokenRedirectUriOptional?: boolean;
}

export const CODE_TTL_MS = 60_000;

export class OAuthFailure extends Error {
  readonly error: string;
  readonly status: number;
  constructor(error: string, description: string, status = 400) {
    super(description);
    this.name = 'OAuthFailure';
    this.error = error;
    this.status = status;
  }
}

/** In-memory codes and tokens of one emulator instance. Nothing here outlives the process. */
export function createStore(now: () => number) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, AccessToken>();
  const identities = new Map<string, Identity>();

  function prune() {
    const at = now();
    for (const [code, grant] of grants) if (grant.expiresAt <= at) grants.delete(code);
    for (const [token, entry] of tokens) if (entry.expiresAt <= at) tokens.delete(token);
  }

  return {
    now,
    identityFor(spec: ProviderSpec, person: Person): Identity {
      const email = person.email.trim();
      const subject = stableNumericId(`${spec.id}:${email.toLowerCase()}`, spec.subjectDigits);
      const identity = { subject, name: person.name.trim(), email };
      identities.set(`${spec.id}:${subject}`, identity);
      return identity;
    },
    /** Someone who signed in at this provider since the emulator started (for avatars). */
    knownIdentity(provider: ProviderId, subject: string): Identity | undefined {
      return identities.get(`${provider}:${subject}`);
    },
    issueCode(request: AuthorizationRequest, identity: Identity, deviceId?: string): Grant {
      prune();
      const grant: Grant = {
        ...request,
        code: randomToken(24),
        identity,
        deviceId,
        expiresAt: now() + CODE_TTL_MS,
        used: false,
        accessTokens: [],
      };
      grants.set(grant.code, grant);
      return grant;
    },
    /**
     * Takes a code for a token exchange. A code works once: a second attempt fails and revokes
     * what the first one issued (RFC 6749 §4.1.2), as it suggests the code leaked.
     */
    redeem(code: string, clientId: string): Grant {
      const grant = grants.get(code);
      if (!grant || grant.clientId !== clientId) {
        throw new OAuthFailure('invalid_grant', 'The authorization code is unknown.');
      }
      if (grant.expiresAt <= now()) {
        grants.delete(code);
        throw new OAuthFailure('invalid_grant', 'The authorization code has expired.');
      }
      if (grant.used) {
        for (const token of grant.accessTokens) tokens.delete(token);
        throw new OAuthFailure('invalid_grant', 'The authorization code has already been used.');
      }
      grant.used = true;
      return grant;
    },
    issueAccessToken(spec: ProviderSpec, grant: Grant): string {
      const token = `${spec.accessToken.prefix}${randomToken(32)}`;
      tokens.set(token, {
        clientId: grant.clientId,
        identity: grant.identity,
        scopes: grant.scopes,
        expiresAt: now() + spec.accessToken.ttlSeconds * 1000,
      });
      grant.accessTokens.push(token);
      return token;
    },
    accessToken(token: string | undefined): AccessToken | undefined {
      if (!token) return undefined;
      const entry = tokens.get(token);
      return entry && entry.expiresAt > now() ? entry : undefined;
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** Form or query parameters; a repeated parameter is an error (RFC 6749 §3.1, §3.2). */
export function singleParams(source: URLSearchParams): Map<string, string> {
  const params = new Map<string, string>();
  for (const [key, value] of source) {
    if (params.has(key)) {
      throw new OAuthFailure('invalid_request', `The parameter ${key} is repeated.`);
    }
    params.set(key, value);
  }
  return params;
}

function queryParams(request: FastifyRequest): URLSearchParams {
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return new URLSearchParams(search);
}

export function formParams(request: FastifyRequest): URLSearchParams {
  return new URLSearchParams(typeof request.body === 'string' ? request.body : '');
}

type Checked =
  | { ok: true; request: AuthorizationRequest }
  /** The client or redirect URI cannot be trusted: show the error here, never redirect. */
  | { ok: false; error: string; description: string; redirectUri?: undefined }
  /** The redirect URI is trusted: the error goes back to the client (RFC 6749 §4.1.2.1). */
  | { ok: false; error: string; description: string; redirectUri: string; state?: string };

function checkAuthorizationRequest(
  spec: ProviderSpec,
  client: EmulatedClient,
  params: Map<string, string>,
): Checked {
  const clientId = params.get('client_id');
  if (!clientId || clientId !== client.clientId) {
    return { ok: false, error: 'invalid_client', description: 'The client_id is not registered.' };
  }
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) {
    return { ok: false, error: 'invalid_request', description: 'The redirect_uri is missing.' };
  }
  if (!isRegisteredRedirect(redirectUri, client.redirectUriPrefixes)) {
    return {
      ok: false,
      error: 'redirect_uri_mismatch',
      description: 'The redirect_uri does not match any registered for this client.',
    };
  }
  const state = params.get('state');
  const back = (error: string, description: string): Checked => ({
    ok: false,
    error,
    description,
    redirectUri,
    ...(state === undefined ? {} : { state }),
  });
  if (params.get('response_type') !== 'code') {
    return back('unsupported_response_type', 'Only response_type=code is supported.');
  }
  const method = params.get('code_challenge_method');
  const challenge = params.get('code_challenge');
  if (!challenge) return back('invalid_request', 'PKCE is required: code_challenge is missing.');
  if (method !== 'S256') {
    return back(
      'invalid_request',
      method === undefined || method === 'plain'
        ? 'code_challenge_method must be S256; plain is not accepted.'
        : `Unsupported code_challenge_method ${method}.`,
    );
  }
  if (!S256_CHALLENGE.test(challenge)) {
    return back('invalid_request', 'code_challenge is not an S256 challenge.');
  }
  if (spec.requiresState && !state) return back('invalid_request', 'The state is missing.');
  const requested = params.get('scope')?.split(' ').filter(Boolean);
  const scopes = requested && requested.length > 0 ? requested : [...spec.scopes.default];
  const unknown = scopes.filter((scope) => !spec.scopes.allowed.includes(scope));
  if (unknown.length > 0) return back('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  const missing = spec.scopes.required.filter((scope) => !scopes.includes(scope));
  if (missing.length > 0) return back('invalid_scope', `Required scope: ${missing.join(' ')}.`);
  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      state,
      codeChallenge: challenge,
      scopes,
      nonce: params.get('nonce'),
    },
  };
}

function isRegisteredRedirect(uri: string, prefixes: readonly string[]): boolean {
  if (!URL.canParse(uri)) return false;
  const parsed = new URL(uri);
  if (parsed.hash || !/^https?:$/.test(parsed.protocol)) return false;
  // Compare both the raw and the normalised form, so `/api/auth/../x` cannot slip past a prefix.
  return prefixes.some((prefix) => uri.startsWith(prefix) && parsed.href.startsWith(prefix));
}

function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PageContext {
  spec: ProviderSpec;
  client: EmulatedClient;
  store: Store;
  clientName: string;
}

/** GET shows the sign-in form; POST (the form) signs the person in and redirects with a code. */
export async function handleAuthorize(
  context: PageContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { spec, client, store } = context;
  const locale = pageLocale(request.headers['accept-language']);
  const submitted = request.method === 'POST';
  const source = submitted ? formParams(request) : queryParams(request);
  let params: Map<string, string>;
  try {
    params = singleParams(source);
  } catch (error) {
    const failure = error instanceof OAuthFailure ? error : new OAuthFailure('invalid_request', '');
    return sendPage(
      reply,
      400,
      renderErrorPage(spec.brand, locale, failure.error, failure.message),
    );
  }
  const checked = checkAuthorizationRequest(spec, client, params);
  if (!checked.ok) {
    if (checked.redirectUri === undefined) {
      return sendPage(
        reply,
        400,
        renderErrorPage(spec.brand, locale, checked.error, checked.description),
      );
    }
    return reply.redirect(
      redirectWith(checked.redirectUri, {
        error: checked.error,
        error_description: checked.description,
        state: checked.state,
      }),
      submitted ? 303 : 302,
    );
  }
  const authorization = checked.request;
  const cancelUrl = redirectWith(authorization.redirectUri, {
    error: 'access_denied',
    error_description: 'The person declined to sign in.',
    state: authorization.state,
  });
  const hidden: Record<string, string> = {};
  for (const [key, value] of params) if (key !== 'name' && key !== 'email') hidden[key] = value;
  const page = {
    brand: spec.brand,
    locale,
    clientName: context.clientName,
    action: request.url.split('?')[0] ?? '',
    hidden,
    cancelUrl,
  };

  if (!submitted) {
    return sendPage(reply, 200, renderSignInPage({ ...page, person: randomPerson(locale) }));
  }
  const person = {
    name: (params.get('name') ?? '').trim(),
    email: (params.get('email') ?? '').trim(),
  };
  const errors: Partial<Record<'name' | 'email', string>> = {};
  if (person.name.length < 1 || person.name.length > 100) {
    errors.name = locale === 'ru' ? 'Введите имя.' : 'Enter a name.';
  }
  if (!EMAIL.test(person.email) || person.email.length > 254) {
    errors.email = locale === 'ru' ? 'Введите адрес почты.' : 'Enter an e-mail address.';
  }
  if (errors.name || errors.email) {
    // 200, not 400: this is the form again with hints, and the browser should not log a failure.
    return sendPage(reply, 200, renderSignInPage({ ...page, person, errors }));
  }
  const identity = store.identityFor(spec, person);
  const grant = store.issueCode(
    authorization,
    identity,
    spec.bindsDevice ? randomToken(16) : undefined,
  );
  return reply.redirect(
    redirectWith(authorization.redirectUri, {
      code: grant.code,
      state: authorization.state,
      ...spec.callbackParams?.(grant),
    }),
    303,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The token request common to all three: grant type, the code (once, unexpired, this client's),
 * the same redirect_uri, and a code_verifier whose S256 is the challenge.
 */
export function redeemCodeGrant(
  spec: ProviderSpec,
  store: Store,
  params: Map<string, string>,
  clientId: string,
): Grant {
  const grantType = params.get('grant_type');
  if (grantType !== 'authorization_code') {
    throw new OAuthFailure(
      grantType ? 'unsupported_grant_type' : 'invalid_request',
      grantType ? `grant_type ${grantType} is not supported.` : 'grant_type is missing.',
    );
  }
  const code = params.get('code');
  if (!code) throw new OAuthFailure('invalid_request', 'The code is missing.');
  const grant = store.redeem(code, clientId);
  const redirectUri = params.get('redirect_uri');
  const mayOmit = spec.tokenRedirectUriOptional === true && redirectUri === undefined;
  if (!mayOmit && redirectUri !== grant.redirectUri) {
    throw new OAuthFailure(
      'invalid_grant',
      'The redirect_uri differs from the authorization request.',
    );
  }
  const verifier = params.get('code_verifier');
  if (!verifier)
    throw new OAuthFailure('invalid_request', 'PKCE is required: code_verifier is missing.');
  if (!CODE_VERIFIER.test(verifier) || !sameSecret(s256(verifier), grant.codeChallenge)) {
    throw new OAuthFailure('invalid_grant', 'The code_verifier does not match the code_challenge.');
  }
  if (spec.bindsDevice && params.get('device_id') !== grant.deviceId) {
    throw new OAuthFailure('invalid_grant', 'The device_id does not match the authorization.');
  }
  return grant;
}

/**
 * Client authentication with a secret, either HTTP Basic or in the body — but not both
 * (RFC 6749 §2.3.1). Returns the authenticated client id.
 */
export function authenticateWithSecret(
  request: FastifyRequest,
  params: Map<string, string>,
  client: EmulatedClient,
): string {
  const basic = parseBasic(request.headers.authorization);
  const bodyId = params.get('client_id');
  const bodySecret = params.get('client_secret');
  if (basic && bodySecret !== undefined) {
    throw new OAuthFailure('invalid_request', 'Use one client authentication method, not two.');
  }
  const id = basic?.id ?? bodyId;
  const secret = basic?.secret ?? bodySecret;
  if (basic && bodyId !== undefined && bodyId !== basic.id) {
    throw new OAuthFailure('invalid_client', 'The client_id in the body differs from Basic auth.');
  }
  if (
    id !== client.clientId ||
    secret === undefined ||
    client.clientSecret === undefined ||
    !sameSecret(secret, client.clientSecret)
  ) {
    throw new OAuthFailure('invalid_client', 'Client authentication failed.');
  }
  return id;
}

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // RFC 6749 §2.3.1: both halves are form-urlencoded before being joined.
  const decode = (value: string) => decodeURIComponent(value.replaceAll('+', ' '));
  try {
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

export function sendOAuthError(reply: FastifyReply, failure: OAuthFailure): FastifyReply {
  return reply
    .code(failure.status)
    .header('cache-control', 'no-store')
    .send({ error: failure.error, error_description: failure.message });
}

/** A generated picture with the person's initials: avatars must work offline, too. */
export function avatarSvg(seed: string, initialsText: string): string {
  let hue = 0;
  for (const char of seed) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  const text = initialsText
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue} 45% 42%)"/><text x="100" y="100" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="84" font-weight="600" fill="#fff">${text}</text></svg>`;
}

export function sendAvatar(reply: FastifyReply, svg: string): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=86400')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('image/svg+xml')
    .send(svg);
}
