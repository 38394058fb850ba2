import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isV1 } from '../../lib/api-v1-path.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { ApiKeyContext, KeyAuthService } from '../keys/index.ts';
import { apiProblem } from './v1.problems.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a `/api/v1` request (its owner is `request.user`); undefined elsewhere. */
    apiKey: ApiKeyContext | undefined;
  }
}

/** The v1 document is public: a client is built from it before it has a key. */
const PUBLIC_V1 = new Set(['/api/v1/openapi.json']);

/** The secret of `Authorization: Bearer <secret>`, if the request carries one. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** How often this node adds the requests it counted to `api_key_usage`. */
const FLUSH_EVERY_MS = 5_000;

/**
 * Bearer keys (ADR 040). On `/api/v1/*` (the document aside) a key is required: it resolves to
 * `request.user` (its owner) and `request.apiKey`; an unknown or revoked key is 401, a blocked owner
 * 403 `account_blocked`; cookies are never read there (auth.plugin.ts skips v1). Anywhere else under
 * `/api/`, a bearer key is refused with 403 `forbidden`: a key acts on v1 only. Each request made
 * with a key is counted in memory and written every few seconds and on close.
 */
export const v1AuthPlugin = fp(
  async (app: FastifyInstance, options: { keyAuth: KeyAuthService; flushEveryMs?: number }) => {
    const { keyAuth } = options;
    app.decorateRequest('apiKey', undefined);

    /** The request acts as the key's owner with its settings, and is counted. */
    const accept = (request: FastifyRequest, key: ApiKeyContext) => {
      request.user = { id: key.userId };
      request.apiKey = key;
      keyAuth.count(key.id);
    };

    /** A key that is not cached (or due a touch): looked up, then accepted or refused. */
    async function resolve(request: FastifyRequest, reply: FastifyReply, secret?: string) {
      const resolved = secret === undefined ? undefined : await keyAuth.resolve(secret);
      if (resolved?.outcome === 'found') return accept(request, resolved.key);
      const locale = requestLocale(request);
      if (resolved?.outcome === 'blocked') {
        throw apiProblem('account_blocked', locale, {
          detail:
            locale === 'ru'
              ? `Аккаунт владельца ключа заблокирован${resolved.reason ? `: ${resolved.reason}` : '.'}`
              : `The key owner's account is blocked${resolved.reason ? `: ${resolved.reason}` : '.'}`,
        });
      }
      reply.header('www-authenticate', 'Bearer realm="kadr"');
      throw apiProblem('unauthorized', locale);
    }

    // A callback hook: a request whose key this node has cached goes on at once, with no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      if (!url.startsWith('/api/')) return done();
      if (!isV1(url)) {
        if (bearerOf(request) !== undefined) {
          return done(apiProblem('forbidden', requestLocale(request)));
        }
        return done();
      }
      if (PUBLIC_V1.has(url.split('?')[0] ?? url)) return done();
      const secret = bearerOf(request);
      const cached = secret === undefined ? undefined : keyAuth.cached(secret);
      if (cached) {
        accept(request, cached);
        return done();
      }
      resolve(request, reply, secret).then(() => done(), done);
    });

    const flush = () =>
      keyAuth.flush().catch((error: unknown) => {
        app.log.warn({ err: error }, 'API key usage could not be written; kept for the next try');
      });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(flush, options.flushEveryMs ?? FLUSH_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
  },
);
