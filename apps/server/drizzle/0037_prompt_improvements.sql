CREATE TABLE "prompt_improvements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"style" text,
	"prompt" text NOT NULL,
	"improved" text,
	"status" text DEFAULT 'running' NOT NULL,
	"cost" integer NOT NULL,
	"error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone,
	CONSTRAINT "prompt_improvements_status_check" CHECK ("prompt_improvements"."status" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "prompt_improvements_cost_check" CHECK ("prompt_improvements"."cost" > 0),
	CONSTRAINT "prompt_improvements_improved_check" CHECK (("prompt_improvements"."status" = 'succeeded') = ("prompt_improvements"."improved" is not null))
);
--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "prompt_improvement_id" uuid;--> statement-breakpoint
ALTER TABLE "prompt_improvements" ADD CONSTRAINT "prompt_improvements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_improvements_user_idx" ON "prompt_improvements" USING btree ("user_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_improvements_running_idx" ON "prompt_improvements" USING btree ("created") WHERE "prompt_improvements"."status" = 'running';--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_prompt_improvement_id_prompt_improvements_id_fk" FOREIGN KEY ("prompt_improvement_id") REFERENCES "public"."prompt_improvements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_prompt_improvement_reason_uq" ON "token_ledger" USING btree ("prompt_improvement_id","reason") WHERE "token_ledger"."prompt_improvement_id" is not null;