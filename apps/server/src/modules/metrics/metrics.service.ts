import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isDatabaseUnavailable } from '../../lib/unavailable.ts';
import type { MetricsRepository } from './metrics.repository.ts';

/**
 * One process's Prometheus registry (never the library's global one, so tests can build several
 * apps in one process). Counters and histograms count what this process did; gauges that describe
 * the service as a whole (generations, ledger, payments, jobs) are read from PostgreSQL at each
 * scrape, so every node reports the same numbers and they match the database.
 */
export function createMetrics(deps: { repository: MetricsRepository }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new Histogram({
    name: 'kadr_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers,
  });
  const streams = new Gauge({
    name: 'kadr_realtime_streams',
    help: 'Realtime (SSE) streams open on this node.',
    registers,
  });
  const jobRuns = new Counter({
    name: 'kadr_job_runs_total',
    help: 'Background jobs this process ran, by task and outcome.',
    labelNames: ['task', 'outcome'] as const,
    registers,
  });
  const providerCalls = new Histogram({
    name: 'kadr_provider_call_duration_seconds',
    help: 'Calls to the model provider by operation and outcome (ok or error).',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  const { repository } = deps;
  /**
   * Rows for a gauge read from PostgreSQL; none while it is away, so a scrape still answers this
   * process's own series (an outage is when they matter most) and that gauge is simply absent.
   */
  const fromDatabase = <T>(read: () => Promise<T[]>): Promise<T[]> =>
    read().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) return [];
      throw error;
    });
  new Gauge({
    name: 'kadr_generations',
    help: 'Generations in the database by model and status.',
    labelNames: ['model', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await fromDatabase(repository.generations)) {
        this.set({ model: row.model, status: row.status }, row.n);
      }
    },
  });
  // Both ledger gauges come from one read per scrape.
  let ledgerRead: { at: number; rows: ReturnType<MetricsRepository['ledger']> } | undefined;
  const ledger = () => {
    if (!ledgerRead || Date.now() - ledgerRead.at > 1000) {
      ledgerRead = { at: Date.now(), rows: fromDatabase(repository.ledger) };
    }
    return ledgerRead.rows;
  };
  new Gauge({
    name: 'kadr_ledger_tokens',
    help: 'Tokens moved by the ledger, by reason (debits are negative).',
    labelNames: ['reason'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await ledger()) this.set({ reason: row.reason }, row.tokens);
    },
  });
  new Gauge({
    name: 'kadr_ledger_entries',
    help: 'Ledger entries by reason.',
    labelNames: ['reason'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await ledger()) this.set({ reason: row.reason }, row.entries);
    },
  });
  new Gauge({
    name: 'kadr_payments',
    help: 'Payments in the database by provider and status.',
    labelNames: ['provider', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await fromDatabase(repository.payments)) {
        this.set({ provider: row.provider, status: row.status }, row.n);
      }
    },
  });
  new Gauge({
    name: 'kadr_jobs',
    help: 'Queued background jobs by task and state (waiting, locked, failed).',
    labelNames: ['task', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await fromDatabase(repository.jobs))
        this.set({ task: row.task, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'kadr_generations_waiting',
    help: 'Unfinished generations waiting for the model provider (a submission retried) or for the file store (a result being stored).',
    labelNames: ['for'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await fromDatabase(repository.waiting)) this.set({ for: row.for }, row.n);
    },
  });
  // Both provider gauges come from one read per scrape.
  let providersRead: { at: number; rows: ReturnType<MetricsRepository['providers']> } | undefined;
  const providers = () => {
    if (!providersRead || Date.now() - providersRead.at > 1000) {
      providersRead = { at: Date.now(), rows: fromDatabase(repository.providers) };
    }
    return providersRead.rows;
  };
  new Gauge({
    name: 'kadr_provider_paused',
    help: 'Seconds left of the pause of every submission a 429 from the model provider started (0: none).',
    labelNames: ['provider'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await providers()) this.set({ provider: row.provider }, row.paused);
    },
  });
  new Gauge({
    name: 'kadr_provider_failures',
    help: 'Failed calls to the model provider in a row since the last that answered.',
    labelNames: ['provider'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await providers()) this.set({ provider: row.provider }, row.failures);
    },
  });
  new Gauge({
    name: 'kadr_db_pool_connections',
    help: "This process's PostgreSQL pool: total, idle, and requests waiting for a connection.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = repository.pool();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    http,
    streams,
    /** Wraps a job handler so its runs are counted. */
    countJob<A extends unknown[]>(task: string, run: (...args: A) => Promise<void>) {
      return async (...args: A) => {
        try {
          await run(...args);
          jobRuns.inc({ task, outcome: 'completed' });
        } catch (error) {
          jobRuns.inc({ task, outcome: 'failed' });
          throw error;
        }
      };
    },
    /** Times one provider call, counting it as ok or error. */
    async timeProviderCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
      const end = providerCalls.startTimer({ operation });
      try {
        const result = await call();
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: 'error' });
        throw error;
      }
    },
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
