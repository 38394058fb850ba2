-- Custom SQL migration (drizzle-kit generate --custom): what drizzle's schema cannot describe.
-- ADR 009. generation_requests.record_files follows `files` in the writer's transaction, so a
-- history page reads one row per item and no other table (the files of a page were about 40% of
-- the database's work per page).
CREATE FUNCTION "kadr_record_files_of"("p_generation" uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object(
           'id', f."id", 'kind', f."kind", 'storageKey', f."storage_key", 'mime', f."mime",
           'width', f."width", 'height', f."height", 'durationMs', f."duration_ms",
           'position', f."position")
         ORDER BY f."position", f."kind", f."id")
  FROM "files" AS f
  WHERE f."generation_id" = p_generation AND f."kind" IN ('output', 'thumbnail', 'poster')
$$;--> statement-breakpoint
CREATE FUNCTION "kadr_record_files_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "record_files_insert" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "kadr_record_files_changed"();--> statement-breakpoint
CREATE TRIGGER "record_files_delete" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "kadr_record_files_changed"();--> statement-breakpoint
CREATE TRIGGER "record_files_update" AFTER UPDATE ON "files"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "kadr_record_files_changed"();--> statement-breakpoint
CREATE TRIGGER "record_files_truncate" AFTER TRUNCATE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "kadr_record_files_changed"();--> statement-breakpoint
-- The triggers exist (and block writers of files) before the backfill reads, in this transaction.
UPDATE "generation_requests" AS g SET "record_files" = "kadr_record_files_of"(g."id")
WHERE g."id" IN (SELECT "generation_id" FROM "files");--> statement-breakpoint

-- The history page again (drizzle/0003_history_page.sql), now one row of JSON: the total and the
-- page's records, files included from record_files. Native JSON.parse on the client is far cheaper
-- than decoding a dozen typed rows; only the columns a record shows, timestamps already in the
-- API's ISO form. Ordered explicitly by the index's keys (the ISO text has milliseconds only).
DROP FUNCTION "kadr_history_page"(uuid, text, integer, integer);--> statement-breakpoint
CREATE FUNCTION "kadr_history_page"("p_user" uuid, "p_type" text, "p_limit" integer, "p_offset" integer)
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
END $$;
