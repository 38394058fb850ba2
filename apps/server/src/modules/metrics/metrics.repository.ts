import type pg from 'pg';

/** What a scrape reads from PostgreSQL: the same counts on every node, matching the database. */
export function createMetricsRepository(pool: pg.Pool) {
  return {
    /** This process's pool: connections open, idle, and requests waiting for one. */
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async generations(): Promise<{ model: string; status: string; n: number }[]> {
      const { rows } = await pool.query<{ model: string; status: string; n: number }>(
        `select model, status, count(*)::int as n from generation_requests group by 1, 2`,
      );
      return rows;
    },
    /** Ledger entries and the tokens they moved, by reason (debits are negative). */
    async ledger(): Promise<{ reason: string; entries: number; tokens: number }[]> {
      const { rows } = await pool.query<{ reason: string; entries: number; tokens: string }>(
        `select reason, count(*)::int as entries, coalesce(sum(delta), 0)::bigint as tokens
           from token_ledger group by 1`,
      );
      return rows.map((row) => ({ ...row, tokens: Number(row.tokens) }));
    },
    async payments(): Promise<{ provider: string; status: string; n: number }[]> {
      const { rows } = await pool.query<{ provider: string; status: string; n: number }>(
        `select provider, status, count(*)::int as n from payments group by 1, 2`,
      );
      return rows;
    },
    /** Unfinished generations waiting for the model provider or the file store (issue #38). */
    async waiting(): Promise<{ for: string; n: number }[]> {
      const { rows } = await pool.query<{ for: string; n: number }>(
        `select w.what as for, (select count(*)::int from generation_requests
                                 where status in ('pending', 'processing')
                                   and jsondata ->> 'waiting_for' = w.what) as n
           from (values ('model'), ('storage')) as w(what)`,
      );
      return rows;
    },
    /** Each model provider's pause (seconds left, 0 when none) and its failures in a row. */
    async providers(): Promise<{ provider: string; paused: number; failures: number }[]> {
      const { rows } = await pool.query<{ provider: string; paused: number; failures: number }>(
        `select provider, failures,
                greatest(0, extract(epoch from paused_until - now()))::float8 as paused
           from provider_health`,
      );
      return rows.map((row) => ({ ...row, paused: row.paused ?? 0 }));
    },
    /** Queued jobs by task: waiting, locked by a worker, or out of attempts. */
    async jobs(): Promise<{ task: string; state: string; n: number }[]> {
      const { rows } = await pool.query<{ task: string; state: string; n: number }>(
        `select t.identifier as task,
                case when j.attempts >= j.max_attempts then 'failed'
                     when j.locked_at is not null then 'locked'
                     else 'waiting' end as state,
                count(*)::int as n
           from graphile_worker._private_jobs j
           join graphile_worker._private_tasks t on t.id = j.task_id
          group by 1, 2`,
      );
      return rows;
    },
  };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
