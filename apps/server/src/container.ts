import path from 'node:path';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createFileRepository } from './modules/files/file.repository.ts';
import { createFileUrls } from './modules/files/file-url.ts';
import {
  createGenerationEngine,
  type EngineLogger,
} from './modules/generations/generation.engine.ts';
import { createGenerationService } from './modules/generations/generation.service.ts';
import { createUploadService } from './modules/uploads/upload.service.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { createMediaTools, type MediaTools } from './providers/media/media.ts';
import {
  createReplicateProvider,
  type ModelProvider,
} from './providers/replicate/replicate.adapter.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.storage.ts';
import type { ObjectStorage } from './providers/storage/storage.ts';
import { createLlmTranslator, type Translator } from './providers/translate/translator.ts';

export interface ContainerOverrides {
  storage?: ObjectStorage;
  provider?: ModelProvider;
  translator?: Translator;
  media?: MediaTools;
}

/**
 * The composition root: every service wired once from the configuration, shared by the HTTP app and
 * the job worker. Tests replace outside-world pieces through `overrides`.
 */
export function createContainer(
  config: Config,
  database: DatabaseHandle,
  logger: EngineLogger,
  overrides: ContainerOverrides = {},
) {
  const { db } = database;
  const storage = overrides.storage ?? createLocalDiskStorage(path.join(config.dataDir, 'files'));
  const fileUrls = createFileUrls({ publicUrl: config.publicUrl, secret: config.signingSecret });
  const files = createFileRepository(db);
  const provider =
    overrides.provider ??
    createReplicateProvider({ token: config.replicate.token, baseUrl: config.replicate.baseUrl });
  const translator =
    overrides.translator ??
    createLlmTranslator({ provider, model: config.replicate.translateModel });
  const generations = createGenerationService({ db, pool: database.pool, files, urls: fileUrls });
  const deliveryOrigin = new URL(config.replicate.baseUrl).host;
  const engine = createGenerationEngine({
    db,
    provider,
    translator,
    storage,
    media: overrides.media ?? createMediaTools(),
    files,
    urls: fileUrls,
    generations,
    webhookUrl: `${config.publicUrl}/api/webhooks/replicate`,
    // Replicate serves outputs from replicate.delivery and its subdomains; the emulator from itself.
    deliveryHosts: (host) =>
      host === 'replicate.delivery' ||
      host.endsWith('.replicate.delivery') ||
      (config.replicate.emulated && host === deliveryOrigin),
    limits: { imageBytes: 50 * 1024 * 1024, videoBytes: 500 * 1024 * 1024 },
    logger,
  });
  return {
    config,
    database,
    storage,
    fileUrls,
    files,
    users: createUserRepository(db),
    sessions: createSessionService(db, config.session),
    accounts: createAccountService(db, { welcomeTokens: config.welcomeTokens }),
    uploads: createUploadService({
      storage,
      files,
      limits: { maxBytes: config.uploadMaxBytes, maxSide: 4096 },
    }),
    provider,
    generations,
    engine,
  };
}

export type Container = ReturnType<typeof createContainer>;
