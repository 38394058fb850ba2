import type pg from 'pg';

/** A key's count in its current window, and the milliseconds until that window ends. */
export interface RateLimitHit {
  hits: number;
  ttlMs: number;
}

/**
 * The counters of every rate limit, in PostgreSQL so that every API node shares them (ADR 014).
 * One statement per counted request: a fixed window per key, started by the first hit and restarted
 * by the first hit after it ends.
 */
export function createRateLimitRepository(pool: pg.Pool) {
  return {
    async hit(key: string, windowMs: number): Promise<RateLimitHit> {
      const result = await pool.query<{ hits: number; ttl_ms: number }>({
        name: 'kadr_rate_limit_hit',
        text: `insert into rate_limits as r (key, window_start, hits)
               values ($1, clock_timestamp(), 1)
               on conflict (key) do update set
                 hits = case when r.window_start + make_interval(secs => $2::float8 / 1000) <= clock_timestamp()
                             then 1 else r.hits + 1 end,
                 window_start = case when r.window_start + make_interval(secs => $2::float8 / 1000) <= clock_timestamp()
                                     then clock_timestamp() else r.window_start end
               returning hits,
                 greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => $2::float8 / 1000)
                   - clock_timestamp())) * 1000))::int as ttl_ms`,
        values: [key, windowMs],
      });
      const row = result.rows[0];
      if (!row) throw new Error('rate limit counter answered no row');
      return { hits: row.hits, ttlMs: row.ttl_ms };
    },

    /** A key's count in its current window without counting (0 when it has none running). */
    async read(key: string, windowMs: number): Promise<RateLimitHit> {
      const result = await pool.query<{ hits: number; ttl_ms: number }>({
        name: 'kadr_rate_limit_read',
        text: `select hits,
                 greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => $2::float8 / 1000)
                   - clock_timestamp())) * 1000))::int as ttl_ms
               from rate_limits
               where key = $1
                 and window_start + make_interval(secs => $2::float8 / 1000) > clock_timestamp()`,
        values: [key, windowMs],
      });
      const row = result.rows[0];
      return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
    },

    /** Forgets counters whose window ended more than `olderThanMs` ago; how many it removed. */
    async prune(olderThanMs: number): Promise<number> {
      const result = await pool.query(
        `delete from rate_limits where window_start < clock_timestamp() - make_interval(secs => $1::float8 / 1000)`,
        [olderThanMs],
      );
      return result.rowCount ?? 0;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
