ALTER TABLE "generation_requests" ADD COLUMN "error_code" text;--> statement-breakpoint
-- Requests that failed before codes existed: their code from the words we wrote; anything else
-- came from the provider.
UPDATE "generation_requests" SET "error_code" = CASE
  WHEN "error" = 'Canceled' THEN 'canceled'
  WHEN "error" = 'The model returned no result.' THEN 'no_output'
  WHEN "error" LIKE 'The model service did not accept the request.%' THEN 'not_accepted'
  WHEN "error" = 'The model service lost this generation.' THEN 'lost'
  WHEN "error" = 'The generation took too long and was stopped.' THEN 'timeout'
  WHEN "error" = 'The result could not be saved.' THEN 'save_failed'
  WHEN "error" ~* '(nsfw|safety|sensitive|flagged)' THEN 'unsafe'
  ELSE 'model_failed'
END
WHERE "status" = 'failed';
