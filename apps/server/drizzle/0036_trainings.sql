CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"element_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"cost" integer NOT NULL,
	"pictures" integer NOT NULL,
	"trigger_word" text NOT NULL,
	"provider_id" text,
	"version" text,
	"weights" text,
	"error" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	CONSTRAINT "trainings_status_check" CHECK ("trainings"."status" in ('queued', 'starting', 'processing', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "trainings_cost_check" CHECK ("trainings"."cost" >= 0),
	CONSTRAINT "trainings_version_check" CHECK (("trainings"."status" = 'succeeded') = ("trainings"."version" is not null))
);
--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "training_id" uuid;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_element_id_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."elements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainings_element_idx" ON "trainings" USING btree ("element_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_active_uq" ON "trainings" USING btree ("element_id") WHERE "trainings"."status" in ('queued', 'starting', 'processing');--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_training_reason_uq" ON "token_ledger" USING btree ("training_id","reason") WHERE "token_ledger"."training_id" is not null;