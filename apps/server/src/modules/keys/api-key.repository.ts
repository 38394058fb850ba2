import type { ApiKeyScope } from '@kadr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { accountEvents, apiKeys, apiKeyUsage, generationRequests, users } from '../../db/schema.ts';
import { realtimeChannels } from '../../lib/realtime-messages.ts';

/** A key as its owner's list shows it, with what it spent and how often it was used today. */
export interface ApiKeyRow {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  created: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  allowedModels: string[] | null;
  scope: ApiKeyScope;
  webhookUrl: string | null;
  spentToday: number;
  spentMonth: number;
  spentTotal: number;
  requestsToday: number;
}

/** What a bearer request needs of its key (and of its owner), read by the key's hash. */
export interface ApiKeyAuthRow {
  id: string;
  userId: string;
  revokedAt: Date | null;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  allowedModels: string[] | null;
  scope: ApiKeyScope;
  webhookUrl: string | null;
  ownerBlocked: boolean;
  ownerBlockedReason: string | null;
}

/** The fields a change may set (absent: unchanged). */
export interface ApiKeyChanges {
  name?: string;
  dailyLimit?: number | null;
  monthlyLimit?: number | null;
  allowedModels?: string[] | null;
  scope?: ApiKeyScope;
  webhookUrl?: string | null;
}

export interface AccountEventInsert {
  userId: string;
  action: 'api_key.created' | 'api_key.changed' | 'api_key.revoked' | 'webhook.replayed';
  actor: string;
  subjectId: string | null;
  details: unknown;
  ip: string | null;
}

export interface AccountEventRow {
  id: number;
  at: Date;
  action: AccountEventInsert['action'];
  actor: string;
  subjectId: string | null;
  details: unknown;
}

type Raw = Record<string, unknown>;
/** The column's check allows only these two; anything else would be a broken row, read narrowly. */
const scopeOf = (value: unknown): ApiKeyScope => (value === 'account' ? 'account' : 'key');
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const maybeDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : date(value);

/** The UTC day (`YYYY-MM-DD`) and the spend periods, as the create statement counts them. */
const dayStart = sql`(date_trunc('day', now() at time zone 'utc') at time zone 'utc')`;
const monthStart = sql`(date_trunc('month', now() at time zone 'utc') at time zone 'utc')`;

/** A key's columns with its spend (generations not failed: a refund gives the limit back). */
const listed = sql`
  select k.id, k.user_id, k.name, k.prefix, k.created, k.last_used_at, k.revoked_at,
         k.daily_limit, k.monthly_limit, k.allowed_models, k.scope, k.webhook_url,
         coalesce(s.today, 0)::int as spent_today, coalesce(s.month, 0)::int as spent_month,
         coalesce(s.total, 0)::int as spent_total, coalesce(u.requests, 0)::int as requests_today
    from ${apiKeys} k
    left join lateral (
      select sum(g.cost) filter (where g.created >= ${dayStart}) as today,
             sum(g.cost) filter (where g.created >= ${monthStart}) as month,
             sum(g.cost) as total
        from ${generationRequests} g
       where g.api_key_id = k.id and g.status <> 'failed') s on true
    left join ${apiKeyUsage} u
      on u.key_id = k.id and u.day = to_char(now() at time zone 'utc', 'YYYY-MM-DD')`;

function toRow(raw: Raw): ApiKeyRow {
  return {
    id: String(raw.id),
    userId: String(raw.user_id),
    name: String(raw.name),
    prefix: String(raw.prefix),
    created: date(raw.created),
    lastUsedAt: maybeDate(raw.last_used_at),
    revokedAt: maybeDate(raw.revoked_at),
    dailyLimit: (raw.daily_limit as number | null) ?? null,
    monthlyLimit: (raw.monthly_limit as number | null) ?? null,
    allowedModels: (raw.allowed_models as string[] | null) ?? null,
    scope: scopeOf(raw.scope),
    webhookUrl: (raw.webhook_url as string | null) ?? null,
    spentToday: Number(raw.spent_today ?? 0),
    spentMonth: Number(raw.spent_month ?? 0),
    spentTotal: Number(raw.spent_total ?? 0),
    requestsToday: Number(raw.requests_today ?? 0),
  };
}

