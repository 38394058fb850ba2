import type { FastifyInstance } from 'fastify';
import {
  type AccessToken,
  authenticateWithSecret,
  avatarSvg,
  type EmulatedClient,
  formParams,
  handleAuthorize,
  OAuthFailure,
  type ProviderSpec,
  redeemCodeGrant,
  type Store,
  sendAvatar,
  sendOAuthError,
  singleParams,
} from './core.ts';
import { accessTokenHash, signingKey, signJwt } from './crypto.ts';
import { brands } from './page.ts';
import { initials, splitName } from './people.ts';

const googleSpec: ProviderSpec = {
  id: 'google',
  brand: brands.google,
  requiresState: false,
  // Our OIDC flow needs `openid`; Google refuses an authorization request without any scope.
  scopes: { allowed: ['openid', 'email', 'profile'], required: ['openid'], default: [] },
  subjectDigits: 21,
  accessToken: { prefix: 'ya29.', ttlSeconds: 3599 },
};

interface GoogleOptions {
  client: EmulatedClient;
  store: Store;
  /** The absolute URL of this provider's root, which is also its OIDC issuer. */
  issuer: string;
  clientName: string;
}

/** An OpenID Connect provider shaped like accounts.google.com: discovery, JWKS, signed id_tokens. */
export function registerGoogle(app: FastifyInstance, options: GoogleOptions): void {
  const { client, store, issuer } = options;
  const context = { spec: googleSpec, client, store, clientName: options.clientName };

  app.get('/google/.well-known/openid-configuration', async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/certs`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: googleSpec.scopes.allowed,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'aud',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'picture',
      'sub',
    ],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code'],
  }));

  app.get('/google/certs', async () => ({ keys: [signingKey().jwk] }));

  app.get('/google/authorize', (request, reply) => handleAuthorize(context, request, reply));
  app.post('/google/authorize', (request, reply) => handleAuthorize(context, request, reply));

  app.post('/google/token', async (request, reply) => {
    try {
      const params = singleParams(formParams(request));
      const clientId = authenticateWithSecret(request, params, client);
      const grant = redeemCodeGrant(googleSpec, store, params, clientId);
      const accessToken = store.issueAccessToken(googleSpec, grant);
      const issuedAt = Math.floor(store.now() / 1000);
      const idToken = signJwt(
        {
          iss: issuer,
          azp: clientId,
          aud: clientId,
          sub: grant.identity.subject,
          at_hash: accessTokenHash(accessToken),
          ...claimsFor(grant.identity, grant.scopes, avatarUrl(grant.identity.subject)),
          ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
          iat: issuedAt,
          exp: issuedAt + 3600,
        },
        signingKey(),
      );
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        expires_in: googleSpec.accessToken.ttlSeconds,
        id_token: idToken,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    } catch (error) {
      if (error instanceof OAuthFailure) return sendOAuthError(reply, error);
      throw error;
    }
  });

  const userinfo = (authorization: string | undefined): AccessToken | undefined => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    return store.accessToken(match?.[1]);
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/google/userinfo',
      handler: async (request, reply) => {
        const token = userinfo(request.headers.authorization);
        if (!token) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer error="invalid_token"')
            .send({ error: 'invalid_token', error_description: 'The access token is invalid.' });
        }
        return {
          sub: token.identity.subject,
          ...claimsFor(token.identity, token.scopes, avatarUrl(token.identity.subject)),
        };
      },
    });
  }

  app.get<{ Params: { subject: string } }>('/google/avatars/:subject', async (request, reply) => {
    const known = store.knownIdentity('google', request.params.subject);
    return sendAvatar(reply, avatarSvg(request.params.subject, initials(known?.name ?? '')));
  });

  function avatarUrl(subject: string): string {
    return `${issuer}/avatars/${subject}`;
  }
}

function claimsFor(
  identity: { name: string; email: string },
  scopes: string[],
  picture: string,
): Record<string, unknown> {
  const { first, last } = splitName(identity.name);
  return {
    ...(scopes.includes('email') ? { email: identity.email, email_verified: true } : {}),
    ...(scopes.includes('profile')
      ? { name: identity.name, given_name: first, family_name: last || undefined, picture }
      : {}),
  };
}
