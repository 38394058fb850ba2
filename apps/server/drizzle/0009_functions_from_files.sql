-- Custom SQL migration (npm run db:functions): the current definitions of
-- src/db/functions/kadr_generation_counts_inserted.sql
-- src/db/functions/kadr_generation_counts_deleted.sql
-- src/db/functions/kadr_generation_counts_truncated.sql
-- src/db/functions/kadr_generation_owner_type_fixed.sql
-- src/db/functions/kadr_record_files_of.sql
-- src/db/functions/kadr_record_files_changed.sql
-- src/db/functions/kadr_history_page.sql
-- src/db/functions/kadr_create_generations.sql
-- src/db/functions/kadr_add_job.sql
-- ADR 009. Trigger function (generation_counts_insert, drizzle/0002): adds a statement's new rows
-- to generation_counts in the writer's transaction, so the history's total is never a count(*).
CREATE OR REPLACE FUNCTION "kadr_generation_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "generation_counts" AS c ("user_id", "type", "total")
  SELECT "user_id", "type", count(*)::int FROM new_rows GROUP BY "user_id", "type"
  ON CONFLICT ("user_id", "type") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END $$;--> statement-breakpoint
-- ADR 009. Trigger function (generation_counts_delete, drizzle/0002): takes a statement's deleted
-- rows off generation_counts in the writer's transaction.
CREATE OR REPLACE FUNCTION "kadr_generation_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "generation_counts" AS c SET "total" = c."total" - d.n
  FROM (SELECT "user_id", "type", count(*)::int AS n FROM old_rows GROUP BY "user_id", "type") AS d
  WHERE c."user_id" = d."user_id" AND c."type" = d."type";
  RETURN NULL;
END $$;--> statement-breakpoint
-- ADR 009. Trigger function (generation_counts_truncate, drizzle/0002): no requests, no counts.
CREATE OR REPLACE FUNCTION "kadr_generation_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "generation_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
-- ADR 009. Trigger function (generation_owner_type_fixed, drizzle/0002): generation_counts are
-- kept per (user, type) on insert and delete only, so a row's owner and type may never change.
CREATE OR REPLACE FUNCTION "kadr_generation_owner_type_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a generation''s user_id and type never change (generation_counts rely on it)'
    USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
-- ADR 009. A generation's files as its record shows them (outputs and previews, in order): what
-- generation_requests.record_files holds, so a history page reads one row per item and no other
-- table. The keys are RecordFile's (modules/generations/generation.repository.ts).
CREATE OR REPLACE FUNCTION "kadr_record_files_of"("p_generation" uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object(
           'id', f."id", 'kind', f."kind", 'storageKey', f."storage_key", 'mime', f."mime",
           'width', f."width", 'height', f."height", 'durationMs', f."duration_ms",
           'position', f."position")
         ORDER BY f."position", f."kind", f."id")
  FROM "files" AS f
  WHERE f."generation_id" = p_generation AND f."kind" IN ('output', 'thumbnail', 'poster')
