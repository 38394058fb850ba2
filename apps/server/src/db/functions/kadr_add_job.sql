-- ADR 009. Every enqueue outside a create (jobs/job.repository.ts: re-submit, webhook ingest, reconcile)
-- goes through this wrapper, which plans graphile-worker's add_job for the values at hand
-- (force_custom_plan holds for nested calls too): a generic plan of its job-key lookup, cached while
-- the queue was small, scans the whole queue once it has grown. plpgsql resolves graphile_worker at
-- call time, so the queue's own migrations (run after ours) may come later.
-- "mode" is add_job's job_key_mode (issue #38): 'replace' (a waiting job of the key takes this one's
-- payload and time) or 'preserve_run_at' (it keeps its time unless it has failed an attempt), so the
-- reconcile job's re-enqueue does not bring forward a retry the engine scheduled for later. Its
-- default keeps a caller of the five-argument form (a node not yet upgraded) working.
CREATE OR REPLACE FUNCTION "kadr_add_job"(
  "name" text,
  "payload" json,
  "key" text,
  "attempts" int,
  "at" timestamptz,
  "mode" text DEFAULT 'replace'
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
    run_at := "at",
    job_key_mode := "mode"
  );
END;
$$;
