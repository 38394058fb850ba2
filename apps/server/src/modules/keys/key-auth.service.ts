import type { ApiKeyScope } from '@kadr/contract';
import type { RealtimeMessage } from '../../lib/realtime-messages.ts';
import type { RevocationFeed } from '../auth/index.ts';
import type { ApiKeyRepository } from './api-key.repository.ts';
import { hashKey, looksLikeKey } from './key-secret.ts';

/** What a v1 request knows of its key: the owner is `request.user`. */
export interface ApiKeyContext {
  id: string;
  userId: string;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  /** Catalogue ids it may create with; null: every model and tool. */
  allowedModels: string[] | null;
  /** What it reads and changes on v1: the generations it made (`key`) or the account's. */
  scope: ApiKeyScope;
  webhookUrl: string | null;
}

export type KeyResolution =
  | { outcome: 'found'; key: ApiKeyContext }
  /** No such key, or a revoked one. */
  | { outcome: 'unknown' }
  /** An operator blocked the key's owner. */
  | { outcome: 'blocked'; reason: string };

interface Cached {
  resolution: KeyResolution;
  /** Read from the database again after this moment, whatever else happens. */
  staleAt: number;
  /** When this node last wrote `last_used_at` (0: never). */
  touchedAt: number;
}

// Writing last_used_at on every request would write on every request; once a minute is plenty.
const TOUCH_INTERVAL_MS = 60_000;
/** The most keys one node caches (a flood of made-up keys never reaches the cache: see below). */
const CACHE_MAX = 50_000;

const DAY_MS = 86_400_000;

/**
 * Bearer keys on `/api/v1` (ADR 040): a key's hash resolved to its owner and settings, cached per
 * node like sessions while the revocation feed listens (a revoke, a change or a block notifies
 * `kadr_api_key` with the key's hash at commit and every node forgets it at once; the TTL bounds
 * anything else). Requests are counted in memory and added to `api_key_usage` in batches.
 */
export function createKeyAuthService(
  repository: Pick<ApiKeyRepository, 'findByHash' | 'touch' | 'addUsage'>,
  options: { cacheTtlMs?: number; now?: () => number } = {},
) {
  const cacheTtlMs = options.cacheTtlMs ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Cached>();
  let cacheOn = false;
  // Bumped by every forgetting: a read that began before one must not refill the cache.
  let epoch = 0;
  const forget = (hash?: string) => {
    epoch++;
    if (hash === undefined) cache.clear();
    else cache.delete(hash);
  };
  /** Requests counted since the last flush, by `keyId|day`. */
  let counts = new Map<string, number>();
  // The UTC day requests are counted in (`YYYY-MM-DD`), worked out again only when it ends.
  let day = '';
  let dayEnds = 0;
  const utcDay = (at: number): string => {
    if (at >= dayEnds || at < dayEnds - DAY_MS) {
      day = new Date(at).toISOString().slice(0, 10);
      dayEnds = (Math.floor(at / DAY_MS) + 1) * DAY_MS;
    }
    return day;
  };

  async function read(hash: string, at: number, touchedAt: number): Promise<Cached> {
    const seen = epoch;
    const row = await repository.findByHash(hash);
    const resolution: KeyResolution =
      !row || row.revokedAt
        ? { outcome: 'unknown' }
        : row.ownerBlocked
          ? { outcome: 'blocked', reason: row.ownerBlockedReason ?? '' }
          : {
              outcome: 'found',
              key: {
                id: row.id,
                userId: row.userId,
                dailyLimit: row.dailyLimit,
                monthlyLimit: row.monthlyLimit,
                allowedModels: row.allowedModels,
                scope: row.scope,
                webhookUrl: row.webhookUrl,
              },
            };
    const entry = { resolution, staleAt: at + cacheTtlMs, touchedAt };
    // Only real keys are kept: made-up ones would fill the cache with nothing.
    if (cacheOn && epoch === seen && row && cache.size < CACHE_MAX) cache.set(hash, entry);
    return entry;
  }

  return {
    /**
     * A live key this node has cached and need not touch now, answered at once (no promise, no
     * query): the common case of a request, which then costs a hash and a lookup. Undefined: ask
     * `resolve`.
     */
    cached(secret: string): ApiKeyContext | undefined {
      if (!cacheOn || !looksLikeKey(secret)) return undefined;
      const entry = cache.get(hashKey(secret));
      const at = now();
      if (!entry || entry.staleAt <= at || at - entry.touchedAt > TOUCH_INTERVAL_MS) {
        return undefined;
      }
      return entry.resolution.outcome === 'found' ? entry.resolution.key : undefined;
    },

    /** Who a bearer secret acts as; anything not shaped like a key is unknown without a query. */
    async resolve(secret: string): Promise<KeyResolution> {
      if (!looksLikeKey(secret)) return { outcome: 'unknown' };
      const at = now();
      const hash = hashKey(secret);
      let entry = cacheOn ? cache.get(hash) : undefined;
      // A stale entry is read again, but its last touch is kept: touched once a minute, not per read.
      let touchedAt = 0;
      if (entry && entry.staleAt <= at) {
        touchedAt = entry.touchedAt;
        cache.delete(hash);
        entry = undefined;
      }
      entry ??= await read(hash, at, touchedAt);
      const { resolution } = entry;
      if (resolution.outcome !== 'found') return resolution;
      if (at - entry.touchedAt > TOUCH_INTERVAL_MS) {
        // Marked first, so concurrent requests with this key touch it once.
        entry.touchedAt = at;
        await repository.touch(resolution.key.id, new Date(at));
      }
      return resolution;
    },

    /** Counts one request made with the key (written by `flush`). */
    count(keyId: string): void {
      const slot = `${keyId}|${utcDay(now())}`;
      counts.set(slot, (counts.get(slot) ?? 0) + 1);
    },

    /** Adds the requests counted so far to `api_key_usage` (one statement). */
    async flush(): Promise<void> {
      if (counts.size === 0) return;
      const taken = counts;
      counts = new Map();
      const rows = [...taken].map(([slot, requests]) => {
        const [keyId = '', day = ''] = slot.split('|');
        return { keyId, day, requests };
      });
      try {
        await repository.addUsage(rows);
      } catch (error) {
        // Kept for the next flush rather than lost.
        for (const [slot, requests] of taken) counts.set(slot, (counts.get(slot) ?? 0) + requests);
        throw error;
      }
    },

    /**
     * Turns the key cache on for as long as the feed listens; keys it names are forgotten at once.
     * Whenever the feed starts or stops listening, everything is forgotten.
     */
    useRevocationFeed(feed: RevocationFeed): () => void {
      const unsubscribe = feed.subscribe((message: RealtimeMessage) => {
        if (message.kind === 'api_key') forget(message.keyHash);
      });
      const unwatch = feed.onListening((listening) => {
        forget();
        cacheOn = listening;
      });
      return () => {
        unsubscribe();
        unwatch();
        forget();
        cacheOn = false;
      };
    },

    /** Forgets keys on this node at once (the notification reaches the others). */
    forget(hashes: readonly string[]): void {
      for (const hash of hashes) forget(hash);
    },

    /** How many keys are cached (tests and diagnostics). */
    get cachedKeys(): number {
      return cacheOn ? cache.size : 0;
    },
  };
}

export type KeyAuthService = ReturnType<typeof createKeyAuthService>;
