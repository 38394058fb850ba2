import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  ClientSecretBasic,
  Configuration,
  calculatePKCECodeChallenge,
} from 'openid-client';
import { z } from 'zod';
import { callbackUrl, fetchJson, text } from './shared.ts';
import { type OAuthProvider, PROVIDER_TIMEOUT_SECONDS } from './types.ts';

export interface YandexProviderOptions {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** login.yandex.ru/info; `format=json` is added here. */
  userinfoUrl: string;
  /** avatars.yandex.net/get-yapic: `<avatarUrl>/<default_avatar_id>/islands-200`. */
  avatarUrl: string;
  redirectUri: string;
  /** Plain HTTP is allowed only for the local emulator. */
  emulated: boolean;
}

const yandexInfoSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  login: z.string().nullish(),
  default_email: z.string().nullish(),
  emails: z.array(z.string()).nullish(),
  display_name: z.string().nullish(),
  real_name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  default_avatar_id: z.string().nullish(),
  is_avatar_empty: z.boolean().nullish(),
});

/** Sign-in with Yandex ID: OAuth 2.0 with PKCE (S256), then `login.yandex.ru/info`. */
export function createYandexProvider(options: YandexProviderOptions): OAuthProvider {
  const config = new Configuration(
    {
      issuer: new URL(options.authorizeUrl).origin,
      authorization_endpoint: options.authorizeUrl,
      token_endpoint: options.tokenUrl,
    },
    options.clientId,
    options.clientSecret,
    ClientSecretBasic(options.clientSecret),
  );
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (options.emulated) allowInsecureRequests(config);

  return {
    id: 'yandex',
    usesNonce: false,
    async authorizationUrl(flow) {
      return buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'login:info login:email login:avatar',
        code_challenge: await calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
      });
    },
    async complete(callback, flow) {
      const tokens = await authorizationCodeGrant(
        config,
        callbackUrl(options.redirectUri, callback),
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state },
      );
      const url = new URL(options.userinfoUrl);
      url.searchParams.set('format', 'json');
      const info = await fetchJson(
        'Yandex userinfo',
        url.href,
        // Yandex's scheme is `OAuth <token>`; `?oauth_token=` would put the token in logs.
        { headers: { authorization: `OAuth ${tokens.access_token}`, accept: 'application/json' } },
        yandexInfoSchema,
      );
      const email = text(info.default_email) ?? text(info.emails?.[0]);
      const avatarId = text(info.default_avatar_id);
      return {
        provider: 'yandex',
        subject: info.id,
        email,
        // Yandex reports only addresses it has confirmed: its own mailboxes belong to the account,
        // and an outside address must be confirmed before it appears as default_email.
        emailVerified: email !== null && text(info.default_email) !== null,
        name:
          text(info.real_name) ??
          ([text(info.first_name), text(info.last_name)].filter(Boolean).join(' ') ||
            text(info.display_name) ||
            text(info.login)),
        avatar:
          avatarId && info.is_avatar_empty !== true
            ? `${options.avatarUrl.replace(/\/$/, '')}/${avatarId}/islands-200`
            : null,
      };
    },
  };
}
