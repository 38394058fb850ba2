import type { FastifyInstance } from 'fastify';
import {
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
import { randomToken, signingKey, signJwt } from './crypto.ts';
import { brands } from './page.ts';
import { initials, splitName } from './people.ts';

const vkSpec: ProviderSpec = {
  id: 'vk',
  brand: brands.vk,
  requiresState: true,
  scopes: {
    allowed: ['vkid.personal_info', 'email', 'phone'],
    required: [],
    default: ['vkid.personal_info'],
  },
  subjectDigits: 9,
  accessToken: { prefix: 'vk2.a.', ttlSeconds: 3600 },
  bindsDevice: true,
  callbackParams: (grant) => ({ device_id: grant.deviceId ?? '', type: 'code_v2' }),
};

interface VkOptions {
  client: EmulatedClient;
  store: Store;
  /** The absolute URL of this provider's root. */
  root: string;
  clientName: string;
}

/**
 * id.vk.ru (OAuth 2.1): a public client, so no secret — the token request carries client_id and
 * the device_id VK put on the redirect instead, and PKCE is mandatory.
 */
export function registerVk(app: FastifyInstance, options: VkOptions): void {
  const { client, store, root } = options;
  const context = { spec: vkSpec, client, store, clientName: options.clientName };

  app.get('/vk/authorize', (request, reply) => handleAuthorize(context, request, reply));
  app.post('/vk/authorize', (request, reply) => handleAuthorize(context, request, reply));

  app.post('/vk/oauth2/auth', async (request, reply) => {
    try {
      const params = singleParams(formParams(request));
      const clientId = params.get('client_id');
      if (clientId !== client.clientId) {
        throw new OAuthFailure('invalid_client', 'The client_id is not registered.');
      }
      if (!params.get('device_id')) {
        throw new OAuthFailure('invalid_request', 'The device_id is missing.');
      }
      const grant = redeemCodeGrant(vkSpec, store, params, clientId);
      const accessToken = store.issueAccessToken(vkSpec, grant);
      const issuedAt = Math.floor(store.now() / 1000);
      const userId = Number(grant.identity.subject);
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        refresh_token: `vk2.a.${randomToken(32)}`,
        // VK's id_token is its own JWT, not an OpenID Connect one; clients do not rely on it.
        id_token: signJwt(
          {
            iss: 'VK',
            sub: userId,
            app: Number.isNaN(Number(clientId)) ? clientId : Number(clientId),
            jti: randomToken(8),
            iat: issuedAt,
            exp: issuedAt + vkSpec.accessToken.ttlSeconds,
          },
          signingKey(),
        ),
        token_type: 'Bearer',
        expires_in: vkSpec.accessToken.ttlSeconds,
        user_id: userId,
        state: params.get('state') ?? grant.state ?? '',
        scope: grant.scopes.join(' '),
      });
    } catch (error) {
      if (error instanceof OAuthFailure) return sendOAuthError(reply, error);
      throw error;
    }
  });

  app.post('/vk/oauth2/user_info', async (request, reply) => {
    try {
      const params = singleParams(formParams(request));
      const token = store.accessToken(params.get('access_token'));
      if (!token || token.clientId !== params.get('client_id')) {
        throw new OAuthFailure('invalid_token', 'The access token is invalid or expired.', 401);
      }
      const { identity, scopes } = token;
      const { first, last } = splitName(identity.name);
      return {
        user: {
          user_id: identity.subject,
          first_name: first,
          last_name: last,
          avatar: `${root}/avatars/${identity.subject}`,
          sex: 0,
          // VK's `verified` marks a verified (notable) profile; ordinary people are not.
          verified: false,
          birthday: '',
          ...(scopes.includes('email') ? { email: identity.email } : {}),
        },
      };
    } catch (error) {
      if (error instanceof OAuthFailure) return sendOAuthError(reply, error);
      throw error;
    }
  });

  app.get<{ Params: { subject: string } }>('/vk/avatars/:subject', async (request, reply) => {
    const known = store.knownIdentity('vk', request.params.subject);
    return sendAvatar(reply, avatarSvg(request.params.subject, initials(known?.name ?? '')));
  });
}
