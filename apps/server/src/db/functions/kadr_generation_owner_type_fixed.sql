-- ADR 009. Trigger function (generation_owner_type_fixed, drizzle/0002): generation_counts are
-- kept per (user, type) on insert and delete only, so a row's owner and type may never change.
CREATE OR REPLACE FUNCTION "kadr_generation_owner_type_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a generation''s user_id and type never change (generation_counts rely on it)'
    USING ERRCODE = 'check_violation';
END $$;
