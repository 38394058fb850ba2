import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createDemo } from './demo.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createApiV1Service } from './modules/api-v1/v1.service.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createBatchService } from './modules/batches/batch.service.ts';
import { createBrandKitService } from './modules/cards/brand-kit.service.ts';
import { createCardCsvService } from './modules/cards/card-csv.service.ts';
import { createCardExportService } from './modules/cards/card-export.service.ts';
import { createCardSetService } from './modules/cards/card-set.service.ts';
import { createModelSwitchService } from './modules/catalog/model-switch.service.ts';
import { createCollectionService } from './modules/collections/collection.service.ts';
import { createElementService } from './modules/elements/element.service.ts';
import { createTrainingService } from './modules/elements/training.service.ts';
import { createFileService } from './modules/files/file.service.ts';
import { createFileUrls } from './modules/files/file-url.ts';
import {
  createGenerationEngine,
  type EngineLogger,
} from './modules/generations/generation.engine.ts';
import { createGenerationService } from './modules/generations/generation.service.ts';
import { createWebhookService } from './modules/generations/webhook.service.ts';
import { createWebhookBinding } from './modules/generations/webhook-binding.ts';
import { createKeyService } from './modules/keys/key.service.ts';
import { createKeyAuthService } from './modules/keys/key-auth.service.ts';
import { createMetrics, type Metrics } from './modules/metrics/metrics.service.ts';
import { createPaymentService } from './modules/payments/payment.service.ts';
import { createPromptImprovementService } from './modules/prompts/prompt-improvement.service.ts';
import {
  createProviderHealth,
  type ProviderHealth,
} from './modules/provider-health/provider-health.service.ts';
import { createRealtimeHub } from './modules/realtime/realtime.hub.ts';
import { createShareService } from './modules/shares/share.service.ts';
import { createStatementService } from './modules/statement/statement.service.ts';
import { createUploadService } from './modules/uploads/upload.service.ts';
import { createWebhookDeliveryService } from './modules/webhooks-out/webhook-delivery.service.ts';
import { createOutboundFetch } from './providers/http/outbound-fetch.ts';
import { createWebhookPoster, type WebhookPoster } from './providers/http/webhook-poster.ts';
import { createMediaTools, type MediaTools } from './providers/media/media.ts';
import { createOAuthProviders } from './providers/oauth/index.ts';
import type { PaymentGateway } from './providers/payments/gateway.ts';
import { createStripeGateway } from './providers/payments/stripe.gateway.ts';
import { createYooKassaGateway } from './providers/payments/yookassa.gateway.ts';
import {
  createReplicateProvider,
  createReplicateTrainer,
  type ModelProvider,
  type TrainingProvider,
} from './providers/replicate/replicate.adapter.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.storage.ts';
import { createS3Storage } from './providers/storage/s3.storage.ts';
import type { ObjectStorage } from './providers/storage/storage.ts';
import { createLlmTranslator, type Translator } from './providers/translate/translator.ts';
import { createRepositories } from './repositories.ts';

/** Outside-world pieces a test may replace; everything else is built from the configuration. */
export interface ContainerOverrides {
  storage?: ObjectStorage;
  provider?: ModelProvider;
  translator?: Translator;
  media?: MediaTools;
  /** The payment providers, instead of those the configuration names. */
  paymentGateways?: readonly PaymentGateway[];
  /** What POSTs webhook messages (tests: one with its own DNS answers). */
  webhookPoster?: WebhookPoster;
  /** Replicate's trainings, instead of the configured one. */
  trainer?: TrainingProvider;
}

/** The process logger as the container's services use it. */
export interface ContainerLogger extends EngineLogger {
  error(details: object, message: string): void;
}

/**
 * The composition root: every repository, provider and service wired once from the configuration,
 * shared by the HTTP app (`buildApp`) and the job worker (`main.ts`). Demo mode's emulators come
 * from `demo.ts` beside it. Nothing else constructs a repository or a provider.
 */
