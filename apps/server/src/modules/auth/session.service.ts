import { createHash, randomBytes } from 'node:crypto';
import type { RealtimeMessage } from '../../lib/realtime-messages.ts';
import type { SessionRepository } from './session.repository.ts';

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however much it is used. */
  absoluteMs: number;
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** Only the SHA-256 of a token is stored: a leaked sessions table signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Sliding the idle expiry on every request would write on every request; once a minute is plenty.
const TOUCH_INTERVAL_MS = 60_000;

/** Who a live session belongs to: all a request knows about its person (read the rest fresh). */
export interface SessionUser {
  id: string;
}

/** Where revocations from every node arrive: the realtime hub's LISTEN connection (`kadr_session`). */
export interface RevocationFeed {
  subscribe(listener: (message: RealtimeMessage) => void): () => void;
  /** Called with true once the feed is listening, false when it stops (messages may be lost). */
  onListening(listener: (listening: boolean) => void): () => void;
}

interface CachedSession {
  userId: string;
  lastSeen: number;
  expiresAt: number;
  absoluteExpiresAt: number;
  /** Read from the database again after this moment, whatever else happens. */
  staleAt: number;
}

export function createSessionService(
  sessions: SessionRepository,
  policy: SessionPolicy,
  now = () => new Date(),
  options: { cacheTtlMs?: number } = {},
) {
  const cacheTtlMs = options.cacheTtlMs ?? 10_000;
  // Live sessions by token hash, so a signed-in request usually costs no query. Used only while a
  // revocation feed is listening: a revoke on any node deletes the row and notifies `kadr_session`
  // with the hash in the same statement; this node also forgets it before revoke() returns. The
  // TTL bounds anything that ends a session without a notification (e.g. a cascading delete).
  const cache = new Map<string, CachedSession>();
  let cacheOn = false;
  // Bumped by every forgetting: a database read that began before one must not refill the cache.
  let epoch = 0;
  const forget = (hash?: string) => {
    epoch++;
    if (hash === undefined) cache.clear();
    else cache.delete(hash);
  };
  const forgetAll = (hashes: string[]) => {
    for (const hash of hashes) forget(hash);
  };

  return {
    /** A new random 256-bit session for the user; sign-in always issues a new one (rotation). */
    async issue(userId: string, meta: SessionMeta): Promise<IssuedSession> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const absoluteExpiresAt = new Date(at.getTime() + policy.absoluteMs);
      const expiresAt = new Date(
        Math.min(at.getTime() + policy.idleMs, absoluteExpiresAt.getTime()),
      );
      await sessions.insert({
        tokenHash: hashToken(token),
        userId,
        created: at,
        expiresAt,
        absoluteExpiresAt,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        ip: meta.ip ?? null,
      });
      return { token, expiresAt: absoluteExpiresAt };
    },

    /** Who the token signs in, or undefined when the session is unknown, revoked or expired. */
    async resolve(token: string): Promise<SessionUser | undefined> {
      const at = now().getTime();
      const hash = hashToken(token);
      let live = cacheOn ? cache.get(hash) : undefined;
      if (live && (live.staleAt <= at || live.expiresAt <= at || live.absoluteExpiresAt <= at)) {
        cache.delete(hash);
        live = undefined;
      }
      if (!live) {
        const seen = epoch;
        const row = await sessions.findLive(hash, new Date(at));
        if (!row) return undefined;
        live = {
          userId: row.userId,
          lastSeen: row.lastSeen.getTime(),
          expiresAt: row.expiresAt.getTime(),
          absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
          staleAt: at + cacheTtlMs,
        };
        if (cacheOn && epoch === seen) cache.set(hash, live);
      }
      if (at - live.lastSeen > TOUCH_INTERVAL_MS) {
        // Marked first, so concurrent requests on this session touch it once.
        live.lastSeen = at;
        live.expiresAt = Math.min(at + policy.idleMs, live.absoluteExpiresAt);
        await this.touch(token);
      }
      return { id: live.userId };
    },

    /** Slides the idle expiry forward (never past the absolute one). */
    async touch(token: string): Promise<void> {
      const at = now();
      await sessions.touch(hashToken(token), at, new Date(at.getTime() + policy.idleMs));
    },

    /** When this session was signed in, if it exists. */
    signedInAt: (token: string): Promise<Date | undefined> => sessions.createdAt(hashToken(token)),

    async revoke(token: string): Promise<void> {
      forgetAll(await sessions.revokeByHash(hashToken(token)));
    },

    async revokeAllFor(userId: string): Promise<void> {
      forgetAll(await sessions.revokeAllFor(userId));
    },

    /** Housekeeping: expired sessions are useless and only grow the table. */
    deleteExpired: (): Promise<number> => sessions.deleteExpired(now()),

    /**
     * Turns the session cache on for as long as the feed listens; revocations it carries are
     * forgotten at once. Whenever the feed starts or stops listening, everything is forgotten.
     */
    useRevocationFeed(feed: RevocationFeed): () => void {
      const unsubscribe = feed.subscribe((message) => {
        if (message.kind === 'session') forget(message.tokenHash);
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

    /** How many sessions are cached (tests and diagnostics). */
    get cachedSessions(): number {
      return cacheOn ? cache.size : 0;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
