import type { DatabaseHandle } from './db/client.ts';
import type { Executor } from './db/executor.ts';
import { createJobRepository } from './jobs/job.repository.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { createIdentityRepository } from './modules/auth/identity.repository.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createBatchRepository } from './modules/batches/batch.repository.ts';
import { createModelSwitchRepository } from './modules/catalog/model-switch.repository.ts';
import { createCollectionRepository } from './modules/collections/collection.repository.ts';
import { createFileRepository } from './modules/files/file.repository.ts';
import {
  createGenerationRepository,
  createGenerationStatements,
} from './modules/generations/generation.repository.ts';
import { createIdempotencyKeyRepository } from './modules/generations/idempotency-key.repository.ts';
import { createWebhookEventRepository } from './modules/generations/webhook-event.repository.ts';
import { createLedgerRepository } from './modules/ledger/ledger.repository.ts';
import { createRateLimitRepository } from './modules/limits/rate-limit.repository.ts';
import { createMetricsRepository } from './modules/metrics/metrics.repository.ts';
import { createPaymentRepository } from './modules/payments/payment.repository.ts';
import { createShareRepository } from './modules/shares/share.repository.ts';
import { createUserRepository } from './modules/users/user.repository.ts';

/** The repositories that can take part in a transaction, all bound to one executor. */
function bind(db: Executor) {
  return {
    users: createUserRepository(db),
    identities: createIdentityRepository(db),
    ledger: createLedgerRepository(db),
    generations: createGenerationRepository(db),
    idempotencyKeys: createIdempotencyKeyRepository(db),
    files: createFileRepository(db),
    webhookEvents: createWebhookEventRepository(db),
    payments: createPaymentRepository(db),
    jobs: createJobRepository(db),
    collections: createCollectionRepository(db),
    shares: createShareRepository(db),
    batches: createBatchRepository(db),
    admin: createAdminRepository(db),
    modelSwitches: createModelSwitchRepository(db),
  };
}

/** The repositories of one transaction: whatever they write commits or rolls back together. */
export type TransactionRepositories = ReturnType<typeof bind>;

/**
 * Every repository, built once on the database, and `transaction(fn)`, which hands `fn` the same
 * repositories bound to one transaction. Services get this (or the part they use) from the
 * container and never see SQL, drizzle or a connection.
 */
export function createRepositories(database: Pick<DatabaseHandle, 'db' | 'pool'>) {
  const { db, pool } = database;
  const top = bind(db);
  return {
    ...top,
    generations: { ...top.generations, ...createGenerationStatements(pool) },
    sessions: createSessionRepository(db),
    rateLimits: createRateLimitRepository(pool),
    metrics: createMetricsRepository(pool),
    /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
    transaction<T>(fn: (tx: TransactionRepositories) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(bind(tx)));
    },
    /** Whether the database answers (readiness). */
    async ping(): Promise<void> {
      await pool.query('select 1');
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
