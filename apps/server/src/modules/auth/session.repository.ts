import { and, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { sessions } from '../../db/schema.ts';
import { realtimeChannels } from '../../lib/realtime-messages.ts';

export interface SessionRecord {
  userId: string;
  lastSeen: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

/** Sessions by the SHA-256 of their token; the token itself is never stored. */
export function createSessionRepository(db: Executor) {
  // Every signed-in request without a cached session runs this: built once, prepared per connection.
  const findLive = db
    .select({
      userId: sessions.userId,
      lastSeen: sessions.lastSeen,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql.placeholder('at')),
        gt(sessions.absoluteExpiresAt, sql.placeholder('at')),
      ),
    )
    .limit(1)
    .prepare('kadr_session_resolve');

  /**
   * Deletes sessions and, in the same statement, tells every node (`kadr_session`, the token hash)
   * to forget them. Answers the hashes that were deleted.
   */
  async function revokeWhere(condition: SQL): Promise<string[]> {
    const gone = await db.execute<{ token_hash: string }>(sql`
      with gone as (delete from ${sessions} where ${condition} returning token_hash)
      select token_hash, pg_notify(${realtimeChannels.session}, token_hash) from gone`);
    return gone.rows.map((row) => row.token_hash);
  }

  return {
    async insert(values: {
      tokenHash: string;
      userId: string;
      created: Date;
      expiresAt: Date;
      absoluteExpiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }): Promise<void> {
      await db.insert(sessions).values({ ...values, lastSeen: values.created });
    },

    /** When the session behind this hash was signed in (the operator console's shorter limit). */
    async createdAt(hash: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ created: sessions.created })
        .from(sessions)
        .where(eq(sessions.tokenHash, hash))
        .limit(1);
      return row?.created;
    },

    /** The session behind this hash if it has not expired at `at`. */
    async findLive(hash: string, at: Date): Promise<SessionRecord | undefined> {
      const [row] = await findLive.execute({ hash, at: at.toISOString() });
      return row;
    },

    /** Marks the session used at `at`: the idle expiry slides to `idleUntil`, never past the absolute one. */
    async touch(hash: string, at: Date, idleUntil: Date): Promise<void> {
      await db
        .update(sessions)
        .set({
          lastSeen: at,
          expiresAt: sql`least(${idleUntil}::timestamptz, ${sessions.absoluteExpiresAt})`,
        })
        .where(eq(sessions.tokenHash, hash));
    },

    revokeByHash: (hash: string) => revokeWhere(sql`${sessions.tokenHash} = ${hash}`),

    revokeAllFor: (userId: string) => revokeWhere(sql`${sessions.userId} = ${userId}`),

    async deleteExpired(at: Date): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, at), lt(sessions.absoluteExpiresAt, at)))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
