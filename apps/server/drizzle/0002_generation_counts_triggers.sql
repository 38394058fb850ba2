-- Custom SQL migration (drizzle-kit generate --custom): what drizzle's schema cannot describe.
-- ADR 009. generation_counts follows generation_requests in the same transaction, whatever writes it.
CREATE FUNCTION "kadr_generation_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "generation_counts" AS c ("user_id", "type", "total")
  SELECT "user_id", "type", count(*)::int FROM new_rows GROUP BY "user_id", "type"
  ON CONFLICT ("user_id", "type") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "kadr_generation_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "generation_counts" AS c SET "total" = c."total" - d.n
  FROM (SELECT "user_id", "type", count(*)::int AS n FROM old_rows GROUP BY "user_id", "type") AS d
  WHERE c."user_id" = d."user_id" AND c."type" = d."type";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "kadr_generation_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "generation_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "kadr_generation_owner_type_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a generation''s user_id and type never change (generation_counts rely on it)'
    USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "generation_counts_insert" AFTER INSERT ON "generation_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "kadr_generation_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "generation_counts_delete" AFTER DELETE ON "generation_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "kadr_generation_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "generation_counts_truncate" AFTER TRUNCATE ON "generation_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "kadr_generation_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "generation_owner_type_fixed" BEFORE UPDATE OF "user_id", "type" ON "generation_requests"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."type" IS DISTINCT FROM NEW."type")
  EXECUTE FUNCTION "kadr_generation_owner_type_fixed"();--> statement-breakpoint
-- The triggers exist (and block writers) before the backfill reads, in this same transaction.
INSERT INTO "generation_counts" ("user_id", "type", "total")
SELECT "user_id", "type", count(*)::int FROM "generation_requests" GROUP BY "user_id", "type";
