import type { GenerationErrorCode, GenerationJsondata, GenerationStatus } from '@kadr/contract';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../../db/executor.ts';
import { collectionItems, collections, files, generationRequests } from '../../db/schema.ts';
import { encodeRealtimeMessage } from '../../lib/realtime-messages.ts';
import type { FileRow } from '../files/index.ts';
import { createGenerationsSettingsJson, createGenerationsSettingsWith } from './create-settings.ts';

export type GenerationRow = typeof generationRequests.$inferSelect;

const active: GenerationStatus[] = ['pending', 'processing'];

export interface PaidGeneration {
  id: string;
  type: 'image' | 'video';
  model: string;
  cost: number;
  jsondata: Record<string, unknown>;
  /**
   * Lineage: the person's generation whose output this one is made from; kept only if it still
   * exists and is theirs when the statement runs.
   */
  sourceId?: string | null | undefined;
  /** Claimed in the same transaction, with the answer a repeat will replay. */
  idempotency?: { key: string; requestHash: string; response: unknown } | undefined;
  /**
   * The API key it is made with (issue #37): its spend today and this month, counted under the
   * owner's lock, must stay within the key's limits (null: none).
   */
  apiKey?: { id: string; dailyLimit: number | null; monthlyLimit: number | null } | undefined;
  /** A webhook URL given with this request (sent its ending beside the key's own). */
  webhookUrl?: string | null | undefined;
}

export type PaidGenerationOutcome =
  /** `created`: the new row's created (and updated) time. */
  | { outcome: 'created'; balance: number; created: Date }
  | { outcome: 'insufficient_tokens'; balance: number }
  | { outcome: 'too_many_running'; balance: number }
  /** The API key's spend limit for the UTC day or month would be passed: nothing written. */
  | { outcome: 'key_daily_limit' | 'key_monthly_limit'; balance: number }
  | { outcome: 'key_taken' };

/**
 * Creates one person's generations, paid for, in ONE statement and its own implicit transaction:
 * `kadr_create_generations` (db/functions) locks the person's row, takes the
 * items in order (claims each Idempotency-Key, checks the remaining balance), then writes every
 * accepted request as pending with its debit entry and submit job, moves the balance once by the
 * sum (conditionally), and notifies. No client round trip happens while the row is locked, and a
 * batch of creates shares one commit (one WAL flush). Answers one outcome per item, in order.
 */
async function insertPaidGenerations(
  pool: pg.Pool,
  userId: string,
  items: PaidGeneration[],
  limits: { maxRunning?: number | undefined },
): Promise<PaidGenerationOutcome[]> {
  const result = await pool.query<{
    request_id: string;
    outcome: string;
    balance: number | null;
    created: Date | null;
  }>({
    // Named: each connection parses and plans it once.
    name: 'kadr_create_generations',
    text: 'select request_id, outcome, balance, created from kadr_create_generations($1::uuid, $2::jsonb, $3::jsonb)',
    values: [
      userId,
      JSON.stringify(
        items.map((item) => ({
          id: item.id,
          type: item.type,
          model: item.model,
          cost: item.cost,
          jsondata: item.jsondata,
          source_id: item.sourceId ?? null,
          key: item.idempotency?.key ?? null,
          request_hash: item.idempotency?.requestHash ?? null,
          response: item.idempotency?.response ?? null,
          api_key_id: item.apiKey?.id ?? null,
          daily_limit: item.apiKey?.dailyLimit ?? null,
          monthly_limit: item.apiKey?.monthlyLimit ?? null,
          webhook_url: item.webhookUrl ?? null,
        })),
      ),
      limits.maxRunning === undefined
        ? createGenerationsSettingsJson
        : createGenerationsSettingsWith({ maxRunning: limits.maxRunning }),
    ],
  });
  if (result.rows.length !== items.length) {
    throw new Error(`kadr_create_generations answered ${result.rows.length} of ${items.length}`);
  }
  return result.rows.map((row, i) => {
    if (row.request_id !== items[i]?.id) throw new Error('kadr_create_generations reordered items');
    if (row.outcome === 'key_taken') return { outcome: 'key_taken' };
    if (row.balance === null) throw new Error(`no balance for outcome ${row.outcome}`);
    if (row.outcome === 'created') {
      if (!row.created) throw new Error('kadr_create_generations answered no created time');
      return { outcome: 'created', balance: row.balance, created: row.created };
    }
    if (
      row.outcome === 'insufficient_tokens' ||
      row.outcome === 'too_many_running' ||
      row.outcome === 'key_daily_limit' ||
      row.outcome === 'key_monthly_limit'
    ) {
      return { outcome: row.outcome, balance: row.balance };
    }
    throw new Error(`unknown outcome ${row.outcome}`);
  });
}

