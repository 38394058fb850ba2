ALTER TABLE "api_keys" ADD COLUMN "scope" text DEFAULT 'key' NOT NULL;--> statement-breakpoint
-- Keys made before the choice existed read the whole account, as they always did (ADR 053).
UPDATE "api_keys" SET "scope" = 'account';--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scope_check" CHECK ("api_keys"."scope" in ('key', 'account'));
