import { timingSafeEqual } from 'node:crypto';
import { problemSchema, redirectSchema, safeReturnPath } from '@kadr/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../../lib/problem.ts';
import { isDatabaseUnavailable } from '../../lib/unavailable.ts';
import {
  describeOAuthError,
  newOAuthFlow,
  type OAuthProvider,
  type OAuthProviderId,
  oauthProviderIds,
  oauthProviderNames,
} from '../../providers/oauth/index.ts';
import type { AccountService } from './account.service.ts';
import { REFERRAL_COOKIE } from './auth.routes.ts';
import { createFlowSealer } from './oauth-flow.ts';
import type { SessionService } from './session.service.ts';

export interface OAuthRoutesOptions {
  /** The providers that are configured (real or emulated); others answer 404. */
  providers: ReadonlyMap<OAuthProviderId, OAuthProvider>;
  accounts: AccountService;
  sessions: SessionService;
  /** Encrypts the flow cookie (derived from SIGNING_SECRET in config.ts). */
  cookieSecret: string;
  secureCookies: boolean;
}

/** A sign-in must finish within this time of starting it. */
const FLOW_TTL_SECONDS = 10 * 60;
/** The flow cookie goes only to the sign-in routes. */
const FLOW_COOKIE_PATH = '/api/auth/';

/** Why a sign-in failed, as `/login?error=<code>` tells the web app. */
type SignInErrorCode = 'cancelled' | 'state' | 'provider' | 'unavailable' | 'failed' | 'blocked';

/**
 * The return path alone, kept longer than the flow and apart from it: a sign-in that comes back
 * without its flow (the provider's page left open past the flow's ten minutes, an answer without
 * `state`) still takes the person back to the page they came from (issue 33).
 */
const NEXT_COOKIE = 'kadr_oauth_next';
const NEXT_TTL_SECONDS = 60 * 60;

function flowCookieName(provider: OAuthProviderId, secure: boolean): string {
  // `__Host-` would force Path=/; `__Secure-` still forbids setting it over plain HTTP.
  return `${secure ? '__Secure-' : ''}kadr_oauth_${provider}`;
}

const providerParamsSchema = z.object({ provider: z.string().max(32) });
const startQuerySchema = z.object({ next: z.string().max(2048).optional() });

