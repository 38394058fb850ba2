import rateLimit from '@fastify/rate-limit';
import { problemTypes } from '@kadr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../../lib/problem.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

/** The kinds of request that are limited, each with its own count per person or address. */
const rateLimitClasses = [
  'signIn',
  'estimate',
  'create',
  'upload',
  'payment',
  'webhook',
  'admin',
  'apiRead',
  'apiCreate',
] as const;
type RateLimitClass = (typeof rateLimitClasses)[number];

/** The most keys over their limit one node answers from memory (about 100 bytes each). */
const OVER_LIMIT_KEYS = 100_000;

/** Every limit counts requests in one-minute windows. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Notices one address may have taken per window, as a multiple of the refused ones it may send
 * (RATE_LIMIT_WEBHOOK): far above what a provider sends from one address, low enough to stop a
 * flood of replayed genuine notices.
 */
const ACCEPTED_WEBHOOKS_PER_REFUSED = 10;

/** Requests of a class one key may make per window. */
type RateLimits = Record<RateLimitClass, number>;

const routeClasses: Record<string, RateLimitClass> = {
  '/api/auth/demo': 'signIn',
  '/api/auth/:provider': 'signIn',
  '/api/auth/:provider/callback': 'signIn',
  '/api/estimate-image': 'estimate',
  '/api/estimate-video': 'estimate',
  '/api/create-image': 'create',
  '/api/create-video': 'create',
  // A join of clips is free but runs ffmpeg over every clip (ADR 047): counted as a create.
  '/api/joins': 'create',
  // A prompt improvement costs a token and a language model's answer (ADR 050).
  '/api/prompts/improve': 'create',
  // A batch is one create (its items are bounded by the running cap and the balance); following
  // one releases its waiting items every 2 s, like an estimate.
  '/api/batches': 'create',
  '/api/batches/quote': 'estimate',
  '/api/batches/:id/release': 'estimate',
  // A CSV of card sets starts one batch; drawing a card (a preview, the check, the zip) costs CPU
  // time as an estimate does, though no tokens.
  '/api/card-sets/csv': 'create',
  '/api/card-sets/csv/quote': 'estimate',
  '/api/card-sets/:id/slides/:index': 'estimate',
  '/api/card-sets/:id/check': 'estimate',
  '/api/card-sets/:id/zip': 'estimate',
  '/api/upload-image': 'upload',
  '/api/upload-audio': 'upload',
  // Adding pictures to a library element copies a result as an upload is checked (ADR 043).
  '/api/elements/:id/pictures': 'upload',
  '/api/create-payment': 'payment',
  '/api/webhooks/replicate': 'webhook',
  '/api/webhooks/yookassa': 'webhook',
  '/api/webhooks/stripe': 'webhook',
};

/** `/api/v1` routes that cost as a create does; every other v1 route (the document aside) reads. */
const apiCreateRoutes = new Set([
  'POST /api/v1/generations',
  'POST /api/v1/joins',
  'POST /api/v1/uploads',
  'POST /api/v1/recordings',
  // A library element's pictures are checked and copied as uploads are (ADR 043).
  'POST /api/v1/elements',
  'POST /api/v1/elements/:id/pictures',
]);

/** Which class a route is in, if any. */
function rateLimitClassOf(url: string, method = 'GET'): RateLimitClass | undefined {
  if (url.startsWith('/api/v1/') && url !== '/api/v1/openapi.json') {
    return apiCreateRoutes.has(`${method} ${url}`) ? 'apiCreate' : 'apiRead';
  }
  // Every operator route, per operator.
  return routeClasses[url] ?? (url.startsWith('/api/admin/') ? 'admin' : undefined);
}

/** Who a limited request is counted as: an API key by its id, a person by theirs, else an address. */
function counted(kind: RateLimitClass, request: FastifyRequest): string {
  if (kind === 'apiRead' || kind === 'apiCreate') {
    return request.apiKey ? `${kind}:key:${request.apiKey.id}` : `${kind}:ip:${request.ip}`;
  }
  return kind === 'signIn' || !request.user
    ? `${kind}:ip:${request.ip}`
    : `${kind}:user:${request.user.id}`;
}

export interface RateLimitPluginOptions {
  repository: Pick<RateLimitRepository, 'hit' | 'read'>;
  /** Undefined: no limits (benchmarks). */
  limits: RateLimits | undefined;
  windowMs: number;
}

/** The 429 of every limit: problem+json with Retry-After, typed for the web app. */
function rateLimited(ttlMs: number, max: number): HttpProblem {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new HttpProblem(429, `Too many requests. Try again in ${seconds} s.`, {
    type: problemTypes.rateLimited,
    headers: { 'retry-after': String(seconds) },
    limit: max,
  });
}