export function createContainer(
  config: Config,
  database: DatabaseHandle,
  logger: ContainerLogger,
  overrides: ContainerOverrides = {},
) {
  const repositories = createRepositories(database);
  const storage =
    overrides.storage ??
    (config.storage.kind === 's3'
      ? createS3Storage(config.storage.s3)
      : createLocalDiskStorage(config.storage.dir));
  const fileUrls = createFileUrls({ publicUrl: config.publicUrl, secret: config.signingSecret });
  const metrics = createMetrics({ repository: repositories.metrics });
  const providerHealth = createProviderHealth({
    repository: repositories.providerHealth,
    provider: 'replicate',
    logger,
  });
  const provider = recordedProvider(
    timedProvider(
      overrides.provider ??
        createReplicateProvider({
          token: config.replicate.token,
          baseUrl: config.replicate.baseUrl,
        }),
      metrics,
    ),
    providerHealth,
  );
  const translator =
    overrides.translator ??
    createLlmTranslator({ provider, model: config.replicate.translateModel });
  const deliveryOrigin = new URL(config.replicate.baseUrl).host;
  const webhookBinding = createWebhookBinding({
    webhookUrl: `${config.publicUrl}/api/webhooks/replicate`,
    signingSecret: config.signingSecret,
  });
  const media = overrides.media ?? createMediaTools();
  const engine = createGenerationEngine({
    repositories,
    provider,
    providerHealth,
    translator,
    storage,
    media,
    urls: fileUrls,
    webhookUrlFor: webhookBinding.urlFor,
    publicUrl: config.publicUrl,
    // Replicate serves outputs from replicate.delivery and its subdomains; the emulator from itself.
    deliveryHosts: (host) =>
      host === 'replicate.delivery' ||
      host.endsWith('.replicate.delivery') ||
      (config.replicate.emulated && host === deliveryOrigin),
    // An image output may be a 36 MP PNG with alpha (a tool's upscale): up to 144 MB of pixels
    // before compression. It is streamed to storage, never held in memory.
    limits: { imageBytes: 160 * 1024 * 1024, videoBytes: 500 * 1024 * 1024 },
    logger,
    // Outputs come from public addresses only (checked on the address connected to); the emulator
    // a demo serves itself is the one internal host allowed.
    fetch: createOutboundFetch({
      allowInternal: (host) => config.replicate.emulated && host === deliveryOrigin,
    }),
  });
  const paymentGateways = overrides.paymentGateways ?? paymentGatewaysFor(config);
  const modelSwitches = createModelSwitchService({ repositories });
  const uploads = createUploadService({
    storage,
    repositories,
    limits: { maxBytes: config.uploadMaxBytes, maxSide: 4096 },
    media,
  });
  // Characters trained once (ADR 045), through Replicate's trainings API (the emulator's in demo).
  const trainings = createTrainingService({
    repositories,
    trainer:
      overrides.trainer ??
      createReplicateTrainer({ token: config.replicate.token, baseUrl: config.replicate.baseUrl }),
    storage,
    urls: fileUrls,
    destination: config.replicate.trainingDestination,
    // A demo's trainings take seconds; Replicate's take minutes.
    pollEveryMs: config.replicate.emulated ? 1000 : 15_000,
    logger,
  });
  // The library: the studio's routes, /api/v1 and the generations that name elements share it.
  const elements = createElementService({
    repositories,
    uploads,
    storage,
    urls: fileUrls,
    publicUrl: config.publicUrl,
    trainings,
  });
  const generations = createGenerationService({
    repositories,
    modelSwitches,
    elements,
    engine,
    urls: fileUrls,
    storage,
    // A continuation's start frame: the clip's last, kept as the person's picture (ADR 047).
    frames: { media, uploads },
    logger,
    maxRunning: config.maxRunningGenerations,
  });
  const sessions = createSessionService(repositories.sessions, config.session);
  const payments = createPaymentService({
    repositories,
    gateways: paymentGateways,
    publicUrl: config.publicUrl,
    pendingTimeoutMs: config.payments.pendingTimeoutMs,
    reconcilePendingEveryMs: config.payments.reconcilePendingEveryMs,
    reconcileSettledEveryMs: config.payments.reconcileSettledEveryMs,
    logger,
  });
  const batches = createBatchService({ repositories, generations, storage });
  const keyAuth = createKeyAuthService(repositories.apiKeys);
  const keys = createKeyService({ repositories, forgetKeys: keyAuth.forget });
  const statement = createStatementService(repositories);
  // Webhooks out: public receivers only (checked on the address connected to), unless allowed.
  const webhookDeliveries = createWebhookDeliveryService({
    repositories,
    poster:
      overrides.webhookPoster ??
      createWebhookPoster({ allowPrivate: config.webhooks.allowPrivateUrls }),
    logger,
  });
  // The prompt improver (ADR 050): a language model through the same provider as translations.
  const promptImprovements = createPromptImprovementService({
    repositories,
    provider,
    providerHealth,
    model: config.replicate.improveModel,
    logger,
  });
  const cardDeps = { repositories, urls: fileUrls, publicUrl: config.publicUrl };
  return {
    config,
    database,
    repositories,
    storage,
    fileUrls,
    provider,
    providerHealth,
    engine,
    generations,
    modelSwitches,
    batches,
    webhookDeliveries,
    brandKits: createBrandKitService(cardDeps),
    cardSets: createCardSetService(cardDeps),
    cardCsv: createCardCsvService({ ...cardDeps, batches }),
    cardExport: createCardExportService({ ...cardDeps, storage }),
    collections: createCollectionService({ repositories }),
    elements,
    trainings,
    promptImprovements,
    shares: createShareService({ repositories, storage, publicUrl: config.publicUrl }),
    webhooks: createWebhookService({
      repositories,
      secret: config.replicate.webhookSecret,
      binding: webhookBinding,
      logger,
    }),
    sessions,
    accounts: createAccountService(repositories, {
      welcomeTokens: config.welcomeTokens,
      referralDailyCap: config.referralDailyCap,
    }),
    oauthProviders: createOAuthProviders(config),
    uploads,
    keys,
    keyAuth,
    v1: createApiV1Service({
      generations,
      statement,
      uploads,
      elements,
      modelSwitches,
      repositories,
      storage,
      urls: fileUrls,
      publicUrl: config.publicUrl,
    }),
    files: createFileService({ repositories, storage, urls: fileUrls, delivery: config.storage }),
    paymentGateways,
    payments,
    statement,
    metrics,
    admin: createAdminService({
      repositories,
      sessions,
      keys,
      adminSessionMs: config.adminSessionMs,
      generations,
      modelSwitches,
      payments,
      providerHealth,
      urls: fileUrls,
      publicUrl: config.publicUrl,
    }),
    /** Set when the process starts shutting down: readiness then answers 503. */
    lifecycle: { closing: false },
    /** One LISTEN connection per API node; the app starts and stops it. */
    realtime: createRealtimeHub({ connectionString: database.url, logger }),
    demo: createDemo(config),
  };
}

