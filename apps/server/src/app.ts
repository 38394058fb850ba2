import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Container } from './container.ts';
import { isV1 } from './lib/api-v1-path.ts';
import { HttpProblem } from './lib/problem.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { v1AuthPlugin } from './modules/api-v1/v1.plugin.ts';
import { v1NotFound, v1Routes } from './modules/api-v1/v1.routes.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { oauthRoutes } from './modules/auth/oauth.routes.ts';
import { batchRoutes } from './modules/batches/batches.routes.ts';
import { cardRoutes } from './modules/cards/cards.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { collectionRoutes } from './modules/collections/collections.routes.ts';
import { elementRoutes } from './modules/elements/elements.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { generationRoutes, toolEstimator } from './modules/generations/generations.routes.ts';
import { webhookRoutes } from './modules/generations/webhooks.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { keyRoutes } from './modules/keys/keys.routes.ts';
import { RATE_LIMIT_WINDOW_MS, rateLimitPlugin } from './modules/limits/rate-limit.plugin.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { paymentWebhookRoutes } from './modules/payments/payment-webhooks.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { promptRoutes } from './modules/prompts/prompts.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { shareRoutes } from './modules/shares/shares.routes.ts';
import { statementRoutes } from './modules/statement/statement.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { webhookDeliveryRoutes } from './modules/webhooks-out/webhook-deliveries.routes.ts';
import { errorsPlugin, PROBLEM_CONTENT_TYPE } from './plugins/errors.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDeps {
  container: Container;
  /** The process logger; tests pass `false` for silence. */
  logger?: Logger | false;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Builds the whole HTTP application from what the composition root (`container.ts`) hands it. It
 * never listens: main.ts does, tests use `inject`.
 */
