import type { FastifyPluginAsync } from 'fastify';
import { createStore, type EmulatedClient } from './core.ts';
import { registerGoogle } from './google.ts';
import { registerVk } from './vk.ts';
import { registerYandex } from './yandex.ts';

export type { EmulatedClient, ProviderId as OAuthEmulatorProviderId } from './core.ts';
export { CODE_TTL_MS as OAUTH_CODE_TTL_MS } from './core.ts';

export interface OAuthEmulatorOptions {
  /**
   * The absolute URL this plugin is mounted at (e.g. `http://localhost:3000/emulators/oauth`).
   * Google's issuer is `<baseUrl>/google`; avatars and discovery URLs are built from it.
   */
  baseUrl: string;
  /** The client's name on the sign-in pages ("to continue to …"). */
  clientName?: string;
  /** Each provider is served only when its client is given. */
  google?: EmulatedClient | undefined;
  yandex?: EmulatedClient | undefined;
  vk?: EmulatedClient | undefined;
  /** The clock, in milliseconds; tests move it to expire codes. */
  now?: () => number;
}

/**
 * Google-, Yandex ID- and VK ID-compatible sign-in providers in one Fastify plugin, for demo mode
 * and tests: real authorization pages, codes bound to PKCE (S256 only), single-use and short-lived,
 * and the providers' own token and profile endpoints. Register it with a `prefix`.
 */
export const oauthEmulator: FastifyPluginAsync<OAuthEmulatorOptions> = async (app, options) => {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const store = createStore(options.now ?? Date.now);
  const clientName = options.clientName ?? 'Kadr';

  // Stand-ins for other services: not part of the API that this server documents.
  app.addHook('onRoute', (route) => {
    // `hide` is @fastify/swagger's flag; this package does not depend on it, hence no literal.
    route.schema = Object.assign({}, route.schema, { hide: true });
  });
  // Token and profile requests are form-encoded, as at the real providers.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error
        ? Number(error.statusCode)
        : 500;
    const message = error instanceof Error ? error.message : 'Unexpected error';
    if (status >= 500) {
      return reply.code(500).send({ error: 'server_error', error_description: 'Unexpected error' });
    }
    return reply.code(400).send({ error: 'invalid_request', error_description: message });
  });

  if (options.google) {
    registerGoogle(app, {
      client: options.google,
      store,
      issuer: `${baseUrl}/google`,
      clientName,
    });
  }
  if (options.yandex) {
    registerYandex(app, { client: options.yandex, store, clientName });
  }
  if (options.vk) {
    registerVk(app, {
      client: options.vk,
      store,
      root: `${baseUrl}/vk`,
      clientName,
    });
  }
};