export type Container = ReturnType<typeof createContainer>;

/** The model provider with every call timed and counted (`kadr_provider_call_duration_seconds`). */
function timedProvider(provider: ModelProvider, metrics: Metrics): ModelProvider {
  return {
    create: (request) => metrics.timeProviderCall('create', () => provider.create(request)),
    get: (id) => metrics.timeProviderCall('get', () => provider.get(id)),
    findByWebhook: (webhook, since) =>
      metrics.timeProviderCall('find_by_webhook', () => provider.findByWebhook(webhook, since)),
    cancel: (id) => metrics.timeProviderCall('cancel', () => provider.cancel(id)),
  };
}

/**
 * The model provider with every call's outcome recorded in `provider_health` (issue #38): what the
 * console's overview shows and the metrics report, shared by every node.
 */
function recordedProvider(provider: ModelProvider, health: ProviderHealth): ModelProvider {
  return {
    create: (request) => health.track('create', () => provider.create(request)),
    get: (id) => health.track('get', () => provider.get(id)),
    findByWebhook: (webhook, since) =>
      health.track('find_by_webhook', () => provider.findByWebhook(webhook, since)),
    cancel: (id) => health.track('cancel', () => provider.cancel(id)),
  };
}

/** The payment providers the configuration makes available (real, or emulated in demo mode). */
function paymentGatewaysFor(config: Config): PaymentGateway[] {
  const { yookassa, stripe } = config.payments;
  const gateways: PaymentGateway[] = [];
  if (yookassa) {
    gateways.push(
      createYooKassaGateway({
        shopId: yookassa.shopId,
        secretKey: yookassa.secretKey,
        apiUrl: yookassa.apiUrl,
        receipt: yookassa.receipt,
        allowedSources: yookassa.allowedSources,
      }),
    );
  }
  if (stripe) {
    gateways.push(
      createStripeGateway({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.apiUrl,
      }),
    );
  }
  return gateways;
}
