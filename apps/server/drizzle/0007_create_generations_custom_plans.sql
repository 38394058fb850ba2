-- Custom SQL migration (drizzle-kit generate --custom): what drizzle's schema cannot describe.
-- ADR 009. Plan every statement of a create for the values at hand, graphile-worker's add_jobs
-- included (a function's SET clause holds for nested calls too): a cached generic plan of its key
-- lookup, made while the queue was small, scans the whole queue on every enqueue once it has grown
-- (as it does while no worker drains it). Planning once per batch is cheap next to that.
ALTER FUNCTION "kadr_create_generations"(uuid, jsonb) SET plan_cache_mode = force_custom_plan;
