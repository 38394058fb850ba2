import type { OAuthEmulatorOptions } from '@kadr/emulators';
import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import { type Config, OAUTH_EMULATOR_PATH } from '../../config.ts';
import { createGoogleProvider } from './google.ts';
import type { OAuthFlow, OAuthProvider, OAuthProviderId } from './types.ts';
import { createVkProvider } from './vk.ts';
import { createYandexProvider } from './yandex.ts';

export { describeOAuthError } from './shared.ts';
export type { OAuthFlow, OAuthProvider, OAuthProviderId } from './types.ts';
export { OAuthSignInError, oauthProviderIds, oauthProviderNames } from './types.ts';

/** Where a provider sends the person back to. */
export function oauthRedirectUri(publicUrl: string, provider: OAuthProviderId): string {
  return `${publicUrl}/api/auth/${provider}/callback`;
}

/** The configured sign-in providers (real or emulated); an unconfigured one is simply absent. */
export function createOAuthProviders(
  config: Pick<Config, 'publicUrl' | 'oauth'>,
): Map<OAuthProviderId, OAuthProvider> {
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

/**
 * The emulator's registrations for the providers that are emulated (demo mode without
 * credentials), or undefined when none is — then nothing is mounted.
 */
export function oauthEmulatorOptions(
  config: Pick<Config, 'publicUrl' | 'oauth' | 'demo'>,
): (OAuthEmulatorOptions & { prefix: string }) | undefined {
  if (!config.demo) return undefined;
  const redirectUriPrefixes = [`${config.publicUrl}/api/auth/`];
  const client = (
    entry: { clientId: string; clientSecret?: string | undefined; emulated: boolean } | undefined,
  ) =>
    entry?.emulated
      ? { clientId: entry.clientId, clientSecret: entry.clientSecret, redirectUriPrefixes }
      : undefined;
  const clients = {
    google: client(config.oauth.google),
    yandex: client(config.oauth.yandex),
    vk: client(config.oauth.vk),
  };
  if (!clients.google && !clients.yandex && !clients.vk) return undefined;
  return {
    prefix: OAUTH_EMULATOR_PATH,
    baseUrl: `${config.publicUrl}${OAUTH_EMULATOR_PATH}`,
    ...clients,
  };
}

/** Fresh secrets for one sign-in: state, PKCE verifier and, for OpenID Connect, a nonce. */
export function newOAuthFlow(provider: Pick<OAuthProvider, 'usesNonce'>): OAuthFlow {
  return {
    state: randomState(),
    codeVerifier: randomPKCECodeVerifier(),
    ...(provider.usesNonce ? { nonce: randomNonce() } : {}),
  };
}
