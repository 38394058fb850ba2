-- ADR 009. Every enqueue outside a create (jobs/job.repository.ts: re-submit, webhook ingest, reconcile)
-- goes through this wrapper, which plans graphile-worker's add_job for the values at hand
-- (force_custom_plan holds for nested calls too): a generic plan of its job-key lookup, cached while
-- the queue was small, scans the whole queue once it has grown. plpgsql resolves graphile_worker at
-- call time, so the queue's own migrations (run after ours) may come later.
CREATE OR REPLACE FUNCTION "kadr_add_job"(
  "name" text,
  "payload" json,
  "key" text,
  "attempts" int,
  "at" timestamptz
) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    "name",
    "payload",
    job_key := "key",
    max_attempts := "attempts",
    run_at := "at"
  );
END;
$$;
