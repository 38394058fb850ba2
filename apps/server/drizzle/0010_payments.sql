DROP INDEX "token_ledger_payment_reason_uq";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "locale" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "referrer_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shortfall_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_reversed_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_shortfall_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_uq" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "token_ledger_user_id_idx" ON "token_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_payment_reason_uq" ON "token_ledger" USING btree ("payment_id","reason","ref") WHERE "token_ledger"."payment_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'canceled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('yookassa', 'stripe'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('RUB', 'USD'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_locale_check" CHECK ("payments"."locale" in ('ru', 'en'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0 and "payments"."amount" * 100 = "payments"."amount_minor");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_check" CHECK ("payments"."reversed_minor" between 0 and "payments"."amount_minor"
          and "payments"."reversed_tokens" >= 0 and "payments"."shortfall_tokens" >= 0
          and "payments"."reversed_tokens" + "payments"."shortfall_tokens" <= "payments"."tokens"
          and "payments"."commission_tokens" >= 0 and "payments"."commission_reversed_tokens" >= 0
          and "payments"."commission_shortfall_tokens" >= 0
          and "payments"."commission_reversed_tokens" + "payments"."commission_shortfall_tokens" <= "payments"."commission_tokens");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_closed_check" CHECK (("payments"."status" = 'pending') = ("payments"."closed_at" is null)
          and ("payments"."status" = 'succeeded') = ("payments"."succeeded_at" is not null));