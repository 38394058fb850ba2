CREATE TABLE "collection_items" (
	"collection_id" uuid NOT NULL,
	"generation_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_collection_id_generation_id_pk" PRIMARY KEY("collection_id","generation_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_name_check" CHECK (char_length("collections"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "generation_requests" ADD COLUMN "favorite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_generation_id_generation_requests_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_generation_idx" ON "collection_items" USING btree ("generation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_user_name_uq" ON "collections" USING btree ("user_id",lower("name"));