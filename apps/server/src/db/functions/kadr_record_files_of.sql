-- ADR 009. A generation's files as its record shows them (outputs and previews, in order): what
-- generation_requests.record_files holds, so a history page reads one row per item and no other
-- table. The keys are RecordFile's (modules/generations/generation.repository.ts).
CREATE OR REPLACE FUNCTION "kadr_record_files_of"("p_generation" uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object(
           'id', f."id", 'kind', f."kind", 'storageKey', f."storage_key", 'mime', f."mime",
           'width', f."width", 'height', f."height", 'durationMs', f."duration_ms",
           'position', f."position")
         ORDER BY f."position", f."kind", f."id")
  FROM "files" AS f
  WHERE f."generation_id" = p_generation AND f."kind" IN ('output', 'thumbnail', 'poster')
$$;