/** What a generation record needs of one of its files (outputs and their previews). */
export type RecordFile = Pick<
  FileRow,
  'id' | 'kind' | 'storageKey' | 'mime' | 'width' | 'height' | 'durationMs' | 'position'
>;

/**
 * A generation as a record shows it: timestamps as Date (drizzle rows) or ISO text (the history).
 * `sourceGenerationId` is absent from history records stored before lineage (read as null).
 */
export type RecordRow = Pick<
  GenerationRow,
  | 'id'
  | 'userId'
  | 'type'
  | 'model'
  | 'status'
  | 'error'
  | 'errorCode'
  | 'replicateId'
  | 'jsondata'
  | 'cost'
  | 'favorite'
> &
  Partial<Pick<GenerationRow, 'sourceGenerationId'>> & {
    created: Date | string;
    updated: Date | string;
  };

/** What a history page can be narrowed by, besides its type. */
export interface HistoryFilters {
  type?: 'image' | 'video' | undefined;
  favorite?: boolean | undefined;
  collection?: string | undefined;
  q?: string | undefined;
}

export interface HistoryPage {
  /** Exact: the person's maintained per-type counts (generation_counts), not a count of rows. */
  total: number;
  /** Newest first, each with its files (from record_files). */
  rows: (RecordRow & { files: RecordFile[] })[];
}

/**
 * One page of a person's requests, newest first, with their files and the exact total, in one call
 * of `kadr_history_page` (db/functions/kadr_history_page.sql): the page from the index, the
 * total from generation_counts, each item as its row stores it (history_record, files included),
 * all as one row of JSON.
 */
async function historyPage(
  pool: pg.Pool,
  userId: string,
  options: { page: number; perPage: number; type?: 'image' | 'video' | undefined },
): Promise<HistoryPage> {
  const result = await pool.query<{ total: number; items: HistoryPage['rows'] }>({
    name: 'kadr_history_page',
    text: 'select total, items from kadr_history_page($1::uuid, $2::text, $3::int, $4::int)',
    values: [userId, options.type ?? null, options.perPage, (options.page - 1) * options.perPage],
  });
  const row = result.rows[0];
  if (!row) throw new Error('kadr_history_page answered no row');
  return { total: row.total, rows: row.items };
}

/**
 * The two hot paths, each one call of a SQL function as a named statement (parsed and planned once
 * per pooled connection). Each runs in its own implicit transaction: they are never part of a
 * wider one, so they exist on the pool's repositories only.
 */
export function createGenerationStatements(pool: pg.Pool) {
  return {
    insertPaid: (
      userId: string,
      items: PaidGeneration[],
      limits: { maxRunning?: number | undefined } = {},
    ) => insertPaidGenerations(pool, userId, items, limits),
    historyPage: (
      userId: string,
      options: { page: number; perPage: number; type?: 'image' | 'video' | undefined },
    ) => historyPage(pool, userId, options),
  };
}

/** The columns a record is made of, its files included (from record_files). */
const recordColumns = {
  id: generationRequests.id,
  userId: generationRequests.userId,
  type: generationRequests.type,
  model: generationRequests.model,
  status: generationRequests.status,
  error: generationRequests.error,
  errorCode: generationRequests.errorCode,
  replicateId: generationRequests.replicateId,
  jsondata: generationRequests.jsondata,
  cost: generationRequests.cost,
  favorite: generationRequests.favorite,
  sourceGenerationId: generationRequests.sourceGenerationId,
  created: generationRequests.created,
  updated: generationRequests.updated,
  files: sql<RecordFile[]>`coalesce(${generationRequests.recordFiles}, '[]'::jsonb)`,
};

/** A generation as `/api/v1` lists it: its record's row, files, key and exact `created` text. */
export type ApiPageRow = RecordRow & {
  files: RecordFile[];
  apiKeyId: string | null;
  /** `created` as PostgreSQL writes it (microseconds kept): a cursor's position. */
  at: string;
};

