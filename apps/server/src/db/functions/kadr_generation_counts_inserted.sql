-- ADR 009. Trigger function (generation_counts_insert, drizzle/0002): adds a statement's new rows
-- to generation_counts in the writer's transaction, so the history's total is never a count(*).
CREATE OR REPLACE FUNCTION "kadr_generation_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "generation_counts" AS c ("user_id", "type", "total")
  SELECT "user_id", "type", count(*)::int FROM new_rows GROUP BY "user_id", "type"
  ON CONFLICT ("user_id", "type") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END $$;
