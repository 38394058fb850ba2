-- ADR 022. Trigger function (admin_audit_append_only, drizzle/0021): the audit log takes no update
-- and no delete, but the one a deleted operator's account makes (actor_id set null; the e-mail stays
-- in "actor").
CREATE OR REPLACE FUNCTION "kadr_admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."actor_id" IS NULL AND OLD."actor_id" IS NOT NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
