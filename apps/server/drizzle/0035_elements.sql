CREATE TABLE "element_pictures" (
	"element_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "element_pictures_element_id_file_id_pk" PRIMARY KEY("element_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_file_id" uuid,
	"archived_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "elements_kind_check" CHECK ("elements"."kind" in ('character', 'product')),
	CONSTRAINT "elements_name_check" CHECK (char_length("elements"."name") between 1 and 60),
	CONSTRAINT "elements_description_check" CHECK (char_length("elements"."description") <= 300)
);
--> statement-breakpoint
ALTER TABLE "element_pictures" ADD CONSTRAINT "element_pictures_element_id_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_pictures" ADD CONSTRAINT "element_pictures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elements" ADD CONSTRAINT "elements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "element_pictures_file_idx" ON "element_pictures" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "elements_user_name_uq" ON "elements" USING btree ("user_id",lower("name"));