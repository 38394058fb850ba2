-- ADR 009. Trigger function (generation_counts_truncate, drizzle/0002): no requests, no counts.
CREATE OR REPLACE FUNCTION "kadr_generation_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "generation_counts";
  RETURN NULL;
END $$;
