import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { generationRequests, providerHealth } from '../../db/schema.ts';

export type ProviderHealthRow = typeof providerHealth.$inferSelect;

/** A pause after a 429 without a Retry-After: 5 s, doubling with each 429 in a row, at most 60 s. */
const PAUSE_FIRST_MS = 5_000;
const PAUSE_MAX_MS = 60_000;

/**
 * The model provider's health, one row per provider (`provider_health`), and what waits for it.
 * Every write is one upsert, so workers on any node record side by side without reading first.
 */
export function createProviderHealthRepository(db: Executor) {
  const h = providerHealth;
  return {
    async find(provider: string): Promise<ProviderHealthRow | undefined> {
      const [row] = await db.select().from(h).where(eq(h.provider, provider)).limit(1);
      return row;
    },

    /** A call failed (`error`: its failure in short): one more failure in a row. */
    async recordFailure(provider: string, error: string): Promise<void> {
      await db
        .insert(h)
        .values({ provider, lastErrorAt: sql`now()`, lastError: error, failures: 1 })
        .onConflictDoUpdate({
          target: h.provider,
          set: {
            lastErrorAt: sql`now()`,
            lastError: error,
            failures: sql`${h.failures} + 1`,
            updatedAt: sql`now()`,
          },
        });
    },

    /**
     * A call answered: no failures in a row. `accepted` (a create went through) also ends the run
     * of 429s, so the next one pauses for the first length again.
     */
    async recordOk(provider: string, options: { accepted: boolean }): Promise<void> {
      await db
        .insert(h)
        .values({ provider, lastOkAt: sql`now()` })
        .onConflictDoUpdate({
          target: h.provider,
          set: {
            lastOkAt: sql`now()`,
            failures: 0,
            rateLimits: options.accepted ? 0 : sql`${h.rateLimits}`,
            updatedAt: sql`now()`,
          },
        });
    },

    /**
     * The provider answered 429: every submission waits until the answer's `paused_until`, which
     * is now + `retryAfterMs` (the provider's Retry-After) or, without one, 5 s doubling with each
     * 429 in a row up to 60 s. A 429 met while a pause is on (a call made before it began) counts
     * no further and never shortens it.
     */
    async pause(provider: string, retryAfterMs: number | undefined): Promise<Date> {
      // The run of 429s this one belongs to, counted once per pause.
      const run = sql`(case when ${h.pausedUntil} > now() then ${h.rateLimits} else ${h.rateLimits} + 1 end)`;
      const wait = (count: SQL) =>
        retryAfterMs === undefined
          ? sql`least(${PAUSE_MAX_MS}::float8, ${PAUSE_FIRST_MS}::float8 * power(2, ${count} - 1))`
          : sql`${retryAfterMs}::float8`;
      const result = await db.execute<{ paused_until: string | Date }>(sql`
        insert into ${h} (provider, rate_limits, paused_until)
        values (${provider}, 1, now() + make_interval(secs => ${wait(sql`1`)} / 1000))
        on conflict (provider) do update
          set rate_limits = ${run},
              paused_until = greatest(${h.pausedUntil}, now() + make_interval(secs => ${wait(run)} / 1000)),
              updated_at = now()
        returning paused_until`);
      const until = result.rows[0]?.paused_until;
      if (until === undefined) throw new Error('provider_health answered no pause');
      return new Date(until);
    },

    /** Unfinished generations waiting for the model (a submission retried) or for the store. */
    async waiting(): Promise<{ model: number; storage: number }> {
      const g = generationRequests;
      const [row] = await db
        .select({
          model: sql<number>`count(*) filter (where ${g.jsondata} ->> 'waiting_for' = 'model')::int`,
          storage: sql<number>`count(*) filter (where ${g.jsondata} ->> 'waiting_for' = 'storage')::int`,
        })
        .from(g)
        .where(sql`${g.status} in ('pending', 'processing')`);
      return { model: row?.model ?? 0, storage: row?.storage ?? 0 };
    },
  };
}

export type ProviderHealthRepository = ReturnType<typeof createProviderHealthRepository>;
