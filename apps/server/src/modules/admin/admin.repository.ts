import { type GenerationErrorCode, uuidPattern } from '@kadr/contract';
import { and, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { adminAudit, users } from '../../db/schema.ts';

export type AdminAuditRow = typeof adminAudit.$inferSelect;
export type Role = 'user' | 'admin';

/** Raw rows of the console's reads: snake_case as the contract names them, times as Date. */
type Row = Record<string, unknown>;

export interface ListFilters {
  status?: string | undefined;
  model?: string | undefined;
  provider?: string | undefined;
  /** A person's id or e-mail. */
  person?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

const ledgerColumns = sql`id::text, created, reason, delta, generation_id, payment_id, actor_id, note`;

const generationColumns = sql`
  g.id, g.created, g.user_id, u.email as user_email, g.type, g.model, g.status, g.cost,
  g.error_code, left(coalesce(g.jsondata->>'prompt', ''), 300) as prompt,
  coalesce((select sum(l.delta) from token_ledger l
             where l.generation_id = g.id and l.reason = 'generation_refund'), 0)::int as refunded`;

const paymentColumns = sql`
  p.id, p.created, p.user_id, u.email as user_email, p.provider, p.provider_payment_id, p.status,
  p.amount::text as amount, p.currency, p.tokens, p.reversed_tokens`;

/** The common filters of the generations and payments lists, on `table` aliased as `t`. */
function listConditions(alias: 'g' | 'p', filters: ListFilters): SQL {
  const t = sql.raw(alias);
  const where: SQL[] = [sql`true`];
  if (filters.status) where.push(sql`${t}.status = ${filters.status}`);
  if (filters.model) where.push(sql`${t}.model = ${filters.model}`);
  if (filters.provider) where.push(sql`${t}.provider = ${filters.provider}`);
  if (filters.person) {
    where.push(
      uuidPattern.test(filters.person)
        ? sql`${t}.user_id = ${filters.person}`
        : sql`lower(u.email) = lower(${filters.person})`,
    );
  }
  if (filters.from) where.push(sql`${t}.created >= ${filters.from}::date`);
  if (filters.to) where.push(sql`${t}.created < ${filters.to}::date + 1`);
  return sql.join(where, sql` and `);
}

/** A generation its person cancelled: failed in the table, but nobody's error (issue #33). */
const canceled = sql`status = 'failed' and error_code = ${'canceled' satisfies GenerationErrorCode}`;
/** A generation that failed by itself: what the overview's failures and failure rates count. */
const failedNotCanceled = sql`status = 'failed' and error_code is distinct from ${'canceled' satisfies GenerationErrorCode}`;

const personColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  tokens: users.tokens,
  role: users.role,
  created: users.created,
};

/** Roles, people as the console sees them, and the append-only audit log. */
export function createAdminRepository(db: Executor) {
  return {
    async roleOf(userId: string): Promise<{ role: Role; email: string } | undefined> {
      const [row] = await db
        .select({ role: users.role, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** Everyone with this e-mail (case-insensitive): one, none, or — for the caller to refuse — several. */
    async findByEmail(email: string) {
      return db
        .select(personColumns)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(2);
    },

    async setRole(userId: string, role: Role): Promise<void> {
      await db.update(users).set({ role, updated: new Date() }).where(eq(users.id, userId));
    },

    /** People whose e-mail or name contains `q`, or whose id it is; newest first. */
    async search(q: string, limit: number) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = q
        ? or(
            ilike(users.email, pattern),
            ilike(users.name, pattern),
            ...(uuidPattern.test(q) ? [eq(users.id, q)] : []),
          )
        : undefined;
      return db
        .select(personColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.created))
        .limit(limit);
    },

    /** The newest `limit` entries of a person's statement with the balance after each. */
    async statement(userId: string, limit: number): Promise<Row[]> {
      const result = await db.execute<Row>(sql`
        select ${ledgerColumns}, (sum(delta) over (order by id))::int as balance_after
          from token_ledger where user_id = ${userId}
         order by id desc limit ${limit}`);
      return result.rows;
    },

    /** The ledger entries of one generation or payment (anyone's), oldest first. */
    async entriesOf(of: { generationId: string } | { paymentId: string }): Promise<Row[]> {
      const where =
        'generationId' in of
          ? sql`generation_id = ${of.generationId}`
          : sql`payment_id = ${of.paymentId}`;
      const result = await db.execute<Row>(sql`
        select ${ledgerColumns},
               (select sum(x.delta) from token_ledger x
                 where x.user_id = l.user_id and x.id <= l.id)::int as balance_after
          from token_ledger l where ${where} order by id`);
      return result.rows;
    },

    async identities(userId: string): Promise<Row[]> {
      const result = await db.execute<Row>(sql`
        select provider, email, email_verified, created from auth_identities
         where user_id = ${userId} order by created`);
      return result.rows;
    },

    async referrals(userId: string): Promise<{ referredBy: Row | undefined; brought: Row[] }> {
      const by = await db.execute<Row>(sql`
        select r.id, r.email, r.name from users u join users r on r.id = u.referred_by
         where u.id = ${userId}`);
      const brought = await db.execute<Row>(sql`
        select id, email, name, created from users where referred_by = ${userId}
         order by created desc limit 200`);
      return { referredBy: by.rows[0], brought: brought.rows };
    },

    /** A person's live sessions, newest first. */
    async sessions(userId: string): Promise<Row[]> {
      const result = await db.execute<Row>(sql`
        select created, last_seen, expires_at, user_agent, ip from sessions
         where user_id = ${userId} and expires_at > now() and absolute_expires_at > now()
         order by created desc`);
      return result.rows;
    },

    async generations(filters: ListFilters): Promise<Row[]> {
      const result = await db.execute<Row>(sql`
        select ${generationColumns}
          from generation_requests g join users u on u.id = g.user_id
         where ${listConditions('g', filters)}
         order by g.created desc, g.id desc
         limit ${filters.limit} offset ${filters.offset}`);
      return result.rows;
    },

    /** One generation with everything the console shows of it. */
    async generation(id: string): Promise<Row | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const result = await db.execute<Row>(sql`
        select ${generationColumns}, g.updated, g.provider, g.replicate_id as prediction_id,
               g.error, g.submitted_at, g.completed_at, g.deadline, g.jsondata
          from generation_requests g join users u on u.id = g.user_id
         where g.id = ${id}`);
      return result.rows[0];
    },

    /** The stored outputs of a generation and their previews. */
    async outputs(generationId: string): Promise<Row[]> {
      const result = await db.execute<Row>(sql`
        select id, kind, mime, storage_key from files
         where generation_id = ${generationId} order by position, kind`);
      return result.rows;
    },

    async payments(filters: ListFilters): Promise<Row[]> {
      const result = await db.execute<Row>(sql`
        select ${paymentColumns}
          from payments p join users u on u.id = p.user_id
         where ${listConditions('p', filters)}
         order by p.created desc, p.id desc
         limit ${filters.limit} offset ${filters.offset}`);
      return result.rows;
    },

    async payment(id: string): Promise<Row | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const result = await db.execute<Row>(sql`
        select ${paymentColumns}, p.updated, p.package_id, p.cancel_reason, p.succeeded_at,
               p.closed_at, p.reversed_minor, p.amount_minor, p.shortfall_tokens, p.referrer_id,
               p.commission_tokens
          from payments p join users u on u.id = p.user_id
         where p.id = ${id}`);
      return result.rows[0];
    },

    /** Blocks (with a reason) or unblocks a person. */
    async setBlocked(userId: string, reason: string | null): Promise<void> {
      await db
        .update(users)
        .set({
          blockedAt: reason === null ? null : new Date(),
          blockedReason: reason,
          updated: new Date(),
        })
        .where(eq(users.id, userId));
    },

    /**
     * The overview's figures for everything since `since`. A generation its person cancelled is
     * failed with `canceled` in the table, but it is nobody's error: it counts as `canceled`,
     * apart from the failures.
     */
    async period(since: Date) {
      const signups = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from users where created >= ${since}`);
      const statuses = await db.execute<{ status: string; n: number }>(sql`
        select case when ${canceled} then 'canceled' else status end as status,
               count(*)::int as n
          from generation_requests
         where created >= ${since} group by 1`);
      const models = await db.execute<{
        model: string;
        total: number;
        failed: number;
        canceled: number;
        completed: number;
        median_ms: number | null;
      }>(sql`
        select model, count(*)::int as total,
               count(*) filter (where ${failedNotCanceled})::int as failed,
               count(*) filter (where ${canceled})::int as canceled,
               count(*) filter (where status = 'completed')::int as completed,
               (percentile_cont(0.5) within group (
                  order by extract(epoch from completed_at - created) * 1000)
                  filter (where status = 'completed' and completed_at is not null))::float8
                 as median_ms
          from generation_requests where created >= ${since}
         group by 1 order by 2 desc, 1`);
      const tokens = await db.execute<{ debited: number; refunded: number; credited: number }>(sql`
        select coalesce(-sum(delta) filter (where reason = 'generation_debit'), 0)::int as debited,
               coalesce(sum(delta) filter (where reason = 'generation_refund'), 0)::int as refunded,
               coalesce(sum(delta) filter (where reason = 'payment_credit'), 0)::int as credited
          from token_ledger where created >= ${since}`);
      const purchases = await db.execute<{ currency: string; count: number; revenue: string }>(sql`
        select currency, count(*)::int as count, sum(amount)::text as revenue
          from payments where status = 'succeeded' and succeeded_at >= ${since}
         group by 1 order by 1`);
      return {
        signups: signups.rows[0]?.n ?? 0,
        statuses: statuses.rows,
        models: models.rows,
        tokens: tokens.rows[0] ?? { debited: 0, refunded: 0, credited: 0 },
        purchases: purchases.rows,
      };
    },

    /**
     * The last `days` UTC days, oldest first: sign-ups, generations, failures (not the
     * cancellations) and revenue.
     */
    async days(days: number) {
      const result = await db.execute<{
        day: string;
        signups: number;
        generations: number;
        failed: number;
        revenue_rub: string;
        revenue_usd: string;
      }>(sql`
        with d as (
          select generate_series(
                   (now() at time zone 'utc')::date - ${days - 1}::int,
                   (now() at time zone 'utc')::date, interval '1 day')::date as day)
        select d.day::text as day,
               (select count(*) from users
                 where (created at time zone 'utc')::date = d.day)::int as signups,
               (select count(*) from generation_requests
                 where (created at time zone 'utc')::date = d.day)::int as generations,
               (select count(*) from generation_requests
                 where (created at time zone 'utc')::date = d.day and ${failedNotCanceled})::int
                 as failed,
               (select coalesce(sum(amount), 0) from payments
                 where status = 'succeeded' and currency = 'RUB'
                   and (succeeded_at at time zone 'utc')::date = d.day)::numeric(14, 2)::text
                 as revenue_rub,
               (select coalesce(sum(amount), 0) from payments
                 where status = 'succeeded' and currency = 'USD'
                   and (succeeded_at at time zone 'utc')::date = d.day)::numeric(14, 2)::text
                 as revenue_usd
          from d order by d.day`);
      return result.rows;
    },

    async record(entry: typeof adminAudit.$inferInsert): Promise<AdminAuditRow> {
      const [row] = await db.insert(adminAudit).values(entry).returning();
      if (!row) throw new Error('insert into admin_audit returned nothing');
      return row;
    },

    async audit(filters: {
      action?: string | undefined;
      subject?: string | undefined;
      actor?: string | undefined;
      from?: string | undefined;
      limit: number;
    }) {
      return db
        .select()
        .from(adminAudit)
        .where(
          and(
            filters.action ? eq(adminAudit.action, filters.action) : undefined,
            filters.subject ? eq(adminAudit.subjectId, filters.subject) : undefined,
            filters.actor ? ilike(adminAudit.actor, `%${filters.actor}%`) : undefined,
            filters.from ? gte(adminAudit.at, new Date(`${filters.from}T00:00:00Z`)) : undefined,
          ),
        )
        .orderBy(desc(adminAudit.id))
        .limit(filters.limit);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
