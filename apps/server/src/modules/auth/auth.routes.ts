import { cookieNames, noContentSchema, problemSchema, userSchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { toUserRecord } from '../users/index.ts';
import type { AccountService } from './account.service.ts';
import { blockedProblem, fromAllowedOrigin, requireUser } from './auth.plugin.ts';
import type { SessionService } from './session.service.ts';

export interface AuthRoutesOptions {
  sessions: SessionService;
  accounts: AccountService;
  demo: boolean;
  /** Origins a state-changing request may come from (the demo sign-in checks it). */
  allowedOrigins: string[];
}

/** The referral id remembered by the web app (cookie at path /) when someone arrived with `?ref=`. */
export const REFERRAL_COOKIE = cookieNames.referral;

const demoBodySchema = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(200),
  referral: z.string().max(64).nullish(),
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { sessions, accounts } = options;
  const allowedOrigins = new Set(options.allowedOrigins);

  /** The signed-in person's record as it is now (the balance moves on every create and refund). */
  async function currentUser(id: string) {
    const user = await accounts.find(id);
    if (!user) throw new HttpProblem(401, 'Please sign in.');
    return toUserRecord(user);
  }

  app.get(
    '/api/me',
    { schema: { tags: ['account'], response: { 200: userSchema, 401: problemSchema } } },
    async (request) => currentUser(requireUser(request).id),
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['account'],
        description: 'The signed-in user (sliding the session), or 204 for an anonymous visitor.',
        response: { 200: userSchema, 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user || !request.sessionToken) {
        // Not an error: every visitor's page asks once at start; anonymous is a normal answer.
        app.sessionCookies.clear(reply);
        return reply.code(204).send(null);
      }
      await sessions.touch(request.sessionToken);
      return currentUser(user.id);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['account'],
        description: 'Ends this browser’s session on every node.',
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await sessions.revoke(request.sessionToken);
      app.sessionCookies.clear(reply);
      return reply.code(204).send(null);
    },
  );

  if (options.demo) {
    app.post(
      '/api/auth/demo',
      {
        schema: {
          tags: ['account'],
          description:
            'Demo mode only: sign in (or up) as anyone by e-mail. Used by scripts and tests.',
          body: demoBodySchema,
          response: { 200: userSchema, 400: problemSchema, 403: problemSchema },
        },
      },
      async (request, reply) => {
        // Anyone who can reach a demo could otherwise sign a visitor's browser in from their own
        // page (login CSRF): only the site itself may ask.
        if (!fromAllowedOrigin(request, allowedOrigins)) {
          throw new HttpProblem(403, 'This request must come from the Kadr site itself.');
        }
        const { email, name, referral } = request.body;
        const { user } = await accounts.signIn(
          {
            provider: 'demo',
            subject: email.toLowerCase(),
            email,
            emailVerified: false,
            name,
            avatar: null,
          },
          referral ?? request.cookies[REFERRAL_COOKIE] ?? null,
        );
        if (user.blockedAt) {
          app.sessionCookies.blocked(reply, user.blockedReason ?? '');
          throw blockedProblem(requestLocale(request), user.blockedReason ?? '');
        }
        if (request.sessionToken) await sessions.revoke(request.sessionToken);
        const session = await sessions.issue(user.id, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        app.sessionCookies.set(reply, session);
        // The referral has done its work (a bonus is only ever paid at sign-up).
        if (request.cookies[REFERRAL_COOKIE]) reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
        return toUserRecord(user);
      },
    );
  }
};