export function createGenerationRepository(db: Executor) {
  return {
    /** One of the person's generations with its files (from record_files), in one query. */
    async findOwnedRecord(
      userId: string,
      id: string,
    ): Promise<(RecordRow & { files: RecordFile[]; apiKeyId: string | null }) | undefined> {
      const g = generationRequests;
      const [row] = await db
        .select({ ...recordColumns, apiKeyId: g.apiKeyId })
        .from(g)
        .where(and(eq(g.id, id), eq(g.userId, userId)))
        .limit(1);
      return row;
    },

    /**
     * Up to `limit` of the person's generations after a position (`before`: the `at` and id of the
     * last one of the previous page), newest first, from the (user, created, id) index.
     */
    async cursorPage(
      userId: string,
      options: {
        before?: { at: string; id: string } | undefined;
        limit: number;
        type?: 'image' | 'video' | undefined;
        status?: GenerationStatus | undefined;
        /** Only those made with this API key (a key scoped to its own, issue #51). */
        apiKeyId?: string | undefined;
      },
    ): Promise<ApiPageRow[]> {
      const g = generationRequests;
      const conditions = [eq(g.userId, userId)];
      if (options.apiKeyId) conditions.push(eq(g.apiKeyId, options.apiKeyId));
      if (options.type) conditions.push(eq(g.type, options.type));
      if (options.status) conditions.push(eq(g.status, options.status));
      if (options.before) {
        conditions.push(
          sql`(${g.created}, ${g.id}) < (${options.before.at}::timestamptz, ${options.before.id}::uuid)`,
        );
      }
      return db
        .select({ ...recordColumns, apiKeyId: g.apiKeyId, at: sql<string>`${g.created}::text` })
        .from(g)
        .where(and(...conditions))
        .orderBy(sql`${g.created} desc, ${g.id} desc`)
        .limit(options.limit);
    },

    /** Tells every open realtime stream of the owner (on any node) that a request changed; sent on commit. */
    async notify(userId: string, id: string): Promise<void> {
      const { channel, payload } = encodeRealtimeMessage({
        kind: 'generation',
        userId,
        generationId: id,
      });
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },

    async findById(id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(eq(generationRequests.id, id))
        .limit(1);
      return row;
    },

    /** Stars or unstars one of the person's generations. */
    async setFavorite(
      userId: string,
      id: string,
      favorite: boolean,
    ): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({ favorite, updated: sql`now()` })
        .where(and(eq(generationRequests.id, id), eq(generationRequests.userId, userId)))
        .returning();
      return row;
    },

    /**
     * A page of the person's generations narrowed by stars, a collection or words of the prompt
     * (the plain history page is `historyPage`, one pinned SQL function), newest first, with the
     * exact total.
     */
    async filteredPage(
      userId: string,
      options: HistoryFilters & { page: number; perPage: number },
    ): Promise<HistoryPage> {
      const g = generationRequests;
      const conditions = [eq(g.userId, userId)];
      if (options.type) conditions.push(eq(g.type, options.type));
      if (options.favorite) conditions.push(eq(g.favorite, true));
      if (options.collection) {
        conditions.push(
          sql`exists (select 1 from ${collectionItems} ci join ${collections} c on c.id = ci.collection_id
                      where ci.generation_id = ${g.id} and c.id = ${options.collection} and c.user_id = ${userId})`,
        );
      }
      if (options.q) {
        const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(${g.jsondata} ->> 'prompt') ilike ${pattern}`);
      }
      const where = and(...conditions);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(g).where(where);
      const rows = await db
        .select(recordColumns)
        .from(g)
        .where(where)
        .orderBy(sql`${g.created} desc, ${g.id} desc`)
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { total: counted?.total ?? 0, rows };
    },

    /**
     * Deletes one of the person's finished generations with its file records (collection entries
     * go with it; ledger entries stay, no longer linked). Answers the storage keys whose objects
     * the caller removes after commit; 'running' when it has not finished; undefined when there
     * is no such generation of this person.
     */
    async deleteFinished(userId: string, id: string): Promise<string[] | 'running' | undefined> {
      const [row] = await db
        .select({ status: generationRequests.status })
        .from(generationRequests)
        .where(and(eq(generationRequests.id, id), eq(generationRequests.userId, userId)))
        .for('update');
      if (!row) return undefined;
      if (row.status !== 'completed' && row.status !== 'failed') return 'running';
      const keys = await db
        .select({ key: files.storageKey })
        .from(files)
        .where(eq(files.generationId, id));
      await db.delete(generationRequests).where(eq(generationRequests.id, id));
      return keys.map((k) => k.key);
    },

    async findOwned(userId: string, id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(and(eq(generationRequests.id, id), eq(generationRequests.userId, userId)))
        .limit(1);
      return row;
    },

    /**
     * What the person made from one of their generations (its edits, ADR 038), newest first, at
     * most `limit`, each with its files; from the source index.
     */
    async findEdits(
      userId: string,
      sourceId: string,
      limit: number,
    ): Promise<(RecordRow & { files: RecordFile[] })[]> {
      const g = generationRequests;
      return (
        db
          .select(recordColumns)
          .from(g)
          .where(and(eq(g.sourceGenerationId, sourceId), eq(g.userId, userId)))
          // As the index orders them, so the newest are read from it without a sort.
          .orderBy(sql`${g.created} desc nulls last, ${g.id} desc nulls last`)
          .limit(limit)
      );
    },

    async findByPrediction(predictionId: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(generationRequests)
        .where(
          and(
            eq(generationRequests.provider, 'replicate'),
            eq(generationRequests.replicateId, predictionId),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * The provider accepted the request: remember its prediction. The request stays `pending`
     * while the prediction waits to start (a cold model boots) and is `processing` once it runs.
     */
    async markSubmitted(
      id: string,
      predictionId: string,
      deadline: Date,
      status: 'pending' | 'processing',
    ): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({
          replicateId: predictionId,
          status,
          // It no longer waits for the model (issue #38).
          jsondata: sql`${generationRequests.jsondata} - 'waiting_for'`,
          submittedAt: sql`now()`,
          submittingAt: null,
          updated: sql`now()`,
          deadline,
        })
        .where(
          and(
            eq(generationRequests.id, id),
            eq(generationRequests.status, 'pending'),
            isNull(generationRequests.replicateId),
          ),
        )
        .returning();
      return row;
    },

    /**
     * A submit's claim to ask the provider for this request's prediction. `previous` is when an
     * earlier submit asked without its answer recorded (a crash, a timeout): that prediction may
     * exist. `claimed` is false while that earlier claim is younger than `leaseMs` (it may still be
     * waiting for the answer). Undefined when the request is no longer waiting to be submitted.
     */
    async claimSubmission(
      id: string,
      leaseMs: number,
    ): Promise<{ claimed: boolean; previous: Date | null } | undefined> {
      const result = await db.execute<{ previous: string | null; claimed: boolean }>(sql`
        with current as (
          select id, submitting_at from generation_requests
           where id = ${id} and status = 'pending' and replicate_id is null
           for update
        ), claimed as (
          update generation_requests g
             set submitting_at = now(), updated = now()
            from current c
           where g.id = c.id
             and (c.submitting_at is null
                  or c.submitting_at < now() - make_interval(secs => ${leaseMs / 1000}))
          returning g.id
        )
        select c.submitting_at as previous, exists(select 1 from claimed) as claimed
          from current c`);
      const row = result.rows[0];
      if (!row) return undefined;
      return { claimed: row.claimed, previous: row.previous ? new Date(row.previous) : null };
    },

    /** The provider refused to create the prediction: no prediction exists to look for later. */
    async releaseSubmission(id: string): Promise<void> {
      await db
        .update(generationRequests)
        .set({ submittingAt: null })
        .where(and(eq(generationRequests.id, id), isNull(generationRequests.replicateId)));
    },

    /** The provider started running a submitted prediction: pending → processing, once. */
    async markProcessing(id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({ status: 'processing', updated: sql`now()` })
        .where(
          and(
            eq(generationRequests.id, id),
            eq(generationRequests.status, 'pending'),
            isNotNull(generationRequests.replicateId),
          ),
        )
        .returning();
      return row;
    },

    /**
     * A request waits (issue #38): for the model (`model`: its submission is retried later; only
     * while it is pending with no prediction) or for the store (`storage`: its prediction's result
     * is kept in `patch` and storing it is retried; only while it is active and bound to
     * `predictionId`). Touches the row. Undefined when it is no longer in that state.
     */
    async markWaiting(
      id: string,
      waiting:
        | { for: 'model'; patch: { submit_retries: number } }
        | {
            for: 'storage';
            predictionId: string;
            patch: { store_retries: number; provider_output: unknown };
          },
    ): Promise<GenerationRow | undefined> {
      const g = generationRequests;
      const state =
        waiting.for === 'model'
          ? and(eq(g.status, 'pending'), isNull(g.replicateId))
          : and(inArray(g.status, active), eq(g.replicateId, waiting.predictionId));
      const patch = { ...waiting.patch, waiting_for: waiting.for };
      const [row] = await db
        .update(g)
        .set({
          jsondata: sql`${g.jsondata} || ${JSON.stringify(patch)}::jsonb`,
          updated: sql`now()`,
        })
        .where(and(eq(g.id, id), state))
        .returning();
      return row;
    },

    /** Ends an active request as failed; undefined when it had already ended (so nobody refunds twice). */
    async markFailed(
      id: string,
      errorCode: GenerationErrorCode,
      error: string,
    ): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({
          status: 'failed',
          error,
          errorCode,
          // Nothing waits any more, and a kept result that could not be stored goes.
          jsondata: sql`${generationRequests.jsondata} - 'waiting_for' - 'provider_output'`,
          completedAt: sql`now()`,
          updated: sql`now()`,
        })
        .where(and(eq(generationRequests.id, id), inArray(generationRequests.status, active)))
        .returning();
      return row;
    },

    async markCompleted(id: string, output: unknown[]): Promise<GenerationRow | undefined> {
      const [row] = await db
        .update(generationRequests)
        .set({
          status: 'completed',
          jsondata: sql`(${generationRequests.jsondata} - 'waiting_for' - 'provider_output') || jsonb_build_object('output', ${JSON.stringify(output)}::jsonb)`,
          completedAt: sql`now()`,
          updated: sql`now()`,
        })
        .where(and(eq(generationRequests.id, id), inArray(generationRequests.status, active)))
        .returning();
      return row;
    },

    /**
     * A request of Kadr's own work that follows from another (the join a continuation makes, ADR
     * 047): pending, free (no ledger entry), written in the transaction that completes its cause,
     * so it exists exactly when that completion does. Its job is enqueued in the same transaction.
     */
    async insertFree(values: {
      id: string;
      userId: string;
      type: 'image' | 'video';
      model: string;
      jsondata: GenerationJsondata;
      sourceId: string | null;
      /** The API key it was made for (a continuation's own join), null: the studio's. */
      apiKeyId?: string | null;
    }): Promise<GenerationRow> {
      const [row] = await db
        .insert(generationRequests)
        .values({
          id: values.id,
          userId: values.userId,
          type: values.type,
          model: values.model,
          status: 'pending',
          cost: 0,
          jsondata: values.jsondata,
          sourceGenerationId: values.sourceId,
          apiKeyId: values.apiKeyId ?? null,
        })
        .returning();
      if (!row) throw new Error('the request was not written');
      return row;
    },

    async mergeJsondata(id: string, patch: Record<string, unknown>): Promise<void> {
      await db
        .update(generationRequests)
        .set({
          jsondata: sql`${generationRequests.jsondata} || ${JSON.stringify(patch)}::jsonb`,
          updated: sql`now()`,
        })
        .where(eq(generationRequests.id, id));
    },

    /** Active requests nobody has heard about since `quietSince`. */
    async findQuiet(quietSince: Date, limit: number): Promise<GenerationRow[]> {
      return db
        .select()
        .from(generationRequests)
        .where(
          and(
            inArray(generationRequests.status, active),
            lt(generationRequests.updated, quietSince),
          ),
        )
        .orderBy(generationRequests.updated)
        .limit(limit);
    },

    async touch(id: string): Promise<void> {
      await db
        .update(generationRequests)
        .set({ updated: sql`now()` })
        .where(eq(generationRequests.id, id));
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;

type GenerationStatements = ReturnType<typeof createGenerationStatements>;

/** The generations part outside a transaction: the repository and the pooled statements. */
export type Generations = GenerationRepository & GenerationStatements;