export async function buildApp(deps: AppDeps) {
  const { container } = deps;
  const { config, sessions, accounts, realtime } = container;
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger ?? { level: config.logLevel } }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Keep a caller's request id when it looks like one, so logs join up across services.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // The contract's schemas are zod/mini (small in the browser), which carries no messages; the
  // field errors of a 400 use zod's English ones, set here rather than left to whichever classic
  // schema happens to be built first.
  z.config(z.locales.en());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler({ check: config.env !== 'production' }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    // HSTS means something only over HTTPS (PUBLIC_URL behind TLS, or a trusted proxy's
    // x-forwarded-proto); sent over plain http it would pin a development host to https.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  // API answers are about one person (or a moment): no browser or proxy keeps them unless a route
  // says otherwise (stored files set their own private caching).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  // Latency by route template (never the raw address: ids would make every request its own series).
  app.addHook('onResponse', (request, reply, done) => {
    container.metrics.http.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Page-level protections (frame, referrer, opener policies…) are for documents. JSON answers need
  // only `nosniff` (above); skipping the rest keeps every API response a few hundred bytes lighter.
  app.addHook('onRoute', (route) => {
    // The demo-mode stand-ins are not part of Kadr's API.
    if (route.url.startsWith('/emulators/')) route.schema = { ...route.schema, hide: true };
    if (
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      route.helmet === undefined
    ) {
      route.helmet = false;
    }
  });

  await app.register(errorsPlugin);
  // Only for `reply.sendFile` (ranges, ETags); the routes that use it decide what may be sent.
  // `preCompressed`: a `.br`/`.gz` copy next to a file (the web build makes them for its assets)
  // is sent instead when the browser accepts it.
  await app.register(fastifyStatic, { root: config.webDir, serve: false, preCompressed: true });
  await app.register(helmet, {
    // The prerendered pages carry inline bootstrap scripts; a hash-based CSP is set per page later.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Sent by the onRequest hook above, and only over HTTPS.
    strictTransportSecurity: false,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kadr API',
        version: '1.0.0',
        description: 'Images and short videos from a prompt, paid with tokens.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        // `/api/v1` (ADR 040): an API key made in the profile, `kadr_…`.
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key, `kadr_…`.' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The plugin's CSP, with hashes of its own inline scripts and styles. Without
    // upgrade-insecure-requests: over plain http (development) it would break the page's assets.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  await app.register(healthRoutes, {
    checks: [
      { name: 'database', check: container.repositories.ping },
      { name: 'storage', check: () => container.storage.check() },
      {
        name: 'running',
        check: async () => {
          if (container.lifecycle.closing) throw new Error('shutting down');
        },
      },
    ],
  });

  // Bearer keys: `/api/v1` only; refused anywhere else (ADR 040). Before the session cookie's
  // Origin check, so a key sent to a cookie route is told it is a key.
  await app.register(v1AuthPlugin, { keyAuth: container.keyAuth });
  await app.register(authPlugin, {
    sessions,
    secureCookies: config.session.secureCookies,
    allowedOrigins: config.allowedOrigins,
  });
  // Before every limited route: it gives them their limits as they are added.
  await app.register(rateLimitPlugin, {
    repository: container.repositories.rateLimits,
    limits: config.rateLimits,
    windowMs: RATE_LIMIT_WINDOW_MS,
  });
  await app.register(authRoutes, {
    sessions,
    accounts,
    demo: config.demo,
    allowedOrigins: config.allowedOrigins,
  });
  await app.register(oauthRoutes, {
    providers: container.oauthProviders,
    sessions,
    accounts,
    cookieSecret: config.oauth.cookieSecret,
    secureCookies: config.session.secureCookies,
  });
  await app.register(catalogRoutes, {
    modelSwitches: container.modelSwitches,
    estimateTool: toolEstimator(container.generations),
  });
  await app.register(filesRoutes, { files: container.files });
  await app.register(uploadRoutes, {
    uploads: container.uploads,
    urls: container.fileUrls,
    maxBytes: config.uploadMaxBytes,
  });
  await app.register(generationRoutes, { generations: container.generations });
  await app.register(collectionRoutes, { collections: container.collections });
  await app.register(elementRoutes, {
    elements: container.elements,
    trainings: container.trainings,
    urls: container.fileUrls,
  });
  await app.register(promptRoutes, { improvements: container.promptImprovements });
  await app.register(batchRoutes, { batches: container.batches });
  await app.register(cardRoutes, {
    brandKits: container.brandKits,
    cardSets: container.cardSets,
    cardCsv: container.cardCsv,
    cardExport: container.cardExport,
  });
  await app.register(shareRoutes, {
    shares: container.shares,
    publicUrl: container.config.publicUrl,
  });
  await app.register(webhookRoutes, { webhooks: container.webhooks });
  await app.register(paymentRoutes, { payments: container.payments });
  await app.register(paymentWebhookRoutes, { payments: container.payments });
  await app.register(statementRoutes, { statement: container.statement });
  await app.register(webhookDeliveryRoutes, { deliveries: container.webhookDeliveries });
  await app.register(adminRoutes, { admin: container.admin });
  await app.register(keyRoutes, { keys: container.keys });
  await app.register(v1Routes, {
    prefix: '/api/v1',
    v1: container.v1,
    maxUploadBytes: config.uploadMaxBytes,
    publicUrl: config.publicUrl,
  });

  // Sessions are cached while the hub listens, so a revocation on any node reaches this one.
  const stopSessionCache = sessions.useRevocationFeed(realtime);
  // A switch made on any node is forgotten here at once, not after the switch cache's TTL.
  const stopModelSwitchFeed = container.modelSwitches.useFeed(realtime);
  // Keys likewise: a revoke on any node is refused here at once.
  const stopKeyCache = container.keyAuth.useRevocationFeed(realtime);
  app.addHook('onReady', realtime.start);
  app.addHook('onClose', async () => {
    stopSessionCache();
    stopModelSwitchFeed();
    stopKeyCache();
    await realtime.stop();
  });
  await app.register(realtimeRoutes, {
    hub: realtime,
    accounts,
    generations: container.generations,
    payments: container.payments,
    sessions,
    ...config.realtime,
    onCount: (open) => container.metrics.streams.set(open),
  });
  // Behind a token on this port; METRICS_PORT serves it apart, without one (main.ts).
  if (config.metrics.token) {
    await app.register(metricsRoutes, { metrics: container.metrics, token: config.metrics.token });
  }

  // Demo mode: the outside services' stand-ins, reached over HTTP by the same adapters.
  await app.register(container.demo.plugin);

  app.setNotFoundHandler((request, reply) => {
    if (isV1(request.url)) return v1NotFound(request, reply);
    const problem = new HttpProblem(
      404,
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problem.toJSON());
  });
  await app.register(webPlugin, {
    root: config.webDir,
    metrikaCounterId: config.metrika.counterId,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