/**
 * `api_keys`, `api_key_usage` and `account_events` (the person's audit). Every read and change of a
 * key is scoped to its owner; a revoke notifies every node (`kadr_api_key`, the key's hash) in the
 * same statement, so their caches forget it at commit.
 */
export function createApiKeyRepository(db: Executor) {
  async function one(where: SQL): Promise<ApiKeyRow | undefined> {
    const result = await db.execute<Raw>(sql`${listed} where ${where}`);
    const raw = result.rows[0];
    return raw ? toRow(raw) : undefined;
  }

  return {
    /** Locks the owner's row (the live-key count and an insert stay one decision). */
    async lockOwner(userId: string): Promise<void> {
      await db.execute(sql`select 1 from ${users} where id = ${userId} for update`);
    },

    async countLive(userId: string): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from ${apiKeys} where user_id = ${userId} and revoked_at is null`);
      return result.rows[0]?.n ?? 0;
    },

    async insert(values: {
      userId: string;
      name: string;
      prefix: string;
      keyHash: string;
      webhookSecret: string;
      dailyLimit: number | null;
      monthlyLimit: number | null;
      allowedModels: string[] | null;
      scope: ApiKeyScope;
      webhookUrl: string | null;
    }): Promise<ApiKeyRow> {
      const [inserted] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
      if (!inserted) throw new Error('insert into api_keys returned nothing');
      const row = await one(sql`k.id = ${inserted.id}`);
      if (!row) throw new Error('an inserted key could not be read back');
      return row;
    },

    /** The person's keys, live ones first, newest first. */
    async list(userId: string): Promise<ApiKeyRow[]> {
      const result = await db.execute<Raw>(sql`${listed}
        where k.user_id = ${userId}
        order by (k.revoked_at is null) desc, k.created desc, k.id desc`);
      return result.rows.map(toRow);
    },

    /** One of the person's keys (undefined for anyone else's). */
    findOwned: (userId: string, id: string) => one(sql`k.id = ${id} and k.user_id = ${userId}`),

    /** Any key by id (the console). */
    findById: (id: string) => one(sql`k.id = ${id}`),

    /** Locks one of the person's keys for a change and answers it. */
    async lockOwned(userId: string, id: string): Promise<ApiKeyRow | undefined> {
      await db.execute(
        sql`select 1 from ${apiKeys} where id = ${id} and user_id = ${userId} for update`,
      );
      return one(sql`k.id = ${id} and k.user_id = ${userId}`);
    },

    /** Sets the given fields and tells every node to read the key again; answers its hash. */
    async update(id: string, changes: ApiKeyChanges): Promise<string | undefined> {
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.dailyLimit !== undefined) set.dailyLimit = changes.dailyLimit;
      if (changes.monthlyLimit !== undefined) set.monthlyLimit = changes.monthlyLimit;
      if (changes.allowedModels !== undefined) set.allowedModels = changes.allowedModels;
      if (changes.scope !== undefined) set.scope = changes.scope;
      if (changes.webhookUrl !== undefined) set.webhookUrl = changes.webhookUrl;
      if (Object.keys(set).length === 0) return undefined;
      await db.update(apiKeys).set(set).where(sql`${apiKeys.id} = ${id}`);
      const result = await db.execute<{ key_hash: string }>(sql`
        select key_hash, pg_notify(${realtimeChannels.apiKey}, key_hash)
          from ${apiKeys} where id = ${id}`);
      return result.rows[0]?.key_hash;
    },

    /**
     * Marks a live key revoked and, in the same statement, notifies every node; answers its hash,
     * or undefined when it was revoked already.
     */
    async revoke(id: string): Promise<string | undefined> {
      const result = await db.execute<{ key_hash: string }>(sql`
        with gone as (
          update ${apiKeys} set revoked_at = now() where id = ${id} and revoked_at is null
          returning key_hash)
        select key_hash, pg_notify(${realtimeChannels.apiKey}, key_hash) from gone`);
      return result.rows[0]?.key_hash;
    },

    /** Tells every node to read all of the person's keys again (their owner was blocked). */
    async notifyOwnerKeys(userId: string): Promise<string[]> {
      const result = await db.execute<{ key_hash: string }>(sql`
        select key_hash, pg_notify(${realtimeChannels.apiKey}, key_hash) from ${apiKeys}
         where user_id = ${userId} and revoked_at is null`);
      return result.rows.map((row) => row.key_hash);
    },

    async webhookSecret(userId: string, id: string): Promise<string | undefined> {
      const result = await db.execute<{ webhook_secret: string }>(sql`
        select webhook_secret from ${apiKeys} where id = ${id} and user_id = ${userId}`);
      return result.rows[0]?.webhook_secret;
    },

    /** The key behind a hash, with its owner's block (a bearer request's one query). */
    async findByHash(hash: string): Promise<ApiKeyAuthRow | undefined> {
      const result = await db.execute<Raw>(sql`
        select k.id, k.user_id, k.revoked_at, k.daily_limit, k.monthly_limit, k.allowed_models,
               k.scope, k.webhook_url, u.blocked_at is not null as owner_blocked,
               u.blocked_reason as owner_blocked_reason
          from ${apiKeys} k join ${users} u on u.id = k.user_id
         where k.key_hash = ${hash}`);
      const raw = result.rows[0];
      if (!raw) return undefined;
      return {
        id: String(raw.id),
        userId: String(raw.user_id),
        revokedAt: maybeDate(raw.revoked_at),
        dailyLimit: (raw.daily_limit as number | null) ?? null,
        monthlyLimit: (raw.monthly_limit as number | null) ?? null,
        allowedModels: (raw.allowed_models as string[] | null) ?? null,
        scope: scopeOf(raw.scope),
        webhookUrl: (raw.webhook_url as string | null) ?? null,
        ownerBlocked: raw.owner_blocked === true,
        ownerBlockedReason: (raw.owner_blocked_reason as string | null) ?? null,
      };
    },

    /** Records that the key was used (callers write it at most once a minute). */
    async touch(id: string, at: Date): Promise<void> {
      await db.execute(
        sql`update ${apiKeys} set last_used_at = ${at.toISOString()} where id = ${id}`,
      );
    },

    /** Adds counted requests, per key and UTC day, in one statement. */
    async addUsage(counts: { keyId: string; day: string; requests: number }[]): Promise<void> {
      if (counts.length === 0) return;
      await db.execute(sql`
        insert into ${apiKeyUsage} (key_id, day, requests)
        select c.key_id, c.day, c.requests
          from jsonb_to_recordset(${JSON.stringify(
            counts.map((c) => ({ key_id: c.keyId, day: c.day, requests: c.requests })),
          )}::jsonb) as c(key_id uuid, day text, requests int)
          join ${apiKeys} k on k.id = c.key_id
        on conflict (key_id, day) do update
          set requests = ${apiKeyUsage}.requests + excluded.requests`);
    },

    /** Requests per UTC day of one key, newest first, the last `days` days that had any. */
    async usageByDay(keyId: string, days: number): Promise<{ day: string; requests: number }[]> {
      const result = await db.execute<{ day: string; requests: number }>(sql`
        select day, requests from ${apiKeyUsage}
         where key_id = ${keyId} order by day desc limit ${days}`);
      return result.rows.map((row) => ({ day: row.day, requests: Number(row.requests) }));
    },

    async insertEvent(event: AccountEventInsert): Promise<void> {
      await db.insert(accountEvents).values({
        userId: event.userId,
        action: event.action,
        actor: event.actor,
        subjectId: event.subjectId,
        details: event.details,
        ip: event.ip,
      });
    },

    /** The person's audit, newest first. */
    async events(userId: string, limit: number): Promise<AccountEventRow[]> {
      const result = await db.execute<Raw>(sql`
        select id, at, action, actor, subject_id, details from ${accountEvents}
         where user_id = ${userId} order by at desc, id desc limit ${limit}`);
      return result.rows.map((raw) => ({
        id: Number(raw.id),
        at: date(raw.at),
        action: raw.action as AccountEventRow['action'],
        actor: String(raw.actor),
        subjectId: (raw.subject_id as string | null) ?? null,
        details: raw.details ?? null,
      }));
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
