import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { UserRow } from '../users/user.repository.ts';

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

export function createSessionService(db: Database, policy: SessionPolicy, now = () => new Date()) {
  return {
    /** A new random 256-bit session for the user; sign-in always issues a new one (rotation). */
    async issue(userId: string, meta: SessionMeta): Promise<IssuedSession> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const absoluteExpiresAt = new Date(at.getTime() + policy.absoluteMs);
      const expiresAt = new Date(
        Math.min(at.getTime() + policy.idleMs, absoluteExpiresAt.getTime()),
      );
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        created: at,
        lastSeen: at,
        expiresAt,
        absoluteExpiresAt,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        ip: meta.ip ?? null,
      });
      return { token, expiresAt: absoluteExpiresAt };
    },

    /** The signed-in user for a token, or undefined when the session is unknown or expired. */
    async resolve(token: string): Promise<UserRow | undefined> {
      const at = now();
      const [row] = await db
        .select({ user: users, lastSeen: sessions.lastSeen })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            gt(sessions.expiresAt, at),
            gt(sessions.absoluteExpiresAt, at),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      if (at.getTime() - row.lastSeen.getTime() > TOUCH_INTERVAL_MS) await this.touch(token);
      return row.user;
    },

    /** Slides the idle expiry forward (never past the absolute one). */
    async touch(token: string): Promise<void> {
      const at = now();
      await db
        .update(sessions)
        .set({
          lastSeen: at,
          expiresAt: sql`least(${new Date(at.getTime() + policy.idleMs)}::timestamptz, ${sessions.absoluteExpiresAt})`,
        })
        .where(eq(sessions.tokenHash, hashToken(token)));
    },

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async revokeAllFor(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Housekeeping: expired sessions are useless and only grow the table. */
    async deleteExpired(): Promise<number> {
      const at = now();
      const deleted = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, at), lt(sessions.absoluteExpiresAt, at)))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
