import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  ClientSecretPost,
  type Configuration,
  calculatePKCECodeChallenge,
  discovery,
  fetchUserInfo,
} from 'openid-client';
import { callbackUrl, imageUrl, text } from './shared.ts';
import { type OAuthProvider, OAuthSignInError, PROVIDER_TIMEOUT_SECONDS } from './types.ts';

export interface GoogleProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The OpenID issuer; endpoints come from its discovery document. */
  issuer: string;
  redirectUri: string;
  /** Plain HTTP is allowed only for the local emulator. */
  emulated: boolean;
}

/** Sign-in with Google: OpenID Connect discovery, PKCE (S256), state and nonce, id_token + userinfo. */
export function createGoogleProvider(options: GoogleProviderOptions): OAuthProvider {
  let configuration: Promise<Configuration> | undefined;

  // Discovered on first use, not at start: the provider (or our own emulator) may not answer yet.
  function configure(): Promise<Configuration> {
    configuration ??= discovery(
      new URL(options.issuer),
      options.clientId,
      options.clientSecret,
      ClientSecretPost(options.clientSecret),
      {
        execute: options.emulated ? [allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      },
    ).catch((error: unknown) => {
      configuration = undefined; // try again next time
      throw error;
    });
    return configuration;
  }

  return {
    id: 'google',
    usesNonce: true,
    async authorizationUrl(flow) {
      const config = await configure();
      return buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        code_challenge: await calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        ...(flow.nonce ? { nonce: flow.nonce } : {}),
        prompt: 'select_account',
      });
    },
    async complete(callback, flow) {
      if (!flow.nonce) throw new OAuthSignInError('the Google flow has no nonce');
      const config = await configure();
      const tokens = await authorizationCodeGrant(
        config,
        callbackUrl(options.redirectUri, callback),
        {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        },
      );
      const claims = tokens.claims();
      if (!claims) throw new OAuthSignInError('Google returned no id_token');
      // Userinfo must describe the same subject as the id_token; openid-client checks that.
      const info = await fetchUserInfo(config, tokens.access_token, claims.sub);
      const email = text(info.email) ?? text(claims.email);
      const verified = (info.email_verified ?? claims.email_verified) === true;
      const name =
        text(info.name) ??
        ([text(info.given_name), text(info.family_name)].filter(Boolean).join(' ') || null);
      return {
        provider: 'google',
        subject: claims.sub,
        email,
        emailVerified: email !== null && verified,
        name,
        avatar: imageUrl(info.picture),
        locale: text(info.locale),
      };
    },
  };
}
