import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  Configuration,
  type CustomFetch,
  calculatePKCECodeChallenge,
  customFetch,
  None,
} from 'openid-client';
import { z } from 'zod';
import { callbackUrl, fetchJson, imageUrl, text } from './shared.ts';
import { type OAuthProvider, OAuthSignInError, PROVIDER_TIMEOUT_SECONDS } from './types.ts';

export interface VkProviderOptions {
  clientId: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  redirectUri: string;
  /** Plain HTTP is allowed only for the local emulator. */
  emulated: boolean;
}

const vkUserInfoSchema = z.object({
  user: z.object({
    user_id: z.union([z.string().min(1), z.number()]).transform(String),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    avatar: z.string().nullish(),
    email: z.string().nullish(),
    verified: z.boolean().nullish(),
  }),
});

/**
 * VK ID's token answer carries an `id_token` that is VK's own JWT, not an OpenID Connect one
 * (its issuer and audience do not follow OIDC), so openid-client would reject the whole answer.
 * We never use it — the profile comes from user_info — so it is dropped before validation.
 */
const withoutIdToken: CustomFetch = async (url, options) => {
  const response = await fetch(url, options);
  if (!response.ok) return response;
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null) {
    throw new OAuthSignInError('VK ID token endpoint answered an unexpected shape');
  }
  const { id_token: _dropped, ...rest } = body as Record<string, unknown>;
  return Response.json(rest, { status: response.status });
};

/** Sign-in with VK ID (OAuth 2.1): PKCE (S256) is mandatory and the code is bound to a device_id. */
export function createVkProvider(options: VkProviderOptions): OAuthProvider {
  // A public client: VK ID's web flow authenticates with PKCE and device_id, not a secret.
  const config = new Configuration(
    {
      issuer: new URL(options.authorizeUrl).origin,
      authorization_endpoint: options.authorizeUrl,
      token_endpoint: options.tokenUrl,
    },
    options.clientId,
    undefined,
    None(),
  );
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  config[customFetch] = withoutIdToken;
  if (options.emulated) allowInsecureRequests(config);

  return {
    id: 'vk',
    usesNonce: false,
    async authorizationUrl(flow) {
      return buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'vkid.personal_info email',
        code_challenge: await calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
      });
    },
    async complete(callback, flow) {
      const deviceId = callback.get('device_id');
      if (!deviceId && !callback.has('error')) {
        throw new OAuthSignInError('VK ID callback has no device_id');
      }
      const tokens = await authorizationCodeGrant(
        config,
        callbackUrl(options.redirectUri, callback),
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state },
        { device_id: deviceId ?? '', state: flow.state },
      );
      const { user } = await fetchJson(
        'VK ID user_info',
        options.userinfoUrl,
        {
          method: 'POST',
          headers: { accept: 'application/json' },
          body: new URLSearchParams({
            client_id: options.clientId,
            access_token: tokens.access_token,
          }),
        },
        vkUserInfoSchema,
      );
      const email = text(user.email);
      return {
        provider: 'vk',
        subject: user.user_id,
        email,
        // VK does not say that an address was confirmed; only a profile VK marks verified counts.
        emailVerified: email !== null && user.verified === true,
        name: [text(user.first_name), text(user.last_name)].filter(Boolean).join(' ') || null,
        avatar: imageUrl(user.avatar),
      };
    },
  };
}
