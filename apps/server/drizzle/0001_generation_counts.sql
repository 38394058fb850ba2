CREATE TABLE "generation_counts" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "generation_counts_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "generation_counts_total_check" CHECK ("generation_counts"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "generation_counts" ADD CONSTRAINT "generation_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;