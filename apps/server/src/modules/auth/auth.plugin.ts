import cookie from '@fastify/cookie';
import { cookieNames, problemTypes } from '@kadr/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isV1 } from '../../lib/api-v1-path.ts';
import { HttpProblem } from '../../lib/problem.ts';
import type { IssuedSession, SessionService, SessionUser } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is signed in, when the request carries a live session cookie: the id only. Anything else
     * about the person (balance, name) is read fresh by the route that shows it.
     */
    user: SessionUser | undefined;
    sessionToken: string | undefined;
  }
}

export interface AuthPluginOptions {
  sessions: SessionService;
  secureCookies: boolean;
  allowedOrigins: string[];
}

/** A readable, non-secret cookie that only says "a session may exist", so pages skip a refresh call. */
const SIGNED_IN_HINT_COOKIE = cookieNames.signedInHint;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sessionCookieName(secure: boolean): string {
  // `__Host-` binds the cookie to this exact origin (Secure, Path=/, no Domain); browsers only
  // accept it over HTTPS.
  return secure ? '__Host-kadr_session' : 'kadr_session';
}

/**
 * Resolves the session cookie into `request.user` and guards against cross-site requests: a
 * state-changing request that a session cookie would authorise must come from an allowed Origin.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const cookieName = sessionCookieName(options.secureCookies);
  const allowed = new Set(options.allowedOrigins);
  await app.register(cookie);
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);

  // A callback hook, not an async one: most requests carry no session and should pay nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    // `/api/v1` is for API keys only (modules/api-v1): a session cookie there is never read.
    const token =
      request.url.startsWith('/api/') && !isV1(request.url)
        ? request.cookies[cookieName]
        : undefined;
    if (!token) return done();
    if (UNSAFE_METHODS.has(request.method) && !fromAllowedOrigin(request, allowed)) {
      return done(new HttpProblem(403, 'This request must come from the Kadr site itself.'));
    }
    request.sessionToken = token;
    options.sessions.resolve(token).then(
      (user) => {
        request.user = user;
        done();
      },
      (error: Error) => done(error),
    );
  });

  app.decorate('sessionCookies', {
    set(reply: FastifyReply, session: IssuedSession) {
      const common = {
        path: '/',
        sameSite: 'lax' as const,
        secure: options.secureCookies,
        expires: session.expiresAt,
      };
      reply.setCookie(cookieName, session.token, { ...common, httpOnly: true });
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...common, httpOnly: false });
    },
    clear(reply: FastifyReply) {
      const common = { path: '/', sameSite: 'lax' as const, secure: options.secureCookies };
      reply.clearCookie(cookieName, { ...common, httpOnly: true });
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, common);
    },
    blocked(reply: FastifyReply, reason: string) {
      reply.setCookie(cookieNames.blocked, reason.slice(0, 500), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookies,
        httpOnly: false,
        maxAge: 600,
      });
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookies: {
      set(reply: FastifyReply, session: IssuedSession): void;
      clear(reply: FastifyReply): void;
      /** Tells the sign-in page why a blocked person was refused (their operator's reason). */
      blocked(reply: FastifyReply, reason: string): void;
    };
  }
}

export function fromAllowedOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return allowed.has(origin);
  // Browsers send Origin on every cross-site POST; without it, trust only an explicit same-origin fetch.
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** The signed-in user, or a 401 problem. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpProblem(401, 'Please sign in.');
  return request.user;
}

/** The refusal a blocked person gets, in their language, with the operator's reason. */
export function blockedProblem(locale: 'ru' | 'en', reason: string): HttpProblem {
  return new HttpProblem(
    403,
    locale === 'ru'
      ? `Ваш аккаунт заблокирован${reason ? `: ${reason}` : '.'}`
      : `Your account is blocked${reason ? `: ${reason}` : '.'}`,
    { type: problemTypes.accountBlocked },
  );
}