$$;--> statement-breakpoint
-- ADR 009. Trigger function (record_files_*, drizzle/0006) on files: rebuilds record_files of
-- every generation whose files a statement touched, in the writer's transaction.
CREATE OR REPLACE FUNCTION "kadr_record_files_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "generation_requests" SET "record_files" = NULL WHERE "record_files" IS NOT NULL;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "generation_requests" AS g SET "record_files" = "kadr_record_files_of"(g."id")
    WHERE g."id" IN (SELECT "generation_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "generation_requests" AS g SET "record_files" = "kadr_record_files_of"(g."id")
    WHERE g."id" IN (SELECT "generation_id" FROM old_rows);
  ELSE
    UPDATE "generation_requests" AS g SET "record_files" = "kadr_record_files_of"(g."id")
    WHERE g."id" IN (SELECT "generation_id" FROM old_rows UNION SELECT "generation_id" FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- ADR 009. One page of a person's history (generation.repository.ts historyPage) as one row: the
-- exact total (generation_counts) and the page's records as JSON, files from record_files. ORDER BY
-- spells out NULLS LAST as the indexes do. The plan is pinned to one shape: the page (offset
-- included) from the (user, [type,] created desc, id desc) index alone, then its rows by primary
-- key. Why pin: with LIMIT/OFFSET as parameters PostgreSQL either plans every call anew (planning
-- costs about twice the run) or, for a cached generic plan, guesses that 10% of the rows are wanted
-- and sorts a full scan. The SET clauses hold only while this function runs; plans.test.ts checks
-- the plan.
CREATE OR REPLACE FUNCTION "kadr_history_page"("p_user" uuid, "p_type" text, "p_limit" integer, "p_offset" integer)
RETURNS TABLE ("total" integer, "items" json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_sort = off
SET enable_hashjoin = off
SET enable_mergejoin = off
SET max_parallel_workers_per_gather = 0
AS $$
#variable_conflict use_column
BEGIN
  IF p_type IS NULL THEN
    RETURN QUERY
    WITH page AS (
      SELECT g."id", g."created" FROM "generation_requests" AS g
      WHERE g."user_id" = p_user
      ORDER BY g."created" DESC NULLS LAST, g."id" DESC NULLS LAST
      LIMIT p_limit OFFSET p_offset
    ), page_rows AS (
      SELECT p."created" AS "sortCreated", p."id" AS "sortId", r AS "record"
      FROM page AS p
      JOIN LATERAL (
        SELECT g."id", g."user_id" AS "userId", g."type", g."model", g."status", g."error",
               g."replicate_id" AS "replicateId", g."jsondata", g."cost",
               coalesce(g."record_files", '[]'::jsonb) AS "files",
               to_char(g."created" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created",
               to_char(g."updated" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updated"
        FROM "generation_requests" AS g WHERE g."id" = p."id"
      ) AS r ON true
    )
    SELECT (SELECT coalesce(sum(c."total"), 0)::int FROM "generation_counts" AS c
            WHERE c."user_id" = p_user),
           coalesce((SELECT json_agg(r."record" ORDER BY r."sortCreated" DESC, r."sortId" DESC)
                     FROM page_rows AS r), '[]'::json);
  ELSE
    RETURN QUERY
    WITH page AS (
      SELECT g."id", g."created" FROM "generation_requests" AS g
      WHERE g."user_id" = p_user AND g."type" = p_type
      ORDER BY g."created" DESC NULLS LAST, g."id" DESC NULLS LAST
      LIMIT p_limit OFFSET p_offset
    ), page_rows AS (
      SELECT p."created" AS "sortCreated", p."id" AS "sortId", r AS "record"
      FROM page AS p
      JOIN LATERAL (
        SELECT g."id", g."user_id" AS "userId", g."type", g."model", g."status", g."error",
               g."replicate_id" AS "replicateId", g."jsondata", g."cost",
               coalesce(g."record_files", '[]'::jsonb) AS "files",
               to_char(g."created" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created",
               to_char(g."updated" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updated"
        FROM "generation_requests" AS g WHERE g."id" = p."id"
      ) AS r ON true
    )
    SELECT (SELECT coalesce(sum(c."total"), 0)::int FROM "generation_counts" AS c
            WHERE c."user_id" = p_user AND c."type" = p_type),
           coalesce((SELECT json_agg(r."record" ORDER BY r."sortCreated" DESC, r."sortId" DESC)
                     FROM page_rows AS r), '[]'::json);
  END IF;
END $$;--> statement-breakpoint
-- Its signature changed (p_settings, the values TypeScript owns): the 2-argument function goes.
DROP FUNCTION "kadr_create_generations"(uuid, jsonb);--> statement-breakpoint
-- ADR 009. One person's creates, paid for in one statement and its own implicit transaction
-- (generation.repository.ts insertPaidGenerations). Items are taken in order, as if one after
-- another: an Idempotency-Key already claimed (by anyone, or earlier in this batch) is 'key_taken'
-- and charges nothing; an item the remaining balance cannot cover is 'insufficient_tokens' and
-- writes nothing (its fresh claim is removed); every other item is 'created'. The accepted items are
-- then written together: requests (pending), debit entries, their submit jobs, ONE conditional
-- balance update by the sum, and the owner's notifications.
-- p_settings: the values TypeScript owns (db/sql-settings.ts): the submit job's name, attempts and
-- key prefix, the debit's ledger reason, the notification channels.
-- force_custom_plan: every statement, graphile-worker's add_jobs included (a function's SET clause
-- holds for nested calls too), is planned for the values at hand: a cached generic plan of the
-- queue's job-key lookup, made while the queue was small, scans the whole queue once it has grown.
CREATE OR REPLACE FUNCTION "kadr_create_generations"("p_user" uuid, "p_items" jsonb, "p_settings" jsonb)
RETURNS TABLE ("request_id" uuid, "outcome" text, "balance" integer)
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_item record;
  v_balance integer;
  v_spent integer := 0;
  v_accepted jsonb := '[]'::jsonb;
  v_job_name text := p_settings->>'jobName';
  v_job_max_attempts integer := (p_settings->>'jobMaxAttempts')::integer;
  v_job_key_prefix text := p_settings->>'jobKeyPrefix';
  v_debit_reason text := p_settings->>'debitReason';
  v_generation_channel text := p_settings->>'generationChannel';
  v_user_channel text := p_settings->>'userChannel';
BEGIN
  IF num_nulls(v_job_name, v_job_max_attempts, v_job_key_prefix, v_debit_reason,
               v_generation_channel, v_user_channel) > 0 THEN
    RAISE EXCEPTION 'p_settings lacks a value: %', p_settings USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- The owner's row, locked until commit: creates of one person take turns here, and the balance
  -- read below cannot change under us.
  SELECT u."tokens" INTO v_balance FROM "users" AS u WHERE u."id" = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no user %', p_user USING ERRCODE = 'foreign_key_violation';
  END IF;

  FOR v_item IN
    SELECT e.value AS raw, x.*
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(value, ord),
         jsonb_to_record(e.value) AS x("id" uuid, "cost" integer, "key" text,
                                       "request_hash" text, "response" jsonb)
    ORDER BY e.ord
  LOOP
    request_id := v_item."id";
    IF v_item."key" IS NOT NULL THEN
      INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash", "status_code", "response")
      VALUES (p_user, v_item."key", v_item."request_hash", 200, v_item."response")
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        outcome := 'key_taken';
        balance := NULL;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;
    IF v_item."cost" > v_balance - v_spent THEN
      IF v_item."key" IS NOT NULL THEN
        DELETE FROM "idempotency_keys" AS k WHERE k."user_id" = p_user AND k."key" = v_item."key";
      END IF;
      outcome := 'insufficient_tokens';
      balance := v_balance - v_spent;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_spent := v_spent + v_item."cost";
    v_accepted := v_accepted || jsonb_build_array(v_item.raw);
    outcome := 'created';
    balance := v_balance - v_spent;
    RETURN NEXT;
  END LOOP;

  IF jsonb_array_length(v_accepted) = 0 THEN
    RETURN;
  END IF;

  INSERT INTO "generation_requests" ("id", "user_id", "type", "model", "status", "cost", "jsondata",
                                     "created", "updated")
  SELECT a."id", p_user, a."type", a."model", 'pending', a."cost", a."jsondata",
         clock_timestamp(), clock_timestamp()
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid, "type" text, "model" text, "cost" integer,
                                          "jsondata" jsonb);

  INSERT INTO "token_ledger" ("user_id", "delta", "reason", "generation_id")
  SELECT p_user, -a."cost", v_debit_reason, a."id"
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid, "cost" integer);

  PERFORM graphile_worker.add_jobs(ARRAY(
    SELECT ROW(v_job_name, json_build_object('id', a."id"), NULL, NULL, v_job_max_attempts,
               v_job_key_prefix || a."id", NULL, NULL)::graphile_worker.job_spec
    FROM jsonb_to_recordset(v_accepted) AS a("id" uuid)
  ));

  -- Still conditional, and users_tokens_non_negative stands behind it: a balance never goes below 0.
  UPDATE "users" AS u SET "tokens" = u."tokens" - v_spent, "updated" = now()
  WHERE u."id" = p_user AND u."tokens" >= v_spent;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'balance of % changed under its lock', p_user;
  END IF;

  PERFORM pg_notify(v_generation_channel, p_user::text || ':' || a."id"::text)
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid);
  PERFORM pg_notify(v_user_channel, p_user::text);
END $$;--> statement-breakpoint
-- ADR 009. Every enqueue outside a create (jobs/enqueue.ts: re-submit, webhook ingest, reconcile)
-- goes through this wrapper, which plans graphile-worker's add_job for the values at hand
-- (force_custom_plan holds for nested calls too): a generic plan of its job-key lookup, cached while
-- the queue was small, scans the whole queue once it has grown. plpgsql resolves graphile_worker at
-- call time, so the queue's own migrations (run after ours) may come later.
CREATE OR REPLACE FUNCTION "kadr_add_job"(
  "name" text,
  "payload" json,
  "key" text,
  "attempts" int,
  "at" timestamptz
) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    "name",
    "payload",
    job_key := "key",
    max_attempts := "attempts",
    run_at := "at"
  );
END;
$$;
