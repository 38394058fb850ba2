-- Custom SQL migration (npm run db:functions): the current definitions of
-- src/db/functions/kadr_create_generations.sql
-- ADR 009. One person's creates, paid for in one statement and its own implicit transaction
-- (generation.repository.ts insertPaidGenerations). Items are taken in order, as if one after
-- another: an Idempotency-Key already claimed (by anyone, or earlier in this batch) is 'key_taken'
-- and charges nothing; an item the remaining balance cannot cover is 'insufficient_tokens' and
-- writes nothing (its fresh claim is removed); every other item is 'created'. The accepted items are
-- then written together: requests (pending), debit entries, their submit jobs, ONE conditional
-- balance update by the sum, and the owner's notifications.
-- p_settings: the values TypeScript owns (db/sql-settings.ts): the submit job's name, attempts and
-- key prefix, the debit's ledger reason, the notification channels; and `maxRunning` (optional),
-- the most generations one person may have running (pending or processing) at once: an item that
-- would go past it is 'too_many_running' and writes nothing (its fresh claim is removed), like an
-- item the balance cannot cover.
-- An item made with an API key (issue #37, ADR 040) carries the key's id and its spend limits per UTC
-- day and calendar month (UTC): its key's spend (the cost of its generations that did not fail, so a
-- refunded one spends nothing) counted under the owner's lock, plus this batch's, must stay within
-- each, else the item is 'key_daily_limit' or 'key_monthly_limit' and writes nothing.
-- A created item's row answers its `created` time (its `updated` too), so the caller can answer
-- the new request without reading it back.
-- force_custom_plan: every statement, graphile-worker's add_jobs included (a function's SET clause
-- holds for nested calls too), is planned for the values at hand: a cached generic plan of the
-- queue's job-key lookup, made while the queue was small, scans the whole queue once it has grown.
CREATE OR REPLACE FUNCTION "kadr_create_generations"("p_user" uuid, "p_items" jsonb, "p_settings" jsonb)
RETURNS TABLE ("request_id" uuid, "outcome" text, "balance" integer, "created" timestamptz)
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
  v_max_running integer := (p_settings->>'maxRunning')::integer;
  v_running integer := 0;
  -- Per API key met in this batch: its spend today and this month, this batch's accepted items included.
  v_key_day jsonb := '{}'::jsonb;
  v_key_month jsonb := '{}'::jsonb;
  v_day_start timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_month_start timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_day_spent integer;
  v_month_spent integer;
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

  -- Counted under the owner's lock, so concurrent creates (on any node) cannot all pass at once.
  IF v_max_running IS NOT NULL THEN
    SELECT count(*)::integer INTO v_running FROM "generation_requests" AS g
    WHERE g."user_id" = p_user AND g."status" IN ('pending', 'processing');
  END IF;

  FOR v_item IN
    SELECT e.value AS raw, x.*
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(value, ord),
         jsonb_to_record(e.value) AS x("id" uuid, "cost" integer, "key" text,
                                       "request_hash" text, "response" jsonb,
                                       "api_key_id" uuid, "daily_limit" integer,
                                       "monthly_limit" integer)
    ORDER BY e.ord
  LOOP
    request_id := v_item."id";
    IF v_item."key" IS NOT NULL THEN
      -- A key answers for a day (issue #51): an expired claim of it is taken over, a live one
      -- is not (the row is left as it is, and nothing is found).
      INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash", "status_code", "response")
      VALUES (p_user, v_item."key", v_item."request_hash", 200, v_item."response")
      ON CONFLICT ("user_id", "key") DO UPDATE
        SET "request_hash" = EXCLUDED."request_hash", "status_code" = EXCLUDED."status_code",
            "response" = EXCLUDED."response", "created" = now()
        WHERE "idempotency_keys"."created" < now() - interval '24 hours';
      IF NOT FOUND THEN
        outcome := 'key_taken';
        balance := NULL;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;
    IF v_max_running IS NOT NULL AND v_running >= v_max_running THEN
      IF v_item."key" IS NOT NULL THEN
        DELETE FROM "idempotency_keys" AS k WHERE k."user_id" = p_user AND k."key" = v_item."key";
      END IF;
      outcome := 'too_many_running';
      balance := v_balance - v_spent;
      RETURN NEXT;
      CONTINUE;
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
    IF v_item."api_key_id" IS NOT NULL
       AND (v_item."daily_limit" IS NOT NULL OR v_item."monthly_limit" IS NOT NULL) THEN
      IF NOT v_key_day ? v_item."api_key_id"::text THEN
        SELECT coalesce(sum(g."cost") FILTER (WHERE g."created" >= v_day_start), 0)::integer,
               coalesce(sum(g."cost"), 0)::integer
        INTO v_day_spent, v_month_spent
        FROM "generation_requests" AS g
        WHERE g."api_key_id" = v_item."api_key_id" AND g."created" >= v_month_start
          AND g."status" <> 'failed';
        v_key_day := v_key_day || jsonb_build_object(v_item."api_key_id"::text, v_day_spent);
        v_key_month := v_key_month || jsonb_build_object(v_item."api_key_id"::text, v_month_spent);
      END IF;
      v_day_spent := (v_key_day->>v_item."api_key_id"::text)::integer;
      v_month_spent := (v_key_month->>v_item."api_key_id"::text)::integer;
      IF (v_item."daily_limit" IS NOT NULL AND v_day_spent + v_item."cost" > v_item."daily_limit")
         OR (v_item."monthly_limit" IS NOT NULL
             AND v_month_spent + v_item."cost" > v_item."monthly_limit") THEN
        IF v_item."key" IS NOT NULL THEN
          DELETE FROM "idempotency_keys" AS k WHERE k."user_id" = p_user AND k."key" = v_item."key";
        END IF;
        outcome := CASE
          WHEN v_item."daily_limit" IS NOT NULL AND v_day_spent + v_item."cost" > v_item."daily_limit"
          THEN 'key_daily_limit' ELSE 'key_monthly_limit' END;
        balance := v_balance - v_spent;
        RETURN NEXT;
        CONTINUE;
      END IF;
      v_key_day := v_key_day || jsonb_build_object(v_item."api_key_id"::text, v_day_spent + v_item."cost");
      v_key_month := v_key_month || jsonb_build_object(v_item."api_key_id"::text, v_month_spent + v_item."cost");
    END IF;
    v_spent := v_spent + v_item."cost";
    v_running := v_running + 1;
    -- Its row's created (and updated) time, answered with it: the create's caller can show the new
    -- request without reading it back (the API's answer, ADR 040).
    created := clock_timestamp();
    v_accepted := v_accepted || jsonb_build_array(v_item.raw || jsonb_build_object('created', created));
    outcome := 'created';
    balance := v_balance - v_spent;
    RETURN NEXT;
    created := NULL;
  END LOOP;

  IF jsonb_array_length(v_accepted) = 0 THEN
    RETURN;
  END IF;

  -- An item's source_id (lineage, ADR 038) is kept only when it names a generation of this person
  -- that still exists: one deleted meanwhile leaves the new request unlinked, not refused.
  INSERT INTO "generation_requests" ("id", "user_id", "type", "model", "status", "cost", "jsondata",
                                     "source_generation_id", "api_key_id", "webhook_url",
                                     "created", "updated")
  SELECT a."id", p_user, a."type", a."model", 'pending', a."cost", a."jsondata",
         (SELECT s."id" FROM "generation_requests" AS s
          WHERE s."id" = a."source_id" AND s."user_id" = p_user),
         a."api_key_id", a."webhook_url",
         a."created", a."created"
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid, "type" text, "model" text, "cost" integer,
                                          "jsondata" jsonb, "source_id" uuid, "api_key_id" uuid,
                                          "webhook_url" text, "created" timestamptz);

  -- A free request (an operator's retry at no charge) moves no tokens, so it has no debit entry.
  INSERT INTO "token_ledger" ("user_id", "delta", "reason", "generation_id")
  SELECT p_user, -a."cost", v_debit_reason, a."id"
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid, "cost" integer)
  WHERE a."cost" > 0;

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
END $$;
