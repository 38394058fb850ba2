import type { DatabaseHandle } from './db/client.ts';
import type { Executor } from './db/executor.ts';
import type { Transaction } from './lib/transaction.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { createIdentityRepository } from './modules/auth/identity.repository.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createBatchRepository } from './modules/batches/batch.repository.ts';
import { createBrandKitRepository } from './modules/cards/brand-kit.repository.ts';
import { createCardSetRepository } from './modules/cards/card-set.repository.ts';
import { createModelSwitchRepository } from './modules/catalog/model-switch.repository.ts';
import { createCollectionRepository } from './modules/collections/collection.repository.ts';
import { createWebhookEventRepository } from './modules/deliveries/webhook-event.repository.ts';
import { createElementRepository } from './modules/elements/element.repository.ts';
import { createTrainingRepository } from './modules/elements/training.repository.ts';
import { createFileRepository } from './modules/files/file.repository.ts';
import {
  createGenerationRepository,
  createGenerationStatements,
} from './modules/generations/generation.repository.ts';
import { createIdempotencyKeyRepository } from './modules/generations/idempotency-key.repository.ts';
import { createApiKeyRepository } from './modules/keys/api-key.repository.ts';
import { createLedgerRepository } from './modules/ledger/ledger.repository.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createRateLimitRepository } from './modules/limits/rate-limit.repository.ts';
import { createMetricsRepository } from './modules/metrics/metrics.repository.ts';
import { createPaymentRepository } from './modules/payments/payment.repository.ts';
import { createPromptImprovementRepository } from './modules/prompts/prompt-improvement.repository.ts';
import { createProviderHealthRepository } from './modules/provider-health/provider-health.repository.ts';
import { createJobRepository } from './modules/queue/job.repository.ts';
import { createShareRepository } from './modules/shares/share.repository.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { createWebhookDeliveryRepository } from './modules/webhooks-out/webhook-delivery.repository.ts';

/**
 * What can take part in a transaction, each made on one executor. `ledger` is the ledger's
 * service, not its repository: tokens move only through its named operations (issue #32).
 */
const binders = {
  users: createUserRepository,
  identities: createIdentityRepository,
  ledger: (db: Executor) => createLedgerService(createLedgerRepository(db)),
  generations: createGenerationRepository,
  idempotencyKeys: createIdempotencyKeyRepository,
  files: createFileRepository,
  webhookEvents: createWebhookEventRepository,
  payments: createPaymentRepository,
  jobs: createJobRepository,
  collections: createCollectionRepository,
  elements: createElementRepository,
  trainings: createTrainingRepository,
  promptImprovements: createPromptImprovementRepository,
  shares: createShareRepository,
  batches: createBatchRepository,
  cardSets: createCardSetRepository,
  brandKits: createBrandKitRepository,
  admin: createAdminRepository,
  modelSwitches: createModelSwitchRepository,
  apiKeys: createApiKeyRepository,
  webhookDeliveries: createWebhookDeliveryRepository,
};

type Binders = typeof binders;
/** The names of what a transaction may bind. */
export type Bindable = keyof Binders;

/** Every part a transaction may bind, by name. */
type Parts = { [P in Bindable]: ReturnType<Binders[P]> };

/** The parts `K` of one transaction: whatever they write commits or rolls back together. */
export type TransactionRepositories<K extends Bindable = Bindable> = { [P in K]: Parts[P] };

/** Binds the named parts, and only those, to one executor. */
function bind<K extends Bindable>(db: Executor, uses: readonly K[]): TransactionRepositories<K> {
  const bound: Partial<Record<Bindable, unknown>> = {};
  for (const name of uses) bound[name] = binders[name](db);
  return bound as TransactionRepositories<K>;
}

const everything = Object.keys(binders) as Bindable[];

/**
 * Every repository, built once on the database, and `transaction(uses, fn)`, which hands `fn` the
 * parts it names bound to one transaction — and nothing else, so what a transaction can write is
 * said where it starts. Services get this (or the part they use) from the container and never see
 * SQL, drizzle or a connection.
 */
export function createRepositories(database: Pick<DatabaseHandle, 'db' | 'pool'>) {
  const { db, pool } = database;
  const top = bind(db, everything);
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  const transaction: Transaction<Parts> = (uses, fn) => db.transaction((tx) => fn(bind(tx, uses)));
  return {
    ...top,
    generations: { ...top.generations, ...createGenerationStatements(pool) },
    sessions: createSessionRepository(db),
    rateLimits: createRateLimitRepository(pool),
    metrics: createMetricsRepository(pool),
    providerHealth: createProviderHealthRepository(db),
    transaction,
    /** Whether the database answers (readiness). */
    async ping(): Promise<void> {
      await pool.query('select 1');
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
