import { ProviderError } from '../../providers/replicate/replicate.adapter.ts';
import type { ProviderHealthRepository, ProviderHealthRow } from './provider-health.repository.ts';

/** How the provider is doing, as the console's overview says it (contract: adminProviderHealthSchema). */
export type ProviderStatus = 'ok' | 'failing' | 'rate_limited' | 'unknown';

export interface ProviderHealthReport {
  provider: string;
  status: ProviderStatus;
  lastOk: Date | null;
  lastError: Date | null;
  /** The last failure in short: `HTTP 503`, `timeout`, `unreachable`. */
  error: string | null;
  failures: number;
  pausedUntil: Date | null;
  /** Unfinished generations whose submission waits for the provider. */
  waiting: number;
  /** Unfinished generations whose result waits for the file store. */
  storing: number;
}

/** A success is written at least this often, so the overview's `last_ok` stays fresh. */
const OK_EVERY_MS = 30_000;
/** How long a process trusts what it read of the row (the pause every submit checks first). */
const SNAPSHOT_MS = 1_000;

type Health = Pick<ProviderHealthRow, 'lastOkAt' | 'lastErrorAt' | 'pausedUntil'>;

/**
 * rate_limited while a pause is on; failing while the last failure is newer than the last answer;
 * ok once anything answered; unknown before any call.
 */
export function statusOf(row: Health | undefined, now: Date): ProviderStatus {
  if (!row) return 'unknown';
  if (row.pausedUntil && row.pausedUntil > now) return 'rate_limited';
  if (row.lastErrorAt && (!row.lastOkAt || row.lastErrorAt > row.lastOkAt)) return 'failing';
  return row.lastOkAt ? 'ok' : 'unknown';
}

/** What a process knows of the row, read at most once a second. */
interface Snapshot {
  pausedUntil: Date | null;
  failing: boolean;
  rateLimits: number;
}

/**
 * The model provider's health (issue #38), shared by every node through `provider_health`: each
 * call's outcome recorded (`track`: failures always, a success when it follows failures — this
 * process's or any node's — and otherwise at most every 30 s), the pause a 429 starts
 * (`rateLimited`) and every submit reads first (`pausedUntil`), and the overview's `report`.
 * Recording never fails a call: a write that fails is logged at warn.
 */
export function createProviderHealth(deps: {
  repository: ProviderHealthRepository;
  /** The provider's name, its row's key. */
  provider: string;
  logger: { warn(details: object, message: string): void };
  now?: () => number;
}) {
  const { repository, provider, logger } = deps;
  const now = deps.now ?? Date.now;
  let cached: { at: number; snapshot: Promise<Snapshot> } | undefined;
  /** This process met a failure it has not yet followed with a recorded success. */
  let failedSinceOk = false;
  let lastOkWrite = Number.NEGATIVE_INFINITY;

  function snapshot(): Promise<Snapshot> {
    if (cached && now() - cached.at < SNAPSHOT_MS) return cached.snapshot;
    const read = repository.find(provider).then((row) => ({
      pausedUntil: row?.pausedUntil ?? null,
      failing:
        statusOf(row ? { ...row, pausedUntil: null } : undefined, new Date(now())) === 'failing',
      rateLimits: row?.rateLimits ?? 0,
    }));
    cached = { at: now(), snapshot: read };
    // A failed read is not kept: the next caller asks again.
    read.catch(() => {
      if (cached?.snapshot === read) cached = undefined;
    });
    return read;
  }

  /** What this process just wrote, so its next readers within the second see it. */
  function amend(change: Partial<Snapshot>): void {
    if (!cached) return;
    const { at, snapshot: before } = cached;
    cached = { at, snapshot: before.then((known) => ({ ...known, ...change })) };
  }

  async function quietly(what: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      logger.warn({ err: error, provider }, `provider health: ${what} not recorded`);
    }
  }

  async function answered(accepted: boolean): Promise<void> {
    let write = failedSinceOk || now() - lastOkWrite >= OK_EVERY_MS;
    if (!write) {
      // Another node may have seen the failures: its row says so.
      const known = await snapshot().catch(() => undefined);
      write = known !== undefined && (known.failing || (accepted && known.rateLimits > 0));
    }
    if (!write) return;
    failedSinceOk = false;
    lastOkWrite = now();
    amend({ failing: false, ...(accepted ? { rateLimits: 0 } : {}) });
    await quietly('an answer', () => repository.recordOk(provider, { accepted }));
  }

  async function failed(error: ProviderError): Promise<void> {
    failedSinceOk = true;
    amend({ failing: true });
    await quietly('a failure', () => repository.recordFailure(provider, error.summary));
  }

  return {
    /**
     * Runs one call to the provider and records its outcome. A refusal of the request (a
     * permanent 4xx) is an answer: the provider is up.
     */
    async track<T>(operation: string, call: () => Promise<T>): Promise<T> {
      let result: T;
      try {
        result = await call();
      } catch (error) {
        if (error instanceof ProviderError && !error.permanent) await failed(error);
        else if (error instanceof ProviderError) await answered(false);
        throw error;
      }
      await answered(operation === 'create');
      return result;
    },

    /** When submissions may ask the provider again, if a 429 paused them (read ≤ 1 s ago). */
    async pausedUntil(): Promise<Date | undefined> {
      const { pausedUntil } = await snapshot();
      return pausedUntil && pausedUntil.getTime() > now() ? pausedUntil : undefined;
    },

    /** The provider answered 429: pause every submission (on every node); answers until when. */
    async rateLimited(retryAfterMs: number | undefined): Promise<Date> {
      const until = await repository.pause(provider, retryAfterMs);
      amend({ pausedUntil: until });
      return until;
    },

    /** The overview's figures, read now. */
    async report(): Promise<ProviderHealthReport> {
      const [row, waiting] = await Promise.all([repository.find(provider), repository.waiting()]);
      return {
        provider,
        status: statusOf(row, new Date(now())),
        lastOk: row?.lastOkAt ?? null,
        lastError: row?.lastErrorAt ?? null,
        error: row?.lastError ?? null,
        failures: row?.failures ?? 0,
        pausedUntil: row?.pausedUntil ?? null,
        waiting: waiting.model,
        storing: waiting.storage,
      };
    },
  };
}

export type ProviderHealth = ReturnType<typeof createProviderHealth>;
