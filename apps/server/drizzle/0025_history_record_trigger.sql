-- Custom SQL migration (npm run db:functions): the current definitions of
-- src/db/functions/kadr_history_record.sql
-- src/db/functions/kadr_history_page.sql
-- ADR 032. Trigger function (generation_requests_history_record, drizzle/0025): before every insert
-- and update of a request, writes the request as a history page lists it into history_record —
-- the columns GenerationRecord is made from, files from record_files, timestamps in the API's ISO
-- form — so kadr_history_page reads each item as stored JSON text. Building it from jsonb on every
-- read was most of the page's cost in PostgreSQL. The keys are RecordRow's and `files`
-- (modules/generations/generation.repository.ts).
CREATE OR REPLACE FUNCTION "kadr_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."history_record" := json_build_object(
    'id', NEW."id", 'userId', NEW."user_id", 'type', NEW."type", 'model', NEW."model",
    'status', NEW."status", 'error', NEW."error", 'errorCode', NEW."error_code",
    'favorite', NEW."favorite", 'replicateId', NEW."replicate_id", 'jsondata', NEW."jsondata",
    'cost', NEW."cost", 'files', coalesce(NEW."record_files", '[]'::jsonb),
    'created', to_char(NEW."created" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated', to_char(NEW."updated" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN NEW;
END $$;--> statement-breakpoint
-- ADR 009. One page of a person's history (generation.repository.ts historyPage) as one row: the
-- exact total (generation_counts) and the page's records as JSON, each as its row keeps it in
-- history_record (ADR 032, kadr_history_record.sql), files included. ORDER BY
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
      SELECT p."created" AS "sortCreated", p."id" AS "sortId", r."history_record" AS "record"
      FROM page AS p
      JOIN LATERAL (
        SELECT g."history_record" FROM "generation_requests" AS g WHERE g."id" = p."id"
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
      SELECT p."created" AS "sortCreated", p."id" AS "sortId", r."history_record" AS "record"
      FROM page AS p
      JOIN LATERAL (
        SELECT g."history_record" FROM "generation_requests" AS g WHERE g."id" = p."id"
      ) AS r ON true
    )
    SELECT (SELECT coalesce(sum(c."total"), 0)::int FROM "generation_counts" AS c
            WHERE c."user_id" = p_user AND c."type" = p_type),
           coalesce((SELECT json_agg(r."record" ORDER BY r."sortCreated" DESC, r."sortId" DESC)
                     FROM page_rows AS r), '[]'::json);
  END IF;
END $$;
--> statement-breakpoint
-- Before every insert and update, whatever the columns: a request's record follows every change of
-- it, record_files' (the files trigger updates the row) included.
CREATE TRIGGER "generation_requests_history_record" BEFORE INSERT OR UPDATE ON "generation_requests"
  FOR EACH ROW EXECUTE FUNCTION "kadr_history_record"();--> statement-breakpoint
-- Every existing request through the trigger, in this transaction (the page above reads it).
UPDATE "generation_requests" SET "history_record" = NULL;
