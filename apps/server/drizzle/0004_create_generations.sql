-- Custom SQL migration (drizzle-kit generate --custom): what drizzle's schema cannot describe.
-- ADR 009. One person's creates, paid for in one transaction (see insertPaidGenerations). Items are taken
-- in order, as if one after another: an Idempotency-Key already claimed (by anyone, or earlier in
-- this batch) is 'key_taken' and charges nothing; an item the remaining balance cannot cover is
-- 'insufficient_tokens' and writes nothing (its fresh claim is removed); every other item is
-- 'created'. The accepted items are then written together: requests (pending), debit entries, their
-- submit jobs, ONE conditional balance update by the sum, and the owner's notifications.
CREATE FUNCTION "kadr_create_generations"("p_user" uuid, "p_items" jsonb)
RETURNS TABLE ("request_id" uuid, "outcome" text, "balance" integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_balance integer;
  v_spent integer := 0;
  v_accepted jsonb := '[]'::jsonb;
BEGIN
  -- The owner's row, locked until commit: creates of one person take turns here, and the balance
  -- read below cannot change under us.
  SELECT u."tokens" INTO v_balance FROM "users" AS u WHERE u."id" = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no user %', p_user USING ERRCODE = 'foreign_key_violation';
  END IF;

  FOR v_item IN
    SELECT e.value AS raw, x.*
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(value, ord),
         jsonb_to_record(e.value) AS x("id" uuid, "cost" integer, "key" text,
                                       "request_hash" text, "response" jsonb)
    ORDER BY e.ord
  LOOP
    request_id := v_item."id";
    IF v_item."key" IS NOT NULL THEN
      INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash", "status_code", "response")
      VALUES (p_user, v_item."key", v_item."request_hash", 200, v_item."response")
      ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        outcome := 'key_taken';
        balance := NULL;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;
    IF v_item."cost" > v_balance - v_spent THEN
      IF v_item."key" IS NOT NULL THEN
        DELETE FROM "idempotency_keys" AS k WHERE k."user_id" = p_user AND k."key" = v_item."key";
      END IF;
      outcome := 'insufficient_tokens';
      balance := v_balance - v_spent;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_spent := v_spent + v_item."cost";
    v_accepted := v_accepted || jsonb_build_array(v_item.raw);
    outcome := 'created';
    balance := v_balance - v_spent;
    RETURN NEXT;
  END LOOP;

  IF jsonb_array_length(v_accepted) = 0 THEN
    RETURN;
  END IF;

  INSERT INTO "generation_requests" ("id", "user_id", "type", "model", "status", "cost", "jsondata",
                                     "created", "updated")
  SELECT a."id", p_user, a."type", a."model", 'pending', a."cost", a."jsondata",
         clock_timestamp(), clock_timestamp()
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid, "type" text, "model" text, "cost" integer,
                                          "jsondata" jsonb);

  INSERT INTO "token_ledger" ("user_id", "delta", "reason", "generation_id")
  SELECT p_user, -a."cost", 'generation_debit', a."id"
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid, "cost" integer);

  PERFORM graphile_worker.add_jobs(ARRAY(
    SELECT ROW('submit_generation', json_build_object('id', a."id"), NULL, NULL, 10,
               'submit:' || a."id", NULL, NULL)::graphile_worker.job_spec
    FROM jsonb_to_recordset(v_accepted) AS a("id" uuid)
  ));

  -- Still conditional, and users_tokens_non_negative stands behind it: a balance never goes below 0.
  UPDATE "users" AS u SET "tokens" = u."tokens" - v_spent, "updated" = now()
  WHERE u."id" = p_user AND u."tokens" >= v_spent;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'balance of % changed under its lock', p_user;
  END IF;

  PERFORM pg_notify('kadr_generation', p_user::text || ':' || a."id"::text)
  FROM jsonb_to_recordset(v_accepted) AS a("id" uuid);
  PERFORM pg_notify('kadr_user', p_user::text);
END $$;
