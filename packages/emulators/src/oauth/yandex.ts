import type { FastifyInstance } from 'fastify';
import {
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
import { randomToken } from './crypto.ts';
import { brands } from './page.ts';
import { initials, splitName } from './people.ts';

const yandexSpec: ProviderSpec = {
  id: 'yandex',
  brand: brands.yandex,
  requiresState: false,
  // Without a scope Yandex grants what the app was registered with: here, all three.
  scopes: {
    allowed: ['login:info', 'login:email', 'login:avatar'],
    required: [],
    default: ['login:info', 'login:email', 'login:avatar'],
  },
  subjectDigits: 10,
  accessToken: { prefix: 'y0_', ttlSeconds: 31_536_000 },
  // The token request may leave redirect_uri out; when present it must match.
  tokenRedirectUriOptional: true,
};

interface YandexOptions {
  client: EmulatedClient;
  store: Store;
  clientName: string;
}

/** oauth.yandex.ru + login.yandex.ru: authorize, token, `/info` with `Authorization: OAuth`. */
export function registerYandex(app: FastifyInstance, options: YandexOptions): void {
  const { client, store } = options;
  const context = { spec: yandexSpec, client, store, clientName: options.clientName };

  app.get('/yandex/authorize', (request, reply) => handleAuthorize(context, request, reply));
  app.post('/yandex/authorize', (request, reply) => handleAuthorize(context, request, reply));

  app.post('/yandex/token', async (request, reply) => {
    try {
      const params = singleParams(formParams(request));
      const clientId = authenticateWithSecret(request, params, client);
      const grant = redeemCodeGrant(yandexSpec, store, params, clientId);
      const accessToken = store.issueAccessToken(yandexSpec, grant);
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        expires_in: yandexSpec.accessToken.ttlSeconds,
        refresh_token: `1:${randomToken(24)}`,
        token_type: 'bearer',
      });
    } catch (error) {
      if (error instanceof OAuthFailure) return sendOAuthError(reply, error);
      throw error;
    }
  });

  app.get('/yandex/info', async (request, reply) => {
    // Yandex's own scheme is `OAuth <token>`, not Bearer.
    const match = /^OAuth\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = store.accessToken(match?.[1]);
    if (!token) {
      return reply.code(401).send({ error: 'invalid_token', error_description: 'Unauthorized' });
    }
    const { identity, scopes } = token;
    const { first, last } = splitName(identity.name);
    const login = identity.email.split('@')[0] ?? identity.subject;
    return {
      id: identity.subject,
      login,
      client_id: token.clientId,
      psuid: `1.${randomToken(12)}`,
      ...(scopes.includes('login:info')
        ? {
            display_name: login,
            real_name: identity.name,
            first_name: first,
            last_name: last,
            sex: null,
          }
        : {}),
      ...(scopes.includes('login:email')
        ? { default_email: identity.email, emails: [identity.email] }
        : {}),
      ...(scopes.includes('login:avatar')
        ? { default_avatar_id: `0/${identity.subject}-0`, is_avatar_empty: false }
        : {}),
    };
  });

  // avatars.yandex.net/get-yapic/<default_avatar_id>/<size>, served here so avatars work offline.
  app.get<{ Params: { group: string; avatar: string; size: string } }>(
    '/yandex/get-yapic/:group/:avatar/:size',
    async (request, reply) => {
      const subject = request.params.avatar.split('-')[0] ?? '';
      const known = store.knownIdentity('yandex', subject);
      return sendAvatar(reply, avatarSvg(subject, initials(known?.name ?? '')));
    },
  );
}
