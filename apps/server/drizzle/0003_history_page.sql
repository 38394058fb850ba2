-- Custom SQL migration (drizzle-kit generate --custom): what drizzle's schema cannot describe.
-- ADR 009. One page of a person's history, newest first, with each row's files and the exact total (from
-- generation_counts), in one call. A page past the end still answers the total (one row with a
-- NULL id). ORDER BY spells out NULLS LAST as the indexes do: a bare DESC means NULLS FIRST, which
-- no index here can answer (the old list sorted all of a person's rows on every request).
-- The plan is pinned to one shape: the page (offset included) read from the (user, [type,]
-- created desc, id desc) index alone, then only its rows by primary key, their files by
-- files_generation_idx. Why pin: with LIMIT/OFFSET as parameters PostgreSQL either plans every
-- call anew (custom plans: planning cost about twice the run) or, for a cached generic plan,
-- guesses that 10% of the person's rows are wanted, and then prefers sorting a full scan. The
-- SET clauses hold only while this function runs.
CREATE FUNCTION "kadr_history_page"("p_user" uuid, "p_type" text, "p_limit" integer, "p_offset" integer)
RETURNS TABLE ("total" integer, "id" uuid, "userId" uuid, "type" text, "model" text, "status" text,
               "error" text, "replicateId" text, "provider" text, "jsondata" jsonb, "cost" integer,
               "submittedAt" timestamptz, "completedAt" timestamptz, "deadline" timestamptz,
               "created" timestamptz, "updated" timestamptz, "files" json)
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
    )
    SELECT t."total", r.*
    FROM (SELECT coalesce(sum(c."total"), 0)::int AS "total" FROM "generation_counts" AS c
          WHERE c."user_id" = p_user) AS t
    LEFT JOIN LATERAL (
      SELECT g."id", g."user_id", g."type", g."model", g."status", g."error", g."replicate_id",
             g."provider", g."jsondata", g."cost", g."submitted_at", g."completed_at", g."deadline",
             g."created", g."updated", (
               SELECT coalesce(json_agg(json_build_object(
                        'id', f."id", 'generationId', f."generation_id", 'kind', f."kind",
                        'storageKey', f."storage_key", 'mime', f."mime", 'width', f."width",
                        'height', f."height", 'durationMs', f."duration_ms", 'position', f."position")
                      ORDER BY f."position"), '[]'::json)
               FROM "files" AS f
               WHERE f."generation_id" = g."id" AND f."kind" IN ('output', 'thumbnail', 'poster')
             )
      FROM page AS p JOIN "generation_requests" AS g ON g."id" = p."id"
      ORDER BY p."created" DESC NULLS LAST, p."id" DESC NULLS LAST
    ) AS r ON true
    ORDER BY r."created" DESC NULLS LAST, r."id" DESC NULLS LAST;
  ELSE
    RETURN QUERY
    WITH page AS (
      SELECT g."id", g."created" FROM "generation_requests" AS g
      WHERE g."user_id" = p_user AND g."type" = p_type
      ORDER BY g."created" DESC NULLS LAST, g."id" DESC NULLS LAST
      LIMIT p_limit OFFSET p_offset
    )
    SELECT t."total", r.*
    FROM (SELECT coalesce(sum(c."total"), 0)::int AS "total" FROM "generation_counts" AS c
          WHERE c."user_id" = p_user AND c."type" = p_type) AS t
    LEFT JOIN LATERAL (
      SELECT g."id", g."user_id", g."type", g."model", g."status", g."error", g."replicate_id",
             g."provider", g."jsondata", g."cost", g."submitted_at", g."completed_at", g."deadline",
             g."created", g."updated", (
               SELECT coalesce(json_agg(json_build_object(
                        'id', f."id", 'generationId', f."generation_id", 'kind', f."kind",
                        'storageKey', f."storage_key", 'mime', f."mime", 'width', f."width",
                        'height', f."height", 'durationMs', f."duration_ms", 'position', f."position")
                      ORDER BY f."position"), '[]'::json)
               FROM "files" AS f
               WHERE f."generation_id" = g."id" AND f."kind" IN ('output', 'thumbnail', 'poster')
             )
      FROM page AS p JOIN "generation_requests" AS g ON g."id" = p."id"
      ORDER BY p."created" DESC NULLS LAST, p."id" DESC NULLS LAST
    ) AS r ON true
    ORDER BY r."created" DESC NULLS LAST, r."id" DESC NULLS LAST;
  END IF;
END $$;
