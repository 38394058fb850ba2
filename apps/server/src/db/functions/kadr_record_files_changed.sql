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
END $$;
