/** What a sign-in provider tells us about a person. */
export interface ExternalProfile {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatar: string | null;
  locale?: string | null;
}

export type OAuthProviderId = 'google' | 'yandex' | 'vk';

export const oauthProviderIds: readonly OAuthProviderId[] = ['google', 'yandex', 'vk'];

/** How each provider is named in messages. */
export const oauthProviderNames: Record<OAuthProviderId, string> = {
  google: 'Google',
  yandex: 'Yandex',
  vk: 'VK ID',
};

/** The secrets of one sign-in attempt, kept by the browser (sealed) between start and callback. */
export interface OAuthFlow {
  state: string;
  codeVerifier: string;
  /** OpenID Connect providers bind the id_token to this value. */
  nonce?: string | undefined;
}

/** One sign-in provider: where to send the person, and how to learn who came back. */
export interface OAuthProvider {
  id: OAuthProviderId;
  /** Whether the flow needs a nonce (OpenID Connect id_token binding). */
  usesNonce: boolean;
  /** The provider's authorization URL for this flow (PKCE S256 and state included). */
  authorizationUrl(flow: OAuthFlow): Promise<URL>;
  /**
   * Exchanges the authorization response (the callback's query) for the person's profile:
   * checks state, redeems the code with the PKCE verifier, and reads the profile.
   */
  complete(callback: URLSearchParams, flow: OAuthFlow): Promise<ExternalProfile>;
}

/** A sign-in that cannot be completed; `reason` is for logs and never holds a token. */
export class OAuthSignInError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'OAuthSignInError';
    this.reason = reason;
  }
}

/** Requests to a provider give up after this long: a person is waiting on the callback. */
export const PROVIDER_TIMEOUT_SECONDS = 10;

/** One sign-in provider's client, as configured (config.ts). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string | undefined;
  /** Served by the local emulator at OAUTH_EMULATOR_PATH (demo mode without credentials). */
  emulated: boolean;
}

/** The sign-in providers as configured (config.ts); an unconfigured one is undefined. */
export interface OAuthConfig {
  /** Encrypts the short-lived sign-in flow cookie; derived from SIGNING_SECRET. */
  cookieSecret: string;
  google: (OAuthClientConfig & { issuer: string }) | undefined;
  yandex:
    | (OAuthClientConfig & {
        authorizeUrl: string;
        tokenUrl: string;
        userinfoUrl: string;
        avatarUrl: string;
      })
    | undefined;
  vk:
    | (OAuthClientConfig & { authorizeUrl: string; tokenUrl: string; userinfoUrl: string })
    | undefined;
}