/**
 * Sign-in with Google, Yandex ID and VK ID: authorization code + PKCE (S256) + state (+ nonce).
 * The flow's secrets travel in an encrypted, HttpOnly, SameSite=Lax cookie scoped to /api/auth/.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, options) => {
  const { providers, accounts, sessions, secureCookies } = options;
  const sealer = createFlowSealer(options.cookieSecret);
  const cookieOptions = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
  };

  function providerFor(id: string): OAuthProvider {
    const known = oauthProviderIds.find((candidate) => candidate === id);
    if (!known) throw new HttpProblem(404, `Unknown sign-in provider ${id}.`);
    const provider = providers.get(known);
    if (!provider) {
      throw new HttpProblem(404, `Sign-in with ${oauthProviderNames[known]} is not configured.`);
    }
    return provider;
  }

  function toLogin(reply: FastifyReply, code: SignInErrorCode, next?: string): FastifyReply {
    const query = new URLSearchParams({ error: code });
    if (next && next !== safeReturnPath(undefined)) query.set('next', next);
    return reply.header('cache-control', 'no-store').redirect(`/login?${query}`, 302);
  }

  app.get(
    '/api/auth/:provider',
    {
      schema: {
        tags: ['account'],
        summary: 'Start signing in with google, yandex or vk',
        description:
          'Redirects (302) to the provider with a fresh state and PKCE challenge; `next` is the ' +
          'same-site path to return to (default /studio). 404 when the provider is not configured.',
        params: providerParamsSchema,
        querystring: startQuerySchema,
        response: { 302: redirectSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const provider = providerFor(request.params.provider);
      const next = safeReturnPath(request.query.next);
      const flow = newOAuthFlow(provider);
      let url: URL;
      try {
        url = await provider.authorizationUrl(flow);
      } catch (error) {
        request.log.warn(
          { provider: provider.id, reason: describeOAuthError(error) },
          'sign-in could not start',
        );
        return toLogin(reply, 'unavailable', next);
      }
      const sealed = sealer.seal({
        provider: provider.id,
        ...flow,
        next,
        expiresAt: Date.now() + FLOW_TTL_SECONDS * 1000,
      });
      reply.setCookie(flowCookieName(provider.id, secureCookies), sealed, {
        ...cookieOptions,
        maxAge: FLOW_TTL_SECONDS,
      });
      reply.setCookie(NEXT_COOKIE, next, { ...cookieOptions, maxAge: NEXT_TTL_SECONDS });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    '/api/auth/:provider/callback',
    {
      schema: {
        tags: ['account'],
        summary: 'Where the provider sends the person back',
        description:
          'Checks state against the flow cookie, redeems the code with the PKCE verifier, signs ' +
          'the person in (or up) and redirects to `next`; any failure redirects to ' +
          '/login?error=cancelled|state|provider|failed and creates no session.',
        params: providerParamsSchema,
        response: { 302: redirectSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const provider = providerFor(request.params.provider);
      const cookieName = flowCookieName(provider.id, secureCookies);
      const sealed = request.cookies[cookieName];
      // The flow is single-use whatever happens next.
      reply.clearCookie(cookieName, cookieOptions);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const params = new URLSearchParams(query);

      // Only a same-site path, by the one rule, whatever the cookie says.
      const remembered = request.cookies[NEXT_COOKIE];
      const rememberedNext = remembered ? safeReturnPath(remembered) : undefined;
      reply.clearCookie(NEXT_COOKIE, cookieOptions);

      const refuse = (code: SignInErrorCode, reason: string, next?: string) => {
        request.log.warn({ provider: provider.id, reason }, 'sign-in refused');
        return toLogin(reply, code, next);
      };

      const flow = sealed ? sealer.open(sealed, provider.id) : undefined;
      const providerError = params.get('error');
      if (providerError && (!flow || params.get('state') === null)) {
        // A refusal creates nothing, so it needs no state to be believed: say what the provider
        // said, and keep where the person was going (the flow's, else the remembered path).
        return refuse(
          providerError === 'access_denied' ? 'cancelled' : 'provider',
          `the provider answered ${providerError.slice(0, 64)} without the flow or its state`,
          flow?.next ?? rememberedNext,
        );
      }
      if (!flow) {
        return refuse(
          'state',
          sealed
            ? 'the flow cookie is invalid or expired'
            : 'no flow cookie (expired or another browser)',
          rememberedNext,
        );
      }
      const state = params.get('state');
      if (!state) return refuse('state', 'the callback has no state', flow.next);
      if (!sameText(state, flow.state))
        return refuse('state', 'the state does not match', flow.next);
      if (providerError) {
        return refuse(
          providerError === 'access_denied' ? 'cancelled' : 'provider',
          `the provider answered ${providerError.slice(0, 64)}`,
          flow.next,
        );
      }

      let profile: Awaited<ReturnType<OAuthProvider['complete']>>;
      try {
        profile = await provider.complete(params, flow);
      } catch (error) {
        return refuse('provider', describeOAuthError(error), flow.next);
      }

      let userId: string;
      try {
        const referral = request.cookies[REFERRAL_COOKIE] ?? null;
        const { user } = await accounts.signIn(profile, referral);
        if (user.blockedAt) {
          request.log.info(
            { provider: provider.id, userId: user.id },
            'a blocked person was refused',
          );
          app.sessionCookies.blocked(reply, user.blockedReason ?? '');
          return toLogin(reply, 'blocked', flow.next);
        }
        userId = user.id;
        // Rotation: whatever session this browser had ends, and a new one begins.
        if (request.sessionToken) await sessions.revoke(request.sessionToken);
        const session = await sessions.issue(userId, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        app.sessionCookies.set(reply, session);
        // The referral has done its work (a bonus is only ever paid at sign-up).
        if (referral) reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
      } catch (error) {
        // PostgreSQL away for a moment is expected, not a bug: the person is asked to try again.
        if (isDatabaseUnavailable(error)) {
          request.log.warn({ dependency: 'database', provider: provider.id }, 'sign-in failed');
        } else request.log.error({ err: error, provider: provider.id }, 'sign-in failed');
        return toLogin(reply, 'failed', flow.next);
      }
      request.log.info({ provider: provider.id, userId }, 'signed in');
      return reply.header('cache-control', 'no-store').redirect(safeReturnPath(flow.next), 302);
    },
  );
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