/**
 * Rate limits per route class with @fastify/rate-limit, counted in PostgreSQL so that they hold
 * across every API node (ADR 014). A signed-in person is counted by their id, anyone else by their
 * address (sign-in always by address). Webhooks are counted by their sender's address and by what
 * became of them (ADR 035): a notice that was refused counts against RATE_LIMIT_WEBHOOK, one that
 * was taken against ten times that, so junk sent from elsewhere never spends a provider's share.
 * Beyond a limit: 429 problem+json with Retry-After, typed `problemTypes.rateLimited` for the web
 * app. Register it before the routes.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitPluginOptions) => {
  const { limits } = options;
  if (!limits) return;
  const { repository } = options;

  // Before @fastify/rate-limit's own onRoute hook: give each limited route its class's settings.
  app.addHook('onRoute', (route) => {
    const kind = rateLimitClassOf(route.url, String(route.method));
    // Webhooks are counted once answered (the hooks below), not as they arrive.
    if (!kind || kind === 'webhook' || route.method === 'HEAD') return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: limits[kind],
        timeWindow: options.windowMs,
        groupId: kind,
        keyGenerator: (request: FastifyRequest) => counted(kind, request),
      },
    };
  });

  /**
   * Keys this node has seen past their limit, until their window ends. A key that is refused stays
   * refused until then on every node, so its further requests are answered from here, not counted
   * again in PostgreSQL: a flood costs the database one statement per key and window, not one per
   * request (ADR 033). Only keys over a limit are kept, at most OVER_LIMIT_KEYS of them.
   */
  const overLimit = new Map<string, { until: number; hits: number }>();

  /** The key's refusal this node remembers, while its window lasts (an ended one is forgotten). */
  function refusedNow(key: string, now: number): { until: number; hits: number } | undefined {
    const refused = overLimit.get(key);
    if (refused && refused.until > now) return refused;
    if (refused) overLimit.delete(key);
    return undefined;
  }

  type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

  /**
   * One look at a key: counted (a request), or a peek that counts nothing (a webhook's check
   * before it is answered). A key this node remembers as refused is answered from memory; one the
   * database finds over its limit is remembered — counted, past the limit; peeked, at it, since the
   * next count would pass it.
   */
  function lookUp(key: string, done: Done, timeWindow: number, max: number, count: boolean) {
    const now = Date.now();
    const refused = refusedNow(key, now);
    if (refused) {
      if (count) refused.hits++;
      done(null, { current: refused.hits, ttl: refused.until - now });
      return;
    }
    (count ? repository.hit(key, timeWindow) : repository.read(key, timeWindow)).then(
      ({ hits, ttlMs }) => {
        const over = count ? hits > max : hits >= max;
        if (over && ttlMs > 0) rememberOverLimit(key, Date.now() + ttlMs, hits);
        done(null, { current: hits, ttl: ttlMs });
      },
      (error: Error) => done(error),
    );
  }

  /** @fastify/rate-limit's store interface over the repository; a child per route shares it. */
  class PostgresStore {
    incr(key: string, done: Done, timeWindow: number, max: number): void {
      lookUp(key, done, timeWindow, max, true);
    }
    /** The count without counting (a webhook's check before it is answered). */
    read(key: string, done: Done, timeWindow: number, max: number): void {
      lookUp(key, done, timeWindow, max, false);
    }
    child(): PostgresStore {
      return this;
    }
  }

  function rememberOverLimit(key: string, until: number, hits: number): void {
    if (overLimit.size >= OVER_LIMIT_KEYS) {
      const now = Date.now();
      for (const [known, entry] of overLimit) if (entry.until <= now) overLimit.delete(known);
      // Still full (a flood from more addresses than that): those keys are counted in PostgreSQL.
      if (overLimit.size >= OVER_LIMIT_KEYS) return;
    }
    overLimit.set(key, { until, hits });
  }

  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    store: PostgresStore,
    // A database that cannot count must not stop sign-ins and payments: let the request through.
    skipOnError: true,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl, context.max),
  });

  // Webhooks. Before a notice is read, its sender must be under both of its limits; once answered,
  // it counts against one of them. A notice the route refused (a bad signature, an address outside
  // the allowlist, a malformed body) counts against RATE_LIMIT_WEBHOOK, so junk from one address
  // stops there. One it took, which only the provider or a replay of its own notice can make,
  // counts against the generous limit; a 5xx (the provider retries) and a 429 count nowhere. Junk
  // is counted against the address it came from, which TRUST_PROXY keeps anyone from choosing, so
  // it never spends the share of the provider's own addresses.
  const webhookWindow = { timeWindow: options.windowMs };
  const refusedNotices = app.createRateLimit({
    ...webhookWindow,
    max: limits.webhook,
    keyGenerator: (request) => `webhook:refused:ip:${request.ip}`,
  });
  const acceptedNotices = app.createRateLimit({
    ...webhookWindow,
    max: limits.webhook * ACCEPTED_WEBHOOKS_PER_REFUSED,
    keyGenerator: (request) => `webhook:accepted:ip:${request.ip}`,
  });
  const isWebhook = (request: FastifyRequest) =>
    request.routeOptions.url !== undefined &&
    rateLimitClassOf(request.routeOptions.url) === 'webhook';

  app.addHook('onRequest', async (request) => {
    if (!isWebhook(request)) return;
    const checks = await Promise.all([
      refusedNotices(request, { increment: false }),
      acceptedNotices(request, { increment: false }),
    ]);
    for (const check of checks) {
      // At the limit already: the notice it would count as must not be read.
      if (!check.isAllowed && check.remaining === 0) throw rateLimited(check.ttl, check.max);
    }
  });

  // Counted as the answer leaves, not after: the next notice from the address sees this one.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isWebhook(request)) return payload;
    const status = reply.statusCode;
    if (status >= 200 && status < 300) await acceptedNotices(request);
    else if (status >= 400 && status < 500 && status !== 429) await refusedNotices(request);
    return payload;
  });
});
