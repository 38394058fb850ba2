-- ADR 032. Trigger function (generation_requests_history_record, drizzle/0025): before every insert
-- and update of a request, writes the request as a history page lists it into history_record —
-- the columns GenerationRecord is made from, files from record_files, timestamps in the API's ISO
-- form — so kadr_history_page reads each item as stored JSON text. Building it from jsonb on every
-- read was most of the page's cost in PostgreSQL. The keys are RecordRow's and `files`
-- (modules/generations/generation.repository.ts); `sourceGenerationId` (lineage, ADR 038) is
-- absent from records written before drizzle/0027, which the mapper reads as null.
CREATE OR REPLACE FUNCTION "kadr_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."history_record" := json_build_object(
    'id', NEW."id", 'userId', NEW."user_id", 'type', NEW."type", 'model', NEW."model",
    'status', NEW."status", 'error', NEW."error", 'errorCode', NEW."error_code",
    'favorite', NEW."favorite", 'replicateId', NEW."replicate_id", 'jsondata', NEW."jsondata",
    'cost', NEW."cost", 'files', coalesce(NEW."record_files", '[]'::jsonb),
    'sourceGenerationId', NEW."source_generation_id",
    'created', to_char(NEW."created" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated', to_char(NEW."updated" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN NEW;
END $$;
