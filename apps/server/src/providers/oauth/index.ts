import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import { createGoogleProvider } from './google.ts';
import type { OAuthConfig, OAuthFlow, OAuthProvider, OAuthProviderId } from './types.ts';
import { createVkProvider } from './vk.ts';
import { createYandexProvider } from './yandex.ts';

export { describeOAuthError } from './shared.ts';
export type { OAuthFlow, OAuthProvider, OAuthProviderId } from './types.ts';
export { oauthProviderIds, oauthProviderNames } from './types.ts';

/** Where a provider sends the person back to. */
function oauthRedirectUri(publicUrl: string, provider: OAuthProviderId): string {
  return `${publicUrl}/api/auth/${provider}/callback`;
}

/** The configured sign-in providers (real or emulated); an unconfigured one is simply absent. */
export function createOAuthProviders(config: {
  publicUrl: string;
  oauth: OAuthConfig;
}): Map<OAuthProviderId, OAuthProvider> {
  const { google, yandex, vk } = config.oauth;
  const providers = new Map<OAuthProviderId, OAuthProvider>();
  if (google?.clientSecret) {
    providers.set(
      'google',
      createGoogleProvider({
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        issuer: google.issuer,
        redirectUri: oauthRedirectUri(config.publicUrl, 'google'),
        emulated: google.emulated,
      }),
    );
  }
  if (yandex?.clientSecret) {
    providers.set(
      'yandex',
      createYandexProvider({
        ...yandex,
        clientSecret: yandex.clientSecret,
        redirectUri: oauthRedirectUri(config.publicUrl, 'yandex'),
      }),
    );
  }
  if (vk) {
    providers.set(
      'vk',
      createVkProvider({ ...vk, redirectUri: oauthRedirectUri(config.publicUrl, 'vk') }),
    );
  }
  return providers;
}

/** Fresh secrets for one sign-in: state, PKCE verifier and, for OpenID Connect, a nonce. */
export function newOAuthFlow(provider: Pick<OAuthProvider, 'usesNonce'>): OAuthFlow {
  return {
    state: randomState(),
    codeVerifier: randomPKCECodeVerifier(),
    ...(provider.usesNonce ? { nonce: randomNonce() } : {}),
  };
}
