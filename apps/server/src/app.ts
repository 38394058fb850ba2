import { randomUUID } from 'node:crypto';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { HttpProblem } from './lib/problem.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createFileRepository } from './modules/files/file.repository.ts';
import { createFileUrls } from './modules/files/file-url.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createRealtimeHub } from './modules/realtime/realtime.hub.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { createUploadService } from './modules/uploads/upload.service.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { errorsPlugin, PROBLEM_CONTENT_TYPE } from './plugins/errors.ts';
import { webPlugin } from './plugins/web.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.storage.ts';
import type { ObjectStorage } from './providers/storage/storage.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where files live; local disk under DATA_DIR by default. */
  storage?: ObjectStorage;
  /** The process logger; tests pass `false` for silence. */
  logger?: Logger | false;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the whole HTTP application. It never listens: main.ts does, tests use `inject`. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger ?? { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep a caller's request id when it looks like one, so logs join up across services.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  // Only for `reply.sendFile` (ranges, ETags); the routes that use it decide what may be sent.
  await app.register(fastifyStatic, { root: config.webDir, serve: false });
  await app.register(helmet, {
    // The prerendered pages carry inline bootstrap scripts; a hash-based CSP is set per page later.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
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
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, {
    checks: [
      {
        name: 'database',
        check: async () => {
          await database.pool.query('select 1');
        },
      },
    ],
  });
  const sessions = createSessionService(database.db, config.session);
  const accounts = createAccountService(database.db, { welcomeTokens: config.welcomeTokens });
  await app.register(authPlugin, {
    sessions,
    secureCookies: config.session.secureCookies,
    allowedOrigins: config.allowedOrigins,
  });
  await app.register(authRoutes, { sessions, accounts, demo: config.demo });
  await app.register(catalogRoutes);

  const storage = deps.storage ?? createLocalDiskStorage(path.join(config.dataDir, 'files'));
  const fileUrls = createFileUrls({ publicUrl: config.publicUrl, secret: config.signingSecret });
  const files = createFileRepository(database.db);
  await app.register(filesRoutes, { files, urls: fileUrls, storage });
  await app.register(uploadRoutes, {
    uploads: createUploadService({
      storage,
      files,
      limits: { maxBytes: config.uploadMaxBytes, maxSide: 4096 },
    }),
    urls: fileUrls,
    maxBytes: config.uploadMaxBytes,
  });

  const hub = createRealtimeHub({ connectionString: database.url, logger: app.log });
  app.addHook('onReady', hub.start);
  app.addHook('onClose', hub.stop);
  await app.register(realtimeRoutes, { hub, users: createUserRepository(database.db) });

  app.setNotFoundHandler((request, reply) => {
    const problem = new HttpProblem(
      404,
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problem.toJSON());
  });
  await app.register(webPlugin, { root: config.webDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
