CREATE TABLE "batch_items" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"model" text NOT NULL,
	"body" jsonb NOT NULL,
	"cost" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"generation_id" uuid,
	"problem" text,
	CONSTRAINT "batch_items_batch_id_position_pk" PRIMARY KEY("batch_id","position"),
	CONSTRAINT "batch_items_state_check" CHECK ("batch_items"."state" in ('waiting', 'started', 'not_started', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"quote" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_generation_id_generation_requests_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_waiting_idx" ON "batch_items" USING btree ("batch_id") WHERE "batch_items"."state" = 'waiting';