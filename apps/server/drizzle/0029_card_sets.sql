CREATE TABLE "brand_kits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"font" text NOT NULL,
	"colours" jsonb NOT NULL,
	"logo" text,
	"badge_style" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"preset" text NOT NULL,
	"photo" text NOT NULL,
	"cutout_generation_id" uuid,
	"scene_generation_id" uuid,
	"backdrop" text NOT NULL,
	"slides" jsonb NOT NULL,
	"batch_id" uuid,
	"batch_position" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sets" ADD CONSTRAINT "card_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sets" ADD CONSTRAINT "card_sets_cutout_generation_id_generation_requests_id_fk" FOREIGN KEY ("cutout_generation_id") REFERENCES "public"."generation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sets" ADD CONSTRAINT "card_sets_scene_generation_id_generation_requests_id_fk" FOREIGN KEY ("scene_generation_id") REFERENCES "public"."generation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sets" ADD CONSTRAINT "card_sets_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_sets_user_updated_idx" ON "card_sets" USING btree ("user_id","updated" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "card_sets_batch_item_uq" ON "card_sets" USING btree ("batch_id","batch_position") WHERE "card_sets"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "card_sets_cutout_idx" ON "card_sets" USING btree ("cutout_generation_id") WHERE "card_sets"."cutout_generation_id" is not null;--> statement-breakpoint
CREATE INDEX "card_sets_scene_idx" ON "card_sets" USING btree ("scene_generation_id") WHERE "card_sets"."scene_generation_id" is not null;