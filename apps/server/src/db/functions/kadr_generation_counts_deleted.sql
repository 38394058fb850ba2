-- ADR 009. Trigger function (generation_counts_delete, drizzle/0002): takes a statement's deleted
-- rows off generation_counts in the writer's transaction.
CREATE OR REPLACE FUNCTION "kadr_generation_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "generation_counts" AS c SET "total" = c."total" - d.n
  FROM (SELECT "user_id", "type", count(*)::int AS n FROM old_rows GROUP BY "user_id", "type") AS d
  WHERE c."user_id" = d."user_id" AND c."type" = d."type";
  RETURN NULL;
END $$;
