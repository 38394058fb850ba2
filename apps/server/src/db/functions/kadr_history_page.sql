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
